import type { Page } from "playwright-core";
import { chooseOption } from "./choose-option.ts";

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

/**
 * Fills the register wizard's four steps from "Passo 1 de 4" (pt-BR), up to its "Criar conta": the caller submits, so a
 * wait for what the sign-up sends starts at the click and not before the form is filled.
 */
export async function fillRegisterWizard(page: Page, person: { name: string; email: string; password: string }) {
  await page.getByText("Passo 1 de 4").waitFor();
  await textbox(page, "Nome completo").fill(person.name);
  await textbox(page, "Email").fill(person.email);
  await page.locator("input[name=password]").fill(person.password);
  await textbox(page, "Celular").fill("11988887777");
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByText("Passo 2 de 4").waitFor();
  await chooseOption(page, page.getByRole("combobox"), "Minas Gerais (MG)");
  await textbox(page, "Cidade").fill("Belo Horizonte");
  await textbox(page, "Logradouro").fill("Avenida Afonso Pena");
  await textbox(page, "Número").fill("100");
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByText("Passo 3 de 4").waitFor();
  await textbox(page, "Empresa").fill("Campos Engenharia");
  await chooseOption(page, page.getByRole("combobox"), "51-200");
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByText("Passo 4 de 4").waitFor();
  await page.getByRole("checkbox").click();
}

/** The wizard's submit button: the tab of the same name comes first. */
export const registerSubmit = (page: Page) => page.getByRole("button", { name: "Criar conta" }).last();
