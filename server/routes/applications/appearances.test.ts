import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { SyncBatchResult } from "../../../shared/submissions/sync-schemas.ts";
import { createApplicationVia, signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";

/** Issue 24 over HTTP: the form's language is kept, and sync checks or_other and month-year answers. */
describe("appearances through the API", () => {
  let server: TestServer;
  let owner: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    await signUpAs(owner, "dona@aparencias.test");
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("keeps the language, or_other and appearances, and validates the answers they shape on sync", async () => {
    const created = await createApplicationVia(owner, {
      name: "Safra",
      visibility: "team",
      active: true,
      language: "en",
      fields: [
        {
          fieldType: "single_choice",
          name: "crop",
          label: "Crop",
          position: 0,
          config: { options: ["Maize"], orOther: true, appearance: "minimal quick" },
        },
        {
          fieldType: "text",
          name: "crop_other",
          label: "Other",
          position: 1,
          config: { relevant: "${crop} = 'other'" },
        },
        { fieldType: "date", name: "month", label: "Month", position: 2, config: { appearance: "month-year" } },
      ],
    });
    expect(created.application).toMatchObject({ language: "en" });
    const [crop, other, month] = created.fields;
    expect(crop?.config).toMatchObject({ orOther: true, appearance: "minimal quick" });
    const detail = await owner.get(`/api/applications/${created.application.id}`);
    expect(await detail.json()).toMatchObject({ application: { language: "en" } });

    const sync = async (answers: Record<string, unknown>) => {
      const response = await owner.post("/api/sync", {
        records: [
          {
            id: randomUUID(),
            clientCreatedAt: new Date().toISOString(),
            applicationId: created.application.id,
            answers,
          },
        ],
      });
      return ((await response.json()) as SyncBatchResult).results[0];
    };
    const ids = { crop: crop?.id ?? "", other: other?.id ?? "", month: month?.id ?? "" };
    expect(await sync({ [ids.crop]: "other", [ids.other]: "Beans", [ids.month]: "2026-05-01" })).toMatchObject({
      status: "created",
    });
    expect(await sync({ [ids.crop]: "Other" })).toMatchObject({
      status: "rejected",
      errors: { [ids.crop]: { key: "invalidOption" } },
    });
    expect(await sync({ [ids.month]: "2026-05-17" })).toMatchObject({
      status: "rejected",
      errors: { [ids.month]: { key: "invalidMonthYear" } },
    });
  });
});
