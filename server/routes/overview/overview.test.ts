import { sql } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { applications, userLimits } from "../../db/schema/index.ts";
import { MAP_VIEW_RECORD_LIMIT, type OverviewMapViewData } from "../../../shared/map/map-view.ts";
import { seedApp, type SeededApp } from "../../test-support/fixtures/overview-fixtures.ts";
import { seedDataFixture, type DataFixture } from "../../test-support/fixtures/data-fixtures.ts";
import type { DashboardSummary, OverviewRecordPage, OverviewView } from "../../../shared/records/overview.ts";

const SUPER_ADMIN = "boss-overview@campo.test";

let server: TestServer;
let data: DataFixture;
/** The owner's second application, the stranger's own, the super admin's own: records synced now (this week). */
let second: SeededApp;
let strangers: SeededApp;
let bosses: SeededApp;
let boss: HttpClient;

beforeAll(async () => {
  server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN, ...TRUST_PROXY_ENV } });
  data = await seedDataFixture(server, "overview");
  second = await seedApp(data.clients.owner, "Segunda", 2);
  strangers = await seedApp(data.clients.outsider, "Do estranho", 3);
  boss = server.client();
  await signUpAs(boss, SUPER_ADMIN);
  bosses = await seedApp(boss, "Do super admin", 1);
}, 90_000);
afterAll(() => server.stop());

