import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { signedInDesktopPage } from "./support/map-browser.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";
import { chooseOption } from "./support/choose-option.ts";

interface StoredField {
  fieldType: string;
  label: string;
  name: string;
  parentName: string | null;
  config: Record<string, unknown>;
}

const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** Each row of the designer's list as `label` or `label > container name`, top to bottom. */
async function designerRows(page: Page): Promise<string[]> {
  return page
    .getByRole("list", { name: "Campos do formulário" })
    .locator(":scope > li")
    .evaluateAll((items) =>
      items.map((item) => {
        const label = item.querySelector("[data-field-label]")?.textContent ?? "";
        const parent = item.getAttribute("data-parent-name");
        return parent ? `${label} > ${parent}` : label;
      }),
    );
}

const pick = (page: Page, trigger: Locator, option: string) => chooseOption(page, trigger, option, { exact: true });

describe("form logic in the designer", () => {
  const journey = useAppServerAndBrowser();
  let api: HttpClient;
  const email = "logica@example.com";

  beforeAll(async () => {
    api = journey.server.client();
    await api.signUp(email, "secret123", "Lia Lógica");
  });

  it("designs sections, a repeat, show-when, a constraint and a formula, saves, reloads them, and refuses a broken formula", async () => {
    const { context, page } = await signedInDesktopPage(journey.browser, journey.server, email);
    await page.goto(`${journey.server.url}/applications/new`);
    await page.getByRole("heading", { name: "Novo Aplicativo" }).waitFor();
    const dialog = page.getByRole("dialog", { name: "Configuração de Campo" });

    /** Adds a field from the palette and sets its label (its name follows the label), then runs `more` in the dialog. */
    const addField = async (type: string, label: string, more?: () => Promise<void>) => {
      await page.getByRole("button", { name: `Adicionar campo ${type}` }).click();
      await page
        .getByRole("button", { name: `Configurar campo ${type}` })
        .last()
        .click();
      await dialog.getByLabel(type === "Nota" ? "Título da nota" : "Nome do campo").fill(label);
      if (more) await more();
      await dialog.getByRole("button", { name: "Salvar campo" }).click();
      await dialog.waitFor({ state: "hidden" });
    };
    const logicTab = () => dialog.getByRole("tab", { name: /^Lógica/ }).click();
    const placeIn = async (container: string) => {
      await logicTab();
      await pick(page, dialog.getByLabel("Dentro de"), container);
    };

    await addField("Seção", "Propriedade");
    await addField("Texto", "Produtor", () => placeIn("Propriedade"));
    await addField("Sim/Não", "Tem árvores");
    await addField("Grupo repetido", "Árvores", async () => {
      await dialog.getByLabel("Mínimo de entradas").fill("1");
      await dialog.getByLabel("Máximo de entradas").fill("5");
      await logicTab();
      await dialog.getByRole("button", { name: "Adicionar condição" }).click();
      await pick(page, dialog.getByLabel("Campo da condição 1"), "Tem árvores");
      await pick(page, dialog.getByLabel("Operador da condição 1"), "é igual a");
      await pick(page, dialog.getByLabel("Valor da condição 1"), "Sim");
      await dialog.getByText("${tem_arvores} = true").waitFor();
    });
    await addField("Numérico", "Altura", () => placeIn("Árvores"));
    await addField("Texto", "Espécie", () => placeIn("Árvores"));
    await addField("Numérico", "Área", async () => {
      await logicTab();
      await dialog.getByLabel("Regra de validação").fill(". > 0");
      await dialog.getByLabel("Mensagem de erro").fill("A área deve ser positiva");
    });
    await addField("Cálculo", "Dobro da área", async () => {
      await dialog.getByLabel("Fórmula").fill("${area} * 2");
    });

    const designed = [
      "Propriedade",
      "Produtor > propriedade",
      "Tem árvores",
      "Árvores",
      "Altura > arvores",
      "Espécie > arvores",
      "Área",
      "Dobro da área",
    ];
    expect(await designerRows(page)).toEqual(designed);

    await page.getByLabel("Uma página por seção").click();
    await page.getByLabel("Nome do aplicativo").fill("Inventário florestal");
    await page.getByRole("button", { name: "Criar Aplicativo" }).click();
    await page.waitForURL(`${journey.server.url}/applications`);

    const listed = (await (await api.get("/api/applications")).json()) as { applications: { id: string }[] };
    const id = listed.applications[0]?.id ?? "";
    const stored = (await (await api.get(`/api/applications/${id}`)).json()) as {
      application: { sectionPages: boolean };
      fields: StoredField[];
    };
    expect(stored.application.sectionPages).toBe(true);
    expect(stored.fields.map((field) => [field.name, field.parentName])).toEqual([
      ["propriedade", null],
      ["produtor", "propriedade"],
      ["tem_arvores", null],
      ["arvores", null],
      ["altura", "arvores"],
      ["especie", "arvores"],
      ["area", null],
      ["dobro_da_area", null],
    ]);
    const byName = new Map(stored.fields.map((field) => [field.name, field.config]));
    expect(byName.get("arvores")).toMatchObject({ relevant: "${tem_arvores} = true", minCount: 1, maxCount: 5 });
    expect(byName.get("area")).toMatchObject({ constraint: ". > 0", constraintMessage: "A área deve ser positiva" });
    expect(byName.get("dobro_da_area")).toMatchObject({ calculation: "${area} * 2" });

    // Reloaded, the designer shows the same form and reads the show-when back into the builder.
    await page.goto(`${journey.server.url}/applications/${id}/edit`);
    await page.getByRole("heading", { name: "Editar Aplicativo" }).waitFor();
    expect(await designerRows(page)).toEqual(designed);
    expect(await page.getByLabel("Uma página por seção").getAttribute("aria-checked")).toBe("true");
    await page.getByRole("button", { name: "Configurar campo Árvores" }).click();
    await logicTab();
    expect(await dialog.getByLabel("Campo da condição 1").textContent()).toBe("Tem árvores");
    expect(await dialog.getByLabel("Operador da condição 1").textContent()).toBe("é igual a");
    expect(await dialog.getByLabel("Valor da condição 1").textContent()).toBe("Sim");
    if (SCREENSHOTS) {
      await page.screenshot({ path: `${SCREENSHOTS}/designer-logic-light.png`, animations: "disabled" });
      await page.emulateMedia({ colorScheme: "dark" });
      await page.screenshot({ path: `${SCREENSHOTS}/designer-logic-dark.png`, animations: "disabled" });
      await page.emulateMedia({ colorScheme: "light" });
    }
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    // A formula naming a field the form does not have is shown on the field, counts as incomplete and blocks saving.
    await page.getByRole("button", { name: "Configurar campo Dobro da área" }).click();
    await dialog.getByLabel("Fórmula").fill("${inexistente} * 2");
    await dialog.getByText("Campo desconhecido: ${inexistente}").waitFor();
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/designer-formula-error.png`, animations: "disabled" });
    await dialog.getByRole("button", { name: "Salvar campo" }).click();
    await dialog.waitFor({ state: "hidden" });
    const brokenRow = page
      .getByRole("list", { name: "Campos do formulário" })
      .locator("li", { hasText: "Dobro da área" });
    await brokenRow.getByText("Campo desconhecido: ${inexistente}").waitFor();
    await page.getByText("1 campo incompleto").waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/designer-list.png`, animations: "disabled" });
    expect(await page.getByRole("button", { name: "Salvar alterações" }).getAttribute("aria-disabled")).toBe("true");
    const unchanged = (await (await api.get(`/api/applications/${id}`)).json()) as { fields: StoredField[] };
    expect(unchanged.fields.find((field) => field.name === "dobro_da_area")?.config).toMatchObject({
      calculation: "${area} * 2",
    });

    await context.close();
  });
});
