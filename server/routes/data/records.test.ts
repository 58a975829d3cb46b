import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import type { ChartData, DataView, RecordPage, TimelineData } from "../../../shared/records/record-view.ts";
import type { MapViewData } from "../../../shared/map/map-view.ts";
import { seedDataFixture, type DataFixture } from "../../test-support/fixtures/data-fixtures.ts";
import { insertSubmission } from "../../test-support/fixtures/application-fixtures.ts";

let server: TestServer;
let data: DataFixture;

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV });
  data = await seedDataFixture(server, "records");
}, 60_000);
afterAll(() => server.stop());

const base = () => `/api/applications/${data.applicationId}`;

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function allPages(
  client: DataFixture["clients"]["owner"],
  query: string,
  limit = 4,
): Promise<{ ids: string[]; total: number; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let total = 0;
  let pages = 0;
  do {
    const page: RecordPage = await json<RecordPage>(
      await client.get(`${base()}/records?limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ""}`),
    );
    ids.push(...page.records.map((record) => record.id));
    total = page.total;
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { ids, total, pages };
}

describe("GET /records", () => {
  it("pages every record once with a cursor, newest first, with the total", async () => {
    const { ids, total, pages } = await allPages(data.clients.owner, "");
    expect(total).toBe(15);
    expect(pages).toBe(4);
    expect(new Set(ids).size).toBe(15);
    expect(ids.slice(0, 1)).toEqual([data.ownerRecords[11]]);
  });

  it("sorts oldest first and by submitter on request", async () => {
    const asc = await json<RecordPage>(await data.clients.owner.get(`${base()}/records?order=asc&limit=2`));
    expect(asc.records[0]?.id).toBe(data.ownerRecords[0]);
    const bySubmitter = await allPages(data.clients.owner, "sort=submitter&order=asc", 5);
    expect(bySubmitter.ids.slice(0, 3).sort()).toEqual([...data.collaboratorRecords].sort()); // "collab-…" < "owner-…"
    expect(new Set(bySubmitter.ids).size).toBe(15);
  });

  it("shows a collaborator only their own records, whatever submitter they ask for", async () => {
    expect((await allPages(data.clients.collaborator, "")).ids.sort()).toEqual([...data.collaboratorRecords].sort());
    const asked = await json<RecordPage>(
      await data.clients.collaborator.get(`${base()}/records?submitter=${data.users.owner.id}`),
    );
    expect(asked.total).toBe(0);
  });

  it("shows invited admins every record, and outsiders nothing", async () => {
    expect((await json<RecordPage>(await data.clients.admin.get(`${base()}/records`))).total).toBe(15);
    expect((await data.clients.outsider.get(`${base()}/records`)).status).toBe(404);
  });

  it("sends each answer, the submitter and the location", async () => {
    const page = await json<RecordPage>(await data.clients.owner.get(`${base()}/records?order=asc&limit=2`));
    const [first, second] = page.records;
    assert(first);
    expect(first.answers[data.fields.name.id]).toBe('São João, "o velho"\nlinha 2');
    expect(first.submitter).toEqual({
      id: data.users.owner.id,
      name: "owner-records",
      email: "owner-records@campo.test",
    });
    expect(first.location).toMatchObject({ latitude: -23.5, longitude: -46.6, accuracy: 5 });
    assert(second);
    expect(second.location).toBeNull();
    expect(second.answers[data.fields.photo.id]).toMatchObject({ attachmentId: data.photoAttachmentId });
  });

  // A cursor of the right shape whose key is not an instant (PostgreSQL's cast failed: 500 before the check).
  const CRAFTED_CURSOR = Buffer.from(JSON.stringify(["garbage", "8b0c3f4e-7a5b-4c1d-9e2f-0a1b2c3d4e5f"])).toString(
    "base64url",
  );

  it("refuses malformed filters, cursors and limits with 400", async () => {
    for (const query of [
      "from=ontem",
      "submitter=abc",
      `f.${data.fields.name.id}=x`,
      `f.${data.fields.value.id}.min=abc`,
      `f.${data.fields.ok.id}=talvez`,
      "cursor=xyz",
      `cursor=${CRAFTED_CURSOR}`,
      "limit=201",
      "sort=name",
    ]) {
      const response = await data.clients.owner.get(`${base()}/records?${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});

describe("filters narrow list, map, charts and timeline alike", () => {
  const cases: [string, (d: DataFixture) => string, number][] = [
    ["date range", () => "from=2025-03-01&to=2025-05-31", 3],
    ["instant range", () => "from=2025-03-15T12:00:00.000Z&to=2025-03-15T12:00:00.000Z", 1],
    ["text search (accents, case)", () => `q=${encodeURIComponent("são joão")}`, 1],
    ["text search with LIKE wildcards is literal", () => "q=%25", 0],
    ["submitter", (d) => `submitter=${d.users.collaborator.id}`, 3],
    ["single choice", (d) => `f.${d.fields.color.id}=Verde`, 4],
    ["multiple choice contains", (d) => `f.${d.fields.tags.id}=C`, 7],
    ["yes/no", (d) => `f.${d.fields.ok.id}=true`, 7],
    ["numeric range", (d) => `f.${d.fields.value.id}.min=21&f.${d.fields.value.id}.max=52.5`, 4],
    ["combined", (d) => `f.${d.fields.color.id}=Azul&f.${d.fields.ok.id}=true`, 7],
  ];

  it.each(cases)("%s", async (_name, query, expected) => {
    const q = query(data);
    const list = await allPages(data.clients.owner, q, 200);
    expect(list.total).toBe(expected);
    expect(list.ids).toHaveLength(expected);
    const map = await json<MapViewData>(await data.clients.owner.get(`${base()}/records/map-view?zoom=3&${q}`));
    expect(map.points.length + (map.withoutLocation ?? 0)).toBe(expected);
    expect(map.points.every(([id]) => list.ids.includes(id))).toBe(true);
    const chart = await json<ChartData>(
      await data.clients.owner.get(`${base()}/charts?field=${data.fields.color.id}&${q}`),
    );
    expect(chart.kind === "distribution" && chart.values.reduce((sum, value) => sum + value.count, 0)).toBe(expected);
    const timeline = await json<TimelineData>(
      await data.clients.owner.get(`${base()}/charts/timeline?interval=month&${q}`),
    );
    expect(timeline.points.reduce((sum, point) => sum + point.count, 0)).toBe(expected);
  });
});

describe("GET /records/map-view", () => {
  it("sends [id, lon, lat] for located records and counts the others", async () => {
    const map = await json<MapViewData>(await data.clients.owner.get(`${base()}/records/map-view?zoom=3`));
    expect(map.points).toHaveLength(9);
    expect(map.withoutLocation).toBe(6);
    expect(map.points).toContainEqual([data.ownerRecords[2], -46.62, -23.52]);
    const own = await json<MapViewData>(await data.clients.collaborator.get(`${base()}/records/map-view?zoom=3`));
    expect(own.points.map(([id]) => id).sort()).toEqual([...data.collaboratorRecords].sort());
  });
});

describe("GET /charts", () => {
  it("counts choices in the form's order with zeros, unnesting multiple choice", async () => {
    const chart = await json<ChartData>(await data.clients.owner.get(`${base()}/charts?field=${data.fields.tags.id}`));
    expect(chart).toEqual({
      kind: "distribution",
      fieldId: data.fields.tags.id,
      total: 15,
      values: [
        { value: "A", count: 12 },
        { value: "B", count: 8 },
        { value: "C", count: 7 },
      ],
    });
    const none = await json<ChartData>(
      await data.clients.owner.get(`${base()}/charts?field=${data.fields.color.id}&q=nada-assim`),
    );
    expect(none.kind === "distribution" && none.values).toEqual([
      { value: "Azul", count: 0 },
      { value: "Verde", count: 0 },
      { value: "Vermelho", count: 0 },
    ]);
  });

  it("counts yes/no as true/false", async () => {
    const chart = await json<ChartData>(await data.clients.owner.get(`${base()}/charts?field=${data.fields.ok.id}`));
    expect(chart.kind === "distribution" && chart.values).toEqual([
      { value: "true", count: 7 },
      { value: "false", count: 8 },
    ]);
  });

  it("gives numeric statistics and a histogram", async () => {
    const chart = await json<ChartData>(
      await data.clients.owner.get(`${base()}/charts?field=${data.fields.value.id}&submitter=${data.users.owner.id}`),
    );
    if (chart.kind !== "numeric") throw new Error("expected numeric");
    expect(chart.stats).toEqual({ count: 12, min: 10.5, max: 126, avg: 68.25, sum: 819 });
    expect(chart.histogram).toHaveLength(10);
    expect(chart.histogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(12);
    expect(chart.histogram[0]?.from).toBe(10.5);
    expect(chart.histogram[9]?.to).toBe(126);
  });

  it("scopes a collaborator's charts to their own records", async () => {
    const chart = await json<ChartData>(
      await data.clients.collaborator.get(`${base()}/charts?field=${data.fields.value.id}`),
    );
    expect(chart.kind === "numeric" && chart.stats).toEqual({ count: 3, min: 1000, max: 1002, avg: 1001, sum: 3003 });
  });

  it("buckets records per month in the reader's time zone", async () => {
    const timeline = await json<TimelineData>(
      await data.clients.owner.get(`${base()}/charts/timeline?interval=month&tz=America/Sao_Paulo`),
    );
    expect(timeline.points[0]).toEqual({ period: "2025-01-01", count: 1 });
    // The collaborator's record of 2025-07-01T00:00Z is still June 30 in São Paulo.
    expect(timeline.points.find((point) => point.period === "2025-06-01")?.count).toBe(2);
    expect(timeline.points.find((point) => point.period === "2025-07-01")?.count).toBe(3);
    expect((await data.clients.owner.get(`${base()}/charts/timeline?tz=Marte/Olympus`)).status).toBe(400);
  });

  it("refuses fields that cannot be charted", async () => {
    expect((await data.clients.owner.get(`${base()}/charts?field=${data.fields.name.id}`)).status).toBe(400);
  });
});

describe("GET /data-view and GET /records/:id", () => {
  it("tells an owner everything and a collaborator only what concerns them", async () => {
    const owner = await json<DataView>(await data.clients.owner.get(`${base()}/data-view`));
    expect(owner.fields.map((field) => field.label)).toEqual([
      "Nome, completo",
      "Valor",
      "Aprovado?",
      "Cor",
      "Etiquetas",
      "Dia",
      "Foto",
    ]);
    expect(owner.submitters.map((submitter) => submitter.email)).toEqual([
      "collab-records@campo.test",
      "owner-records@campo.test",
    ]);
    expect(owner.capabilities).toEqual({
      canViewAllSubmissions: true,
      canReview: true,
      canExport: true,
      canDeleteRecords: true,
      canEditAnyRecord: true,
      canClearData: true,
      canCollect: true,
    });
    const collaborator = await json<DataView>(await data.clients.collaborator.get(`${base()}/data-view`));
    expect(collaborator.submitters).toEqual([]);
    expect(collaborator.capabilities).toEqual({
      canViewAllSubmissions: false,
      canReview: false,
      canExport: false,
      canDeleteRecords: false,
      canEditAnyRecord: false,
      canClearData: false,
      canCollect: true,
    });
  });

  it("reads one record within the reader's scope", async () => {
    const own = await data.clients.collaborator.get(`${base()}/records/${data.collaboratorRecords[0]}`);
    expect(own.status).toBe(200);
    expect((await data.clients.collaborator.get(`${base()}/records/${data.ownerRecords[0]}`)).status).toBe(404);
    expect((await data.clients.owner.get(`${base()}/records/not-a-uuid`)).status).toBe(404);
  });

  it("tells the web to draw the packaged outlines when no base map is configured", async () => {
    expect(await json(await data.clients.owner.get("/api/config"))).toEqual({ baseMap: { kind: "outline" } });
  });
});

describe("removed fields", () => {
  it("keep their answered columns at the end, flagged removed", async () => {
    const db = server.context.database.db;
    const seeded = await seedDataFixture(server, "removed");
    const form = await json<{
      fields: { id: string; fieldType: string; label: string; position: number; config: Record<string, unknown> }[];
    }>(await seeded.clients.owner.get(`/api/applications/${seeded.applicationId}`));
    const kept = form.fields.filter((field) => field.id !== seeded.fields.color.id);
    const update = await seeded.clients.owner.put(`/api/applications/${seeded.applicationId}`, {
      name: seeded.appName,
      visibility: "team",
      active: true,
      fields: kept,
    });
    expect(update.status).toBe(200);
    await insertSubmission(db, {
      applicationId: seeded.applicationId,
      ownerId: seeded.users.owner.id,
      submitterId: seeded.users.owner.id,
      answers: {},
    });
    const view = await json<DataView>(
      await seeded.clients.owner.get(`/api/applications/${seeded.applicationId}/data-view`),
    );
    expect(view.fields.at(-1)).toMatchObject({ id: seeded.fields.color.id, label: "Cor", removed: true });
    const filtered = await json<RecordPage>(
      await seeded.clients.owner.get(
        `/api/applications/${seeded.applicationId}/records?f.${seeded.fields.color.id}=Verde`,
      ),
    );
    expect(filtered.total).toBe(4);
  });
});

describe("DELETE /records/:id", () => {
  it("lets administrators on a paid plan delete one record, and nobody else", async () => {
    const target = data.ownerRecords[11];
    expect((await data.clients.collaborator.delete(`${base()}/records/${data.collaboratorRecords[2]}`)).status).toBe(
      403,
    );
    expect((await data.clients.outsider.delete(`${base()}/records/${target}`)).status).toBe(404);
    expect((await data.clients.admin.delete(`${base()}/records/${target}`)).status).toBe(204);
    expect((await data.clients.owner.get(`${base()}/records/${target}`)).status).toBe(404);
    expect((await data.clients.owner.delete(`${base()}/records/${target}`)).status).toBe(404);
    expect((await json<RecordPage>(await data.clients.owner.get(`${base()}/records`))).total).toBe(14);
  });
});
