import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formFields } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  BROKEN_CASCADING_FORM,
  BROKEN_CASCADING_ISSUE,
  buildXlsx,
  HOUSEHOLD_FIELDS,
  HOUSEHOLD_SURVEY,
  SKIP_LOGIC_FORM,
} from "../../test-support/xlsform-books.ts";
import { xlsxBomb } from "../../test-support/zip-bomb.ts";
import { buildXls } from "../../test-support/xls-books.ts";
import { readXlsFormBook } from "../../services/xlsform/xlsform-sheets.ts";
import { XLSFORM_IMPORT_RATE_LIMIT } from "./xlsform.ts";
import type { XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import { XLSFORM_MAX_BYTES } from "../../../shared/xlsform/xlsform-issues.ts";
import {
  applicationForm,
  createApplicationVia,
  signUpAs,
  tableCounts,
  TRUST_PROXY_ENV,
  type ApplicationResponse,
  type FieldDto,
} from "../../test-support/fixtures/application-fixtures.ts";

const IMPORT = "/api/applications/import/xlsform";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function upload(client: HttpClient, bytes: Uint8Array, name = "form.xlsx", applicationName?: string) {
  const body = new FormData();
  body.set("file", new File([new Uint8Array(bytes)], name, { type: XLSX }));
  if (applicationName !== undefined) body.set("name", applicationName);
  return client.request(IMPORT, { method: "POST", body });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; details?: unknown } }).error;
}

