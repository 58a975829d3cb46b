import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import {
  INSTALLED_PHONE,
  openInstalledAppSignedInByApi,
  saveAndAwaitStored,
  type InstalledApp,
} from "./support/field-collector.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";
import { TREE_FOLLOW_UP, TREE_REGISTRATION } from "../server/test-support/fixtures/entity-xlsform-fixtures.ts";
import { buildXlsx, type SheetCells } from "../server/test-support/xlsform-books.ts";
import { entityDetail } from "../server/test-support/fixtures/entity-fixtures.ts";
import type { ApplicationEntitiesDto } from "../shared/entities/entity-dtos.ts";

const PASSWORD = "secret123";
const EMAIL = "arvores-xlsform@example.com";

/**
 * ODK's entity forms brought as XLSForms: the owner imports a registration form and its follow-up in the import
 * dialog, registers a tree on the phone, then opens the follow-up, picks that tree and measures it again.
 */
describe("entity forms imported from XLSForm, used on the phone", () => {
  const journey = useAppServerAndBrowser();
  let api: HttpClient;
  let phone: InstalledApp | undefined;
  const ids = { registration: "", followUp: "" };
  const recordCount = async (applicationId: string) =>
    ((await (await api.get(`/api/applications/${applicationId}/records?limit=1`)).json()) as { total: number }).total;

  /**
   * Imports a workbook in the applications page's dialog and answers the new application's id; `notice` is a text
   * the dialog shows among the import's notices before the form is opened.
   */
  async function importInDialog(
    page: Page,
    file: string,
    sheets: Record<string, SheetCells>,
    notice?: string,
  ): Promise<string> {
    await page.goto(`${journey.server.url}/applications`);
    await page.getByRole("button", { name: "Importar XLSForm" }).click();
    const dialog = page.getByRole("dialog", { name: "Importar XLSForm" });
    await dialog.getByLabel("Arquivo XLSForm (.xlsx, .xls)").setInputFiles({
      name: file,
      mimeType: "application/octet-stream",
      buffer: await buildXlsx(sheets),
    });
    await dialog.getByRole("button", { name: "Importar", exact: true }).click();
    if (notice !== undefined) {
      const notes = dialog.getByRole("table", { name: /A importação mudou ou deixou de fora/ });
      await notes.getByRole("row").filter({ hasText: notice }).waitFor();
      await dialog.getByRole("button", { name: "Abrir o formulário" }).click();
    }
    await page.waitForURL(/\/applications\/[0-9a-f-]{36}\/edit$/);
    return /applications\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? "";
  }

  beforeAll(async () => {
    api = journey.server.client();
    await api.signUp(EMAIL, PASSWORD, "Dona das Árvores");
    const context = await journey.browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home`);
    const signIn = await page.request.post(`${journey.server.url}/api/auth/sign-in/email`, {
      data: { email: EMAIL, password: PASSWORD },
      headers: { origin: journey.server.url },
    });
    expect(signIn.status()).toBe(200);
    ids.registration = await importInDialog(page, "tree_registration.xlsx", TREE_REGISTRATION);
    ids.followUp = await importInDialog(page, "tree_follow_up.xlsx", TREE_FOLLOW_UP);
    await context.close();
  });

  afterAll(async () => {
    if (!phone) return;
    await phone.context.close();
    rmSync(phone.profileDir, { recursive: true, force: true });
  });

  it("both forms share the list the registration form created", async () => {
    const registration = (await (
      await api.get(`/api/applications/${ids.registration}/entities`)
    ).json()) as ApplicationEntitiesDto;
    const followUp = (await (
      await api.get(`/api/applications/${ids.followUp}/entities`)
    ).json()) as ApplicationEntitiesDto;
    expect(registration.action).toMatchObject({ kind: "create", labelField: "entity_label" });
    expect(followUp.action).toMatchObject({
      kind: "update",
      entityField: "tree",
      listId: registration.list?.id,
      condition: "${circumference} > 0",
    });
  });

  it("registers a tree on the phone, then picks it in the follow-up and measures it again", async () => {
    phone = await openInstalledAppSignedInByApi(journey.server, EMAIL, PASSWORD, INSTALLED_PHONE);
    const { page } = phone;
    await page.goto(`${journey.server.url}/applications/${ids.registration}/collect`);
    await page.getByRole("heading", { name: "Tree registration" }).waitFor();
    await page.getByRole("textbox", { name: /^Species/ }).fill("Ipê");
    await page.getByRole("textbox", { name: /^Circumference \(cm\)/ }).fill("80");
    await saveAndAwaitStored(page, () => recordCount(ids.registration));

    // The follow-up's select_one_from_file trees.csv is the list's picker, the tree labelled by the sheet's label.
    await page.goto(`${journey.server.url}/applications/${ids.followUp}/collect`);
    await page.getByRole("heading", { name: "Tree follow-up" }).waitFor();
    await page.getByRole("searchbox", { name: "Buscar na lista" }).fill("ipe");
    await page.getByRole("radio", { name: "Ipê 80cm" }).check();
    // instance('trees')/root/item[name=${tree}]/species reads the picked tree on the phone: the note it shows appears.
    await page.getByText("The list knows this tree's species").waitFor();
    // The tree's saved circumference prefills the question that saves to it.
    const circumference = page.getByRole("textbox", { name: /^New circumference/ });
    await expect.poll(() => circumference.inputValue()).toBe("80");
    await circumference.fill("95");
    await saveAndAwaitStored(page, () => recordCount(ids.followUp));

    const { entities } = (await (
      await api.get(`/api/applications/${ids.followUp}/entities`)
    ).json()) as ApplicationEntitiesDto;
    const [tree] = entities;
    expect(entities).toHaveLength(1);
    const { entity, history } = await entityDetail(api, ids.followUp, tree?.id ?? "");
    expect(entity).toMatchObject({
      label: "Ipê 80cm",
      version: 2,
      properties: { species: "Ipê", circumference_cm: 95 },
    });
    expect(history.map((version) => version.changes)).toEqual([
      { species: "Ipê", circumference_cm: 80 },
      { circumference_cm: 95 },
    ]);
  });

  it("a visit for which the follow-up's update_if is false is kept as a record and leaves the tree as it was", async () => {
    if (!phone) throw new Error("the previous step opens the phone");
    const { page } = phone;
    await page.goto(`${journey.server.url}/applications/${ids.followUp}/collect`);
    await page.getByRole("heading", { name: "Tree follow-up" }).waitFor();
    await page.getByRole("searchbox", { name: "Buscar na lista" }).fill("ipe");
    await page.getByRole("radio", { name: "Ipê 80cm" }).check();
    const circumference = page.getByRole("textbox", { name: /^New circumference/ });
    await expect.poll(() => circumference.inputValue()).toBe("95");
    // Nothing measured this time: `${circumference} > 0` is false, so the record updates no entity.
    await circumference.fill("0");
    await saveAndAwaitStored(page, () => recordCount(ids.followUp));

    expect(await recordCount(ids.followUp)).toBe(2);
    const { entities } = (await (
      await api.get(`/api/applications/${ids.followUp}/entities`)
    ).json()) as ApplicationEntitiesDto;
    expect(entities).toMatchObject([{ version: 2, properties: { circumference_cm: 95 } }]);
  });
});
