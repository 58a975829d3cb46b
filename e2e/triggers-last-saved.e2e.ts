import { describe, expect, it } from "vitest";
import { usePhoneJourney } from "./support/assigned-form.ts";

/** ODK's `trigger` (a value set when a question changes) and a `${last-saved#name}` default. */
const FIELDS = [
  { fieldType: "text", label: "Local", name: "local", position: 0, config: {} },
  {
    fieldType: "text",
    label: "Descrição",
    name: "descricao",
    position: 1,
    config: { trigger: "${local}", calculation: "concat('Visita a ', ${local})" },
  },
  {
    fieldType: "number",
    label: "Largura",
    name: "largura",
    position: 2,
    config: { format: "integer", defaultValue: "${last-saved#largura}" },
  },
];

describe("triggers and last-saved defaults on an installed phone, offline (issue 24)", () => {
  const journey = usePhoneJourney({
    ownerEmail: "dona@visitas.test",
    collectorEmail: "coletor@visitas.test",
    form: { name: "Visitas", fields: FIELDS },
  });
  const { field, storedRecords, openCollectScreen } = journey;
  const box = (label: string) => journey.page.getByRole("textbox", { name: new RegExp(`^${label}`) });

  it("sets a value when its trigger changes, and starts the next record from the last saved one", async () => {
    const { context, page } = journey;
    await context.setOffline(true);
    await openCollectScreen();
    // No record saved yet on this phone: the last-saved default is blank.
    expect(await box("Largura").inputValue()).toBe("");

    await box("Local").fill("Praça");
    await expect.poll(() => box("Descrição").inputValue()).toBe("Visita a Praça");
    // The triggered value is the collector's to change; it is set again only when its trigger changes.
    await box("Descrição").fill("Banco quebrado");
    await box("Largura").fill("4");
    expect(await box("Descrição").inputValue()).toBe("Banco quebrado");

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });

    // A new record, after reopening the form offline: the last saved width, the trigger's target blank.
    await openCollectScreen();
    await expect.poll(() => box("Largura").inputValue()).toBe("4");
    expect(await box("Local").inputValue()).toBe("");
    expect(await box("Descrição").inputValue()).toBe("");
    await box("Local").fill("Escola");
    await expect.poll(() => box("Descrição").inputValue()).toBe("Visita a Escola");

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const rows = await storedRecords();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answers).toEqual({
      [field("local")]: "Praça",
      [field("descricao")]: "Banco quebrado",
      [field("largura")]: 4,
    });
  });
});
