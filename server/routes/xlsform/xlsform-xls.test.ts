import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { buildXls } from "../../test-support/xls-books.ts";
import { HOUSEHOLD_FIELDS, HOUSEHOLD_SURVEY } from "../../test-support/xlsform-books.ts";
import {
  signUpAs,
  tableCounts,
  TRUST_PROXY_ENV,
  type ApplicationResponse,
  type FieldDto,
} from "../applications/test-fixtures.ts";

const IMPORT = "/api/applications/import/xlsform";

function upload(client: HttpClient, bytes: Uint8Array, name: string) {
  const body = new FormData();
  body.set("file", new File([new Uint8Array(bytes)], name, { type: "application/vnd.ms-excel" }));
  return client.request(IMPORT, { method: "POST", body });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; details?: unknown } }).error;
}

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
          ["select_one_external l", "b", "B"],
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
            params: { type: "select_one_external l" },
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
