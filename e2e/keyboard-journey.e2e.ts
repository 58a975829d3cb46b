import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { openInstalledAppSignedInByApi } from "./support/field-collector.ts";
import { keyboardSensorListening } from "./support/keyboard-drag.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";

const PASSWORD = "secret123";
const EMAIL = "teclado@campo.test";

/**
 * Presses Tab until `target` has the focus, as a keyboard user moves through the page, and fails when it is not
 * reachable that way. The focused element must also show a focus indicator (:focus-visible).
 */
async function tabTo(page: Page, target: Locator, maxPresses = 120): Promise<void> {
  await target.waitFor();
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) {
      expect(await target.evaluate((element) => element.matches(":focus-visible"))).toBe(true);
      return;
    }
  }
  throw new Error(`not reachable with Tab: ${target.toString()}`);
}

/** Labels of the designer's field list, top to bottom. */
async function designerOrder(page: Page): Promise<string[]> {
  return page
    .getByRole("list", { name: "Campos do formulário" })
    .locator("li")
    .evaluateAll((items) => items.map((item) => item.querySelector("[data-field-label]")?.textContent ?? ""));
}

describe("keyboard only", () => {
  const journey = useAppServerAndBrowser();
  let api: HttpClient;

  beforeAll(async () => {
    api = journey.server.client();
    await api.signUp(EMAIL, PASSWORD, "Teresa Teclado");
  });

  /** Records the server holds in the user's one application. */
  async function syncedRecords(): Promise<number> {
    const listed = (await (await api.get("/api/applications")).json()) as { applications: { entriesCount: number }[] };
    return listed.applications[0]?.entriesCount ?? 0;
  }

  it("designs a form (reordering with the keyboard), collects a record and reads it in the list", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const signIn = await page.request.post(`${journey.server.url}/api/auth/sign-in/email`, {
      data: { email: EMAIL, password: PASSWORD },
      headers: { origin: journey.server.url },
    });
    expect(signIn.status()).toBe(200);
    await page.goto(`${journey.server.url}/applications`);
    await page.getByRole("heading", { name: "Bem-vindo! Crie seu primeiro aplicativo" }).waitFor();

    // Design: name, two fields from the palette, one renamed in its dialog, then reordered by keyboard.
    await tabTo(page, page.getByRole("button", { name: "Novo Aplicativo" }));
    await page.keyboard.press("Enter");
    await page.waitForURL(`${journey.server.url}/applications/new`);
    await tabTo(page, page.getByLabel("Nome do aplicativo"));
    await page.keyboard.type("Inventário por teclado");
    await tabTo(page, page.getByRole("button", { name: "Adicionar campo Texto" }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("button", { name: "Adicionar campo Numérico" }));
    await page.keyboard.press("Enter");
    expect(await designerOrder(page)).toEqual(["Texto", "Numérico"]);

    await tabTo(page, page.getByRole("button", { name: /^Configurar campo Texto/ }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Configuração de Campo" });
    await tabTo(page, dialog.getByLabel("Nome do campo"));
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Espécie");
    await tabTo(page, dialog.getByRole("button", { name: "Salvar campo" }));
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    expect(await designerOrder(page)).toEqual(["Espécie", "Numérico"]);

    const liveRegion = page.locator("[id^='DndLiveRegion']");
    await tabTo(page, page.getByRole("button", { name: /^Reordenar Numérico/ }));
    await page.keyboard.press("Space");
    await liveRegion.getByText("Campo Numérico selecionado, posição 2 de 2.").waitFor({ state: "attached" });
    await keyboardSensorListening(page);
    await page.keyboard.press("ArrowUp");
    await liveRegion.getByText("Campo Numérico sobre a posição 1 de 2.").waitFor({ state: "attached" });
    await page.keyboard.press("Space");
    await liveRegion.getByText("Campo Numérico movido para a posição 1 de 2.").waitFor({ state: "attached" });
    await expect.poll(() => designerOrder(page)).toEqual(["Numérico", "Espécie"]);

    await tabTo(page, page.getByRole("button", { name: "Criar Aplicativo" }));
    await page.keyboard.press("Enter");
    await page.waitForURL(`${journey.server.url}/applications`);
    const card = page.getByRole("article", { name: "Inventário por teclado" });

    // Collect on the installed phone (collection is phone-only): from the card, fill both fields and save.
    const phone = await openInstalledAppSignedInByApi(journey.server, EMAIL, PASSWORD);
    await phone.page.goto(`${journey.server.url}/applications`);
    const phoneCard = phone.page.getByRole("article", { name: "Inventário por teclado" });
    await tabTo(phone.page, phoneCard.getByRole("link", { name: "Coletar dados" }));
    await phone.page.keyboard.press("Enter");
    await phone.page.getByRole("heading", { name: "Inventário por teclado" }).waitFor();
    await tabTo(phone.page, phone.page.getByLabel("Numérico"));
    await phone.page.keyboard.type("42");
    await tabTo(phone.page, phone.page.getByLabel("Espécie"));
    await phone.page.keyboard.type("Ipê amarelo");
    await tabTo(phone.page, phone.page.getByRole("button", { name: "Salvar registro" }));
    await phone.page.keyboard.press("Enter");
    await phone.page.getByText("Registro salvo").first().waitFor();
    await expect.poll(() => syncedRecords()).toBe(1);
    await phone.context.close();

    // Read it on the computer: the card's data link, where the record is listed.
    await page.goto(`${journey.server.url}/applications`);
    await tabTo(page, card.getByRole("link", { name: "Ver dados" }));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/applications\/[^/]+\/data/);
    await page.getByText("Ipê amarelo").first().waitFor();
    await context.close();
  });
});
