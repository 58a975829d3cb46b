/**
 * The OData feed's query language over real HTTP and a real database: $filter on form and system properties,
 * $orderby across pages, the $count segment, locations as GeoJSON points, and version negotiation. Expected
 * answers are computed here from the seeded records, independently of the server's SQL.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { OData } from "@odata/client";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApiToken } from "../../test-support/fixtures/api-token-fixtures.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import {
  TRUST_PROXY_ENV,
  createApplicationVia,
  signUpAs,
  subscribe,
} from "../../test-support/fixtures/application-fixtures.ts";
import { fieldNamed } from "../../test-support/fixtures/repeat-fixtures.ts";
import { sync } from "../../test-support/fixtures/sync-fixtures.ts";

interface Seed {
  nome: string;
  idade: number | null;
  ativo: boolean | null;
  visita: string | null;
  inicio: string | null;
  cores: string[];
  local: { latitude: number; longitude: number; accuracy?: number } | null;
  itens: { peso: number }[];
  createdAt: string;
}

const SEEDS: Seed[] = [
  {
    nome: "Ana Souza",
    idade: 34,
    ativo: true,
    visita: "2025-03-15",
    inicio: "2025-03-15T22:30:00.000-03:00",
    cores: ["Azul"],
    local: { latitude: -23.55, longitude: -46.63, accuracy: 4.5 },
    itens: [{ peso: 2 }, { peso: 5 }],
    createdAt: "2025-03-16T01:30:00.000Z",
  },
  {
    nome: "Bruno O'Neil",
    idade: 51,
    ativo: false,
    visita: "2025-04-02",
    inicio: "2025-04-02T08:05:09.000Z",
    cores: ["Azul", "Verde"],
    local: null,
    itens: [],
    createdAt: "2025-04-02T08:10:00.000Z",
  },
  {
    nome: "carla ana",
    idade: null,
    ativo: null,
    visita: null,
    inicio: null,
    cores: [],
    local: { latitude: 10.5, longitude: 20.25 },
    itens: [{ peso: 7 }],
    createdAt: "2025-12-31T23:59:59.000Z",
  },
  {
    nome: "Dora",
    idade: 34,
    ativo: true,
    visita: "2026-01-20",
    inicio: "2026-01-20T10:00:00.000+05:30",
    cores: ["Verde", "Vermelho"],
    local: null,
    itens: [],
    createdAt: "2026-01-20T04:40:00.000Z",
  },
  {
    nome: "Eli",
    idade: 18.5,
    ativo: false,
    visita: "2025-03-01",
    inicio: "2025-03-01T12:00:00.000Z",
    cores: ["Vermelho"],
    local: null,
    itens: [],
    createdAt: "2025-03-01T12:00:00.000Z",
  },
];

const FORM = [
  { fieldType: "text", name: "nome", label: "Nome", parentName: null, config: {} },
  { fieldType: "number", name: "idade", label: "Idade", parentName: null, config: {} },
  { fieldType: "yes_no", name: "ativo", label: "Ativo?", parentName: null, config: {} },
  { fieldType: "date", name: "visita", label: "Visita", parentName: null, config: {} },
  { fieldType: "datetime", name: "inicio", label: "Início", parentName: null, config: {} },
  {
    fieldType: "multiple_choice",
    name: "cores",
    label: "Cores",
    parentName: null,
    config: { options: ["Azul", "Verde", "Vermelho"] },
  },
  { fieldType: "gps", name: "local", label: "Local", parentName: null, config: {} },
  { fieldType: "repeat", name: "itens", label: "Itens", parentName: null, config: {} },
  { fieldType: "number", name: "peso", label: "Peso", parentName: "itens", config: {} },
].map((field, position) => ({ ...field, position }));

let server: TestServer;
let token: string;
let email: string;
let root: string;
const ids: string[] = SEEDS.map(() => randomUUID());

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV });
  const owner = server.client();
  const user = await signUpAs(owner, "odata-query@campo.test");
  email = user.email;
  const db = server.context.database.db;
  await subscribe(db, user.id, "custom");
  const created = await createApplicationVia(owner, {
    name: "Consultas",
    visibility: "team",
    active: true,
    fields: FORM,
  });
  const field = (name: string) => fieldNamed(created, name).id;
  const result = await sync(
    owner,
    SEEDS.map((seed, i) => ({
      id: ids[i],
      applicationId: created.application.id,
      answers: {
        [field("nome")]: seed.nome,
        ...(seed.idade === null ? {} : { [field("idade")]: seed.idade }),
        ...(seed.ativo === null ? {} : { [field("ativo")]: seed.ativo }),
        ...(seed.visita === null ? {} : { [field("visita")]: seed.visita }),
        ...(seed.inicio === null ? {} : { [field("inicio")]: seed.inicio }),
        ...(seed.cores.length === 0 ? {} : { [field("cores")]: seed.cores }),
        ...(seed.local === null ? {} : { [field("local")]: seed.local }),
        [field("itens")]: seed.itens.map((item) => ({ [field("peso")]: item.peso })),
      },
      clientCreatedAt: seed.createdAt,
    })),
  );
  if (result.results.some((r) => r.status !== "created")) throw new Error(JSON.stringify(result.results));
  await db.execute(
    sql`update form_submissions set created_at = client_created_at, updated_at = client_created_at where application_id = ${created.application.id}::uuid`,
  );
  token = (await createTestApiToken(db, user.id, [{ applicationId: created.application.id, access: "read" }])).token;
  root = `/api/odata/applications/${created.application.id}/`;
}, 90_000);
afterAll(() => server.stop());

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(path, server.url), { headers: { authorization: `Bearer ${token}`, ...headers } });
}

interface Page {
  "@odata.count"?: number;
  "@odata.nextLink"?: string;
  value: Record<string, unknown>[];
}

async function page(path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await get(path, headers);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text) as Page;
}

/** Every entity, following next links. */
async function readAll(path: string, prefer?: string): Promise<Record<string, unknown>[]> {
  const entities: Record<string, unknown>[] = [];
  let next: string | undefined = path;
  while (next) {
    const body: Page = await page(next, prefer ? { prefer } : {});
    entities.push(...body.value);
    next = body["@odata.nextLink"];
  }
  return entities;
}

