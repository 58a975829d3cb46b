import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { TestServer } from "../server/test-support/test-server.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";
import { createApplicationVia, signUpAs, TRUST_PROXY_ENV } from "../server/routes/applications/test-fixtures.ts";
import { createLink } from "../server/routes/public-links/public-link-test-kit.ts";
import { startAppServer } from "./support/app-server.ts";
import { openInstalledApp } from "./support/field-collector.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";

/**
 * A visitor with no account answers a public link on a phone: the page opens from the link, keeps working offline
 * (reloaded too), and both answers given offline reach the owner's data exactly once after the connection returns.
 */
describe("a public link on a visitor's phone", () => {
  let server: TestServer;
  let owner: HttpClient;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let appId: string;
  let opinionId: string;
  let linkId: string;
  let token: string;

  beforeAll(async () => {
    server = await startAppServer({ ...TRUST_PROXY_ENV, PUBLIC_LINK_POW_BITS: "12" });
    owner = server.client();
    await signUpAs(owner, "dona@link.test");
    const created = await createApplicationVia(owner, {
      name: "Pesquisa da praça",
      description: "Conte o que acha da praça",
      visibility: "team",
      active: true,
      fields: [{ fieldType: "text", label: "Sua opinião", position: 0, config: { required: true } }],
    });
    appId = created.application.id;
    opinionId = created.fields[0]!.id;
    ({ id: linkId, token } = await createLink(owner, appId, { name: "Cartaz da praça" }));
    profile = mkdtempSync(path.join(os.tmpdir(), "campo-visitor-"));
    ({ context, page } = await openInstalledApp(`${server.url}/f/${token}`, profile));
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  async function answer(text: string): Promise<void> {
    const opinion = page.getByRole("textbox", { name: /^Sua opinião/ });
    await opinion.fill(text);
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByRole("heading", { name: "Obrigado!" }).waitFor({ timeout: 30_000 });
  }

  it("opens without an account, works offline, and delivers two offline answers exactly once", async () => {
    await page.getByRole("heading", { name: "Pesquisa da praça" }).waitFor();
    await page.getByRole("textbox", { name: /^Sua opinião/ }).waitFor();
    await waitForServiceWorkerControl(page);

    await context.setOffline(true);
    // Offline after the first open: the page and its form come from the device.
    await page.reload();
    await page.getByRole("heading", { name: "Pesquisa da praça" }).waitFor();

    await answer("Precisa de mais sombra");
    await page.getByText("Sua resposta está guardada neste aparelho").waitFor();
    await page.getByRole("button", { name: "Responder novamente" }).click();
    await answer("Bancos novos, por favor");
    await page.getByText("2 respostas aguardando envio").waitFor();

    const records = async () => {
      const response = await owner.get(`/api/applications/${appId}/records`);
      const body = (await response.json()) as { records: { answers: Record<string, unknown> }[] };
      return body.records.map((record) => record.answers[opinionId]).sort();
    };
    expect(await records()).toEqual([]);

    await context.setOffline(false);
    await page.getByTestId("visitor-pending").waitFor({ state: "detached", timeout: 60_000 });
    expect(await records()).toEqual(["Bancos novos, por favor", "Precisa de mais sombra"]);

    // Sending again (a reload runs the link's sync) stores nothing twice.
    await page.reload();
    await page.getByRole("heading", { name: "Pesquisa da praça" }).waitFor();
    const linkRecords = await owner.get(`/api/applications/${appId}/public-links/${linkId}/records`);
    expect(await linkRecords.json()).toMatchObject({ total: 2 });
    expect(await records()).toHaveLength(2);
  });
});
