import { describe, expect, it } from "vitest";
import { usePhoneJourney } from "./support/assigned-form.ts";

const STATES = 27;
const CITIES = 10_000;

/** 27 states and 10,000 cities spread over them (city i is in state i mod 27), with a population to pull. */
function statesCsv(): string {
  const lines = ["name,label"];
  for (let index = 0; index < STATES; index += 1) lines.push(`uf${index},Estado ${index}`);
  return lines.join("\n");
}

function citiesCsv(): string {
  const lines = ["name,label,state,population"];
  for (let index = 0; index < CITIES; index += 1)
    lines.push(`c${index},Cidade ${index},uf${index % STATES},${1000 + index}`);
  return lines.join("\n");
}

const FIELDS = [
  {
    fieldType: "single_choice",
    label: "Estado",
    name: "state",
    position: 0,
    config: { required: true, options: [], choicesFile: "states.csv" },
  },
  {
    fieldType: "single_choice",
    label: "Município",
    name: "city",
    position: 1,
    config: { required: true, options: [], choicesFile: "cities.csv", choiceFilter: "state = ${state}" },
  },
  {
    fieldType: "calculation",
    label: "População",
    name: "population",
    position: 2,
    config: { calculation: "pulldata('cities', 'population', 'name', ${city})" },
  },
];

describe("a cascading select over a 10,000-row attached CSV, offline on an installed phone", () => {
  // Online once: the app shell, the form and its files are kept on the device.
  const journey = usePhoneJourney({
    ownerEmail: "dona@municipios.test",
    collectorEmail: "coletor@municipios.test",
    form: { name: "Municípios", fields: FIELDS },
    prepare: async ({ owner, appId }) => {
      for (const [name, text] of [
        ["states.csv", statesCsv()],
        ["cities.csv", citiesCsv()],
      ] as const) {
        const response = await owner.post(`/api/applications/${appId}/form-files`, {
          name,
          data: Buffer.from(text).toString("base64"),
        });
        expect(response.status).toBe(201);
      }
    },
    ready: (page) => page.getByRole("radio", { name: "Estado 0", exact: true }).waitFor(),
  });
  const { field, storedRecords, openCollectScreen } = journey;

  it("filters the cities of the chosen state as the collector types, saves offline and syncs", async () => {
    const { context, page, server, appId } = journey;
    await context.setOffline(true);
    await openCollectScreen();
    const search = page.getByRole("searchbox", { name: "Buscar opção" });

    // No state yet: the city list offers nothing.
    await page.getByText("Nenhuma opção encontrada.").waitFor();
    await page.getByRole("radio", { name: "Estado 1", exact: true }).check();

    // State 1 keeps 371 of the 10,000 cities; 50 are drawn until the collector narrows the list.
    await page.getByText("Mostrando 50 de 371 opções. Digite para filtrar.").waitFor();
    expect(await page.getByRole("radio", { name: "Cidade 28", exact: true }).count()).toBe(1);
    expect(await page.getByRole("radio", { name: "Cidade 2", exact: true }).count()).toBe(0);
    await search.nth(1).fill("cidade 280");
    // 280 is in state 10; of 2800-2809 only 2809 is in state 1.
    await page.getByRole("radio", { name: "Cidade 2809", exact: true }).waitFor();
    expect(
      await page
        .getByRole("radiogroup", { name: /^Município/ })
        .getByRole("radio")
        .count(),
    ).toBe(1);
    await page.getByRole("radio", { name: "Cidade 2809", exact: true }).check();
    await page.getByTestId("calculation-value").getByText("3809").waitFor();

    // Another state withdraws the city.
    await page.getByRole("radio", { name: "Estado 2", exact: true }).check();
    await page.getByText("Nenhuma opção encontrada.").waitFor();
    await page.getByRole("radio", { name: "Estado 1", exact: true }).check();
    await search.nth(1).fill("2809");
    await page.getByRole("radio", { name: "Cidade 2809", exact: true }).check();

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    expect(await storedRecords()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const rows = await storedRecords();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answers).toEqual({
      [field("state")]: "uf1",
      [field("city")]: "c2809",
      [field("population")]: "3809",
    });

    // Read back: the record detail shows the rows' labels from the attached files, not the stored names.
    await page.goto(`${server.url}/applications/${appId}/data`);
    await page.locator(`[data-record-id="${rows[0]?.id ?? ""}"]`).click();
    const detail = page.getByTestId("record-detail");
    await detail.getByText("Cidade 2809", { exact: true }).waitFor();
    await detail.getByText("Estado 1", { exact: true }).waitFor();
    expect(await detail.innerText()).not.toContain("c2809");
  });
});
