import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { ownerWithForm, record, sync } from "../../test-support/fixtures/sync-fixtures.ts";

/** An IPA SurveyCTO template's head: how long the interview took and on what device. */
const FIELDS = [
  { fieldType: "calculation" as const, label: "duration", name: "duration", config: { calculation: "duration()" } },
  { fieldType: "calculation" as const, label: "device", name: "device_info", config: { calculation: "device-info()" } },
  { fieldType: "number" as const, label: "Age", name: "age", config: {} },
  { fieldType: "calculation" as const, label: "Long", name: "long", config: { calculation: "${duration} > 600" } },
];

describe("sync of records whose calculations read the phone (duration(), device-info())", () => {
  let server: TestServer;
  let owner: HttpClient;
  let id: Record<string, string>;
  let applicationId: string;

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    ({ owner, applicationId, id } = await ownerWithForm(server, "duracao@campo.test", "Entrevista", FIELDS));
  });
  afterAll(() => server.stop());

  it("stores the values the phone computed, which the server cannot, and computes what reads them", async () => {
    const answers = { [id.duration!]: "725", [id.device_info!]: "Mozilla/5.0 (Linux; Android 14)", [id.age!]: 40 };
    const sent = record({ applicationId, answers });
    const { status, results } = await sync(owner, [sent]);
    expect(status).toBe(200);
    expect(results).toEqual([{ id: sent.id, status: "created" }]);
    const [row] = await server.context.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, sent.id));
    expect(row?.answers).toEqual({ ...answers, [id.long!]: true });
  });

  it("refuses a phone value that is no value, like any answer", async () => {
    const sent = record({ applicationId, answers: { [id.duration!]: { seconds: 3 } } });
    const { results } = await sync(owner, [sent]);
    expect(results).toEqual([
      {
        id: sent.id,
        status: "rejected",
        reason: "invalid_answers",
        errors: { [id.duration!]: { key: "invalidValue" } },
      },
    ]);
  });
});
