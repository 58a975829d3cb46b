import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { squareArea } from "../../../shared/geo/test-shapes.ts";
import {
  COLLECT_MAP_RECORDS_MAX,
  collectMapRecordsSchema,
  recordTarget,
} from "../../../shared/map/collect-map-records.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  signUpAs,
  textField,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";

describe("previous records for the collect map", () => {
  let server: TestServer;
  let owner: HttpClient;
  let collector: HttpClient;
  let applicationId: string;
  let areaFieldId: string;
  let gpsFieldId: string;
  let ownerId: string;
  let collectorId: string;
  const plot = squareArea(100, -15.8, -47.9);

  const insert = (rows: Partial<typeof formSubmissions.$inferInsert>[]) =>
    server.context.database.db.insert(formSubmissions).values(
      rows.map((row) => {
        const id = row.id ?? randomUUID();
        return { id, applicationId, ownerId, submitterId: ownerId, answers: {}, payloadHash: id, ...row };
      }),
    );
  const read = async (client: HttpClient) => {
    const response = await client.get(`/api/applications/${applicationId}/collect-map/records`);
    expect(response.status).toBe(200);
    return collectMapRecordsSchema.parse(await response.json()).records;
  };

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    collector = server.client();
    ownerId = (await signUpAs(owner, "mapa-dona@campo.test")).id;
    const collectorUser = await signUpAs(collector, "mapa-coleta@campo.test");
    collectorId = collectorUser.id;
    const created = await createApplicationVia(
      owner,
      applicationForm("Vistorias", [
        textField("Nome"),
        { fieldType: "area", label: "Talhão", position: 1, config: {} },
        { fieldType: "gps", label: "Poço", position: 2, config: {} },
      ]),
    );
    applicationId = created.application.id;
    areaFieldId = created.fields.find((field) => field.fieldType === "area")?.id ?? "";
    gpsFieldId = created.fields.find((field) => field.fieldType === "gps")?.id ?? "";
    await grantRole(server.context.database.db, {
      ownerId,
      userId: collectorId,
      email: collectorUser.email,
      applicationId,
      role: "collaborator",
    });
  });
  afterAll(() => server.stop());

  it("lists the located records the member may see, newest first, with their areas", async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 10, n));
    const ids = { ownerPoint: randomUUID(), ownerArea: randomUUID(), collectorPoint: randomUUID(), gps: randomUUID() };
    await insert([
      { id: ids.ownerPoint, longitude: -47.9, latitude: -15.8, createdAt: day(1) },
      { id: ids.ownerArea, answers: { [areaFieldId]: plot }, createdAt: day(2) },
      { createdAt: day(3) },
      { id: ids.gps, answers: { [gpsFieldId]: { latitude: -15.801, longitude: -47.8985 } }, createdAt: day(3) },
      { id: ids.collectorPoint, submitterId: collectorId, longitude: -47.8, latitude: -15.7, createdAt: day(4) },
    ]);
    const all = await read(owner);
    expect(all.map((record) => record.id)).toEqual([ids.collectorPoint, ids.gps, ids.ownerArea, ids.ownerPoint]);
    // No record location: its GPS answer places it.
    expect(all[1]?.location).toEqual([-47.8985, -15.801]);
    expect(all[2]?.shapes).toEqual([plot]);
    expect(recordTarget(all[2]!)).toEqual(plot.coordinates[0][0]);
    expect(all[3]).toMatchObject({ location: [-47.9, -15.8], shapes: [], createdAt: day(1).toISOString() });

    // A collaborator sees their own records only, as everywhere else.
    expect((await read(collector)).map((record) => record.id)).toEqual([ids.collectorPoint]);
  });

  it(`sends at most the latest ${COLLECT_MAP_RECORDS_MAX}`, async () => {
    const newest = randomUUID();
    await insert(
      Array.from({ length: COLLECT_MAP_RECORDS_MAX }, (_, index) => ({
        longitude: -47,
        latitude: -15,
        createdAt: new Date(Date.UTC(2026, 10, 10, 0, index)),
      })),
    );
    await insert([{ id: newest, longitude: -46, latitude: -14, createdAt: new Date(Date.UTC(2026, 10, 20)) }]);
    const records = await read(owner);
    expect(records).toHaveLength(COLLECT_MAP_RECORDS_MAX);
    expect(records[0]?.id).toBe(newest);
  });
});