const records = (query: string) => `${root}Records?${query}`;
const filtered = (filter: string) => records(`$filter=${encodeURIComponent(filter)}`);

/** The names of the records the filter selects, in feed order (oldest first). */
async function names(filter: string): Promise<string[]> {
  return (await readAll(filtered(filter))).map((entity) => String(entity.nome));
}

/** The seeds' names that satisfy `test`, oldest first. */
function expected(test: (seed: Seed) => boolean): string[] {
  return SEEDS.filter(test)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((seed) => seed.nome);
}

async function refusal(path: string): Promise<{ status: number; code: string; message: string; target: string[] }> {
  const response = await get(path);
  expect(response.headers.get("odata-version")).toBe("4.0");
  const body = (await response.json()) as {
    error: { code: string; message: string; details?: { target: string }[] };
  };
  return {
    status: response.status,
    code: body.error.code,
    message: body.error.message,
    target: (body.error.details ?? []).map((detail) => detail.target),
  };
}

describe("$filter on form fields and system fields", () => {
  it("compares numbers, texts, booleans and dates by their type", async () => {
    expect(await names("idade ge 34")).toEqual(expected((s) => s.idade !== null && s.idade >= 34));
    expect(await names("idade gt 18 and idade lt 34.0")).toEqual(["Eli"]);
    expect(await names("idade le 18.5")).toEqual(["Eli"]);
    expect(await names("idade ne 34")).toEqual(expected((s) => s.idade !== 34));
    expect(await names("ativo")).toEqual(expected((s) => s.ativo === true));
    expect(await names("ativo eq false")).toEqual(expected((s) => s.ativo === false));
    expect(await names("visita lt 2025-04-01")).toEqual(["Eli", "Ana Souza"]);
    expect(await names("nome eq 'Bruno O''Neil'")).toEqual(["Bruno O'Neil"]);
    expect(await names("cores eq 'Azul; Verde'")).toEqual(["Bruno O'Neil"]);
  });

  it("joins with and, or, not and parentheses, and reads null as OData does", async () => {
    expect(await names("(idade eq 34 or idade eq 51) and not ativo")).toEqual(["Bruno O'Neil"]);
    expect(await names("idade eq 34 or idade eq 51 and not ativo")).toEqual(
      expected((s) => s.idade === 34 || s.nome.startsWith("Bruno")),
    );
    expect(await names("idade eq null")).toEqual(["carla ana"]);
    expect(await names("null ne idade")).toEqual(expected((s) => s.idade !== null));
    expect(await names("not (idade gt 30)")).toEqual(expected((s) => !(s.idade !== null && s.idade > 30)));
  });

  it("runs the text functions, case-sensitive unless tolower/toupper says otherwise", async () => {
    expect(await names("contains(nome,'ana')")).toEqual(["carla ana"]);
    expect(await names("contains(tolower(nome),'ana')")).toEqual(expected((s) => s.nome.toLowerCase().includes("ana")));
    expect(await names("startswith(toupper(nome),'B') or endswith(nome,'ra')")).toEqual(
      expected((s) => s.nome.startsWith("B") || s.nome.endsWith("ra")),
    );
    expect(await names("contains(cores,'Verde')")).toEqual(expected((s) => s.cores.includes("Verde")));
    expect(await names("length(nome) eq 3 or indexof(nome,'O''') eq 6")).toEqual(
      expected((s) => s.nome.length === 3 || s.nome.indexOf("O'") === 6),
    );
  });

  it("reads date parts: a collected instant in its own offset, the record's instants in UTC", async () => {
    expect(await names("year(visita) eq 2025 and month(visita) eq 3")).toEqual(["Eli", "Ana Souza"]);
    expect(await names("day(visita) eq 2")).toEqual(["Bruno O'Neil"]);
    // Ana began at 22:30 in São Paulo (01:30 UTC the next day); Dora at 10:00 in India.
    expect(await names("hour(inicio) ge 10")).toEqual(["Eli", "Ana Souza", "Dora"]);
    expect(await names("minute(inicio) eq 5 and second(inicio) eq 9")).toEqual(["Bruno O'Neil"]);
    expect(await names("date(inicio) eq 2025-03-15")).toEqual(["Ana Souza"]);
    expect(await names("hour(__createdAt) eq 1 and date(__createdAt) eq 2025-03-16")).toEqual(["Ana Souza"]);
    expect(await names("year(__createdAt) eq 2026")).toEqual(["Dora"]);
    expect(await names("inicio lt 2025-03-16T00:00:00Z")).toEqual(["Eli"]);
    expect(await names("inicio ge 2025-03-15T22:30:00-03:00 and inicio lt 2025-04-02T08:05:09.001Z")).toEqual([
      "Ana Souza",
      "Bruno O'Neil",
    ]);
    expect(await names("__createdAt lt now() and __createdAt ge 2025-12-31T20:59:59-03:00")).toEqual([
      "carla ana",
      "Dora",
    ]);
  });

  it("filters system fields: the id, the review state by its shown name, the location", async () => {
    expect(await names(`__id eq '${ids[3]}'`)).toEqual(["Dora"]);
    expect(await names(`__id eq ${ids[3]}`)).toEqual(["Dora"]);
    expect(await names("__reviewState eq 'Recebido'")).toHaveLength(SEEDS.length);
    expect(await names("__reviewState ne 'received'")).toEqual([]);
    expect(await names(`__submitterEmail eq '${email.toUpperCase()}'`)).toHaveLength(SEEDS.length);
  });

  it("answers 400 with a clear message when a literal does not fit the property", async () => {
    const cases: [string, RegExp][] = [
      ["idade eq 'trinta'", /Cannot compare idade \(Edm.Decimal\) with a text/],
      ["visita gt 2025-03-01T10:00:00Z", /Cannot compare visita \(Edm.Date\) with a DateTimeOffset/],
      ["nome lt 3", /Cannot compare nome \(Edm.String\) with a number/],
      ["visita eq 2025-02-29", /not a date/],
      ["idade", /not one/],
    ];
    for (const [filter, message] of cases) {
      const answer = await refusal(filtered(filter));
      expect(answer, filter).toMatchObject({ status: 400, code: "VALIDATION_FAILED", target: ["$filter"] });
      expect(answer.message, filter).toMatch(message);
    }
  });

  it("filters a repeat's entries by their record; their own properties answer 501", async () => {
    const entries = await readAll(`${root}Records_itens?$filter=${encodeURIComponent(`__recordId eq '${ids[0]}'`)}`);
    expect(entries.map((entry) => entry.peso)).toEqual([2, 5]);
    const count = await get(`${root}Records_itens/$count?$filter=${encodeURIComponent(`__recordId ne '${ids[0]}'`)}`);
    expect(await count.text()).toBe("1");
    const answer = await refusal(`${root}Records_itens?$filter=peso%20gt%201`);
    expect(answer).toMatchObject({ status: 501, code: "NOT_IMPLEMENTED", target: ["$filter"] });
    expect(answer.message).toMatch(/peso/);
  });
});

