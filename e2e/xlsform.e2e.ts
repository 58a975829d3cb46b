import { beforeAll, describe, expect, it } from "vitest";
import { useAppServerAndBrowser } from "./support/journey.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";
import {
  BROKEN_CASCADING_FORM,
  buildXlsx,
  HOUSEHOLD_FIELDS,
  HOUSEHOLD_SURVEY,
} from "../server/test-support/xlsform-books.ts";
import { readXlsFormBook } from "../server/services/xlsform/xlsform-sheets.ts";

const PASSWORD = "secret123";
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe("XLSForm import and export (desktop)", () => {
  const journey = useAppServerAndBrowser();
  const email = "xlsform@example.com";
  let api: HttpClient;

  beforeAll(async () => {
    api = journey.server.client();
    await api.signUp(email, PASSWORD, "Xavier Xls");
  });

  /** A signed-in desktop page on the applications list, its import dialog open. */
  async function openImportDialog() {
    const context = await journey.browser.newContext({
      locale: "pt-BR",
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home`);
    const signIn = await page.request.post(`${journey.server.url}/api/auth/sign-in/email`, {
      data: { email, password: PASSWORD },
      headers: { origin: journey.server.url },
    });
    expect(signIn.status()).toBe(200);
    await page.goto(`${journey.server.url}/applications`);
    await page.getByRole("button", { name: "Importar XLSForm" }).click();
    return { context, page, dialog: page.getByRole("dialog", { name: "Importar XLSForm" }) };
  }

  it("lists a file's problems by sheet, row and column, then imports a clean one and exports it back", async () => {
    const { context, page, dialog } = await openImportDialog();
    const fileInput = dialog.getByLabel("Arquivo XLSForm (.xlsx, .xls)");
    const submit = dialog.getByRole("button", { name: "Importar", exact: true });

    // A cascading form whose filter names a question it does not have: refused, the cell named, nothing created.
    await fileInput.setInputFiles({
      name: "broken-cascading.xlsx",
      mimeType: "application/octet-stream",
      buffer: await buildXlsx(BROKEN_CASCADING_FORM),
    });
    await submit.click();
    const issues = dialog.getByRole("table", { name: "Corrija estes pontos no arquivo e envie de novo:" });
    await issues.waitFor();
    const cells = await issues.locator("tbody tr").first().locator("td").allTextContents();
    expect(cells).toEqual(["survey", "3", "choice_filter", "A pergunta “uf” não existe no formulário."]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/xlsform-import-issues.png` });
    expect(((await (await api.get("/api/applications")).json()) as { applications: unknown[] }).applications).toEqual(
      [],
    );

    // The household survey: created, and the designer opens on it.
    await fileInput.setInputFiles({
      name: "household.xlsx",
      mimeType: "application/octet-stream",
      buffer: await buildXlsx(HOUSEHOLD_SURVEY),
    });
    await submit.click();
    await page.waitForURL(/\/applications\/[0-9a-f-]{36}\/edit$/);
    const id = /applications\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1];
    const detail = (await (await api.get(`/api/applications/${id}`)).json()) as { fields: { name: string }[] };
    expect(detail.fields.map((field) => field.name)).toEqual(HOUSEHOLD_FIELDS.map(([name]) => name));

    // Exportar XLSForm from the application's menu downloads the form.
    await page.goto(`${journey.server.url}/applications`);
    await page.getByRole("button", { name: "Ações de Household survey" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Exportar XLSForm" }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    const book = await readXlsFormBook(new Uint8Array(await readFile(path)));
    expect(book.settings?.rows[0]?.cells.get("form_title")).toBe("Household survey");
    expect(book.survey?.rows.map((row) => row.cells.get("name"))).toContain("member_name");

    // The same file again: its name is taken, so the dialog asks for another one, filled with the form's title.
    await page.getByRole("button", { name: "Importar XLSForm" }).click();
    await fileInput.setInputFiles({
      name: "household.xlsx",
      mimeType: "application/octet-stream",
      buffer: await buildXlsx(HOUSEHOLD_SURVEY),
    });
    await submit.click();
    const nameInput = dialog.getByRole("textbox", { name: "Nome do aplicativo" });
    await nameInput.waitFor();
    expect(await nameInput.inputValue()).toBe("Household survey");
    await expect
      .poll(() => dialog.getByRole("alert").allTextContents())
      .toEqual(["Erro: Já existe um aplicativo com este nome. Escolha um nome diferente."]);
    expect(await nameInput.getAttribute("aria-invalid")).toBe("true");
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/xlsform-import-rename.png` });
    await nameInput.fill("Household survey (cópia)");
    await submit.click();
    await page.waitForURL((url) => url.pathname.endsWith("/edit") && !url.pathname.includes(id ?? ""));
    const names = ((await (await api.get("/api/applications")).json()) as { applications: { name: string }[] })
      .applications;
    expect(names.map((application) => application.name).sort()).toEqual([
      "Household survey",
      "Household survey (cópia)",
    ]);
    await context.close();
  });

  it("tells which names with a hyphen or a period it renamed", async () => {
    const { context, page, dialog } = await openImportDialog();
    await dialog.getByLabel("Arquivo XLSForm (.xlsx, .xls)").setInputFiles({
      name: "names.xlsx",
      mimeType: "application/octet-stream",
      buffer: await buildXlsx({
        survey: [
          ["type", "name", "label", "relevant"],
          ["integer", "label-test", "Quantos?", null],
          ["text", "why", "Por quê?", "${label-test} > 0"],
        ],
        settings: [["form_title"], ["Nomes com hífen"]],
      }),
    });
    await dialog.getByRole("button", { name: "Importar", exact: true }).click();
    const notes = dialog.getByRole("table", { name: /A importação mudou ou deixou de fora/ });
    const note = notes.getByRole("row").filter({ hasText: "O nome “label-test” virou “label_test”" });
    await note.waitFor();
    expect(await note.getByRole("cell").allTextContents()).toEqual([
      "survey",
      "2",
      "name",
      "O nome “label-test” virou “label_test” (os nomes do Campo são únicos no formulário e só têm letras, dígitos e _); as referências a ele também.",
    ]);
    await dialog.getByRole("button", { name: "Abrir o formulário" }).click();
    await page.waitForURL(/\/applications\/[0-9a-f-]{36}\/edit$/);
    await context.close();
  });
});
