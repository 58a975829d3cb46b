import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { launchInstalledApp } from "./support/browser.ts";
import { startAppServer } from "./support/app-server.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { formSubmissions } from "../server/db/schema/index.ts";
import {
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../server/test-support/fixtures/application-fixtures.ts";
import { INSTALLED_PHONE } from "./support/field-collector.ts";

/** A form without a GPS field: the record's location comes from the device alone (spec 001 §3). */
const FIELDS = [{ fieldType: "text", label: "Espécie observada", position: 0, config: { required: true } }];
const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp/campo-location-shots";
const PHONE = { ...INSTALLED_PHONE, geolocation: { latitude: -22.9068467, longitude: -43.1728965, accuracy: 25 } };

describe("the record's own location (installed app on a phone)", () => {
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let appId: string;
  const collectUrl = () => `${server.url}/applications/${appId}/collect`;
  const header = () => page.getByTestId("record-location");
  const stored = () =>
    server.context.database.db.select().from(formSubmissions).where(eq(formSubmissions.applicationId, appId));

  async function save(name: string): Promise<void> {
    await page.getByLabel("Espécie observada").fill(name);
    await page.getByRole("button", { name: "Salvar registro" }).click();
  }

  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    const owner = server.client();
    const ownerId = (await signUpAs(owner, "dona@local.test")).id;
    const created = await createApplicationVia(owner, {
      name: "Fauna Urbana",
      description: "Avistamentos na cidade",
      visibility: "team",
      active: true,
      fields: FIELDS,
    });
    appId = created.application.id;
    const collectorId = (await signUpAs(server.client(), "coletor@local.test")).id;
    await grantRole(server.context.database.db, {
      ownerId,
      userId: collectorId,
      email: "coletor@local.test",
      applicationId: appId,
      role: "collaborator",
    });

    context = await launchInstalledApp(`${server.url}/connectivity-check`, PHONE);
    page = context.pages()[0] ?? (await context.newPage());
    const signIn = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
      headers: { Origin: server.url },
      data: { email: "coletor@local.test", password: "secret123" },
    });
    expect(signIn.status()).toBe(200);
    await page.goto(collectUrl());
    await page.getByRole("heading", { name: "Fauna Urbana" }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  it("captures the location as the form opens and shows it in the header with its accuracy class", async () => {
    await header().getByText("-22.906847, -43.172897").waitFor();
    expect(await header().getByText("Precisão: 25 m").isVisible()).toBe(true);
    expect(await header().getByText("boa", { exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/record-location-header.png` });
  });

  it("refreshes it on demand offline, and the record collected offline reaches the server and the map with it", async () => {
    await context.setOffline(true);
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    await context.setGeolocation({ latitude: -22.9519, longitude: -43.2105, accuracy: 7 });
    await page.getByRole("button", { name: "Atualizar localização do registro" }).click();
    await header().getByText("-22.951900, -43.210500").waitFor();
    expect(await header().getByText("muito boa").isVisible()).toBe(true);

    await save("Sagui-de-tufo-branco");
    await page.getByTestId("sync-status").getByText("1 registro(s) pendente(s)").waitFor({ timeout: 30_000 });
    expect(await stored()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const [row] = await stored();
    expect(row).toMatchObject({ latitude: -22.9519, longitude: -43.2105, locationAccuracy: 7 });
    assert(row);
    expect(row.locationTimestamp).toBeInstanceOf(Date);

    await page.goto(`${server.url}/applications/${appId}/data?tab=map`);
    await expect
      .poll(() => page.getByTestId("map-located").textContent(), { timeout: 45_000 })
      .toBe("1 registro no mapa");
  });

  it("says clearly when location is denied, and still saves the record without one", async () => {
    await context.clearPermissions();
    await page.goto(collectUrl());
    await header()
      .getByText("Permissão negada. Toque novamente para permitir. O registro será salvo sem localização.")
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/record-location-denied.png` });

    await save("Gambá-de-orelha-branca");
    await page.getByText("Registro salvo").first().waitFor({ timeout: 60_000 });
    const rows = await stored();
    expect(rows).toHaveLength(2);
    const saved = rows.find(
      (candidate) => candidate.answers[Object.keys(candidate.answers)[0] ?? ""] === "Gambá-de-orelha-branca",
    );
    expect(saved).toMatchObject({ latitude: null, longitude: null, locationAccuracy: null });
  });
});