describe("$orderby", () => {
  const byAgeThenName = [...SEEDS].sort(
    (a, b) => (b.idade ?? -Infinity) - (a.idade ?? -Infinity) || a.nome.localeCompare(b.nome),
  );

  it("sorts on several keys, nulls first ascending and last descending", async () => {
    const desc = await readAll(records(`$orderby=${encodeURIComponent("idade desc,nome")}`));
    expect(desc.map((entity) => entity.nome)).toEqual(byAgeThenName.map((seed) => seed.nome));
    const asc = await readAll(records(`$orderby=${encodeURIComponent("idade asc, __createdAt desc")}`));
    expect(asc.map((entity) => entity.nome)).toEqual(["carla ana", "Eli", "Dora", "Ana Souza", "Bruno O'Neil"]);
    const byDate = await readAll(records(`$orderby=${encodeURIComponent("visita desc")}&$select=visita`));
    expect(byDate.map((entity) => entity.visita)).toEqual([
      "2026-01-20",
      "2025-04-02",
      "2025-03-15",
      "2025-03-01",
      null,
    ]);
  });

  it("pages a sorted set with next links: every record once, in order, with the filter and $top kept", async () => {
    const path = records(`$orderby=${encodeURIComponent("idade desc,nome")}&$count=true`);
    const pages: Page[] = [];
    let next: string | undefined = path;
    while (next) {
      const body: Page = await page(next, { prefer: "odata.maxpagesize=2" });
      pages.push(body);
      next = body["@odata.nextLink"];
    }
    expect(pages.map((p) => p.value.length)).toEqual([2, 2, 1]);
    expect(pages.every((p) => p["@odata.count"] === SEEDS.length)).toBe(true);
    expect(pages.flatMap((p) => p.value.map((entity) => entity.nome))).toEqual(byAgeThenName.map((s) => s.nome));
    const limited = await readAll(
      records(`$orderby=visita&$top=3&$filter=${encodeURIComponent("visita ne null")}`),
      "odata.maxpagesize=1",
    );
    expect(limited.map((entity) => entity.visita)).toEqual(["2025-03-01", "2025-03-15", "2025-04-02"]);
  });

  it("refuses a next link whose cursor does not fit the order", async () => {
    const first = await page(records("$orderby=idade"), { prefer: "odata.maxpagesize=1" });
    const link = new URL(first["@odata.nextLink"] ?? "");
    link.searchParams.delete("$orderby");
    const answer = await refusal(`${link.pathname}${link.search}`);
    expect(answer).toMatchObject({ status: 400, target: ["$skiptoken"] });
  });
});

