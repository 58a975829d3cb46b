import { describe, it } from "vitest";
import { useAppServerAndBrowser } from "./support/journey.ts";

describe("debug", () => {
  const journey = useAppServerAndBrowser();
  it("login after a wrong password", async () => {
    const page = await (await journey.browser.newContext({ locale: "pt-BR" })).newPage();
    page.on("console", (m) => console.log("CONSOLE", m.type(), m.text()));
    page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
    page.on("request", (r) => r.url().includes("/api/") && console.log("REQ", r.method(), r.url()));
    page.on("response", (r) => r.url().includes("/api/") && console.log("RES", r.status(), r.url()));
    const registered = await page.request.post(`${journey.server.url}/api/account/register`, {
      data: { name: "Ana Campos", email: "ana@example.com", password: "Campo#2024", phone: "11988887777", state: "MG", city: "Belo Horizonte", street: "Av", number: "1", company: "C", companySize: "51-200", acceptTerms: true },
    });
    console.log("REGISTER", registered.status(), (await registered.text()).slice(0, 200));
    await page.context().clearCookies();
    await page.goto(`${journey.server.url}/auth`);
    const login = async (secret: string) => {
      await page.getByRole("textbox", { name: "Email", exact: true }).fill("ana@example.com");
      await page.locator("input[name=password]").fill(secret);
      await page.getByRole("button", { name: "Entrar" }).last().click();
    };
    await login("wrong-password");
    await page.getByRole("alert").filter({ hasText: "Erro" }).waitFor();
    console.log("STEP wrong shown");
    await login("Campo#2024");
    await page.getByText("Validando sessão...").first().waitFor();
    console.log("STEP validating");
    await page.waitForTimeout(6000);
    console.log("STEP url", page.url());
  });
});
