import { describe, expect, it } from "vitest";
import { placeAnswer } from "./answer-path.ts";

describe("placeAnswer", () => {
  const photo = { sha256: "a".repeat(64), contentType: "image/jpeg" };

  it("puts a top-level answer under its field id and one inside a repeat entry at repeatId.index.childId", () => {
    const answers = { nome: "Ana", arvores: [{ especie: "Ipê" }, { especie: "Jatobá" }] };
    expect(placeAnswer(answers, "foto", photo)).toEqual({ ...answers, foto: photo });
    expect(placeAnswer(answers, "arvores.1.foto", photo)).toEqual({
      nome: "Ana",
      arvores: [{ especie: "Ipê" }, { especie: "Jatobá", foto: photo }],
    });
    expect(answers.arvores[1]).toEqual({ especie: "Jatobá" });
  });

  it("leaves the answers alone when the entry does not exist", () => {
    const answers = { arvores: [{}] };
    expect(placeAnswer(answers, "arvores.3.foto", photo)).toBe(answers);
    expect(placeAnswer(answers, "ausente.0.foto", photo)).toBe(answers);
  });
});
