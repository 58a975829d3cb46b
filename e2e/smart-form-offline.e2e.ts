import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { startAppServer } from "./support/app-server.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import { INSTALLED_PHONE, openInstalledAppSignedInByApi } from "./support/field-collector.ts";
import { parse as parseCsv } from "csv-parse/sync";
import type { TestServer } from "../server/test-support/test-server.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";
import { unzip } from "../server/test-support/unzip.ts";
import { formSubmissions } from "../server/db/schema/index.ts";
import {
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../server/test-support/fixtures/application-fixtures.ts";

const AREA_MESSAGE = "A área deve estar entre 0 e 100 ha";

/** Issue 11's Proof: skip logic, a constraint, a calculation and a repeat group. */
const FIELDS = [
  { fieldType: "text", label: "Nome da parcela", name: "parcela", position: 0, config: { required: true } },
  { fieldType: "yes_no", label: "Há árvores mortas?", name: "mortas", position: 1, config: {} },
  {
    fieldType: "number",
    label: "Quantas mortas?",
    name: "qtd_mortas",
    position: 2,
    config: { required: true, format: "integer", relevant: "${mortas} = true" },
  },
  {
    fieldType: "number",
    label: "Área (ha)",
    name: "area",
    position: 3,
    config: { required: true, constraint: ". > 0 and . <= 100", constraintMessage: AREA_MESSAGE },
  },
  { fieldType: "repeat", label: "Árvores", name: "arvores", position: 4, config: { minCount: 1, maxCount: 10 } },
  {
    fieldType: "text",
    label: "Espécie",
    name: "especie",
    parentName: "arvores",
    position: 5,
    config: { required: true },
  },
  { fieldType: "number", label: "Altura (m)", name: "altura", parentName: "arvores", position: 6, config: {} },
  {
    fieldType: "calculation",
    label: "Altura total (m)",
    name: "altura_total",
    position: 7,
    config: { calculation: "sum(${altura})" },
  },
  {
    fieldType: "note",
    label: "Confira as medidas antes de salvar",
    name: "aviso",
    position: 8,
    config: { description: "Meça cada árvore na altura do peito." },
  },
];

describe("a smart form collected offline on an installed phone (issue 11)", () => {
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let appId: string;
  const fieldIds = new Map<string, string>();
  const field = (name: string): string => {
    const id = fieldIds.get(name);
    if (id === undefined) throw new Error(`No field named ${name}`);
    return id;
  };
  const storedRecordsOf = (applicationId: string) =>
    server.context.database.db.select().from(formSubmissions).where(eq(formSubmissions.applicationId, applicationId));
  const storedRecords = () => storedRecordsOf(appId);
  let owner: HttpClient;
  let ownerId: string;
  let collectorId: string;
  let recordId = "";

  async function openCollectScreen(): Promise<void> {
    await page.goto(`${server.url}/applications/${appId}/collect`);
    await page.getByRole("heading", { name: "Inventário florestal" }).waitFor();
  }

  const calculation = () => page.getByTestId("calculation-value");
  const entries = () => page.getByRole("listitem", { name: /^Entrada \d+$/ });

  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    owner = server.client();
    ownerId = (await signUpAs(owner, "dona@inventario.test")).id;
    const created = await createApplicationVia(owner, {
      name: "Inventário florestal",
      description: "Parcelas sem sinal",
      visibility: "team",
      active: true,
      fields: FIELDS,
    });
    appId = created.application.id;
    for (const stored of created.fields) fieldIds.set(stored.name, stored.id);
    collectorId = (await signUpAs(server.client(), "coletor@inventario.test")).id;
    await grantRole(server.context.database.db, {
      ownerId,
      userId: collectorId,
      email: "coletor@inventario.test",
      applicationId: appId,
      role: "collaborator",
    });

    ({
      context,
      page,
      profileDir: profile,
    } = await openInstalledAppSignedInByApi(server, "coletor@inventario.test", "secret123", INSTALLED_PHONE));
    // Online once: the app shell is precached and the form is cached on the device.
    await openCollectScreen();
    await waitForServiceWorkerControl(page);
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("shows and hides, checks, computes and repeats offline, keeps it through a reload, then syncs it once", async () => {
    await context.setOffline(true);
    await openCollectScreen();
    await page.getByText("Confira as medidas antes de salvar").waitFor();
    await page.getByRole("textbox", { name: /^Nome da parcela/ }).fill("Parcela 7");

    // Skip logic: the count of dead trees is asked only when there are dead trees.
    const deadCount = page.getByRole("textbox", { name: /^Quantas mortas\?/ });
    expect(await deadCount.count()).toBe(0);
    await page.getByRole("radio", { name: "Sim" }).click();
    await deadCount.fill("2");
    await page.getByRole("radio", { name: "Não" }).click();
    await deadCount.waitFor({ state: "detached" });

    // The constraint's message shows after the pause in typing and clears once the answer fits.
    const area = page.getByRole("textbox", { name: /^Área \(ha\)/ });
    await area.fill("150");
    await page.getByText(AREA_MESSAGE).waitFor();
    await area.fill("12");
    await page.getByText(AREA_MESSAGE).waitFor({ state: "detached" });

    // Repeat entries: the form opens with the minimum of one; two more are added (focus lands in each new one), then
    // the second is removed after confirming.
    const trees = [
      ["Ipê", "10"],
      ["Jatobá", "7"],
      ["Pau-brasil", "5"],
    ] as const;
    expect(await entries().count()).toBe(1);
    for (const [index, [species, height]] of trees.entries()) {
      const entry = entries().nth(index);
      const speciesInput = entry.getByRole("textbox", { name: /^Espécie/ });
      if (index > 0) {
        await page.getByRole("button", { name: "Adicionar" }).click();
        await entry.getByRole("heading", { name: `Entrada ${index + 1}` }).waitFor();
        await expect.poll(() => speciesInput.evaluate((input) => input === document.activeElement)).toBe(true);
      }
      await speciesInput.fill(species);
      await entry.getByRole("textbox", { name: /^Altura \(m\)/ }).fill(height);
    }
    await calculation().getByText("22").waitFor();
    await page.getByRole("button", { name: "Remover entrada 2" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remover" }).click();
    await calculation().getByText("15").waitFor();
    expect(await entries().count()).toBe(2);

    // A reload without signal brings the form back as it was (the draft), entries and calculation included.
    await page.reload();
    await page.getByRole("heading", { name: "Inventário florestal" }).waitFor();
    await calculation().getByText("15").waitFor();
    expect(await entries().count()).toBe(2);
    expect(
      await entries()
        .nth(1)
        .getByRole("textbox", { name: /^Espécie/ })
        .inputValue(),
    ).toBe("Pau-brasil");
    expect(await deadCount.count()).toBe(0);

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    await page.getByTestId("sync-status").getByText("1 registro(s) pendente(s)").waitFor();
    expect(await storedRecords()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const rows = await storedRecords();
    expect(rows).toHaveLength(1);
    const answers = rows[0]?.answers ?? {};
    expect(answers[field("parcela")]).toBe("Parcela 7");
    expect(answers[field("mortas")]).toBe(false);
    expect(answers).not.toHaveProperty(field("qtd_mortas"));
    expect(answers[field("area")]).toBe(12);
    expect(answers[field("altura_total")]).toBe(15);
    expect(answers[field("arvores")]).toEqual([
      { [field("especie")]: "Ipê", [field("altura")]: 10 },
      { [field("especie")]: "Pau-brasil", [field("altura")]: 5 },
    ]);

    // Synced once: a later sync finds nothing left to send.
    await page.reload();
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor();
    expect(await storedRecords()).toHaveLength(1);
    recordId = rows[0]?.id ?? "";
  });

  it("reads the synced record back in the list, the record detail and both tables of the CSV", async () => {
    await page.goto(`${server.url}/applications/${appId}/data`);
    const row = page.locator(`[data-record-id="${recordId}"]`);
    await row.waitFor();
    // A phone's list row shows the first answers; the detail shows them all.
    expect(await row.textContent()).toContain("Parcela 7");
    expect(await row.textContent()).toContain("Não");
    await row.click();
    const detail = page.getByTestId("record-detail");
    await detail.waitFor();
    // Every question in form order: the hidden one unanswered, the calculation stored, the entries as a table.
    expect((await detail.innerText()).split("\n").filter(Boolean)).toEqual([
      "Nome da parcela",
      "Parcela 7",
      "Há árvores mortas?",
      "Não",
      "Quantas mortas?",
      "Sem resposta",
      "Área (ha)",
      "12",
      "Árvores",
      "Árvores",
      "Entrada\tEspécie\tAltura (m)",
      "1\tIpê\t10",
      "2\tPau-brasil\t5",
      "Altura total (m)",
      "15",
      "Localização",
      expect.stringMatching(/^-23\.5505\d\d, -46\.6333\d\d \(precisão de \d+ m\)$/),
    ]);
    const entryRows = detail.getByRole("table", { name: "Árvores" }).locator("tbody tr");
    expect(await entryRows.count()).toBe(2);
    await page.keyboard.press("Escape");

    // The owner's CSV export (the URL the export menu downloads): the main table and the repeat's table.
    const response = await owner.get(`/api/applications/${appId}/export.csv`);
    expect(response.status).toBe(200);
    const files = unzip(Buffer.from(await response.arrayBuffer()));
    const csv = (name: string) => parseCsv<Record<string, string>>(files.get(name) ?? "", { bom: true, columns: true });
    const [main, ...others] = csv("Inventário florestal.csv");
    expect(others).toEqual([]);
    expect(main).toMatchObject({
      "ID do registro": recordId,
      "Nome da parcela": "Parcela 7",
      "Há árvores mortas?": "Não",
      "Quantas mortas?": "",
      "Área (ha)": "12",
      Árvores: "2",
      "Altura total (m)": "15",
    });
    expect(
      csv("Inventário florestal-arvores.csv").map((entry) => [
        entry["ID do registro"],
        entry.Entrada,
        entry["Espécie"],
        entry["Altura (m)"],
      ]),
    ).toEqual([
      [recordId, "1", "Ipê", "10"],
      [recordId, "2", "Pau-brasil", "5"],
    ]);
  });

  it("collects one section per page: Próximo checks the page, Voltar goes back, saving jumps to the error's page", async () => {
    const paged = await createApplicationVia(owner, {
      name: "Vistoria por etapas",
      description: "Uma seção por página",
      visibility: "team",
      active: true,
      sectionPages: true,
      fields: [
        { fieldType: "section", label: "Local", name: "local", position: 0, config: {} },
        {
          fieldType: "text",
          label: "Município",
          name: "municipio",
          parentName: "local",
          position: 1,
          config: { required: true },
        },
        { fieldType: "section", label: "Estrutura", name: "estrutura", position: 2, config: {} },
        {
          fieldType: "text",
          label: "Material",
          name: "material",
          parentName: "estrutura",
          position: 3,
          config: { required: true },
        },
      ],
    });
    await grantRole(server.context.database.db, {
      ownerId,
      userId: collectorId,
      email: "coletor@inventario.test",
      applicationId: paged.application.id,
      role: "collaborator",
    });
    await page.goto(`${server.url}/applications/${paged.application.id}/collect`);
    await page.getByRole("heading", { name: "Vistoria por etapas" }).waitFor();
    const indicator = page.getByTestId("page-indicator");
    const town = page.getByRole("textbox", { name: /^Município/ });
    const material = page.getByRole("textbox", { name: /^Material/ });
    expect(await indicator.textContent()).toBe("Página 1 de 2");
    await town.waitFor();
    expect(await material.count()).toBe(0);
    expect(await page.getByRole("button", { name: "Voltar" }).isDisabled()).toBe(true);

    // Próximo does not leave a page with a required question unanswered.
    await page.getByRole("button", { name: "Próximo" }).click();
    await page.getByText("Este campo é obrigatório").waitFor();
    expect(await indicator.textContent()).toBe("Página 1 de 2");
    await town.fill("Cuiabá");
    await page.getByRole("button", { name: "Próximo" }).click();
    await material.waitFor();
    expect(await indicator.textContent()).toBe("Página 2 de 2");
    expect(await town.count()).toBe(0);
    expect(await page.getByRole("button", { name: "Próximo" }).isDisabled()).toBe(true);

    // Voltar keeps the answer; saving from page 1 with page 2 unanswered takes the collector to page 2.
    await page.getByRole("button", { name: "Voltar" }).click();
    expect(await town.inputValue()).toBe("Cuiabá");
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await material.waitFor();
    expect(await indicator.textContent()).toBe("Página 2 de 2");
    await material.fill("Concreto");
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await expect.poll(async () => (await storedRecordsOf(paged.application.id)).length, { timeout: 30_000 }).toBe(1);
    const [saved] = await storedRecordsOf(paged.application.id);
    const byName = new Map(paged.fields.map((stored) => [stored.name, stored.id]));
    expect(saved?.answers).toEqual({
      [byName.get("municipio") ?? ""]: "Cuiabá",
      [byName.get("material") ?? ""]: "Concreto",
    });
    // The next record starts again on the first page.
    await town.waitFor();
    expect(await indicator.textContent()).toBe("Página 1 de 2");
  });
});
