import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { createTestApiToken } from "../../test-support/fixtures/api-token-fixtures.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { seedDataFixture, storedRecords, type DataFixture } from "../../test-support/fixtures/data-fixtures.ts";
import { seedRepeatFixture, type RepeatFixture } from "../../test-support/fixtures/repeat-fixtures.ts";

let server: TestServer;
let data: DataFixture;
let trees: RepeatFixture;
let ownerToken: string;
let outsiderToken: string;
let collaboratorToken: string;

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV });
  data = await seedDataFixture(server, "odata");
  trees = await seedRepeatFixture(server, data.clients.owner, "odata");
  const db = server.context.database.db;
  const scopes = [data.applicationId, trees.applicationId].map((applicationId) => ({
    applicationId,
    access: "read" as const,
  }));
  ownerToken = (await createTestApiToken(db, data.users.owner.id, scopes)).token;
  collaboratorToken = (await createTestApiToken(db, data.users.collaborator.id, scopes)).token;
  const outsider = await data.clients.outsider.get("/api/me");
  const outsiderId = ((await outsider.json()) as { user: { id: string } }).user.id;
  outsiderToken = (await createTestApiToken(db, outsiderId, scopes)).token;
}, 90_000);
afterAll(() => server.stop());

const feed = (applicationId: string) => `/api/odata/applications/${applicationId}/`;
const basic = (token: string) => `Basic ${Buffer.from(`excel:${token}`).toString("base64")}`;

async function get(path: string, init: { token?: string; auth?: string; prefer?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  const auth = init.auth ?? (init.token === undefined ? undefined : basic(init.token));
  if (auth) headers.authorization = auth;
  if (init.prefer) headers.prefer = init.prefer;
  return fetch(new URL(path, server.url), { headers });
}

interface FeedBody {
  "@odata.context": string;
  "@odata.count"?: number;
  "@odata.nextLink"?: string;
  value: Record<string, unknown>[];
}

async function json<T = FeedBody>(path: string, init: Parameters<typeof get>[1] = { token: ownerToken }): Promise<T> {
  const response = await get(path, init);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Every entity of a set, following @odata.nextLink to the end; the pages fetched. */
async function readAll(
  path: string,
  prefer?: string,
): Promise<{ entities: Record<string, unknown>[]; pages: FeedBody[] }> {
  const pages: FeedBody[] = [];
  let next: string | undefined = path;
  while (next) {
    const page: FeedBody = await json(next, { token: ownerToken, ...(prefer ? { prefer } : {}) });
    pages.push(page);
    next = page["@odata.nextLink"];
  }
  return { entities: pages.flatMap((page) => page.value), pages };
}

type Declared = Map<string, { type: string; nullable: boolean }>;

/** $metadata parsed strictly: the entity types' properties by type name, and the container's sets. */
async function metadata(applicationId: string): Promise<{ types: Map<string, Declared>; sets: Map<string, string> }> {
  const response = await get(`${feed(applicationId)}$metadata`, { token: ownerToken });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
  expect(response.headers.get("odata-version")).toBe("4.0");
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name, _path, _leaf, isAttribute) =>
      !isAttribute && ["EntityType", "Property", "EntitySet", "Annotation"].includes(name),
  }).parse(xml) as {
    "edmx:Edmx": {
      Version: string;
      "edmx:DataServices": {
        Schema: {
          Namespace: string;
          EntityType: {
            Name: string;
            Key: { PropertyRef: { Name: string } };
            Property: { Name: string; Type: string; Nullable?: string }[];
          }[];
          EntityContainer: { EntitySet: { Name: string; EntityType: string }[] };
        };
      };
    };
  };
  expect(parsed["edmx:Edmx"].Version).toBe("4.0");
  const schema = parsed["edmx:Edmx"]["edmx:DataServices"].Schema;
  const types = new Map<string, Declared>();
  for (const type of schema.EntityType) {
    const declared: Declared = new Map(
      type.Property.map((p) => [p.Name, { type: p.Type, nullable: p.Nullable !== "false" }]),
    );
    expect(declared.has(type.Key.PropertyRef.Name)).toBe(true);
    expect(declared.size).toBe(type.Property.length);
    types.set(`${schema.Namespace}.${type.Name}`, declared);
  }
  return { types, sets: new Map(schema.EntityContainer.EntitySet.map((set) => [set.Name, set.EntityType])) };
}

