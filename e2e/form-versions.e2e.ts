import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { applications, formFields } from "../server/db/schema/index.ts";
import { queryRows } from "../server/db/query-rows.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import type { ApplicationField } from "../shared/applications/application-dtos.ts";
import { startAppServer } from "./support/app-server.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import { openInstalledAppSignedIn, readOutbox } from "./support/field-collector.ts";
import { launchBrowser } from "./support/browser.ts";
import { signedInDesktopPage } from "./support/map-browser.ts";

const PASSWORD = "secret123";

/**
 * Issue 11, form versions: a phone holding an older version of the form keeps collecting offline while the form
 * changes on the server; its record syncs and is checked against the version it was collected with, and the next
 * time the phone loads the form online it takes the new version and says so.
 */
describe("form versions on an installed phone", () => {
  let server: TestServer;
  const contexts: BrowserContext[] = [];
  const profiles: string[] = [];

  beforeAll(async () => {
    server = await startAppServer();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await server?.stop();
    for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
  });

  it("collects offline with the cached version, syncs against it, then takes the new version", async () => {
    const owner = server.client();
    const account = await owner.signUp("versoes.campo@example.com", PASSWORD, "Dona do Formulário");
    const db = server.context.database.db;
    const [application] = await db.insert(applications).values({ ownerId: account.id, name: "Inventário" }).returning();
    assert(application);
    const rows = await db
      .insert(formFields)
      .values([
        { applicationId: application.id, fieldType: "text", label: "Nome", name: "nome", position: 0, config: {} },
        {
          applicationId: application.id,
          fieldType: "single_choice",
          label: "Origem",
          name: "origem",
          position: 1,
          config: { options: ["Nativa", "Exótica"] },
        },
      ])
      .returning();
    const origin = rows.find((row) => row.name === "origem");
    const name = rows.find((row) => row.name === "nome");
    assert(origin && name);

    const phone = await openInstalledAppSignedIn(server, account.email, PASSWORD);
    contexts.push(phone.context);
    profiles.push(phone.profileDir);
    const { page } = phone;
    await page.goto(`${server.url}/applications/${application.id}/collect`);
    await page.getByRole("heading", { name: "Inventário" }).waitFor();
    await page.getByTestId("form-version").getByText("Formulário versão 1").waitFor();
    await waitForServiceWorkerControl(page);
    await phone.context.setOffline(true);
    await page.getByTestId("sync-status").getByText("Offline").waitFor();

    // Meanwhile the form, which already has a record, loses the option 'Exótica' on the server: version 2.
    const first = await owner.post("/api/sync", {
      records: [
        {
          id: randomUUID(),
          applicationId: application.id,
          answers: { [name.id]: "Primeira", [origin.id]: "Nativa" },
          clientCreatedAt: new Date().toISOString(),
        },
      ],
    });
    expect(((await first.json()) as { results: { status: string }[] }).results[0]?.status).toBe("created");
    const current = (await (await owner.get(`/api/applications/${application.id}`)).json()) as {
      fields: ApplicationField[];
    };
    const saved = await owner.put(`/api/applications/${application.id}`, {
      name: "Inventário",
      visibility: "team",
      active: true,
      fields: current.fields.map((field) =>
        field.id === origin.id ? { ...field, config: { ...field.config, options: ["Nativa", "Plantada"] } } : field,
      ),
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { application: { formVersion: number } }).application.formVersion).toBe(2);

    // The phone, offline, still collects with version 1 and its option 'Exótica'.
    await page.getByLabel("Nome").fill("Eucalipto");
    await page.getByRole("radio", { name: "Exótica" }).check();
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByTestId("sync-status").getByText("1 registro(s) pendente(s)").waitFor();
    const [waiting] = await readOutbox(page);
    assert(waiting);

    await phone.context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const stored = await queryRows<{ form_version: number; answers: Record<string, unknown> }>(
      db,
      sql`select form_version, answers from form_submissions where id = ${waiting.id}`,
    );
    expect(stored).toEqual([{ form_version: 1, answers: { [name.id]: "Eucalipto", [origin.id]: "Exótica" } }]);

    // Online again, the next load of the form takes version 2 and says so.
    await page.reload();
    await page.getByText("Formulário atualizado para a versão 2").waitFor();
    await page.getByTestId("form-version").getByText("Formulário versão 2").waitFor();
    await page.getByRole("radio", { name: "Plantada" }).waitFor();
    expect(await page.getByRole("radio", { name: "Exótica" }).count()).toBe(0);
    await page.screenshot({ path: "/tmp/form-versions-phone.png" });

    // The designer lists both versions, the new one as current (read-only).
    const browser = await launchBrowser();
    try {
      const desktop = await signedInDesktopPage(browser, server, account.email);
      await desktop.page.goto(`${server.url}/applications/${application.id}/edit`);
      const history = desktop.page.getByTestId("form-version-history");
      await history.getByText("Versão 2").waitFor();
      expect(await history.locator("li").allInnerTexts()).toEqual([
        expect.stringMatching(/Versão 2\s*atual[\s\S]*por Dona do Formulário · 2 campos/),
        expect.stringMatching(/Versão 1[\s\S]*por Dona do Formulário · 2 campos/),
      ]);
      await desktop.page.screenshot({ path: "/tmp/form-versions-designer.png" });
    } finally {
      await browser.close();
    }
  });
});
