import { describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { signedInDesktopPage } from "./support/map-browser.ts";
import { usePhoneJourney } from "./support/assigned-form.ts";

/** XLSForm's `required` as an expression: the document is required of adults only. */
const FIELDS = [
  { fieldType: "number", label: "Idade", name: "idade", position: 0, config: { format: "integer" } },
  {
    fieldType: "text",
    label: "Documento",
    name: "documento",
    position: 1,
    config: { required: true, requiredWhen: "${idade} >= 18" },
  },
];

describe("a conditional required on an installed phone, offline (issue 24)", () => {
  const journey = usePhoneJourney({
    ownerEmail: "dona@cadastro.test",
    collectorEmail: "coletor@cadastro.test",
    form: { name: "Cadastro", fields: FIELDS },
  });
  const { field, storedRecords, openCollectScreen } = journey;

  it("marks, blocks and releases the answer as the condition changes, then syncs", async () => {
    const { context, page } = journey;
    await context.setOffline(true);
    await openCollectScreen();
    const document = page.getByRole("textbox", { name: /^Documento/ });
    const age = page.getByRole("textbox", { name: /^Idade/ });
    const requiredMark = () => document.getAttribute("aria-required");

    expect(await requiredMark()).toBeNull();
    await age.fill("30");
    await expect.poll(requiredMark).toBe("true");

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Este campo é obrigatório").waitFor();
    expect(await storedRecords()).toHaveLength(0);

    // A minor needs no document: the asterisk and the message go as the age changes.
    await age.fill("12");
    await page.getByText("Este campo é obrigatório").waitFor({ state: "detached" });
    await expect.poll(requiredMark).toBeNull();

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    expect(await storedRecords()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const rows = await storedRecords();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answers).toEqual({ [field("idade")]: 12 });
  });

  it("is written in the designer under the required switch and checked like the form's other expressions", async () => {
    const { server } = journey;
    const browser = await launchBrowser();
    try {
      const { page: desk } = await signedInDesktopPage(browser, server, "dona@cadastro.test");
      await desk.goto(`${server.url}/applications/new`);
      await desk.getByRole("heading", { name: "Novo Aplicativo" }).waitFor();
      const config = desk.getByRole("dialog", { name: "Configuração de Campo" });
      const add = async (type: string, label: string, more: () => Promise<void> = async () => {}) => {
        await desk.getByRole("button", { name: `Adicionar campo ${type}`, exact: true }).click();
        await desk
          .getByRole("button", { name: `Configurar campo ${type}` })
          .last()
          .click();
        await config.getByLabel("Nome do campo").fill(label);
        await more();
        await config.getByRole("button", { name: "Salvar campo" }).click();
        await config.waitFor({ state: "hidden" });
      };
      await add("Numérico", "Idade");
      await add("Texto", "Documento", async () => {
        expect(await config.getByLabel("Obrigatório só quando").count()).toBe(0);
        await config.getByRole("switch", { name: "Obrigatório" }).click();
        const condition = config.getByRole("textbox", { name: "Obrigatório só quando" });
        await condition.fill("${idad} >= 18");
        await config.getByText("Campo desconhecido: ${idad}").waitFor();
        await condition.fill("${idade} >= 18");
      });
      await desk.getByLabel("Nome do aplicativo").fill("Desenho");
      await desk.getByRole("button", { name: "Criar Aplicativo" }).click();
      await desk.waitForURL(`${server.url}/applications`);
      const listed = (await (await desk.request.get(`${server.url}/api/applications`)).json()) as {
        applications: { id: string; name: string }[];
      };
      const designed = listed.applications.find((application) => application.name === "Desenho");
      const detail = (await (
        await desk.request.get(`${server.url}/api/applications/${designed?.id ?? ""}`)
      ).json()) as { fields: { name: string; config: Record<string, unknown> }[] };
      expect(detail.fields.find((field) => field.name === "documento")?.config).toMatchObject({
        required: true,
        requiredWhen: "${idade} >= 18",
      });
    } finally {
      await browser.close();
    }
  });
});
