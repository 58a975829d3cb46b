import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { signedInDesktopPage } from "./support/map-browser.ts";
import { readOutbox } from "./support/field-collector.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";

/** The outbox rows, or none when the page never opened the offline database. */
async function outboxRows(page: Page): Promise<number> {
  const names = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
  return names.includes("campo-offline") ? (await readOutbox(page)).length : 0;
}

describe("the designer's preview", () => {
  const journey = useAppServerAndBrowser();
  const email = "previa@example.com";
  let api: HttpClient;

  beforeAll(async () => {
    api = journey.server.client();
    await api.signUp(email, "secret123", "Paula Prévia");
  });

  it("fills the unsaved design with its constraint and formula live, and stores nothing", async () => {
    const { context, page } = await signedInDesktopPage(journey.browser, journey.server, email);
    await page.goto(`${journey.server.url}/applications/new`);
    await page.getByRole("heading", { name: "Novo Aplicativo" }).waitFor();
    const config = page.getByRole("dialog", { name: "Configuração de Campo" });
    const addField = async (type: string, label: string, more: () => Promise<void>) => {
      await page.getByRole("button", { name: `Adicionar campo ${type}` }).click();
      await page
        .getByRole("button", { name: `Configurar campo ${type}` })
        .last()
        .click();
      await config.getByLabel("Nome do campo").fill(label);
      await more();
      await config.getByRole("button", { name: "Salvar campo" }).click();
      await config.waitFor({ state: "hidden" });
    };
    await addField("Numérico", "Área", async () => {
      await config.getByRole("tab", { name: /^Lógica/ }).click();
      await config.getByLabel("Regra de validação").fill(". > 0");
      await config.getByLabel("Mensagem de erro").fill("A área deve ser positiva");
    });
    await addField("Cálculo", "Dobro da área", () => config.getByLabel("Fórmula").fill("${area} * 2"));

    await page.getByRole("button", { name: "Pré-visualizar" }).click();
    const preview = page.getByRole("dialog", { name: "Pré-visualização do formulário" });
    const area = preview.getByRole("textbox", { name: "Área" });
    await area.fill("-3");
    await area.blur();
    await preview.getByText("A área deve ser positiva").waitFor();
    await area.fill("4");
    await preview.getByTestId("calculation-value").filter({ hasText: /^8$/ }).waitFor();
    await preview.getByRole("button", { name: "Verificar respostas" }).click();
    await preview.getByText("Respostas válidas. Nada foi salvo.").waitFor();
    await preview.getByRole("button", { name: "Fechar pré-visualização" }).click();
    await preview.waitFor({ state: "hidden" });

    // The design is still there, unsaved; the preview left nothing on the server or the device.
    await page.getByRole("list", { name: "Campos do formulário" }).getByText("Dobro da área").waitFor();
    const listed = (await (await api.get("/api/applications")).json()) as { applications: unknown[] };
    expect(listed.applications).toEqual([]);
    expect(await outboxRows(page)).toBe(0);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await context.close();
  });
});
