import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { launchBrowser } from "./support/browser.ts";
import { signedInDesktopPage } from "./support/map-browser.ts";
import { formFields } from "../server/db/schema/index.ts";
import { usePhoneJourney } from "./support/assigned-form.ts";

/** A 1×1 PNG: enough for the phone to decode (naturalWidth 1) and for the server to sniff as an image. */
const COW_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const FIELDS = [
  {
    fieldType: "single_choice",
    label: "Animal",
    name: "animal",
    position: 0,
    config: { required: true, options: ["Vaca", "Cabra"], optionImages: { Vaca: "cow.png" } },
  },
];

describe("a choice whose option shows an attached image, offline on an installed phone", () => {
  // Online once: the app shell, the form and its files are kept on the device.
  const journey = usePhoneJourney({
    ownerEmail: "dona@rebanho.test",
    collectorEmail: "coletor@rebanho.test",
    form: { name: "Rebanho", fields: FIELDS },
    prepare: async ({ owner, appId }) => {
      const response = await owner.post(`/api/applications/${appId}/form-files`, { name: "cow.png", data: COW_PNG });
      expect(response.status).toBe(201);
    },
    ready: (page) => page.getByRole("img", { name: "Vaca" }).waitFor(),
  });
  const { field, storedRecords, openCollectScreen } = journey;

  it("shows the option's image from the cached attachment offline, saves and syncs the label", async () => {
    const { context, page } = journey;
    await context.setOffline(true);
    await openCollectScreen();
    const image = page.getByRole("img", { name: "Vaca" });
    await image.waitFor();
    await image.scrollIntoViewIfNeeded();
    // Lazy: it loads once in view; a broken image would stay at naturalWidth 0.
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="Vaca"]')?.complete === true);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    // The option without an image is text only; the pictured one is still named by its label.
    expect(await page.getByRole("img", { name: "Cabra" }).count()).toBe(0);
    await page.getByRole("radio", { name: "Vaca", exact: true }).check();

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    expect(await storedRecords()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const rows = await storedRecords();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answers).toEqual({ [field("animal")]: "Vaca" });
  });

  it("lets the owner see and pick each option's attached image in the designer", async () => {
    const { server, appId } = journey;
    const browser = await launchBrowser();
    try {
      const { page: designer } = await signedInDesktopPage(browser, server, "dona@rebanho.test");
      await designer.goto(`${server.url}/applications/${appId}/edit`);
      await designer.getByRole("button", { name: "Configurar campo Animal" }).click();
      const dialog = designer.getByRole("dialog", { name: "Configuração de Campo" });
      const vaca = dialog.getByRole("combobox", { name: "Imagem da opção Vaca" });
      expect(await vaca.inputValue()).toBe("cow.png");
      await dialog.getByRole("combobox", { name: "Imagem da opção Cabra" }).selectOption("cow.png");
      await dialog.getByRole("button", { name: "Salvar campo" }).click();
      await dialog.waitFor({ state: "hidden" });
      await designer.getByRole("button", { name: "Salvar alterações" }).click();
      await expect
        .poll(async () => {
          const [animal] = await server.context.database.db
            .select()
            .from(formFields)
            .where(
              and(eq(formFields.applicationId, appId), eq(formFields.name, "animal"), isNull(formFields.deletedAt)),
            );
          return animal?.config;
        })
        .toMatchObject({ optionImages: { Vaca: "cow.png", Cabra: "cow.png" } });
    } finally {
      await browser.close();
    }
  });
});
