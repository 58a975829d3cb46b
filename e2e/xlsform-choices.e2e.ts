import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { openInstalledAppSignedIn } from "./support/field-collector.ts";
import { buildXlsx } from "../server/test-support/xlsform-books.ts";
/** pyxform's widgets.xls default and choice_filter_test.xlsx county, as one imported form. */
const FORM = {
  survey: [
    ["type", "name", "label", "default", "choice_filter"],
    ["select_multiple widgets", "my_select", "Widgets", "a c", null],
    ["select_one states", "state", "State", null, null],
    ["select_one counties", "county", "County", null, "${state}=cf"],
  ],
  choices: [
    ["list_name", "name", "label", "cf"],
    ["widgets", "a", "option a", null],
    ["widgets", "b", "option b", null],
    ["widgets", "c", "option c", null],
    ["states", "texas", "Texas", null],
    ["states", "washington", "Washington", null],
    ["counties", "king", "King", "washington"],
    ["counties", "pierce", "Pierce", "washington"],
    ["counties", "king", "King", "texas"],
    ["counties", "cameron", "Cameron", "texas"],
  ],
  settings: [
    ["form_title", "allow_choice_duplicates"],
    ["Pyxform choices", "yes"],
  ],
};

describe("an imported form's defaults and filtered choices in the collect form", () => {
  const journey = useAppServerAndBrowser();

  it("starts with the default's options whose labels hold spaces, and offers one county under two states", async () => {
    const email = "pyxform-choices@example.com";
    const api = journey.server.client();
    await api.signUp(email, "secret123", "Paula Pyxform");
    const body = new FormData();
    body.set("file", new File([new Uint8Array(await buildXlsx(FORM))], "choices.xlsx"));
    const imported = await api.request("/api/applications/import/xlsform", { method: "POST", body });
    expect(imported.status).toBe(201);
    const { application } = (await imported.json()) as { application: { id: string } };
    const phone = await openInstalledAppSignedIn(journey.server, email, "secret123");
    try {
      const page = phone.page;
      await page.goto(`${journey.server.url}/applications/${application.id}/collect`);
      await page.getByRole("heading", { name: "Pyxform choices" }).waitFor();
      const widgets = page.getByRole("group", { name: "Widgets" });
      const checked = () =>
        widgets
          .locator("input:checked")
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      await expect.poll(checked).toEqual(["option a", "option c"]);

      const state = page.getByRole("radiogroup", { name: "State" });
      const offered = () =>
        page
          .getByRole("radiogroup", { name: "County" })
          .locator("input")
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      await state.getByRole("radio", { name: "Texas" }).check();
      await expect.poll(offered).toEqual(["King", "Cameron"]);
      await state.getByRole("radio", { name: "Washington" }).check();
      await expect.poll(offered).toEqual(["King", "Pierce"]);
    } finally {
      await phone.context.close();
      rmSync(phone.profileDir, { recursive: true, force: true });
    }
  });
});