describe("$count", () => {
  it("answers the number as text under /$count, honouring $filter and not $top", async () => {
    const all = await get(`${root}Records/$count`);
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(all.headers.get("odata-version")).toBe("4.0");
    expect(await all.text()).toBe(String(SEEDS.length));
    const filter = encodeURIComponent("idade ge 34");
    const some = await get(`${root}Records/$count?$filter=${filter}&$top=1`);
    expect(await some.text()).toBe("3");
    expect((await page(records(`$filter=${filter}&$count=true&$top=1`)))["@odata.count"]).toBe(3);
    expect((await get(`${root}Records_itens/$count`)).status).toBe(200);
    expect((await refusal(`${root}Records/$value`)).status).toBe(404);
    expect((await refusal(`${root}Records/$count?$filter=idade%20eq%20'x'`)).status).toBe(400);
  });
});

describe("locations", () => {
  it("are Edm.GeographyPoint in $metadata and GeoJSON points with numbers in the JSON", async () => {
    const xml = await (await get(`${root}$metadata`)).text();
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml) as {
      "edmx:Edmx": {
        "edmx:DataServices": { Schema: { EntityType: { Name: string; Property: { Name: string; Type: string }[] }[] } };
      };
    };
    const record = parsed["edmx:Edmx"]["edmx:DataServices"].Schema.EntityType.find((type) => type.Name === "Record");
    expect(record?.Property.find((property) => property.Name === "local")?.Type).toBe("Edm.GeographyPoint");
    const body = await page(records("$select=nome,local"));
    expect(body.value).toEqual(
      [...SEEDS]
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((seed) => ({
          nome: seed.nome,
          local:
            seed.local === null
              ? null
              : {
                  type: "Point",
                  coordinates: [seed.local.longitude, seed.local.latitude],
                  properties: { accuracy: seed.local.accuracy ?? null },
                },
        })),
    );
    expect((await refusal(filtered("local eq null"))).status).toBe(501);
  });
});