const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  "Edm.String": (value) => typeof value === "string",
  "Edm.Decimal": (value) => typeof value === "number",
  "Edm.Double": (value) => typeof value === "number",
  "Edm.Int32": (value) => Number.isInteger(value),
  "Edm.Boolean": (value) => typeof value === "boolean",
  "Edm.Date": (value) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value),
  "Edm.DateTimeOffset": (value) =>
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value),
};

/** Every entity holds exactly the declared properties, each of its declared type (or null where nullable). */
function expectMatchesType(entities: Record<string, unknown>[], declared: Declared) {
  expect(entities.length).toBeGreaterThan(0);
  for (const entity of entities) {
    expect(Object.keys(entity).sort()).toEqual([...declared.keys()].sort());
    for (const [name, { type, nullable }] of declared) {
      const value = entity[name];
      const check = TYPE_CHECKS[type];
      assert(check, `no check for ${type}`);
      if (value === null) expect(nullable, `${name} is null but not nullable`).toBe(true);
      else expect(check(value), `${name}: ${JSON.stringify(value)} is not ${type}`).toBe(true);
    }
  }
}

describe("service document and $metadata", () => {
  it("lists the records and each repeat as entity sets, with and without the trailing slash", async () => {
    const body = await json<{ "@odata.context": string; value: { name: string; kind: string; url: string }[] }>(
      feed(trees.applicationId),
    );
    expect(body["@odata.context"]).toBe(`${server.url}${feed(trees.applicationId)}$metadata`);
    expect(body.value).toEqual([
      { name: "Records", kind: "EntitySet", url: "Records" },
      { name: "Records_arvores", kind: "EntitySet", url: "Records_arvores" },
    ]);
    expect(await json(feed(trees.applicationId).slice(0, -1))).toEqual(body);
  });

  it("declares every property the records carry, with their types", async () => {
    const { types, sets } = await metadata(data.applicationId);
    expect([...sets.keys()]).toEqual(["Records"]);
    const declared = types.get(sets.get("Records") ?? "");
    assert(declared);
    expect([...declared].map(([name, { type }]) => `${name}:${type}`)).toEqual([
      "__id:Edm.String",
      "__createdAt:Edm.DateTimeOffset",
      "__updatedAt:Edm.DateTimeOffset",
      "__submitterName:Edm.String",
      "__submitterEmail:Edm.String",
      "__reviewState:Edm.String",
      "__latitude:Edm.Double",
      "__longitude:Edm.Double",
      "__accuracy:Edm.Double",
      `${data.fields.name.name}:Edm.String`,
      `${data.fields.value.name}:Edm.Decimal`,
      `${data.fields.ok.name}:Edm.Boolean`,
      `${data.fields.color.name}:Edm.String`,
      `${data.fields.tags.name}:Edm.String`,
      `${data.fields.day.name}:Edm.Date`,
      `${data.fields.photo.name}:Edm.String`,
    ]);
    expectMatchesType((await readAll(`${feed(data.applicationId)}Records`)).entities, declared);
  });

  it("declares the repeat's entity type, its entries keyed by record and place", async () => {
    const { types, sets } = await metadata(trees.applicationId);
    const records = types.get(sets.get("Records") ?? "");
    const entries = types.get(sets.get("Records_arvores") ?? "");
    assert(records && entries);
    expect(records.get("arvores")?.type).toBe("Edm.Int32");
    expect([...entries.keys()]).toEqual([
      "__id",
      "__recordId",
      "__index",
      "especie",
      "altura",
      "foto_arvore",
      "local_arvore",
      "obs",
    ]);
    expectMatchesType((await readAll(`${feed(trees.applicationId)}Records`)).entities, records);
    expectMatchesType((await readAll(`${feed(trees.applicationId)}Records_arvores`)).entities, entries);
  });
});