describe("XLSForm API", () => {
  let server: TestServer;
  let owner: HttpClient;
  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    await signUpAs(owner, "xlsform-owner@campo.test");
  });
  afterAll(() => server.stop());

  it("creates the application of a clean XLSForm, its fields in order, the owner's like any other", async () => {
    const response = await upload(owner, await buildXlsx(HOUSEHOLD_SURVEY));
    expect(response.status).toBe(201);
    const created = (await response.json()) as ApplicationResponse;
    expect(created.application).toMatchObject({ name: "Household survey", role: "owner" });
    const detail = (await (
      await owner.get(`/api/applications/${created.application.id}`)
    ).json()) as ApplicationResponse;
    expect(detail.fields.map((field: FieldDto) => [field.name, field.fieldType, field.parentName])).toEqual(
      HOUSEHOLD_FIELDS,
    );
  });

  it("renames names with a hyphen or a period, their references following, and says which", async () => {
    const response = await upload(
      owner,
      await buildXlsx({
        survey: [
          ["type", "name", "label", "relevant"],
          ["integer", "label-test", "Count", null],
          ["text", "why.not", "Why?", "${label-test} = 0"],
        ],
        settings: [["form_title"], ["Hyphenated names"]],
      }),
    );
    expect(response.status).toBe(201);
    const created = (await response.json()) as ApplicationResponse & { importNotes: unknown };
    const renamed = (row: number, from: string, to: string) => ({
      sheet: "survey",
      row,
      column: "name",
      key: "xlsform:issues.fieldRenamed",
      params: { from, to },
    });
    expect(created.importNotes).toEqual([renamed(2, "label-test", "label_test"), renamed(3, "why.not", "why_not")]);
    expect(created.fields.map((field: FieldDto) => [field.name, field.config.relevant])).toEqual([
      ["label_test", undefined],
      ["why_not", "${label_test} = 0"],
    ]);
  });

  it("cuts a form_title too long for an application name at a word, and says which title it had", async () => {
    const title = `Rapid Assessment of Older People (RAM-OP) ${"survey of needs ".repeat(6)}`.trim();
    const response = await upload(
      owner,
      await buildXlsx({
        survey: [
          ["type", "name", "label"],
          ["text", "a", "A"],
        ],
        settings: [["form_title"], [title]],
      }),
    );
    expect(response.status).toBe(201);
    const created = (await response.json()) as ApplicationResponse & { importNotes: XlsFormIssue[] };
    expect(created.importNotes).toEqual([
      {
        sheet: "settings",
        row: 2,
        column: "form_title",
        key: "xlsform:issues.titleShortened",
        params: { max: "120", title },
      },
    ]);
    expect(created.application.name).toBe(title.slice(0, created.application.name.length));
    expect(created.application.name.length).toBeLessThanOrEqual(120);
    expect(title[created.application.name.length]).toBe(" ");
  });

  it("answers 400 with every located issue and creates nothing when the file does not translate", async () => {
    const before = await tableCounts(server.context.database.db);
    const response = await upload(owner, await buildXlsx(BROKEN_CASCADING_FORM));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: "XLSFORM_INVALID",
      details: {
        issues: [BROKEN_CASCADING_ISSUE],
      },
    });
    expect(await tableCounts(server.context.database.db)).toEqual(before);
  });

  it("refuses what is not an XLSForm with a translated error, never a 5xx", async () => {
    const notXlsx = await upload(owner, new TextEncoder().encode("type,name\ntext,a\n"), "form.csv");
    expect(notXlsx.status).toBe(400);
    expect(await errorOf(notXlsx)).toMatchObject({
      code: "XLSFORM_INVALID",
      details: { issues: [{ key: "xlsform:issues.unreadableFile" }] },
    });

    const noFile = await owner.request(IMPORT, { method: "POST", body: new FormData() });
    expect(noFile.status).toBe(400);
    expect((await errorOf(noFile)).code).toBe("VALIDATION_FAILED");

    const json = await owner.post(IMPORT, { file: "x" });
    expect(json.status).toBe(415);

    const huge = await upload(owner, new Uint8Array(XLSFORM_MAX_BYTES + 1));
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).code).toBe("FILE_TOO_LARGE");
  });

  it("follows the plan's application limit and unique names like creating in the designer", async () => {
    const client = server.client();
    await signUpAs(client, "xlsform-limit@campo.test");
    const first = await upload(client, await buildXlsx(SKIP_LOGIC_FORM));
    expect(first.status).toBe(201);
    const again = await upload(client, await buildXlsx(SKIP_LOGIC_FORM));
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("DUPLICATE_APPLICATION_NAME");
    for (const name of ["L2", "L3"]) await createApplicationVia(client, applicationForm(name));
    const fourth = await upload(client, await buildXlsx(HOUSEHOLD_SURVEY));
    expect(fourth.status).toBe(402);
    expect((await errorOf(fourth)).code).toBe("APPLICATION_LIMIT_REACHED");
  });

  it("imports a form whose name is taken under the name the importer chooses", async () => {
    const client = server.client();
    await signUpAs(client, "xlsform-rename@campo.test");
    const book = await buildXlsx(SKIP_LOGIC_FORM);
    expect((await upload(client, book)).status).toBe(201);

    const taken = await upload(client, book);
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toMatchObject({ code: "DUPLICATE_APPLICATION_NAME", details: { name: "Skip logic" } });
    const stillTaken = await upload(client, book, "form.xlsx", "SKIP LOGIC");
    expect(stillTaken.status).toBe(409);
    expect(await errorOf(stillTaken)).toMatchObject({ details: { name: "SKIP LOGIC" } });
    const blank = await upload(client, book, "form.xlsx", "   ");
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).code).toBe("VALIDATION_FAILED");

    const renamed = await upload(client, book, "form.xlsx", "  Skip logic (2) ");
    expect(renamed.status).toBe(201);
    const created = (await renamed.json()) as ApplicationResponse;
    expect(created.application.name).toBe("Skip logic (2)");
    expect(created.fields.map((field) => field.name)).toContain("has_children");
  });

  it("refuses a zip bomb whose declared sizes lie, creating nothing, while the server keeps answering", async () => {
    const client = server.client();
    await signUpAs(client, "xlsform-bomb@campo.test");
    // About 300 KB that unpacks to 300 MB while every header says 1 KB.
    const bomb = await xlsxBomb(await buildXlsx(SKIP_LOGIC_FORM), 300 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(XLSFORM_MAX_BYTES);
    const before = await tableCounts(server.context.database.db);

    const pending = upload(client, bomb);
    expect((await client.get("/api/health")).status).toBe(200);
    const response = await pending;
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: "XLSFORM_INVALID",
      details: { issues: [{ key: "xlsform:issues.tooLarge", params: { megabytes: 20 } }] },
    });
    expect(await tableCounts(server.context.database.db)).toEqual(before);
    expect((await client.get("/api/health")).status).toBe(200);
  });

  it("reads a large workbook (here 2 MB unpacked) in a worker thread and imports it", async () => {
    const client = server.client();
    await signUpAs(client, "xlsform-large@campo.test");
    const large = await xlsxBomb(await buildXlsx(SKIP_LOGIC_FORM), 2 * 1024 * 1024, null);
    const response = await upload(client, large);
    expect(response.status).toBe(201);
    expect(((await response.json()) as ApplicationResponse).application.name).toBe("Skip logic");
  });

  it("limits each user's imports: 429 with Retry-After and the catalogue's code, other users unaffected", async () => {
    const client = server.client();
    await signUpAs(client, "xlsform-rate@campo.test");
    for (let attempt = 0; attempt < XLSFORM_IMPORT_RATE_LIMIT.max; attempt += 1)
      expect((await client.request(IMPORT, { method: "POST", body: new FormData() })).status).toBe(400);
    const refused = await upload(client, await buildXlsx(HOUSEHOLD_SURVEY));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await errorOf(refused)).code).toBe("RATE_LIMITED");

    const other = server.client();
    await signUpAs(other, "xlsform-rate-other@campo.test");
    expect((await upload(other, await buildXlsx(HOUSEHOLD_SURVEY))).status).toBe(201);
  });

  it("asks a signed-in user: anonymous callers get 401", async () => {
    const response = await upload(server.client(), await buildXlsx(HOUSEHOLD_SURVEY));
    expect(response.status).toBe(401);
  });

  it("exports an application's form as an XLSForm that imports back as the same form", async () => {
    const client = server.client();
    await signUpAs(client, "xlsform-export@campo.test");
    const created = (await (await upload(client, await buildXlsx(SKIP_LOGIC_FORM))).json()) as ApplicationResponse;
    const exported = await client.get(`/api/applications/${created.application.id}/xlsform`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe(XLSX);
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Skip-logic-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const bytes = new Uint8Array(await exported.arrayBuffer());
    expect((await readXlsFormBook(bytes)).settings?.rows[0]?.cells.get("version")).toBe("1");

    await client.delete(`/api/applications/${created.application.id}`);
    const reimported = (await (await upload(client, bytes)).json()) as ApplicationResponse;
    const strip = (fields: FieldDto[]) =>
      fields.map(({ fieldType, name, label, parentName, position, config }) => ({
        fieldType,
        name,
        label,
        parentName,
        position,
        config,
      }));
    expect(reimported.application.name).toBe("Skip logic");
    expect(strip(reimported.fields)).toEqual(strip(created.fields));
  });

  it("answers a translated 409, never a 5xx, when the stored form no longer passes its analysis", async () => {
    const client = server.client();
    await signUpAs(client, "xlsform-broken@campo.test");
    const created = (await (await upload(client, await buildXlsx(SKIP_LOGIC_FORM))).json()) as ApplicationResponse;
    const [first] = created.fields;
    if (!first) throw new Error("no field");
    await server.context.database.db
      .update(formFields)
      .set({ config: { ...first.config, relevant: "${nowhere} = 1" } })
      .where(eq(formFields.id, first.id));
    const exported = await client.get(`/api/applications/${created.application.id}/xlsform`);
    expect(exported.status).toBe(409);
    expect((await errorOf(exported)).code).toBe("XLSFORM_EXPORT_INVALID_FORM");
  });
});

