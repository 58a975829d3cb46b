import { describe, expect, it } from "vitest";
import { exportValue, formatAnswer, type RecordField } from "./answer-format.ts";

const context = {
  words: { yes: "Sim", no: "Não" },
  mediaUrl: (id: string) => `https://campo.test/api/attachments/${id}`,
};
const words = { yes: "Sim", no: "Não", entries: (count: number) => `${count} entradas`, line: "Linha", area: "Área" };
const field = (fieldType: RecordField["fieldType"]) => ({ fieldType, config: {} }) as RecordField;
const ANSWER = {
  attachmentId: "0b6f2d1e-8c4a-4f3b-9e2d-7a1c5b3d9e0f",
  sha256: "a".repeat(64),
  contentType: "application/pdf",
  bytes: 120,
  fileName: "laudo.pdf",
};

describe("audio, video and file answers in lists and exports", () => {
  it("exports a link to the attachment, as photos do (CSV, Excel, OData and webhooks share exportValue)", () => {
    for (const type of ["audio", "video", "file"] as const)
      expect(exportValue(field(type), ANSWER, context)).toBe(
        `https://campo.test/api/attachments/${ANSWER.attachmentId}`,
      );
  });

  it("lists a file by its name", () => {
    expect(formatAnswer(field("file"), ANSWER, "pt-BR", words)).toBe("laudo.pdf");
  });
});
