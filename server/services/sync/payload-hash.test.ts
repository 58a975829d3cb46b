import { describe, expect, it } from "vitest";
import { syncRecordSchema } from "../../../shared/submissions/sync-schemas.ts";
import { submissionPayloadHash } from "./payload-hash.ts";

const record = {
  id: "0b6a3c1e-8f0a-4c55-9a51-2f4d8e1b7c90",
  applicationId: "5d0f7a2e-1c3b-4e8a-9f6d-7a8b9c0d1e2f",
  answers: { nome: "Ação", idade: 7 },
  location: { latitude: -23.5, longitude: -46.6, accuracy: 8, timestamp: "2024-05-01T09:00:00.000-03:00" },
  clientCreatedAt: "2024-05-01T12:00:00Z",
};

describe("submissionPayloadHash", () => {
  it("keeps the hashes already stored: the same hex as the Web Crypto digest it replaced", () => {
    // Computed with the earlier `crypto.subtle.digest("SHA-256", …)` of the same canonical text: a retry of a record
    // stored before the change must still be answered `duplicate`, not `conflict`.
    expect(submissionPayloadHash(syncRecordSchema.parse(record))).toBe(
      "25c2fd4c10e290799ab7e229e8d297f9b1e53ea11e6d741e2637c3347e3dd02c",
    );
  });

  it("ignores key order and the spelling of instants", () => {
    const reordered = syncRecordSchema.parse({
      clientCreatedAt: "2024-05-01T09:00:00-03:00",
      answers: { idade: 7, nome: "Ação" },
      location: { timestamp: "2024-05-01T12:00:00Z", accuracy: 8, longitude: -46.6, latitude: -23.5 },
      applicationId: record.applicationId,
      id: record.id,
    });
    expect(submissionPayloadHash(reordered)).toBe(submissionPayloadHash(syncRecordSchema.parse(record)));
  });
});
