import { describe, expect, it } from "vitest";
import {
  SYNC_BATCH_MAX,
  parseSyncRecord,
  submissionHashInput,
  syncBatchEnvelopeSchema,
  syncBatchResultSchema,
  syncBatchSchema,
  syncRecordSchema,
  type SyncRecord,
} from "./sync-schemas.ts";

const record = (overrides: Record<string, unknown> = {}) => ({
  id: "3b241101-e2bb-4255-8caf-4136c566a962",
  applicationId: "9c5b94b1-35ad-49bb-b118-8e8fc24abf80",
  answers: { "2c1f6b8e-6a3b-4d9e-9f1a-0b2c3d4e5f60": "Ana", "7d1f6b8e-6a3b-4d9e-9f1a-0b2c3d4e5f60": 3 },
  location: { latitude: -23.5, longitude: -46.6, accuracy: 8, timestamp: "2024-05-01T12:00:00.000Z" },
  clientCreatedAt: "2024-05-01T12:00:05.000Z",
  ...overrides,
});

function paths(input: unknown): string[] {
  const result = syncRecordSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("sync record", () => {
  it("accepts a record from the outbox, with or without location", () => {
    expect(paths(record())).toEqual([]);
    expect(paths(record({ location: undefined }))).toEqual([]);
    expect(paths(record({ location: null }))).toEqual([]);
    expect(paths(record({ clientCreatedAt: "2024-05-01T09:00:05-03:00" }))).toEqual([]);
  });

  it("requires uuids for the record and application ids", () => {
    expect(paths(record({ id: "offline_1714564805_ab12" }))).toEqual(["id"]);
    expect(paths(record({ applicationId: "42" }))).toEqual(["applicationId"]);
  });

  it("requires answers as an object and an ISO creation time", () => {
    expect(paths(record({ answers: ["Ana"] }))).toEqual(["answers"]);
    expect(paths(record({ clientCreatedAt: "01/05/2024" }))).toEqual(["clientCreatedAt"]);
    expect(paths(record({ clientCreatedAt: undefined }))).toEqual(["clientCreatedAt"]);
  });

  it("requires a complete location in range", () => {
    expect(
      paths(record({ location: { latitude: 95, longitude: 0, accuracy: 1, timestamp: "2024-05-01T12:00:00Z" } })),
    ).toEqual(["location.latitude"]);
    expect(
      paths(record({ location: { latitude: 0, longitude: -181, accuracy: 1, timestamp: "2024-05-01T12:00:00Z" } })),
    ).toEqual(["location.longitude"]);
    expect(
      paths(record({ location: { latitude: 0, longitude: 0, accuracy: -2, timestamp: "2024-05-01T12:00:00Z" } })),
    ).toEqual(["location.accuracy"]);
    expect(paths(record({ location: { latitude: 0, longitude: 0 } }))).toEqual([
      "location.accuracy",
      "location.timestamp",
    ]);
  });
});

describe("sync batch", () => {
  it("carries 1 to 100 records", () => {
    const batch = (count: number) => ({ records: Array.from({ length: count }, () => record()) });
    expect(SYNC_BATCH_MAX).toBe(100);
    expect(syncBatchSchema.safeParse(batch(100)).success).toBe(true);
    expect(syncBatchSchema.safeParse(batch(101)).success).toBe(false);
    expect(syncBatchSchema.safeParse(batch(0)).success).toBe(false);
    expect(syncBatchEnvelopeSchema.safeParse(batch(101)).success).toBe(false);
  });

  it("lets the envelope through with a malformed record, which is then rejected on its own", () => {
    const envelope = syncBatchEnvelopeSchema.parse({
      records: [record(), record({ id: "bad", applicationId: "x" }), 7],
    });
    const parsed = envelope.records.map(parseSyncRecord);
    expect(parsed[0]?.ok).toBe(true);
    expect(parsed[1]).toEqual({ ok: false, result: { id: "bad", status: "rejected", reason: "invalid_record" } });
    expect(parsed[2]).toEqual({ ok: false, result: { id: "", status: "rejected", reason: "invalid_record" } });
  });
});

describe("sync results", () => {
  it("describe each record's outcome", () => {
    const result = syncBatchResultSchema.parse({
      results: [
        { id: "a", status: "created" },
        { id: "b", status: "duplicate" },
        { id: "c", status: "conflict", reason: "payload_mismatch" },
        { id: "d", status: "blocked", reason: "limit_reached" },
        {
          id: "e",
          status: "rejected",
          reason: "invalid_answers",
          errors: { f1: { key: "numberMin", params: { min: 0 } } },
        },
        {
          id: "f",
          status: "rejected",
          reason: "invalid_answers",
          formError: { key: "answersTooLarge", params: { maxKb: 256 } },
        },
      ],
    });
    expect(result.results).toHaveLength(6);
  });

  it("reject unknown statuses, reasons and error keys", () => {
    expect(syncBatchResultSchema.safeParse({ results: [{ id: "a", status: "saved" }] }).success).toBe(false);
    expect(
      syncBatchResultSchema.safeParse({ results: [{ id: "a", status: "rejected", reason: "nope" }] }).success,
    ).toBe(false);
    expect(
      syncBatchResultSchema.safeParse({
        results: [{ id: "a", status: "rejected", errors: { f: { key: "Campo inválido" } } }],
      }).success,
    ).toBe(false);
  });
});

describe("payload identity", () => {
  const parsed = (input: Record<string, unknown>): SyncRecord => syncRecordSchema.parse(input);

  it("is the same for a retry whose keys arrive in another order", () => {
    const original = parsed(record());
    const shuffled = parsed({
      clientCreatedAt: original.clientCreatedAt,
      location: { timestamp: "2024-05-01T12:00:00.000Z", accuracy: 8, longitude: -46.6, latitude: -23.5 },
      answers: Object.fromEntries(Object.entries(original.answers).reverse()),
      applicationId: original.applicationId,
      id: original.id,
    });
    expect(submissionHashInput(shuffled)).toBe(submissionHashInput(original));
  });

  it("treats a missing and a null location alike", () => {
    expect(submissionHashInput(parsed(record({ location: undefined })))).toBe(
      submissionHashInput(parsed(record({ location: null }))),
    );
  });

  it("changes when any answer, the location, the app or the creation time changes", () => {
    const base = submissionHashInput(parsed(record()));
    expect(
      submissionHashInput(parsed(record({ answers: { "2c1f6b8e-6a3b-4d9e-9f1a-0b2c3d4e5f60": "Ana " } }))),
    ).not.toBe(base);
    expect(submissionHashInput(parsed(record({ location: undefined })))).not.toBe(base);
    expect(submissionHashInput(parsed(record({ applicationId: "1c5b94b1-35ad-49bb-b118-8e8fc24abf80" })))).not.toBe(
      base,
    );
    expect(submissionHashInput(parsed(record({ clientCreatedAt: "2024-05-01T12:00:06.000Z" })))).not.toBe(base);
  });

  it("leaves the record id out: it is the lookup key", () => {
    expect(submissionHashInput(parsed(record({ id: "5b241101-e2bb-4255-8caf-4136c566a962" })))).toBe(
      submissionHashInput(parsed(record())),
    );
  });
});
