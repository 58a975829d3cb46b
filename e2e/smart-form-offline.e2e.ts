import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { startAppServer } from "./support/app-server.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import { INSTALLED_PHONE, openInstalledAppSignedInByApi } from "./support/field-collector.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { formSubmissions } from "../server/db/schema/index.ts";
import {
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../server/routes/applications/test-fixtures.ts";

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
  const storedRecords = () =>
    server.context.database.db.select().from(formSubmissions).where(eq(formSubmissions.applicationId, appId));

  async function openCollectScreen(): Promise<void> {
    await page.goto(`${server.url}/applications/${appId}/collect`);
    await page.getByRole("heading", { name: "Inventário florestal" }).waitFor();
  }

  const calculation = () => page.getByTestId("calculation-value");
  const entries = () => page.getByRole("listitem", { name: /^Entrada \d+$/ });

  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    const owner = server.client();
    const ownerId = (await signUpAs(owner, "dona@inventario.test")).id;
    const created = await createApplicationVia(owner, {
      name: "Inventário florestal",
      description: "Parcelas sem sinal",
      visibility: "team",
      active: true,
      fields: FIELDS,
    });
    appId = created.application.id;
    for (const stored of created.fields) fieldIds.set(stored.name, stored.id);
    const collectorId = (await signUpAs(server.client(), "coletor@inventario.test")).id;
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
    const deadCount = page.getByRole("spinbutton", { name: /^Quantas mortas\?/ });
    expect(await deadCount.count()).toBe(0);
    await page.getByRole("radio", { name: "Sim" }).click();
    await deadCount.fill("2");
    await page.getByRole("radio", { name: "Não" }).click();
    await deadCount.waitFor({ state: "detached" });

    // The constraint's message shows after the pause in typing and clears once the answer fits.
    const area = page.getByRole("spinbutton", { name: /^Área \(ha\)/ });
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
      await entry.getByRole("spinbutton", { name: /^Altura \(m\)/ }).fill(height);
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
  });
});