describe("an independent OData client", () => {
  it("counts, filters and sorts through @odata/client as it writes the URLs", async () => {
    const client = OData.New4({
      serviceEndpoint: `${server.url}${root}`,
      commonHeaders: { authorization: `Bearer ${token}` },
    });
    const set = client.getEntitySet<{ nome: string; idade: number | null }>("Records");
    expect(await set.count()).toBe(SEEDS.length);
    expect(await set.count(client.newFilter().property("idade").ge(34))).toBe(3);
    const found = await set.query(
      client
        .newParam()
        .filter(client.newFilter().property("idade").ge(34).property("ativo").eq(true))
        .orderby("nome", "desc")
        .select(["nome", "idade"]),
    );
    expect(found).toEqual([
      { nome: "Dora", idade: 34 },
      { nome: "Ana Souza", idade: 34 },
    ]);
  });
});

describe("versions and formats", () => {
  it("answers OData 4.0 to a 4.0 or newer client, and 400 to one that accepts only an older version", async () => {
    const accepted: Record<string, string>[] = [
      {},
      { "odata-maxversion": "4.0" },
      { "odata-maxversion": "4.01", "odata-version": "4.0" },
      // Power BI and Excel also send OData v3's header: not ours to refuse.
      { "odata-maxversion": "4.0", maxdataserviceversion: "3.0" },
    ];
    for (const headers of accepted) {
      const response = await get(records("$top=1&$format=json"), headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.headers.get("odata-version")).toBe("4.0");
    }
    for (const [header, value] of [
      ["odata-maxversion", "3.0"],
      ["odata-version", "2.0"],
      ["odata-maxversion", "four"],
    ] as const) {
      const response = await get(records(""), { [header]: value });
      expect(response.status, `${header}: ${value}`).toBe(400);
      expect(response.headers.get("odata-version")).toBe("4.0");
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(/OData-(Max)?Version/);
    }
  });

  it("answers 501 naming each option or construct the feed does not do", async () => {
    const cases: [string, string, RegExp][] = [
      [records("$expand=*"), "$expand", /\$expand/],
      [records("$apply=aggregate(idade with sum as total)"), "$apply", /\$apply/],
      [records("$search=ana"), "$search", /\$search/],
      [filtered("idade add 1 gt 30"), "$filter", /Arithmetic \(add\)/],
      [filtered("itens/any(i: i/peso gt 1)"), "$filter", /Lambda operators \(any\)/],
      [filtered("cores has 'Azul'"), "$filter", /has operator/],
      [filtered("idade in (34, 51)"), "$filter", /in operator/],
      [records(`$orderby=${encodeURIComponent("idade mul 2")}`), "$orderby", /Arithmetic \(mul\)/],
    ];
    for (const [path, target, message] of cases) {
      const answer = await refusal(path.replace(/ /g, "%20"));
      expect(answer, path).toMatchObject({ status: 501, code: "NOT_IMPLEMENTED" });
      expect(answer.target).toContain(target);
      expect(answer.message).toMatch(message);
    }
  });
});
