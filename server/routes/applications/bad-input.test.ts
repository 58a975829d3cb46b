import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  applicationForm,
  createApplicationVia,
  signUpAs,
  tableCounts,
  textField,
  TRUST_PROXY_ENV,
  type ApplicationResponse,
} from "../../test-support/fixtures/application-fixtures.ts";
import { MAX_FORM_BODY_BYTES } from "../../../shared/api/contracts/applications.ts";

interface BadInput {
  name: string;
  /** A JSON value to send, or a raw body with its content type. */
  body: unknown;
  raw?: { text: string; contentType: string };
  status: number;
  code: string;
  /** Expected field error key in the details, when validation names one. */
  detail?: string;
}

const BAD_INPUTS: BadInput[] = [
  {
    name: "an unknown field type",
    body: applicationForm("X", [{ fieldType: "hologram", label: "H", position: 0, config: {} }]),
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "unknownFieldType",
  },
  {
    name: "options that are not a list",
    body: applicationForm("X", [{ fieldType: "single_choice", label: "C", position: 0, config: { options: "a,b" } }]),
    status: 400,
    code: "VALIDATION_FAILED",
  },
  {
    name: "a choice without options",
    body: applicationForm("X", [{ fieldType: "multiple_choice", label: "C", position: 0, config: { options: [] } }]),
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "optionsRequired",
  },
  {
    name: "min greater than max",
    body: applicationForm("X", [
      { fieldType: "number", label: "N", position: 0, config: { minValue: 10, maxValue: 1 } },
    ]),
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "minGreaterThanMax",
  },
  {
    name: "a 10,000-character label",
    body: applicationForm("X", [textField("L".repeat(10_000))]),
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "labelTooLong",
  },
  {
    name: "an empty label",
    body: applicationForm("X", [textField("   ")]),
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "labelRequired",
  },
  {
    name: "a blank name",
    body: applicationForm("   "),
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "appNameRequired",
  },
  {
    name: "fields that are not a list",
    body: { ...applicationForm("X"), fields: { a: 1 } },
    status: 400,
    code: "VALIDATION_FAILED",
  },
  {
    name: "a script image URL",
    body: { ...applicationForm("X"), imageUrl: "javascript:alert(1)" },
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "invalidImageUrl",
  },
  {
    name: "a protocol-relative image URL",
    body: { ...applicationForm("X"), imageUrl: "//evil.example/x.png" },
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "invalidImageUrl",
  },
  {
    name: "a backslashed image URL",
    body: { ...applicationForm("X"), imageUrl: "/\\evil.example/x.png" },
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "invalidImageUrl",
  },
  {
    name: "an image URL on another site",
    body: { ...applicationForm("X"), imageUrl: "https://evil.example/x.png" },
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "invalidImageUrl",
  },
  { name: "a NUL in the name", body: applicationForm("a\u0000b"), status: 400, code: "VALIDATION_FAILED" },
  {
    name: "a lone surrogate in a label",
    body: applicationForm("X", [textField("\ud800x")]),
    status: 400,
    code: "VALIDATION_FAILED",
  },
  {
    name: "an unknown visibility",
    body: { ...applicationForm("X"), visibility: "public" },
    status: 400,
    code: "VALIDATION_FAILED",
  },
  { name: "a JSON array body", body: [1, 2], status: 400, code: "VALIDATION_FAILED" },
  {
    name: "a body past the form cap",
    body: applicationForm("X", [textField("L")], { description: "d".repeat(MAX_FORM_BODY_BYTES + 1) }),
    status: 413,
    code: "BODY_TOO_LARGE",
  },
  {
    name: "malformed JSON",
    body: undefined,
    raw: { text: '{"name": "X", fields: [', contentType: "application/json" },
    status: 400,
    code: "MALFORMED_JSON",
  },
  {
    name: "a form-encoded body",
    body: undefined,
    raw: { text: "name=X", contentType: "application/x-www-form-urlencoded" },
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
];

describe("bad application input changes nothing", () => {
  let server: TestServer;
  let owner: HttpClient;
  let existing: ApplicationResponse;
  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    await signUpAs(owner, "careful@campo.test");
    existing = await createApplicationVia(owner, applicationForm("Intacto", [textField("Campo")]));
  });
  afterAll(() => server.stop());

  function send(method: "POST" | "PUT", path: string, input: BadInput) {
    if (input.raw)
      return owner.request(path, { method, body: input.raw.text, headers: { "content-type": input.raw.contentType } });
    return owner.request(path, { method, json: input.body });
  }

  for (const method of ["POST", "PUT"] as const) {
    it.each(BAD_INPUTS)(`${method} with $name → $status $code`, async (input) => {
      const path = method === "POST" ? "/api/applications" : `/api/applications/${existing.application.id}`;
      const before = await tableCounts(server.context.database.db);
      const response = await send(method, path, input);
      expect(response.status).toBe(input.status);
      const body = (await response.json()) as { error: { code: string; details?: { message: string }[] } };
      expect(body.error.code).toBe(input.code);
      if (input.detail) expect(body.error.details?.map((detail) => detail.message)).toContain(input.detail);
      expect(await tableCounts(server.context.database.db)).toEqual(before);
      const current = (await (
        await owner.get(`/api/applications/${existing.application.id}`)
      ).json()) as ApplicationResponse;
      expect(current.application.name).toBe("Intacto");
      expect(current.fields.map((field) => field.label)).toEqual(["Campo"]);
    });
  }

  it("PUT without a fields list → 400, and the form keeps its fields (never emptied by omission)", async () => {
    const { fields: _omitted, ...withoutFields } = applicationForm("Intacto");
    const response = await owner.put(`/api/applications/${existing.application.id}`, withoutFields);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");
    const current = (await (
      await owner.get(`/api/applications/${existing.application.id}`)
    ).json()) as ApplicationResponse;
    expect(current.fields.map((field) => field.label)).toEqual(["Campo"]);
  });

  it("accepts an image path on this server", async () => {
    assert(existing.fields[0]);
    const response = await owner.put(`/api/applications/${existing.application.id}`, {
      ...applicationForm("Intacto", [{ ...textField("Campo"), id: existing.fields[0].id }]),
      imageUrl: "/uploads/logo.png",
    });
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as ApplicationResponse & { application: { imageUrl: string } }).application.imageUrl,
    ).toBe("/uploads/logo.png");
  });
});
