import { describe, expect, it } from "vitest";
import { pieSlices } from "./pie-slices.ts";

const COLORS = ["red", "green", "blue"] as const;

describe("pieSlices", () => {
  it("draws one option at 100 % as a whole disc: no zero wedges, no border", () => {
    expect(
      pieSlices(
        [
          { name: "Azul", value: 0 },
          { name: "Verde", value: 4 },
          { name: "Vermelho", value: 0 },
        ],
        COLORS,
        "#fff",
      ),
    ).toEqual({ slices: [{ name: "Verde", value: 4, fill: "green" }], stroke: "none" });
  });

  it("keeps the border between several slices and leaves out the empty ones", () => {
    expect(
      pieSlices(
        [
          { name: "A", value: 4 },
          { name: "B", value: 4 },
          { name: "C", value: 0 },
        ],
        COLORS,
        "#fff",
      ),
    ).toEqual({
      slices: [
        { name: "A", value: 4, fill: "red" },
        { name: "B", value: 4, fill: "green" },
      ],
      stroke: "#fff",
    });
  });
});
