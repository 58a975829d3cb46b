import { eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions, userLimits } from "../../db/schema/index.ts";
import { createTestApiToken } from "../../test-support/fixtures/api-token-fixtures.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  applicationForm,
  createApplicationVia,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../../test-support/fixtures/sync-fixtures.ts";

const FIELDS = [
  { fieldType: "range", label: "Nota", name: "nota", position: 0, config: { start: 0, end: 10, step: 2 } },
  { fieldType: "rank", label: "Prioridades", name: "prioridades", position: 1, config: { options: ["A", "B", "C"] } },
  { fieldType: "datetime", label: "Visita", name: "visita", position: 2, config: {} },
  { fieldType: "acknowledge", label: "Ciente", name: "ciente", position: 3, config: { required: true } },
  { fieldType: "barcode", label: "Etiqueta", name: "etiqueta", position: 4, config: {} },
  { fieldType: "hidden", label: "Campanha", name: "campanha", position: 5, config: { defaultValue: "'A'" } },
  { fieldType: "metadata", label: "start", name: "start", position: 6, config: { kind: "start" } },
  { fieldType: "metadata", label: "audit", name: "audit", position: 7, config: { kind: "audit" } },
];

describe("POST /api/sync checks issue 24's question types with the shared rules", () => {
  let server: TestServer;
  let owner: HttpClient;
  let applicationId = "";
  const ids: Record<string, string> = {};
  const valid = () => ({
    [ids.nota!]: 4,
    [ids.prioridades!]: ["C", "A", "B"],
    [ids.visita!]: "2026-11-27T10:30:00.000-03:00",
    [ids.ciente!]: "OK",
    [ids.etiqueta!]: "7891234567895",
    [ids.campanha!]: "A",
    [ids.start!]: "2026-11-27T10:00:00.000-03:00",
    [ids.audit!]: { [ids.nota!]: 1200 },
  });

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    const { id: ownerId } = await signUpAs(owner, "tipos@campo.test");
    await server.context.database.db.insert(userLimits).values({ userId: ownerId, maxSubmissions: 1000 });
    const created = await createApplicationVia(owner, applicationForm("Tipos", FIELDS));
    applicationId = created.application.id;
    for (const field of created.fields) ids[field.name] = field.id;
  });
  afterAll(() => server.stop());

  it("stores a record answering every new type", async () => {
    const good = record({ applicationId, answers: valid() });
    expect((await sync(owner, [good])).results[0]).toEqual({ id: good.id, status: "created" });
    const [row] = await server.context.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, good.id));
    assert(row);
    expect(row.answers).toEqual(valid());
  });

  it("rejects a range value off the scale or between its steps, and a bad rank", async () => {
    const cases = [
      { [ids.nota!]: 12 },
      { [ids.nota!]: 3 },
      { [ids.prioridades!]: ["A", "B"] },
      { [ids.prioridades!]: ["A", "A", "B"] },
      { [ids.prioridades!]: ["A", "B", "Z"] },
      { [ids.visita!]: "2026-11-27 10:30" },
      { [ids.ciente!]: true },
      { [ids.audit!]: { x: -5 } },
    ].map((change) => record({ applicationId, answers: { ...valid(), ...change } }));
    const { results } = await sync(owner, cases);
    expect(results.map((result) => [result.status, Object.values(result.errors ?? {})])).toEqual([
      ["rejected", [{ key: "rangeOutside", params: { min: 0, max: 10 } }]],
      ["rejected", [{ key: "rangeOffStep", params: { step: 2, start: 0 } }]],
      ["rejected", [{ key: "invalidRank" }]],
      ["rejected", [{ key: "invalidRank" }]],
      ["rejected", [{ key: "invalidRank" }]],
      ["rejected", [{ key: "invalidDateTime" }]],
      ["rejected", [{ key: "acknowledgeRequired" }]],
      ["rejected", [{ key: "invalidValue" }]],
    ]);
  });

  it("reads the new types back in the CSV export and the OData feed", async () => {
    const csv = await (await owner.get(`/api/applications/${applicationId}/export.csv`)).text();
    expect(csv).toContain("C; A; B");
    expect(csv).toContain("2026-11-27T10:30:00.000-03:00");
    const db = server.context.database.db;
    const me = (await (await owner.get("/api/me")).json()) as { user: { id: string } };
    const { token } = await createTestApiToken(db, me.user.id, [{ applicationId, access: "read" }]);
    const response = await fetch(new URL(`/api/odata/applications/${applicationId}/$metadata`, server.url), {
      headers: { authorization: `Basic ${Buffer.from(`excel:${token}`).toString("base64")}` },
    });
    const metadata = await response.text();
    expect(metadata).toMatch(/Name="visita" Type="Edm.DateTimeOffset"/);
    expect(metadata).toMatch(/Name="nota" Type="Edm.Decimal"/);
  });
});
