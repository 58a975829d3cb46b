import { describe, expect, it } from "vitest";
import { usePhoneJourney } from "./support/assigned-form.ts";

const CITIES = Array.from({ length: 5000 }, (_, index) => `Município ${String(index + 1).padStart(4, "0")}`);

/** Issue 24: appearances, a form in two languages, or_other and a 5,000-option list, one section per page. */
const FIELDS = [
  { fieldType: "section", label: "Identificação", name: "ident", position: 0, config: {} },
  {
    fieldType: "single_choice",
    label: "Cultura",
    name: "crop",
    parentName: "ident",
    position: 1,
    config: {
      options: ["Milho", "Soja"],
      appearance: "minimal",
      orOther: true,
      required: true,
      translations: { en: { label: "Crop", options: { Milho: "Maize", Soja: "Soy" } } },
    },
  },
  {
    fieldType: "text",
    label: "Especifique outro",
    name: "crop_other",
    parentName: "ident",
    position: 2,
    config: { relevant: "${crop} = 'other'", translations: { en: { label: "Specify other" } } },
  },
  {
    fieldType: "single_choice",
    label: "Avaliação",
    name: "rating",
    parentName: "ident",
    position: 3,
    config: {
      options: ["Ruim", "Boa"],
      appearance: "quick",
      translations: { en: { label: "Rating", options: { Ruim: "Bad", Boa: "Good" } } },
    },
  },
  { fieldType: "section", label: "Local", name: "place", position: 4, config: {} },
  {
    fieldType: "single_choice",
    label: "Município",
    name: "city",
    parentName: "place",
    position: 5,
    config: { options: CITIES, appearance: "search", translations: { en: { label: "Municipality" } } },
  },
  {
    fieldType: "date",
    label: "Mês da visita",
    name: "visit_month",
    parentName: "place",
    position: 6,
    config: { appearance: "month-year", translations: { en: { label: "Visit month" } } },
  },
];

describe("appearances, form languages and long lists on an installed phone, offline (issue 24)", () => {
  const journey = usePhoneJourney({
    ownerEmail: "dona@safra.test",
    collectorEmail: "coletor@safra.test",
    form: { name: "Safra", sectionPages: true, language: "pt-BR", fields: FIELDS },
  });
  const { field, storedRecords, openCollectScreen } = journey;

  it("switches language, picks from a dropdown, fills Other, advances quickly, searches 5,000 options, syncs", async () => {
    const { server, appId, context, page } = journey;
    await context.setOffline(true);
    await openCollectScreen();

    // The form opens in the UI language (Portuguese); English is one choice away and is remembered on the device.
    const chooser = page.getByLabel("Idioma do formulário");
    expect(await chooser.inputValue()).toBe("pt-BR");
    await page.getByText("Cultura").first().waitFor();
    await chooser.selectOption("en");
    await page.getByText("Crop").first().waitFor();
    await page.reload();
    await page.getByText("Crop").first().waitFor();
    expect(await page.getByLabel("Idioma do formulário").inputValue()).toBe("en");

    // minimal: a dropdown holding the options in English, with ODK's "Other" (or_other) last.
    await page.getByRole("button", { name: /^Crop/ }).click();
    const cropList = page.getByRole("listbox", { name: /^Crop/ });
    expect(await cropList.getByRole("option").allInnerTexts()).toEqual(["Maize", "Soy", "Outro"]);
    await cropList.getByRole("option", { name: "Outro" }).click();
    await page.getByRole("textbox", { name: /^Specify other/ }).fill("Feijão");

    // quick: answering the page's last question moves to the next page by itself.
    await page.getByRole("radio", { name: "Good" }).click();
    await page.getByTestId("page-indicator").getByText("Página 2 de 2").waitFor();

    // A 5,000-option list filters as one types; only the first matches are drawn.
    const search = page.getByRole("combobox", { name: /^Municipality/ });
    const cityList = page.getByRole("listbox", { name: /^Municipality/ });
    expect(await cityList.getByRole("option").count()).toBe(50);
    await search.fill("municipio 4999");
    await expect.poll(() => cityList.getByRole("option").allInnerTexts()).toEqual(["Município 4999"]);
    await cityList.getByRole("option", { name: "Município 4999" }).click();
    expect(await cityList.getByRole("option", { name: "Município 4999" }).getAttribute("aria-selected")).toBe("true");

    // month-year: a month, stored as its first day.
    await page.getByLabel(/^Visit month/).fill("2026-05");

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    expect(await storedRecords()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const rows = await storedRecords();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answers).toEqual({
      [field("crop")]: "other",
      [field("crop_other")]: "Feijão",
      [field("rating")]: "Boa",
      [field("city")]: "Município 4999",
      [field("visit_month")]: "2026-05-01",
    });

    // Read back: the record detail shows the Other text next to the choice.
    await page.goto(`${server.url}/applications/${appId}/data`);
    await page.locator(`[data-record-id="${rows[0]?.id ?? ""}"]`).click();
    const detail = page.getByTestId("record-detail");
    await detail.getByText("Feijão").waitFor();
    expect(await detail.innerText()).toContain("Município 4999");
  });
});
