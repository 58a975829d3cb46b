import { describe, expect, it } from "vitest";
import { formShape } from "./form-structure.ts";
import { buildAnswers, toCollectFields, valuesFromAnswers } from "./form-values.ts";
import { withMetadata, type MetadataContext } from "./metadata-values.ts";

const KINDS = ["start", "end", "today", "deviceid", "username", "email", "audit"] as const;
const shape = formShape(
  toCollectFields([
    ...KINDS.map((kind, position) => ({ id: kind, fieldType: "metadata", label: kind, position, config: { kind } })),
    { id: "r", fieldType: "range", label: "Nota", position: 10, config: { start: 0, end: 10, step: 1 } },
    { id: "k", fieldType: "rank", label: "Ordem", position: 11, config: { options: ["A", "B"] } },
  ]),
);

const context: MetadataContext = {
  startedAt: new Date(2026, 10, 27, 9, 0),
  now: new Date(2026, 10, 27, 9, 5),
  deviceId: "campo:device",
  username: "Ana",
  email: "ana@campo.test",
  audit: { r: 1500.4, k: 800 },
};

describe("metadata filled as a record is saved", () => {
  it("records when, where and who, and the time per question", () => {
    const answers = buildAnswers(shape, withMetadata(shape, { r: "4", k: ["B", "A"] }, context));
    expect(answers).toMatchObject({
      today: "2026-11-27",
      deviceid: "campo:device",
      username: "Ana",
      email: "ana@campo.test",
      audit: { r: 1500, k: 800 },
      r: 4,
      k: ["B", "A"],
    });
    expect(new Date(answers.start as string).getTime()).toBe(context.startedAt.getTime());
    expect(new Date(answers.end as string).getTime()).toBe(context.now.getTime());
  });

  it("keeps an edited record's first collection, moves its end and adds to its audit", () => {
    const stored = {
      start: "2026-01-01T08:00:00.000-03:00",
      end: "2026-01-01T08:10:00.000-03:00",
      today: "2026-01-01",
      deviceid: "campo:other",
      username: "Bia",
      email: "bia@campo.test",
      audit: { r: 1000 },
      r: 2,
    };
    const values = valuesFromAnswers(shape, stored);
    expect(values.r).toBe("2");
    const answers = buildAnswers(shape, withMetadata(shape, values, context));
    expect(answers).toMatchObject({
      ...stored,
      end: expect.not.stringMatching(/^2026-01-01/),
      audit: { r: 2500, k: 800 },
    });
  });
});
