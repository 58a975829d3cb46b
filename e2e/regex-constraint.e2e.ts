import { describe, expect, it } from "vitest";
import { usePhoneJourney } from "./support/assigned-form.ts";

const CEP_MESSAGE = "Escreva o CEP como 00000-000";

/** `regex()` runs on RE2, which the browser loads only for forms that name it (shared/expressions/safe-regex.ts). */
const FIELDS = [
  {
    fieldType: "text",
    label: "CEP",
    name: "cep",
    position: 0,
    config: { required: true, constraint: "regex(., '^[0-9]{5}-[0-9]{3}$')", constraintMessage: CEP_MESSAGE },
  },
];

describe("a regex() constraint on an installed phone, offline (issue 27)", () => {
  const journey = usePhoneJourney({
    ownerEmail: "dona@cep.test",
    collectorEmail: "coletor@cep.test",
    form: { name: "Endereços", fields: FIELDS },
  });
  const { field, storedRecords, openCollectScreen } = journey;

  it("refuses a non-matching answer and keeps a matching one, with RE2 from the phone's cache", async () => {
    const { context, page } = journey;
    await context.setOffline(true);
    // Opened with no signal: the page and the RE2 chunk it waits for come from the service worker.
    await openCollectScreen();
    const cep = page.getByRole("textbox", { name: /^CEP/ });

    await cep.fill("7000-000");
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText(CEP_MESSAGE).waitFor();
    expect(await storedRecords()).toHaveLength(0);

    await cep.fill("70000-000");
    await page.getByText(CEP_MESSAGE).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const rows = await storedRecords();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answers).toEqual({ [field("cep")]: "70000-000" });
  });
});
