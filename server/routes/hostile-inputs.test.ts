/**
 * An attacker's inputs against what the last sessions added: line and area answers, the new expression functions,
 * hostile XLSForm workbooks, the public link endpoints and the offline-area routes. Every probe must end in a clear,
 * translated 4xx or a per-record rejection, never a 5xx, and must change nothing it was refused for.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, attachments, formSubmissions, offlineAreas } from "../db/schema/index.ts";
import type { HttpClient } from "../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import ExcelJS from "exceljs";
import { buildXlsx } from "../test-support/xlsform-books.ts";
import { readZipEntries, writeZip } from "../test-support/zip-bomb.ts";
import {
  createApplicationVia,
  signUpAs,
  subscribe,
  TRUST_PROXY_ENV,
} from "../test-support/fixtures/application-fixtures.ts";
import { pngBytes, record, sync } from "../test-support/fixtures/sync-fixtures.ts";
import { createLink, freshAddress, Visitor, visitorRecord } from "../test-support/fixtures/public-link-fixtures.ts";
import { GEOMETRY_VERTICES_MAX } from "../../shared/geo/geometry-answer.ts";
import { OFFLINE_AREAS_MAX } from "../../shared/map/offline-area.ts";
import { XLSFORM_MAX_BYTES } from "../../shared/xlsform/xlsform-issues.ts";

interface ErrorBody {
  error: { code: string; message: string };
}

describe("hostile inputs", () => {
  let server: TestServer;
  let owner: HttpClient;
  let appId: string;
  const ids = new Map<string, string>();
  const id = (name: string) => ids.get(name) ?? "";
  const db = () => server.context.database.db;
  const stored = async (recordId: string) =>
    db().select().from(formSubmissions).where(eq(formSubmissions.id, recordId));

  /** A translated error: the catalogue's code and a message in the caller's language, not an internal one. */
  async function refusal(response: Response): Promise<ErrorBody["error"]> {
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toMatch(/^[A-Z_]+$/);
    expect(body.error.message.length).toBeGreaterThan(0);
    return body.error;
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, PUBLIC_LINK_POW_BITS: "4" } });
    owner = server.client();
    const { id: ownerId } = await signUpAs(owner, "atacante-alvo@campo.test");
    await subscribe(db(), ownerId, "premium");
    const created = await createApplicationVia(owner, {
      name: "Alvo",
      visibility: "team",
      active: true,
      fields: [
        { fieldType: "text", label: "Nome", name: "nome", position: 0, config: {} },
        { fieldType: "line", label: "Trilha", name: "trilha", position: 1, config: {} },
        { fieldType: "area", label: "Talhão", name: "talhao", position: 2, config: {} },
        { fieldType: "number", label: "Base", name: "base", position: 3, config: {} },
        {
          fieldType: "calculation",
          label: "Potência",
          name: "potencia",
          position: 4,
          config: { calculation: "pow(${base}, ${base})" },
        },
        { fieldType: "repeat", label: "Itens", name: "itens", position: 5, config: {} },
        { fieldType: "text", label: "Item", name: "item", parentName: "itens", position: 6, config: {} },
        {
          fieldType: "calculation",
          label: "Lista",
          name: "lista",
          position: 7,
          config: { calculation: "join(',', ${item})" },
        },
        {
          fieldType: "text",
          label: "Código",
          name: "codigo",
          position: 8,
          config: { constraint: "regex(., '^(a+)+$')" },
        },
      ],
    });
    appId = created.application.id;
    for (const field of created.fields) ids.set(field.name, field.id);
  });
  afterAll(() => server.stop());

  describe("line and area answers", () => {
    const ring = (count: number) => {
      const points = Array.from({ length: count }, (_, index) => {
        const angle = (2 * Math.PI * index) / count;
        return [-47 + 0.01 * Math.cos(angle), -15 + 0.01 * Math.sin(angle)];
      });
      return [...points, points[0]];
    };

    it.each([
      [
        "a bow tie (self-intersecting)",
        {
          type: "Polygon",
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [1, 0],
              [0, 1],
              [0, 0],
            ],
          ],
        },
      ],
      [
        "an open ring",
        {
          type: "Polygon",
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [1, 0],
            ],
          ],
        },
      ],
      ["a ring with holes", { type: "Polygon", coordinates: [ring(4), ring(4)] }],
      [
        "a string where a number goes",
        {
          type: "Polygon",
          coordinates: [
            [
              ["NaN", 0],
              [1, 1],
              [1, 0],
              ["NaN", 0],
            ],
          ],
        },
      ],
      [
        "coordinates out of range",
        {
          type: "Polygon",
          coordinates: [
            [
              [0, 0],
              [1e308, 1],
              [1, 0],
              [0, 0],
            ],
          ],
        },
      ],
      ["a geometry collection", { type: "GeometryCollection", geometries: [] }],
      ["deeply nested arrays", { type: "Polygon", coordinates: JSON.parse(`${"[".repeat(500)}0${"]".repeat(500)}`) }],
      ["too many vertices", { type: "Polygon", coordinates: [ring(GEOMETRY_VERTICES_MAX + 1)] }],
    ])("rejects %s as the area's answer, storing nothing", async (_, area) => {
      const sent = record({ applicationId: appId, answers: { [id("talhao")]: area } });
      const { status, results } = await sync(owner, [sent]);
      expect(status).toBe(200);
      expect(results[0]).toMatchObject({ status: "rejected", reason: "invalid_answers" });
      // The area's own error, or (answers nested past what any form holds) the record's.
      const result = results[0];
      expect(Object.keys(result?.errors ?? {}).join() === id("talhao") || result?.formError !== undefined).toBe(true);
      expect(await stored(sent.id)).toEqual([]);
    });

    it("takes the largest area allowed, and rejects a line of a million vertices alone", async () => {
      const largest = record({
        applicationId: appId,
        answers: { [id("talhao")]: { type: "Polygon", coordinates: [ring(GEOMETRY_VERTICES_MAX)] } },
      });
      const line = { type: "LineString", coordinates: Array.from({ length: 1_000_000 }, () => [-47.1, -15.1]) };
      const huge = record({ applicationId: appId, answers: { [id("trilha")]: line } });
      const { status, results } = await sync(owner, [largest, huge]);
      expect(status).toBe(200);
      expect(results.map((result) => result.status)).toEqual(["created", "rejected"]);
      expect(await stored(huge.id)).toEqual([]);
    });

    it("rejects NaN and Infinity, which JSON cannot carry, as a malformed body", async () => {
      const text = `{"records":[{"id":"${randomUUID()}","applicationId":"${appId}","answers":{"${id("trilha")}":{"type":"LineString","coordinates":[[NaN,0],[Infinity,1]]}}}]}`;
      const response = await owner.request("/api/sync", {
        method: "POST",
        body: text,
        headers: { "content-type": "application/json" },
      });
      expect((await refusal(response)).code).toBe("MALFORMED_JSON");
    });
  });

  describe("expression functions", () => {
    it.each([
      ["pow over the largest numbers", { [id("base")]: 1e308 }],
      ["pow of a negative base to a fraction", { [id("base")]: -0.5 }],
      [
        "join over a big repeat",
        { [id("itens")]: Array.from({ length: 2000 }, (_, i) => ({ [id("item")]: `x${i}` })) },
      ],
      ["a catastrophic-backtracking regex input", { [id("codigo")]: `${"a".repeat(5000)}!` }],
    ])("answers %s per record, never failing the request", async (_, answers) => {
      const sent = record({ applicationId: appId, answers: { [id("nome")]: "n", ...answers } });
      const { status, results } = await sync(owner, [sent]);
      expect(status).toBe(200);
      expect(["created", "rejected"]).toContain(results[0]?.status);
    });

    it.each([
      ["deep nesting", `${"(".repeat(5000)}1${")".repeat(5000)}`],
      ["a huge power tower", `pow(pow(pow(10, 308), 308), 308)`],
      ["random() in a constraint-free calculation", "random() * 1e308"],
      ["date() of nonsense", "date('99999-99-99') + date(1e308)"],
      ["an unknown function", "eval('1')"],
    ])("saves or refuses a calculation with %s, never a 5xx", async (_, calculation) => {
      const response = await owner.post("/api/applications", {
        name: `Expressão ${randomUUID().slice(0, 6)}`,
        visibility: "team",
        active: true,
        fields: [{ fieldType: "calculation", label: "C", name: "c", position: 0, config: { calculation } }],
      });
      if (response.status === 201) {
        const { application } = (await response.json()) as { application: { id: string } };
        const sent = record({ applicationId: application.id, answers: {} });
        expect((await sync(owner, [sent])).status).toBe(200);
      } else await refusal(response);
    });
  });

  describe("XLSForm workbooks", () => {
    const importBook = (bytes: Uint8Array) => {
      const body = new FormData();
      const type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
      body.set("file", new File([new Uint8Array(bytes)], "hostil.xlsx", { type }));
      return owner.request("/api/applications/import/xlsform", { method: "POST", body });
    };

    it("refuses a sheet of a million rows with a translated error, creating nothing", async () => {
      const before = await db().select({ id: applications.id }).from(applications);
      const template = readZipEntries(await buildXlsx({ survey: [["type", "name", "label"]] }));
      // A thousand blocks of a thousand identical rows: 110 MB of XML in an upload small enough to be read.
      const row = `<row><c t="inlineStr"><is><t>text</t></is></c><c t="inlineStr"><is><t>q</t></is></c></row>`;
      const block = Buffer.from(row.repeat(1_000));
      const sheet = [
        Buffer.from(
          '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
        ),
        Buffer.from(
          `<row r="1"><c r="A1" t="inlineStr"><is><t>type</t></is></c><c r="B1" t="inlineStr"><is><t>name</t></is></c></row>`,
        ),
        ...Array.from({ length: 1_000 }, () => block),
        Buffer.from("</sheetData></worksheet>"),
      ];
      const book = await writeZip(
        template.map(({ name, data }) => ({ name, chunks: name === "xl/worksheets/sheet1.xml" ? sheet : [data] })),
        null,
        "repeats",
      );
      expect(book.length).toBeLessThan(XLSFORM_MAX_BYTES);
      const error = await refusal(await importBook(book));
      expect(error).toMatchObject({
        code: "XLSFORM_INVALID",
        details: { issues: [{ key: "xlsform:issues.tooLarge" }] },
      });
      expect(await db().select({ id: applications.id }).from(applications)).toHaveLength(before.length);
    });

    it("reads formula cells by their cached value, or refuses them, never running them", async () => {
      const workbook = new ExcelJS.Workbook();
      const survey = workbook.addWorksheet("survey");
      survey.addRow(["type", "name", "label"]);
      survey.addRow(["text", { formula: 'CONCAT("no","me")', result: "nome" }, "Nome"]);
      survey.addRow(["text", "site", { formula: 'HYPERLINK("http://intruso.test","Clique")', result: "Clique" }]);
      survey.addRow(["calculate", "conta", { formula: "1/0", result: { error: "#DIV/0!" } }]);
      const response = await importBook(new Uint8Array(await workbook.xlsx.writeBuffer()));
      if (response.status !== 201) await refusal(response);
      else expect(await response.text()).not.toContain("intruso.test");
    });
  });

  describe("public link endpoints", () => {
    it("answers every malformed or guessed token alike, 404 without a hint", async () => {
      const tokens = ["x".repeat(32), "%00", "a".repeat(5000), "../../api/me", "' or 1=1 --".padEnd(20, "x")];
      const bodies = new Set<string>();
      for (const token of tokens) {
        const response = await server.client().request(`/api/public/links/${encodeURIComponent(token)}`, {
          headers: { "x-forwarded-for": freshAddress() },
        });
        expect(response.status).toBe(404);
        bodies.add(((await response.json()) as ErrorBody).error.code);
      }
      expect([...bodies]).toEqual(["PUBLIC_LINK_NOT_FOUND"]);
    });

    it("refuses a proof whose difficulty, time or link was changed", async () => {
      const link = await createLink(owner, appId);
      const guest = new Visitor(server.client(), link.token, freshAddress());
      const proof = await guest.solve();
      const [issued = "", random = "", , signature = "", nonce = ""] = proof.split(".");
      const forged = [
        `${issued}.${random}.0.${signature}.${nonce}`,
        `${Date.now() + 3_600_000}.${random}.4.${signature}.${nonce}`,
        `${proof}.extra`,
        "",
      ];
      for (const bad of forged) {
        const response = await guest.send([visitorRecord(appId, { [id("nome")]: "forjado" })], bad);
        expect((await refusal(response)).code).toBe("PROOF_OF_WORK_REQUIRED");
      }
      // A proof is bound to its link: another link's solved challenge opens nothing here.
      const other = await createLink(owner, appId);
      const elsewhere = await new Visitor(server.client(), other.token, freshAddress()).solve();
      expect((await refusal(await guest.upload(pngBytes("alheio"), {}, elsewhere))).code).toBe(
        "PROOF_OF_WORK_REQUIRED",
      );
      expect(await db().select().from(attachments).where(eq(attachments.publicLinkId, link.id))).toEqual([]);
    });
  });

  describe("offline areas", () => {
    const areas = `/api/applications/${"{id}"}/offline-areas`;
    const post = (body: unknown) => owner.post(areas.replace("{id}", appId), body);
    const bbox = { west: -47.1, south: -15.9, east: -47.0, north: -15.8 };

    it.each([
      ["an inverted box", { name: "x", bbox: { ...bbox, west: -47, east: -47.1 }, minZoom: 10, maxZoom: 12 }],
      [
        "the whole world at street zoom",
        { name: "x", bbox: { west: -180, south: -85, east: 180, north: 85 }, minZoom: 0, maxZoom: 18 },
      ],
      ["zoom past the maximum", { name: "x", bbox, minZoom: 10, maxZoom: 99 }],
      ["a NUL in the name", { name: "a\u0000b", bbox, minZoom: 10, maxZoom: 12 }],
      ["a huge name", { name: "n".repeat(100_000), bbox, minZoom: 10, maxZoom: 12 }],
      [
        "numbers as strings",
        { name: "x", bbox: { west: "-47.1", south: -15.9, east: -47, north: -15.8 }, minZoom: 10, maxZoom: 12 },
      ],
    ])("refuses %s, storing nothing", async (_, body) => {
      await refusal(await post(body));
      expect(await db().select().from(offlineAreas).where(eq(offlineAreas.applicationId, appId))).toEqual([]);
    });

    it("holds at most OFFLINE_AREAS_MAX areas an application, every phone listing them all", async () => {
      for (let index = 0; index < OFFLINE_AREAS_MAX; index++)
        expect((await post({ name: `Área ${index}`, bbox, minZoom: 10, maxZoom: 12 })).status).toBe(201);
      const extra = await post({ name: "Uma a mais", bbox, minZoom: 10, maxZoom: 12 });
      expect((await refusal(extra)).code).toBe("OFFLINE_AREAS_LIMIT_REACHED");
      expect(extra.status).toBe(409);
      const kept = await db().select().from(offlineAreas).where(eq(offlineAreas.applicationId, appId));
      expect(kept).toHaveLength(OFFLINE_AREAS_MAX);
    });
  });

  describe("OData query options", () => {
    const feed = (query: string) => `/api/odata/applications/${appId}/Records?${query}`;
    const nest = (depth: number, inner: string) => `${"(".repeat(depth)}${inner}${")".repeat(depth)}`;
    const token = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    const instant = "2026-01-01 00:00:00+00";

    beforeAll(async () => {
      const result = await sync(owner, [record({ applicationId: appId, answers: { [id("nome")]: "Alvo" } })]);
      expect(result.results[0]?.status).toBe("created");
    });

    it.each([
      ["a 5,000-character filter", `$filter=${encodeURIComponent(`nome eq '${"x".repeat(5000)}'`)}`],
      ["nesting 1,500 deep", `$filter=${nest(1500, "base eq 1")}`],
      ["a thousand nots", `$filter=${encodeURIComponent(`${"not ".repeat(1000)}(base eq 1)`)}`],
      ["a NUL inside a text", `$filter=${encodeURIComponent("nome eq 'a\u0000b'")}`],
      ["a year-zero instant", `$filter=${encodeURIComponent("__createdAt gt 0000-01-01T00:00:00Z")}`],
      ["an exponent past numeric", `$filter=${encodeURIComponent("base gt 1e-20000")}`],
      ["an injected quote", `$filter=${encodeURIComponent("nome eq 'x' or 1 eq 1 --'")}`],
      ["nine sort keys", `$orderby=${Array(9).fill("base").join(",")}`],
      [
        "a forged sort cursor (a text as a number)",
        `$orderby=base&$skiptoken=${token([instant, randomUUID(), ["abc"]])}`,
      ],
      ["a forged creation cursor (month 13)", `$skiptoken=${token(["2026-13-01 00:00:00+00", randomUUID()])}`],
    ])("refuses %s with a 4xx", async (_, query) => {
      await refusal(await owner.get(feed(query)));
    });

    it.each([
      ["an injection inside a text", `nome eq 'x'' or ''1''=''1'`],
      ["a substring past every integer", "substring(nome, 99999999999999999999) eq ''"],
      ["huge numbers", `base lt ${"9".repeat(1000)} and length(nome) lt 1e300`],
      ["an inner repeat's count and a calculation", "itens eq 0 and potencia ne null"],
    ])("answers %s without a 5xx", async (_, filter) => {
      const response = await owner.get(feed(`$filter=${encodeURIComponent(filter)}`));
      expect(response.status).toBe(200);
      await response.json();
    });

    it("answers a forged cursor of the right type as a page, never a 5xx", async () => {
      const response = await owner.get(
        feed(`$orderby=nome desc&$skiptoken=${token([instant, randomUUID(), ["'; drop"]])}`),
      );
      expect(response.status).toBe(200);
    });
  });
});
