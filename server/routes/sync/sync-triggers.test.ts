import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { ownerWithForm, record, sync } from "../../test-support/fixtures/sync-fixtures.ts";

/** HOT's mapping forms in small: a site sets a name and a code when it changes, a width defaults to the last one. */
const FIELDS = [
  { fieldType: "single_choice" as const, label: "Site", name: "site", config: { options: ["North", "South"] } },
  {
    fieldType: "text" as const,
    label: "Name",
    name: "site_name",
    config: { trigger: "${site}", calculation: "concat('Site ', ${site})" },
  },
  {
    fieldType: "calculation" as const,
    label: "Code",
    name: "code",
    config: { trigger: "${site}", calculation: "string_length(${site})" },
  },
  { fieldType: "number" as const, label: "Width", name: "width", config: { defaultValue: "${last-saved#width}" } },
];

describe("sync of records whose form uses trigger and last-saved defaults", () => {
  let server: TestServer;
  let owner: HttpClient;
  let id: Record<string, string>;
  let applicationId: string;
  const stored = async (recordId: string) => {
    const [row] = await server.context.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, recordId));
    return row;
  };

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    ({ owner, applicationId, id } = await ownerWithForm(server, "gatilhos@campo.test", "Mapeamento", FIELDS));
  });
  afterAll(() => server.stop());

  it("stores what the triggers set, edited or not, instead of recomputing it", async () => {
    const answers = { [id.site!]: "South", [id.site_name!]: "Edited by hand", [id.code!]: "kept", [id.width!]: 3 };
    const sent = record({ applicationId, answers });
    const { status, results } = await sync(owner, [sent]);
    expect(status).toBe(200);
    expect(results).toEqual([{ id: sent.id, status: "created" }]);
    expect((await stored(sent.id))?.answers).toEqual(answers);
  });

  it("refuses a triggered value that is no value, like any answer", async () => {
    const sent = record({ applicationId, answers: { [id.site!]: "South", [id.code!]: { not: "a value" } } });
    const { results } = await sync(owner, [sent]);
    expect(results).toEqual([
      { id: sent.id, status: "rejected", reason: "invalid_answers", errors: { [id.code!]: { key: "invalidValue" } } },
    ]);
    expect(await stored(sent.id)).toBeUndefined();
  });
});
