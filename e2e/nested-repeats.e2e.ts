import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import type { RecordPage } from "../shared/records/record-view.ts";
import { unzip } from "../server/test-support/unzip.ts";
import { usePhoneJourney } from "./support/assigned-form.ts";

/** Issue 24's household form: a section holding the members repeat, each member holding a visits repeat. */
const FIELDS = [
  { fieldType: "text", label: "Endereço", name: "endereco", position: 0, config: { required: true } },
  { fieldType: "section", label: "Moradores do domicílio", name: "bloco", position: 1 },
  { fieldType: "repeat", label: "Morador", name: "moradores", parentName: "bloco", position: 2, config: {} },
  {
    fieldType: "text",
    label: "Nome do morador",
    name: "nome",
    parentName: "moradores",
    position: 3,
    config: { required: true },
  },
  { fieldType: "repeat", label: "Visita", name: "visitas", parentName: "moradores", position: 4, config: {} },
  {
    fieldType: "number",
    label: "Gasto da visita",
    name: "gasto",
    parentName: "visitas",
    position: 5,
    config: { required: true, constraint: ". <= 100", constraintMessage: "No máximo 100" },
  },
  {
    fieldType: "calculation",
    label: "Total de gastos",
    name: "total",
    position: 6,
    config: { calculation: "sum(${gasto})" },
  },
];

describe("a household with nested repeats collected offline on an installed phone (issue 24)", () => {
  const journey = usePhoneJourney({
    ownerEmail: "dona@domicilios.test",
    collectorEmail: "agente@domicilios.test",
    form: { name: "Domicílios", description: "Visitas às famílias", fields: FIELDS },
  });
  const { field, storedRecords, openCollectScreen } = journey;

  it("fills members and their visits offline, keeps them through a reload, syncs them once", async () => {
    const { owner, appId, context, page, server } = journey;
    await context.setOffline(true);
    await openCollectScreen();
    await page.getByRole("textbox", { name: /^Endereço/ }).fill("Rua das Flores, 12");

    const member = (number: number) => page.getByRole("listitem", { name: `Entrada ${number}`, exact: true });
    const visit = (memberNumber: number, number: number) =>
      page.getByRole("listitem", { name: `Morador ${memberNumber} › Visita ${number}`, exact: true });
    const addMember = page.getByRole("button", { name: "Adicionar", exact: true });
    const costs = [[10, 25], [40]] as const;
    for (const [index, visits] of costs.entries()) {
      const number = index + 1;
      await addMember.click();
      await member(number)
        .getByRole("textbox", { name: /^Nome do morador/ })
        .fill(`Pessoa ${number}`);
      for (const [at, cost] of visits.entries()) {
        await page.getByRole("button", { name: `Adicionar Visita em Morador ${number}` }).click();
        const entry = visit(number, at + 1);
        await entry.getByRole("heading", { name: `Morador ${number} › Visita ${at + 1}` }).waitFor();
        await entry.getByRole("textbox", { name: /^Gasto da visita/ }).fill(String(cost));
      }
    }
    await page.getByTestId("calculation-value").getByText("75").waitFor();

    // A constraint two levels down shows on its own entry, then clears.
    const deep = visit(2, 1).getByRole("textbox", { name: /^Gasto da visita/ });
    await deep.fill("400");
    await visit(2, 1).getByText("No máximo 100").waitFor();
    await deep.fill("40");
    await visit(2, 1).getByText("No máximo 100").waitFor({ state: "detached" });

    // An inner entry is removed on its own, after confirming.
    await page.getByRole("button", { name: "Remover Morador 1 › Visita 2" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remover" }).click();
    await visit(1, 2).waitFor({ state: "detached" });
    await page.getByTestId("calculation-value").getByText("50").waitFor();

    // The draft keeps entries of entries through a reload without signal.
    await page.reload();
    await page.getByRole("heading", { name: "Domicílios" }).waitFor();
    await page.getByTestId("calculation-value").getByText("50").waitFor();
    expect(
      await visit(2, 1)
        .getByRole("textbox", { name: /^Gasto da visita/ })
        .inputValue(),
    ).toBe("40");

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    await page.getByTestId("sync-status").getByText("1 registro(s) pendente(s)").waitFor();
    expect(await storedRecords()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    await page.reload();
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor();
    expect(await storedRecords()).toHaveLength(1);

    // The API gives the nested answers back exactly as collected.
    const response = await owner.get(`/api/applications/${appId}/records`);
    expect(response.status).toBe(200);
    const { records } = (await response.json()) as RecordPage;
    expect(records).toHaveLength(1);
    expect(records[0]?.answers).toEqual({
      [field("endereco")]: "Rua das Flores, 12",
      [field("moradores")]: [
        { [field("nome")]: "Pessoa 1", [field("visitas")]: [{ [field("gasto")]: 10 }] },
        { [field("nome")]: "Pessoa 2", [field("visitas")]: [{ [field("gasto")]: 40 }] },
      ],
      [field("total")]: 50,
    });

    // The CSV export keeps one table per repeat level, each row keyed by its parent's entry, as ODK and Kobo do.
    const exported = await owner.get(`/api/applications/${appId}/export.csv`);
    expect(exported.status).toBe(200);
    const files = unzip(Buffer.from(await exported.arrayBuffer()));
    const table = (suffix: string) =>
      parseCsv<Record<string, string>>(files.get(`Domicílios${suffix}.csv`) ?? "", { bom: true, columns: true });
    expect([...files.keys()].sort()).toEqual(["Domicílios-moradores.csv", "Domicílios-visitas.csv", "Domicílios.csv"]);
    const members = table("-moradores");
    const visits = table("-visitas");
    expect(members.map((row) => row["Nome do morador"])).toEqual(["Pessoa 1", "Pessoa 2"]);
    expect(visits.map((row) => row["Gasto da visita"])).toEqual(["10", "40"]);
    expect(visits.map((row) => members.findIndex((member) => member.KEY === row.PARENT_KEY))).toEqual([0, 1]);

    // The record detail shows each member with their visit.
    await page.goto(`${server.url}/applications/${appId}/data`);
    await page.locator(`[data-record-id="${records[0]?.id ?? ""}"]`).click();
    const detail = page.getByTestId("record-detail");
    await detail.waitFor();
    const text = await detail.innerText();
    for (const expected of ["Rua das Flores, 12", "Pessoa 1", "Pessoa 2", "Gasto da visita", "10", "40", "50"])
      expect(text).toContain(expected);
  });
});