describe("XLSForm API with legacy .xls files", () => {
  let server: TestServer;
  let owner: HttpClient;
  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    await signUpAs(owner, "xls-owner@campo.test");
  });
  afterAll(() => server.stop());

  const fieldsOf = async (response: Response) => {
    const created = (await response.json()) as ApplicationResponse;
    const detail = (await (
      await owner.get(`/api/applications/${created.application.id}`)
    ).json()) as ApplicationResponse;
    return {
      name: created.application.name,
      fields: detail.fields.map((f: FieldDto) => [f.name, f.fieldType, f.parentName]),
    };
  };

  it("creates the application of a clean .xls, named by its file when it has no title", async () => {
    const { settings: _settings, ...untitled } = HOUSEHOLD_SURVEY;
    const response = await upload(owner, buildXls(untitled), "Domicílios 2003.xls");
    expect(response.status).toBe(201);
    expect(await fieldsOf(response)).toEqual({ name: "Domicílios 2003", fields: HOUSEHOLD_FIELDS });
  });

  it("reads a large .xls (past the in-process size) in the worker thread", async () => {
    const padding = Array.from({ length: 3000 }, (_, row) =>
      Array.from({ length: 10 }, (_, column) => Math.PI * (row * 10 + column + 1)),
    );
    const bytes = buildXls({ ...HOUSEHOLD_SURVEY, notes: padding });
    expect(bytes.length).toBeGreaterThan(512 * 1024);
    const response = await upload(owner, bytes, "large.xls");
    expect(response.status).toBe(201);
    expect((await fieldsOf(response)).fields).toEqual(HOUSEHOLD_FIELDS);
  });

  it("reports what does not translate at its sheet, row and column, and creates nothing", async () => {
    const before = await tableCounts(server.context.database.db);
    const response = await upload(
      owner,
      buildXls({
        survey: [
          ["type", "name", "label"],
          ["text", "a", "A"],
          ["xml-external l", "b", "B"],
        ],
      }),
      "form.xls",
    );
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: "XLSFORM_INVALID",
      details: {
        issues: [
          {
            sheet: "survey",
            row: 3,
            column: "type",
            key: "xlsform:issues.unsupportedType",
            params: { type: "xml-external l" },
          },
        ],
      },
    });
    expect(await tableCounts(server.context.database.db)).toEqual(before);
  });

  it("asks to save as .xlsx an .xls older than Excel 97", async () => {
    const before = await tableCounts(server.context.database.db);
    const response = await upload(owner, buildXls(HOUSEHOLD_SURVEY, { excel95: true }), "old.xls");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: "XLSFORM_INVALID",
      details: { issues: [{ sheet: null, row: null, column: null, key: "xlsform:issues.legacyXls" }] },
    });
    expect(await tableCounts(server.context.database.db)).toEqual(before);
  });
});
