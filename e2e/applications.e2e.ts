import { assert, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { keyboardSensorListening } from "./support/keyboard-drag.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";
import { chooseOption } from "./support/choose-option.ts";

const PASSWORD = "secret123";
/** Palette order (shared/fields FIELD_TYPES) with the pt-BR labels a new field starts with. */
const TYPE_LABELS = [
  "Texto",
  "Numérico",
  "Data",
  "Hora",
  "Sim/Não",
  "Escolha única",
  "Múltipla escolha",
  "Email",
  "Telefone",
  "URL",
  "Assinatura",
  "Foto",
  "GPS",
];

interface StoredField {
  fieldType: string;
  label: string;
  position: number;
  config: Record<string, unknown>;
}

async function signedInPage(
  browser: Browser,
  server: TestServer,
  email: string,
  options: Parameters<Browser["newContext"]>[0],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: "pt-BR", ...options });
  const page = await context.newPage();
  await page.goto(`${server.url}/home`);
  const response = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: server.url },
  });
  expect(response.status()).toBe(200);
  return { context, page };
}

/** Labels of the designer's field list, top to bottom. */
async function designerOrder(page: Page): Promise<string[]> {
  const list = page.getByRole("list", { name: "Campos do formulário" });
  return list
    .locator("li")
    .evaluateAll((items) => items.map((item) => item.querySelector("[data-field-label]")?.textContent ?? ""));
}

