import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { TeamOfflineAreaDto, TeamOfflineAreasDto } from "../../../shared/map/offline-area.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";

const FARM = {
  name: "Fazenda Boa Vista",
  bbox: { west: -47.93, south: -15.83, east: -47.864, north: -15.766 },
  minZoom: 10,
  maxZoom: 16,
};

describe("team offline areas", () => {
  let server: TestServer;
  let owner: HttpClient;
  let collector: HttpClient;
  let applicationId: string;
  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    collector = server.client();
    const ownerUser = await signUpAs(owner, "areas-dona@campo.test");
    const collectorUser = await signUpAs(collector, "areas-coleta@campo.test");
    applicationId = (await createApplicationVia(owner, applicationForm("Mapeamento"))).application.id;
    await grantRole(server.context.database.db, {
      ownerId: ownerUser.id,
      userId: collectorUser.id,
      email: collectorUser.email,
      applicationId,
      role: "collaborator",
    });
  });
  afterAll(() => server.stop());
  const path = () => `/api/applications/${applicationId}/offline-areas`;

  it("lets an administrator define an area that the team's collectors then list", async () => {
    const created = await owner.post(path(), FARM);
    expect(created.status).toBe(201);
    const area = (await created.json()) as TeamOfflineAreaDto;
    expect(area).toMatchObject(FARM);

    const listed = await collector.get(path());
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as TeamOfflineAreasDto).areas).toEqual([area]);
  });

  it("refuses an empty box, an upside-down zoom range and more tiles than a phone may download", async () => {
    for (const body of [
      { ...FARM, bbox: { ...FARM.bbox, east: FARM.bbox.west } },
      { ...FARM, minZoom: 17 },
      { ...FARM, bbox: { west: -74, south: -34, east: -34, north: 5 }, minZoom: 0, maxZoom: 12 },
      { ...FARM, bbox: { ...FARM.bbox, north: 95 } },
    ]) {
      const response = await owner.post(path(), body);
      expect(response.status).toBe(400);
    }
  });

  it("does not let a collector define or remove areas, and removes one for its administrator", async () => {
    expect((await collector.post(path(), FARM)).status).toBe(403);
    const { areas } = (await (await owner.get(path())).json()) as TeamOfflineAreasDto;
    const first = areas[0]!;
    expect((await collector.delete(`${path()}/${first.id}`)).status).toBe(403);
    expect((await owner.delete(`${path()}/${first.id}`)).status).toBe(204);
    expect((await owner.delete(`${path()}/${first.id}`)).status).toBe(404);
    expect(
      ((await (await owner.get(path())).json()) as TeamOfflineAreasDto).areas.map((area) => area.id),
    ).not.toContain(first.id);
  });
});