describe("Records", () => {
  it("reads every record as the CSV export does, typed", async () => {
    const body = await json(`${feed(data.applicationId)}Records`);
    expect(body["@odata.context"]).toBe(`${server.url}${feed(data.applicationId)}$metadata#Records`);
    expect(body["@odata.nextLink"]).toBeUndefined();
    const stored = await storedRecords(server, data.applicationId);
    expect(body.value.map((entity) => entity.__id)).toEqual(stored.map((record) => record.id));
    for (const [i, record] of stored.entries()) {
      const entity = body.value[i];
      assert(entity);
      const answers = record.answers;
      expect(entity[data.fields.name.name]).toBe(answers[data.fields.name.id]);
      expect(entity[data.fields.value.name]).toBe(answers[data.fields.value.id]);
      expect(entity[data.fields.ok.name]).toBe(answers[data.fields.ok.id]);
      expect(entity[data.fields.tags.name]).toBe((answers[data.fields.tags.id] as string[]).join("; "));
      expect(entity[data.fields.day.name]).toBe(answers[data.fields.day.id] ?? null);
      expect(entity.__createdAt).toBe(record.createdAt.toISOString());
      expect(entity.__latitude).toBe(record.latitude);
      expect(entity.__reviewState).toBe("Recebido");
    }
    const photo = body.value.find((entity) => entity[data.fields.photo.name] !== null)?.[data.fields.photo.name];
    expect(photo).toBe(`${server.url}/api/attachments/${data.photoAttachmentId}`);
  });

  it("pages with @odata.nextLink to the end: every record once, in order, the count on every page", async () => {
    const stored = await storedRecords(server, data.applicationId);
    const { entities, pages } = await readAll(`${feed(data.applicationId)}Records?$count=true`, "odata.maxpagesize=4");
    expect(pages.map((page) => page.value.length)).toEqual([4, 4, 4, 3]);
    expect(pages.every((page) => page["@odata.count"] === stored.length)).toBe(true);
    const ids = entities.map((entity) => entity.__id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(stored.map((record) => record.id));
  });

  it("honours $top and $skip across pages", async () => {
    const stored = await storedRecords(server, data.applicationId);
    const { entities, pages } = await readAll(
      `${feed(data.applicationId)}Records?$top=6&$skip=3`,
      "odata.maxpagesize=4",
    );
    expect(pages.map((page) => page.value.length)).toEqual([4, 2]);
    expect(entities.map((entity) => entity.__id)).toEqual(stored.slice(3, 9).map((record) => record.id));
    expect((await json(`${feed(data.applicationId)}Records?$top=0`)).value).toEqual([]);
  });

  it("filters on the submission instant (ge, gt, le, lt, and) and on the submitter", async () => {
    const stored = await storedRecords(server, data.applicationId);
    const ids = async (filter: string) =>
      (await readAll(`${feed(data.applicationId)}Records?$filter=${encodeURIComponent(filter)}`)).entities.map(
        (e) => e.__id,
      );
    const between = stored.filter((r) => r.createdAt >= new Date("2025-03-01") && r.createdAt < new Date("2025-06-01"));
    expect(between.length).toBeGreaterThan(0);
    expect(await ids("__createdAt ge 2025-03-01T00:00:00Z and __createdAt lt 2025-06-01")).toEqual(
      between.map((r) => r.id),
    );
    const pivot = stored[4];
    assert(pivot);
    const instant = pivot.createdAt.toISOString();
    const after = (await ids(`__createdAt gt ${instant}`)) as string[];
    const from = (await ids(`(__createdAt ge ${instant})`)) as string[];
    expect(from).toEqual([pivot.id, ...after]);
    expect(await ids(`__createdAt le ${instant}`)).toEqual(stored.slice(0, 5).map((r) => r.id));
    expect(await ids(`__createdAt lt ${instant}`)).toEqual(stored.slice(0, 4).map((r) => r.id));
    expect(await ids(`__submitterEmail eq '${data.users.collaborator.email.toUpperCase()}'`)).toEqual(
      data.collaboratorRecords
        .filter((id) => stored.some((r) => r.id === id))
        .sort((a, b) => stored.findIndex((r) => r.id === a) - stored.findIndex((r) => r.id === b)),
    );
    const filtered = await json(
      `${feed(data.applicationId)}Records?$count=true&$filter=${encodeURIComponent(`__submitterEmail eq '${data.users.collaborator.email.toUpperCase()}'`)}`,
    );
    expect(filtered["@odata.count"]).toBe(3);
  });

  it("answers only the $select'ed properties", async () => {
    const body = await json(`${feed(data.applicationId)}Records?$select=__id,${data.fields.value.name}&$top=2`);
    expect(body["@odata.context"]).toBe(
      `${server.url}${feed(data.applicationId)}$metadata#Records(__id,${data.fields.value.name})`,
    );
    expect(body.value.map((entity) => Object.keys(entity))).toEqual([
      ["__id", data.fields.value.name],
      ["__id", data.fields.value.name],
    ]);
  });
});

describe("a repeat's entity set", () => {
  it("has one entity per entry with its record id and place, answers as in the export, paged and counted", async () => {
    const { entities, pages } = await readAll(
      `${feed(trees.applicationId)}Records_arvores?$count=true`,
      "odata.maxpagesize=1",
    );
    expect(pages.every((page) => page["@odata.count"] === 3)).toBe(true);
    expect(entities.map((entry) => [entry.__recordId, entry.__index, entry.especie, entry.altura, entry.obs])).toEqual([
      [trees.records[0], 1, "Ipê", 12.5, 'Tronco oco, "velha"'],
      [trees.records[0], 2, "Jatobá", 8, null],
      [trees.records[2], 1, "Ipê", 3, "=muda"],
    ]);
    expect(entities[0]?.foto_arvore).toBe(`${server.url}/api/attachments/${trees.photoAttachmentId}`);
    expect(entities[0]?.local_arvore).toBe("-15.780100, -47.929200");
    const records = await json(`${feed(trees.applicationId)}Records?$select=lote,arvores`);
    expect(records.value).toEqual([
      { lote: "L1", arvores: 2 },
      { lote: "L2", arvores: 0 },
      { lote: "L3", arvores: 1 },
    ]);
    expect((await json(`${feed(trees.applicationId)}Records_arvores?$top=1&$skip=1`)).value.map((e) => e.__id)).toEqual(
      [`${trees.records[0]}-2`],
    );
  });
});

describe("authentication and access", () => {
  const records = () => `${feed(data.applicationId)}Records`;

  it("takes the token as the Basic password, as a Bearer token, or the session", async () => {
    expect((await get(records(), { auth: basic(ownerToken) })).status).toBe(200);
    expect((await get(records(), { auth: `Basic ${Buffer.from(`:${ownerToken}`).toString("base64")}` })).status).toBe(
      200,
    );
    expect((await get(records(), { auth: `Bearer ${ownerToken}` })).status).toBe(200);
    expect((await data.clients.owner.get(records())).status).toBe(200);
  });

  it("answers 401 with a Basic challenge without credentials or with a wrong token", async () => {
    for (const init of [{}, { token: "campo_" + "x".repeat(40) }, { auth: "Basic !!!" }]) {
      const response = await get(records(), init);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Basic realm="Campo"/);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("answers 404 to a reader without access and 403 to a collaborator, in OData's error format", async () => {
    for (const path of [records(), `${feed(data.applicationId)}$metadata`, feed(data.applicationId)]) {
      const response = await get(path, { token: outsiderToken });
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("APPLICATION_NOT_FOUND");
      expect(JSON.stringify(body)).not.toContain("Levantamento");
      expect((await get(path, { token: collaboratorToken })).status).toBe(403);
    }
  });
});

describe("query options a client gets wrong or the feed does not do", () => {
  const cases: [string, number, string][] = [
    ["Records?$top=-1", 400, "$top"],
    ["Records?$top=abc", 400, "$top"],
    ["Records?$top=99999999999", 400, "$top"],
    ["Records?$skip=1.5", 400, "$skip"],
    ["Records?$count=maybe", 400, "$count"],
    ["Records?$top=1&$top=2", 400, "$top"],
    ["Records?$select=nope", 400, "$select"],
    ["Records?$select=__id,", 400, "$select"],
    ["Records?$filter=", 400, "$filter"],
    ["Records?$filter=__createdAt ge", 400, "$filter"],
    ["Records?$filter=__createdAt ge yesterday", 400, "$filter"],
    ["Records?$filter=__createdAt ge 2025-02-30", 400, "$filter"],
    ["Records?$filter=__createdAt ge 2025-01-01 and", 400, "$filter"],
    ["Records?$filter=(__createdAt ge 2025-01-01", 400, "$filter"],
    ["Records?$filter=__createdAt ge 2025-01-01)", 400, "$filter"],
    ["Records?$filter=__createdAt zz 2025-01-01", 400, "$filter"],
    ["Records?$filter=__submitterEmail eq x", 400, "$filter"],
    ["Records?$filter=__createdAt ge 'unterminated", 400, "$filter"],
    ["Records?$filter=__createdAt ge 2025-01-01 or __createdAt lt 2024-01-01", 501, "$filter"],
    ["Records?$filter=not __createdAt ge 2025-01-01", 501, "$filter"],
    ["Records?$filter=contains(__submitterName,'a')", 501, "$filter"],
    ["Records?$filter=__createdAt eq 2025-01-01", 501, "$filter"],
    ["Records?$filter=__submitterName eq 'Ana'", 501, "$filter"],
    ["Records?$orderby=__createdAt desc", 501, "$orderby"],
    ["Records?$expand=*", 501, "$expand"],
    ["Records?$format=xml", 501, "$format"],
    ["Records?$select=a/b", 501, "$select"],
    ["Records?$bogus=1", 400, "$bogus"],
    ["Records?$skiptoken=bm90LWEtdG9rZW4", 400, "$skiptoken"],
    [
      `Records?$skiptoken=${Buffer.from(JSON.stringify(["garbage", "8b0c3f4e-7a5b-4c1d-9e2f-0a1b2c3d4e5f"])).toString("base64url")}`,
      400,
      "$skiptoken",
    ],
    ["Nope", 404, "Nope"],
  ];

  it.each(cases)("%s → %i, never 500", async (path, status, target) => {
    const response = await get(`${feed(data.applicationId)}${path.replace(/ /g, "%20")}`, { token: ownerToken });
    expect(response.status).toBe(status);
    expect(response.headers.get("odata-version")).toBe("4.0");
    const body = (await response.json()) as { error: { code: string; message: string; details: { target: string }[] } };
    expect(body.error.code).toBe(
      status === 501 ? "NOT_IMPLEMENTED" : status === 404 ? "NOT_FOUND" : "VALIDATION_FAILED",
    );
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(body.error.details.map((detail) => detail.target)).toContain(target);
  });

  it("ignores custom options and accepts $format=json", async () => {
    expect(
      (await get(`${feed(data.applicationId)}Records?$format=json&foo=bar&lang=en`, { token: ownerToken })).status,
    ).toBe(200);
  });
});
