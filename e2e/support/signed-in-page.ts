import { expect } from "vitest";
import type { Browser, Page } from "playwright-core";

/** A page of a new pt-BR context signed in as a freshly registered user (the API registration sets its cookie). */
export async function signedInPage(browser: Browser, serverUrl: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: "pt-BR" })).newPage();
  const response = await page.request.post(`${serverUrl}/api/account/register`, {
    data: {
      name: "Caio Prado",
      email,
      password: "secret123",
      celular: "11966665555",
      estado: "SP",
      cidade: "Santos",
      logradouro: "Rua do Porto",
      numero: "7",
      empresa: "Prado",
      tamanhoEmpresa: "1_10",
      termos: true,
    },
  });
  expect(response.status()).toBe(201);
  return page;
}
