import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { startAppServer } from "./support/app-server.ts";
import { launchBrowser } from "./support/browser.ts";
import { signedInDesktopPage } from "./support/map-browser.ts";
import { assignFormToCollector } from "./support/assigned-form.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { formFields, formSubmissions } from "../server/db/schema/index.ts";
import { TRUST_PROXY_ENV } from "../server/routes/applications/test-fixtures.ts";

/** A 1×1 PNG: enough for the phone to decode (naturalWidth 1) and for the server to sniff as an image. */
const COW_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const FIELDS = [
  {
    fieldType: "single_choice",
    label: "Animal",
    name: "animal",
    position: 0,
    config: { required: true, options: ["Vaca", "Cabra"], optionImages: { Vaca: "cow.png" } },
  },
];

describe("a choice whose option shows an attached image, offline on an installed phone", () => {
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let appId: string;
  let animalId = "";

  async function openCollectScreen(): Promise<void> {
    await page.goto(`${server.url}/applications/${appId}/collect`);
    await page.getByRole("heading", { name: "Rebanho" }).waitFor();
  }

  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    const assigned = await assignFormToCollector(server, {
      ownerEmail: "dona@rebanho.test",
      collectorEmail: "coletor@rebanho.test",
      form: { name: "Rebanho", fields: FIELDS },
    });
    appId = assigned.appId;
    animalId = assigned.fieldIds.get("animal") ?? "";
    ({ context, page, profileDir: profile } = assigned.phone);
    const response = await assigned.owner.post(`/api/applications/${appId}/form-files`, {
      name: "cow.png",
      data: COW_PNG,
    });
    expect(response.status).toBe(201);
    // Online once: the app shell, the form and its files are kept on the device.
    await openCollectScreen();
    await page.getByRole("img", { name: "Vaca" }).waitFor();
    await waitForServiceWorkerControl(page);
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("shows the option's image from the cached attachment offline, saves and syncs the label", async () => {
    await context.setOffline(true);
    await openCollectScreen();
    const image = page.getByRole("img", { name: "Vaca" });
    await image.waitFor();
    await image.scrollIntoViewIfNeeded();
    // Lazy: it loads once in view; a broken image would stay at naturalWidth 0.
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="Vaca"]')?.complete === true);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    // The option without an image is text only; the pictured one is still named by its label.
    expect(await page.getByRole("img", { name: "Cabra" }).count()).toBe(0);
    await page.getByRole("radio", { name: "Vaca", exact: true }).check();

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    const stored = () =>
      server.context.database.db.select().from(formSubmissions).where(eq(formSubmissions.applicationId, appId));
    expect(await stored()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answers).toEqual({ [animalId]: "Vaca" });
  });

  it("lets the owner see and pick each option's attached image in the designer", async () => {
    const browser = await launchBrowser();
    try {
      const { page: designer } = await signedInDesktopPage(browser, server, "dona@rebanho.test");
      await designer.goto(`${server.url}/applications/${appId}/edit`);
      await designer.getByRole("button", { name: "Configurar campo Animal" }).click();
      const dialog = designer.getByRole("dialog", { name: "Configuração de Campo" });
      const vaca = dialog.getByRole("combobox", { name: "Imagem da opção Vaca" });
      expect(await vaca.inputValue()).toBe("cow.png");
      await dialog.getByRole("combobox", { name: "Imagem da opção Cabra" }).selectOption("cow.png");
      await dialog.getByRole("button", { name: "Salvar campo" }).click();
      await dialog.waitFor({ state: "hidden" });
      await designer.getByRole("button", { name: "Salvar alterações" }).click();
      await expect
        .poll(async () => {
          const [animal] = await server.context.database.db
            .select()
            .from(formFields)
            .where(
              and(eq(formFields.applicationId, appId), eq(formFields.name, "animal"), isNull(formFields.deletedAt)),
            );
          return animal?.config;
        })
        .toMatchObject({ optionImages: { Vaca: "cow.png", Cabra: "cow.png" } });
    } finally {
      await browser.close();
    }
  });
});