async function storedFields(api: HttpClient, id: string): Promise<StoredField[]> {
  const response = await api.get(`/api/applications/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { fields: StoredField[] }).fields;
}

async function dragByMouse(page: Page, handle: Locator, target: Locator): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("drag handle or target not visible");
  const startX = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  // Past the 5 px activation distance first, then on to the target's centre in small steps as a hand would.
  await page.mouse.move(startX, startY + 8, { steps: 4 });
  await page.mouse.move(startX, to.y + to.height / 2 + 4, { steps: 20 });
  await page.mouse.up();
}

describe("applications and the form designer", () => {
  const journey = useAppServerAndBrowser();
  let api: HttpClient;
  const email = "designer@example.com";

  beforeAll(async () => {
    api = journey.server.client();
    await api.signUp(email, PASSWORD, "Dora Designer");
  });

  it("creates an application with the spec's 13 basic field types, reorders by drag and keyboard, edits and deletes it", async () => {
    const { context, page } = await signedInPage(journey.browser, journey.server, email, {
      viewport: { width: 1280, height: 800 },
    });

    await page.goto(`${journey.server.url}/applications`);
    await page.getByRole("heading", { name: "Bem-vindo! Crie seu primeiro aplicativo" }).waitFor();
    await page.getByRole("button", { name: "Novo Aplicativo" }).click();
    await page.waitForURL(`${journey.server.url}/applications/new`);
    await page.getByRole("heading", { name: "Novo Aplicativo" }).waitFor();
    expect(await page.getByText("Nenhum campo adicionado").isVisible()).toBe(true);

    // One field of each type, straight from the palette.
    for (const label of TYPE_LABELS)
      await page.getByRole("button", { name: `Adicionar campo ${label}`, exact: true }).click();
    expect(await designerOrder(page)).toEqual(TYPE_LABELS);
    // Choice fields start without options: they are incomplete and block saving.
    await page.getByText("2 campos incompletos").waitFor();

    // Options: trimmed, empties ignored, Enter adds.
    await page.getByRole("button", { name: "Configurar campo Escolha única" }).click();
    const dialog = page.getByRole("dialog", { name: "Configuração de Campo" });
    await dialog.getByText("Nenhuma opção adicionada. Adicione pelo menos uma opção.").waitFor();
    const optionInput = dialog.getByPlaceholder("Digite uma opção e pressione Enter");
    for (const option of ["  Sim ", "   ", "Não"]) {
      await optionInput.fill(option);
      await optionInput.press("Enter");
    }
    expect(await dialog.getByRole("list", { name: "Opções" }).locator("li").allTextContents()).toEqual([
      "1.Sim",
      "2.Não",
    ]);
    await dialog.getByRole("button", { name: "Salvar campo" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Configurar campo Múltipla escolha" }).click();
    for (const option of ["Água", "Luz", "Esgoto"]) {
      await optionInput.fill(option);
      await optionInput.press("Enter");
    }
    await dialog.getByRole("button", { name: "Salvar campo" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.getByText(/campos? incompletos?/).count()).toBe(0);

    // Edit a config: the numeric field becomes a required whole number between 0 and 120.
    await page.getByRole("button", { name: "Configurar campo Numérico" }).click();
    await dialog.getByLabel("Nome do campo").fill("Idade");
    await dialog.getByRole("switch", { name: "Obrigatório" }).click();
    await chooseOption(page, dialog.getByLabel("Formato numérico"), "Inteiro");
    await dialog.getByLabel("Valor mínimo").fill("200");
    await dialog.getByLabel("Valor máximo").fill("120");
    await dialog.getByText("O mínimo não pode ser maior que o máximo").waitFor();
    expect(await dialog.getByRole("button", { name: "Salvar campo" }).isDisabled()).toBe(true);
    await dialog.getByLabel("Valor mínimo").fill("abc");
    await dialog.getByText("Informe um número válido.").waitFor();
    await dialog.getByLabel("Valor mínimo").fill("0");
    await dialog.getByRole("button", { name: "Salvar campo" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page
      .getByRole("button", { name: "Configurar campo Idade" })
      .getByText("Obrigatório")
      .waitFor({ state: "attached" });

    // Reorder by mouse: Texto dragged by its handle onto Data, two rows down.
    const fieldList = page.getByRole("list", { name: "Campos do formulário" });
    await dragByMouse(page, page.getByRole("button", { name: /^Reordenar Texto/ }), fieldList.locator("li").nth(2));
    await expect.poll(() => designerOrder(page)).toEqual(["Idade", "Data", "Texto", ...TYPE_LABELS.slice(3)]);

    // Reorder by keyboard: Idade's handle, Space to lift, ArrowDown, Space to drop (each step is announced).
    const liveRegion = page.locator("[id^='DndLiveRegion']");
    await page.getByRole("button", { name: /^Reordenar Idade/ }).focus();
    await page.keyboard.press("Space");
    await liveRegion.getByText("Campo Idade selecionado, posição 1 de 13.").waitFor({ state: "attached" });
    await keyboardSensorListening(page);
    await page.keyboard.press("ArrowDown");
    await liveRegion.getByText("Campo Idade sobre a posição 2 de 13.").waitFor({ state: "attached" });
    await page.keyboard.press("Space");
    await liveRegion.getByText("Campo Idade movido para a posição 2 de 13.").waitFor({ state: "attached" });
    const orderAfterReorder = ["Data", "Idade", "Texto", ...TYPE_LABELS.slice(3)];
    await expect.poll(() => designerOrder(page)).toEqual(orderAfterReorder);

    // The move buttons do the same without dragging; move Hora down and back up again.
    await page.getByRole("button", { name: "Mover Hora para baixo" }).click();
    await page.getByRole("button", { name: "Mover Hora para cima" }).click();
    expect(await designerOrder(page)).toEqual(orderAfterReorder);

    // The name is required: the save button says so until it is set.
    const createButton = page.getByRole("button", { name: "Criar Aplicativo" });
    await page.getByText("Informe o nome do aplicativo para poder salvar.").waitFor();
    expect(await createButton.getAttribute("aria-disabled")).toBe("true");
    const nameInput = page.getByLabel("Nome do aplicativo");
    await nameInput.press("Enter");
    await page.getByText("O nome do aplicativo é obrigatório.").waitFor();
    await nameInput.fill("  Vistoria de campo  ");
    expect(await createButton.getAttribute("aria-disabled")).toBeNull();
    await page.getByLabel("Descrição", { exact: true }).fill("Inspeções semanais");
    await createButton.click();

    await page.waitForURL(`${journey.server.url}/applications`);
    await page.getByText("Aplicativo criado").waitFor();
    const card = page.getByRole("article", { name: "Vistoria de campo" });
    await card.waitFor();
    expect(await card.getByTestId("fields-count").textContent()).toBe("13");
    expect(await card.getByTestId("records-count").textContent()).toBe("0");
    expect(await card.getByText("Inspeções semanais").isVisible()).toBe(true);
    for (const badge of ["Ativo", "Equipe", "Proprietário"])
      expect(await card.getByText(badge, { exact: true }).isVisible()).toBe(true);

    // The server stored the fields in the designed order, with their configs.
    const listed = (await (await api.get("/api/applications")).json()) as {
      applications: { id: string; name: string; fieldsCount: number }[];
    };
    expect(listed.applications.map((app) => [app.name, app.fieldsCount])).toEqual([["Vistoria de campo", 13]]);
    assert(listed.applications[0]);
    const id = listed.applications[0].id;
    let fields = await storedFields(api, id);
    expect(fields.map((field) => field.label)).toEqual(orderAfterReorder);
    expect(fields.map((field) => field.position)).toEqual([...Array(13).keys()]);
    expect(fields.find((field) => field.label === "Idade")?.config).toMatchObject({
      required: true,
      format: "integer",
      minValue: 0,
      maxValue: 120,
    });
    expect(fields.find((field) => field.fieldType === "single_choice")?.config).toMatchObject({
      options: ["Sim", "Não"],
    });
    expect(fields.find((field) => field.fieldType === "multiple_choice")?.config).toMatchObject({
      options: ["Água", "Luz", "Esgoto"],
    });

    // Edit: rename and remove a field.
    await card.getByRole("button", { name: "Ações de Vistoria de campo" }).click();
    await page.getByRole("menuitem", { name: "Editar" }).click();
    await page.waitForURL(`${journey.server.url}/applications/${id}/edit`);
    await page.getByRole("heading", { name: "Editar Aplicativo" }).waitFor();
    expect(await designerOrder(page)).toEqual(orderAfterReorder);
    await page.getByLabel("Nome do aplicativo").fill("Vistoria de campo 2025");
    await page.getByRole("button", { name: "Remover campo URL" }).click();
    await page.getByText('Campo "URL" removido').waitFor();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${journey.server.url}/applications`);
    const renamed = page.getByRole("article", { name: "Vistoria de campo 2025" });
    await renamed.waitFor();
    expect(await renamed.getByTestId("fields-count").textContent()).toBe("12");
    fields = await storedFields(api, id);
    expect(fields.map((field) => field.label)).toEqual(orderAfterReorder.filter((label) => label !== "URL"));

    // Delete, confirmed in the alert dialog.
    await renamed.getByRole("button", { name: "Ações de Vistoria de campo 2025" }).click();
    await page.getByRole("menuitem", { name: "Excluir" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir aplicativo?" });
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await confirm.waitFor({ state: "hidden" });
    await renamed.waitFor({ state: "detached" });
    await page.getByText("Aplicativo excluído").waitFor();
    await page.getByRole("heading", { name: "Bem-vindo! Crie seu primeiro aplicativo" }).waitFor();
    expect((await api.get(`/api/applications/${id}`)).status).toBe(404);

    await context.close();
  });

  it("shows the desktop-only guard on a phone", async () => {
    const { context, page } = await signedInPage(journey.browser, journey.server, email, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${journey.server.url}/applications/new`);
    const guard = page.getByRole("dialog", { name: "Use um computador para criar seu app" });
    await guard.waitFor();
    expect(
      await guard
        .getByText(
          "No celular, você pode visualizar e coletar dados normalmente. Para criar/editar apps, acesse pelo computador.",
        )
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole("heading", { name: "Novo Aplicativo" }).count()).toBe(0);
    await guard.getByRole("button", { name: "OK, entendi" }).click();
    await page.waitForURL(`${journey.server.url}/applications`);

    // The list's create button opens the same guard instead of the designer.
    await page.getByRole("button", { name: "Criar Primeiro Aplicativo" }).click();
    await guard.waitFor();
    await guard.getByRole("button", { name: "OK, entendi" }).click();
    await guard.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/applications");
    await context.close();
  });
});
