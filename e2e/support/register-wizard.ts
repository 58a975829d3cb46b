import type { Page } from "playwright-core";

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
/** How long a chosen option's list may take to close before the choice is made again. */
const LIST_CLOSE_MS = 3_000;

/**
 * Chooses `option` in the page's only select. Radix's select can swallow the first click on an option when the
 * opening click's pointerup came before its listener (a busy CI machine): the list then stays open and hides the rest
 * of the page from the accessibility tree, so a list still open is given the click once more.
 */
async function choose(page: Page, option: string) {
  await page.getByRole("combobox").click();
  const listbox = page.getByRole("listbox");
  await page.getByRole("option", { name: option }).click();
  const closed = await listbox.waitFor({ state: "hidden", timeout: LIST_CLOSE_MS }).then(
    () => true,
    () => false,
  );
  if (!closed) await page.getByRole("option", { name: option }).click();
  await listbox.waitFor({ state: "hidden" });
}

/** Fills the register wizard's four steps from "Passo 1 de 4" and submits it (pt-BR). */
export async function fillRegisterWizard(page: Page, person: { name: string; email: string; password: string }) {
  await page.getByText("Passo 1 de 4").waitFor();
  await textbox(page, "Nome completo").fill(person.name);
  await textbox(page, "Email").fill(person.email);
  await page.locator("input[name=password]").fill(person.password);
  await textbox(page, "Celular").fill("11988887777");
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByText("Passo 2 de 4").waitFor();
  await choose(page, "Minas Gerais (MG)");
  await textbox(page, "Cidade").fill("Belo Horizonte");
  await textbox(page, "Logradouro").fill("Avenida Afonso Pena");
  await textbox(page, "Número").fill("100");
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByText("Passo 3 de 4").waitFor();
  await textbox(page, "Empresa").fill("Campos Engenharia");
  await choose(page, "51-200");
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByText("Passo 4 de 4").waitFor();
  await page.getByRole("checkbox").click();
  await page.getByRole("button", { name: "Criar conta" }).last().click();
}
