import { describe, expect, it } from "vitest";
import { formatOptionProperties, parseOptionProperties } from "./option-properties.ts";

describe("option properties as typed in the designer", () => {
  it("reads one option a line and writes it back the same way", () => {
    const text = "Santos: uf=SP, regiao=Litoral\nNiterói: uf=RJ";
    const properties = parseOptionProperties(`${text}\nsem dois pontos\n: uf=SP`);
    expect(properties).toEqual({ Santos: { uf: "SP", regiao: "Litoral" }, Niterói: { uf: "RJ" } });
    expect(formatOptionProperties(properties)).toBe(text);
  });
});

describe("an option under several parents", () => {
  it("is a line per parent, read back as its sets of properties", () => {
    const text = "King: state=Washington\nKing: state=Texas\nPierce: state=Washington";
    const properties = parseOptionProperties(text);
    expect(properties).toEqual({
      King: [{ state: "Washington" }, { state: "Texas" }],
      Pierce: { state: "Washington" },
    });
    expect(formatOptionProperties(properties)).toBe(text);
  });
});