async function json<T>(client: HttpClient, path: string): Promise<T> {
  const response = await client.get(path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function allRecordIds(client: HttpClient, query = ""): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: OverviewRecordPage = await json<OverviewRecordPage>(
      client,
      `/api/overview/records?limit=4${query}${cursor ? `&cursor=${cursor}` : ""}`,
    );
    ids.push(...page.records.map((record) => record.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

/** The records the /maps overview places in a view one by one (few in view: no clusters). */
async function mapViewIds(client: HttpClient, query = ""): Promise<string[]> {
  const map = await json<OverviewMapViewData>(client, `/api/overview/map-view?zoom=3${query}`);
  expect(map.groups.every((group) => group.clusters.length === 0)).toBe(true);
  return map.groups.flatMap((group) => group.points.map(([id]) => id));
}

const located = (ids: string[]) => ids.filter((_, i) => i % 2 === 0);

describe("overview permissions: every route × role", () => {
  const ROUTES = ["/api/dashboard", "/api/overview", "/api/overview/records", "/api/overview/map-view?zoom=3"];

  it("anonymous gets 401 on every route", async () => {
    for (const route of ROUTES) expect((await server.client().get(route)).status, route).toBe(401);
  });

  /** Which records each role reads across the overviews (the per-application rules, never more). */
  const cases = () =>
    [
      {
        role: "stranger",
        client: data.clients.outsider,
        apps: [strangers.id],
        records: strangers.records,
        located: strangers.located,
      },
      {
        role: "collaborator",
        client: data.clients.collaborator,
        apps: [data.applicationId],
        records: data.collaboratorRecords,
        located: data.collaboratorRecords,
      },
      {
        role: "invited admin",
        client: data.clients.admin,
        apps: [data.applicationId],
        records: [...data.ownerRecords, ...data.collaboratorRecords],
        located: [...located(data.ownerRecords), ...data.collaboratorRecords],
      },
      {
        role: "owner",
        client: data.clients.owner,
        apps: [data.applicationId, second.id],
        records: [...data.ownerRecords, ...data.collaboratorRecords, ...second.records],
        located: [...located(data.ownerRecords), ...data.collaboratorRecords, ...second.located],
      },
      // Super admins: their own workspace, not every tenant's (docs/decisions.md).
      { role: "super admin", client: boss, apps: [bosses.id], records: bosses.records, located: bosses.located },
    ] as const;

  it("lists, maps and summarises exactly the records each role may read", async () => {
    for (const { role, client, apps, records, located: points } of cases()) {
      const view = await json<OverviewView>(client, "/api/overview");
      expect(view.applications.map((application) => application.id).sort(), role).toEqual([...apps].sort());
      expect((await allRecordIds(client)).sort(), role).toEqual([...records].sort());
      expect((await mapViewIds(client)).sort(), role).toEqual([...points].sort());
      const dashboard = await json<DashboardSummary>(client, "/api/dashboard");
      expect(dashboard.applications.map((application) => application.id).sort(), role).toEqual([...apps].sort());
      expect(dashboard.latest.length, role).toBe(Math.min(records.length, 8));
      expect(
        dashboard.latest.every((record) => records.includes(record.id)),
        role,
      ).toBe(true);
    }
  });

  it("a stranger's application is 404 when asked for by id; a super admin reads it as on its data page", async () => {
    for (const client of [data.clients.outsider, data.clients.collaborator]) {
      const response = await client.get(`/api/overview/records?application=${second.id}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("APPLICATION_NOT_FOUND");
      expect((await client.get(`/api/overview/map-view?zoom=3&application=${second.id}`)).status).toBe(404);
    }
    expect((await allRecordIds(boss, `&application=${second.id}`)).sort()).toEqual([...second.records].sort());
  });

  it("the submitter filter lists only people of the applications the reader sees whole", async () => {
    const names = (view: OverviewView) => view.submitters.map((submitter) => submitter.email).sort();
    expect(names(await json<OverviewView>(data.clients.collaborator, "/api/overview"))).toEqual([]);
    expect(names(await json<OverviewView>(data.clients.admin, "/api/overview"))).toEqual(
      [data.users.collaborator.email, data.users.owner.email].sort(),
    );
  });
});

describe("overview records", () => {
  it("narrow to one application, with its field filters, and by text across applications", async () => {
    expect((await allRecordIds(data.clients.owner, `&application=${second.id}`)).sort()).toEqual(
      [...second.records].sort(),
    );
    const blue = await json<OverviewRecordPage>(
      data.clients.owner,
      `/api/overview/records?application=${data.applicationId}&f.${data.fields.color.id}=Azul`,
    );
    expect(blue.total).toBe(7);
    expect(blue.records.every((record) => record.applicationId === data.applicationId)).toBe(true);
    const searched = await json<OverviewRecordPage>(
      data.clients.owner,
      `/api/overview/records?q=${encodeURIComponent("Segunda 1")}`,
    );
    expect(searched.records.map((record) => record.id)).toEqual([second.records[1]]);
    const map = await json<OverviewMapViewData>(
      data.clients.owner,
      `/api/overview/map-view?zoom=3&application=${second.id}`,
    );
    expect(map.groups).toMatchObject([
      { applicationId: second.id, points: [[second.located[0], -50, -10]], shapes: [], withoutLocation: 1 },
    ]);
  });

  it("refuse bad input with a clear 400 or 404, never a 5xx", async () => {
    const bad = [
      [`/api/overview/records?f.${data.fields.color.id}=Azul`, 400],
      ["/api/overview/records?cursor=nonsense", 400],
      ["/api/overview/records?limit=0", 400],
      ["/api/overview/records?from=2025-13-45", 400],
      ["/api/overview/map-view?zoom=3&submitter=me", 400],
      ["/api/overview/map-view", 400],
      ["/api/overview/map-view?zoom=3&bbox=1,2,3", 400],
      ["/api/overview/records?application=not-a-uuid", 404],
      ["/api/dashboard?tz=Mars/Olympus", 400],
    ] as const;
    for (const [path, status] of bad) {
      const response = await data.clients.owner.get(path);
      expect(response.status, path).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code, path).toMatch(
        /^(VALIDATION_FAILED|APPLICATION_NOT_FOUND)$/,
      );
    }
  });
});

describe("the /maps overview per view", () => {
  const DENSE = MAP_VIEW_RECORD_LIMIT + 300;
  let dense: HttpClient;
  let denseId: string;

  beforeAll(async () => {
    // A user whose one application has more located records than a view sends one by one, next to a small one.
    dense = server.client();
    const userId = (await signUpAs(dense, "denso-overview@campo.test")).id;
    const db = server.context.database.db;
    await db.insert(userLimits).values({ userId, maxSubmissions: DENSE + 10 });
    const [application] = await db.insert(applications).values({ ownerId: userId, name: "Denso" }).returning();
    assert(application);
    denseId = application.id;
    await db.execute(sql`
      insert into form_submissions (id, application_id, owner_id, submitter_id, answers, payload_hash, latitude, longitude)
      select gen_random_uuid(), ${denseId}::uuid, ${userId}::uuid, ${userId}::uuid,
        case when g % 10 = 0 then '{"marca": "dez"}'::jsonb else '{}'::jsonb end, md5('overview' || g),
        -23.5 - (g % 50) / 1000.0, -46.6 - (g / 50) / 1000.0
      from generate_series(0, ${DENSE - 1}) g`);
    await seedApp(dense, "Pequeno", 2);
  }, 60_000);

  const placed = (group: OverviewMapViewData["groups"][number]) =>
    group.clusters.reduce((sum, cluster) => sum + cluster[2], group.points.length);

  it("clusters an application with many records in view, sends the others' records, never every point", async () => {
    const map = await json<OverviewMapViewData>(dense, "/api/overview/map-view?zoom=3");
    const [big, small] = [denseId, map.groups.find((group) => group.applicationId !== denseId)?.applicationId];
    const byId = new Map(map.groups.map((group) => [group.applicationId, group]));
    const denseGroup = byId.get(big);
    assert(denseGroup && small);
    expect(denseGroup.clusters.length).toBeGreaterThan(0);
    expect(denseGroup.clusters.length).toBeLessThan(10);
    expect(denseGroup.points).toEqual([]);
    expect(placed(denseGroup)).toBe(DENSE);
    expect(denseGroup.total).toBe(DENSE);
    expect(denseGroup.extent).toEqual([-46.6 - Math.floor((DENSE - 1) / 50) / 1000, -23.549, -46.6, -23.5]);
    expect(byId.get(small)).toMatchObject({ clusters: [], total: 1, withoutLocation: 1 });
    expect(byId.get(small)?.points).toHaveLength(1);
  });

  it("sends the exact records zoomed in, and applies the filter", async () => {
    const near = await json<OverviewMapViewData>(
      dense,
      `/api/overview/map-view?zoom=17&bbox=-46.6005,-23.5035,-46.5995,-23.4995&application=${denseId}`,
    );
    expect(near.groups).toHaveLength(1);
    expect(near.groups[0]?.points.map(([, lon, lat]) => [lon, lat]).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))).toEqual([
      [-46.6, -23.5],
      [-46.6, -23.501],
      [-46.6, -23.502],
      [-46.6, -23.503],
    ]);
    const tens = await json<OverviewMapViewData>(dense, `/api/overview/map-view?zoom=3&q=dez`);
    expect(tens.groups.map((group) => [group.applicationId === denseId, placed(group)]).sort()).toEqual(
      [
        [false, 0],
        [true, DENSE / 10],
      ].sort(),
    );
  });
});

describe("dashboard", () => {
  it("counts this week's records per application and day, and names each latest record's application", async () => {
    const summary = await json<DashboardSummary>(data.clients.owner, "/api/dashboard?tz=America/Sao_Paulo");
    const byId = new Map(summary.applications.map((application) => [application.id, application]));
    // The fixture's records are dated 2025; the second application's were synced now.
    expect(byId.get(data.applicationId)?.week).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(byId.get(second.id)?.week.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(byId.get(second.id)?.week).toHaveLength(7);
    expect(summary.latest.slice(0, 2).map((record) => record.applicationId)).toEqual([second.id, second.id]);
    expect(summary.usage.usage.applications).toBe(2);
    // Records in the owner's applications, whoever sent them: 12 + 3 of the fixture and 2 of the second.
    expect(summary.usage.usage.submissions).toBe(17);
  });

  it("is empty for a new user", async () => {
    const newcomer = server.client();
    await signUpAs(newcomer, "newcomer-overview@campo.test");
    const summary = await json<DashboardSummary>(newcomer, "/api/dashboard");
    expect(summary.applications).toEqual([]);
    expect(summary.latest).toEqual([]);
    expect((await json<OverviewRecordPage>(newcomer, "/api/overview/records")).total).toBe(0);
    expect(await json<OverviewMapViewData>(newcomer, "/api/overview/map-view?zoom=3")).toEqual({ groups: [] });
  });
});
