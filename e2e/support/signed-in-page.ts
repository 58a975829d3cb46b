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

/** An application with one optional text field "Local", created through the API as the page's signed-in user. */
export async function createLocalApplication(
  page: Page,
  serverUrl: string,
  name: string,
): Promise<{ application: { id: string }; localFieldId: string }> {
  const created = await page.request.post(`${serverUrl}/api/applications`, {
    data: {
      name,
      visibility: "team",
      active: true,
      fields: [{ fieldType: "text", label: "Local", position: 0, config: { required: false } }],
    },
  });
  expect(created.status()).toBe(201);
  const { application, fields } = (await created.json()) as {
    application: { id: string };
    fields: { id: string; label: string }[];
  };
  return { application, localFieldId: fields.find((field) => field.label === "Local")!.id };
}
