import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { firstLink, latestEmailTo } from "./support/outbox.ts";
import { fillRegisterWizard, registerSubmit } from "./support/register-wizard.ts";
import { signedInPage } from "./support/signed-in-page.ts";

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const password = (page: Page, name = "password") => page.locator(`input[name=${name}]`);

async function register(page: Page, email: string) {
  await page.getByRole("tab", { name: "Criar conta" }).click();
  await fillRegisterWizard(page, { name: "Ana Campos", email, password: "Campo#2024" });
  await registerSubmit(page).click();
}

async function login(page: Page, email: string, secret: string) {
  await textbox(page, "Email").fill(email);
  await password(page).fill(secret);
  await page.getByRole("button", { name: "Entrar" }).last().click();
}

describe("auth journeys", () => {
  const journey = useAppServerAndBrowser();

  const newPage = async () => (await journey.browser.newContext({ locale: "pt-BR" })).newPage();

  it("registers through the 4 steps, logs out to /home and logs back in", async () => {
    const page = await newPage();
    await page.goto(`${journey.server.url}/auth`);
    await page.getByRole("tab", { name: "Criar conta" }).click();
    await page.getByRole("button", { name: "Próximo" }).click();
    await page.getByText("O nome deve ter pelo menos 3 caracteres.").waitFor();
    expect(await page.getByText("Passo 1 de 4").isVisible()).toBe(true);

    await register(page, "ana@example.com");
    await page.getByText("Conta criada com sucesso!").waitFor();
    await page.waitForURL(`${journey.server.url}/applications`);
    expect((await latestEmailTo(journey.server, "ana@example.com"))?.kind).toBe("welcome");

    await page.getByRole("button", { name: "Menu da conta de Ana Campos" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page.waitForURL(`${journey.server.url}/home`);

    await page.goto(`${journey.server.url}/auth`);
    await login(page, "ana@example.com", "wrong-password");
    await page.getByRole("alert").filter({ hasText: "Erro" }).waitFor();
    await login(page, "ana@example.com", "Campo#2024");
    await page.getByText("Validando sessão...").first().waitFor();
    await page.waitForURL(`${journey.server.url}/applications`);
    await page.close();
  });

  it("sends a duplicate registration to the login tab with the e-mail filled", async () => {
    const page = await newPage();
    await page.goto(`${journey.server.url}/auth`);
    await register(page, "ana@example.com");
    await page.getByText("Este email já está registrado. Por favor faça login.").first().waitFor();
    await page.getByText("Email já registrado").waitFor();
    expect(await page.getByRole("tab", { name: "Entrar" }).getAttribute("aria-selected")).toBe("true");
    expect(await textbox(page, "Email").inputValue()).toBe("ana@example.com");
    await page.close();
  });

  it("recovers a forgotten password through the e-mailed link", async () => {
    const page = await newPage();
    await page.goto(`${journey.server.url}/auth`);
    await page.getByRole("button", { name: "Esqueceu a senha?" }).click();
    // The recovery form is the app's: the first click on the drawn page loads it, and the visitor types once it shows.
    await page.getByRole("button", { name: "Enviar link de recuperação" }).waitFor();
    await textbox(page, "Email").fill("ana@example.com");
    await page.getByRole("button", { name: "Enviar link de recuperação" }).click();
    await page.getByText("Email enviado").waitFor();

    const mail = await latestEmailTo(journey.server, "ana@example.com");
    expect(mail?.kind).toBe("password_reset");
    await page.goto(firstLink(mail?.textBody ?? ""));
    await password(page, "newPassword").fill("Nova#Senha9");
    await password(page, "confirmPassword").fill("Outra#Senha9");
    await page.getByRole("button", { name: "Redefinir senha" }).click();
    await page.getByText("As senhas não coincidem").waitFor();
    await password(page, "confirmPassword").fill("Nova#Senha9");
    await page.getByRole("button", { name: "Redefinir senha" }).click();
    await page.getByText("Senha redefinida com sucesso! Redirecionando...").waitFor();
    // Spec 000 §4: signed in with the new password, on the profile.
    await page.waitForURL(`${journey.server.url}/profile`);
    await page.getByRole("heading", { name: "Minha conta" }).waitFor();
    expect((await page.request.get(`${journey.server.url}/api/me`)).status()).toBe(200);
    await page.getByRole("button", { name: /^Menu da conta de/ }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page.waitForURL(`${journey.server.url}/home`);

    await page.goto(firstLink(mail?.textBody ?? ""));
    await page.getByText("Link de recuperação inválido. Por favor, solicite um novo link.").waitFor();
    await page.getByRole("link", { name: "Solicitar novo link" }).click();
    await page.getByRole("button", { name: "Enviar link de recuperação" }).waitFor();
    await page.getByRole("button", { name: "Voltar ao login" }).click();

    await login(page, "ana@example.com", "Campo#2024");
    await page.getByRole("alert").filter({ hasText: "Erro" }).waitFor();
    await login(page, "ana@example.com", "Nova#Senha9");
    await page.waitForURL(`${journey.server.url}/applications`);
    await page.close();
  });

  it("is drawn by the server for a first visit; what is typed before the app is there signs in with Enter", async () => {
    await (await signedInPage(journey.browser, journey.server.url, "caio@example.com")).context().close();
    const context = await journey.browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    // The drawn page counts its own view (once the browser is idle after the load), with no app.
    const viewed = page.waitForResponse((response) => response.url().endsWith("/api/analytics"));
    await page.goto(`${journey.server.url}/auth`);
    await viewed;
    expect(await page.locator("#root").getAttribute("data-prerendered")).toBe("pt-BR");
    expect(await page.getByRole("heading", { name: "Bem-vindo ao Campo", level: 1 }).isVisible()).toBe(true);
    // Not the app, nor a piece of it: the page view counted before the app is there needs neither.
    expect(scripts.filter((script) => /\/assets\/(main|framework|app)-/.test(script))).toEqual([]);

    // The first key loads the app while the visitor goes on typing into the drawn fields; the app's takes over the
    // text and the focus, and Enter (held if it comes first) signs in.
    await textbox(page, "Email").focus();
    await page.keyboard.type("caio@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("secret123");
    await page.keyboard.press("Enter");
    await page.getByText("Validando sessão...").first().waitFor();
    await page.waitForURL(`${journey.server.url}/applications`);
    expect(scripts.some((script) => /\/assets\/main-/.test(script))).toBe(true);
    expect(page.url()).not.toContain("secret123");
    await context.close();
  });

  it("keeps the page drawn in the browser's language until the chosen language's page is ready, typing and all", async () => {
    // An English browser whose visitor chose Portuguese: the server draws /auth in English, the app speaks pt-BR and
    // loads at once. Its page's chunk is held, so the visitor types while the app is still on its way.
    const context = await journey.browser.newContext({ locale: "en-US" });
    await context.addInitScript(() => {
      if (location.protocol !== "http:") return;
      localStorage.setItem("campo_language", "pt-BR");
      document.addEventListener("DOMContentLoaded", () => {
        const root = document.getElementById("root")!;
        new MutationObserver(() => {
          const statuses = Array.from(root.querySelectorAll('[role="status"]'));
          if (statuses.some((status) => status.textContent?.includes("Carregando"))) root.dataset.loadingShown = "yes";
        }).observe(root, { childList: true, subtree: true });
      });
    });
    const page = await context.newPage();
    let release = () => {};
    let markRequested = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested = new Promise<void>((resolve) => (markRequested = resolve));
    await page.route(/\/assets\/auth-page-[^/]+\.js$/, async (route) => {
      markRequested();
      await held;
      await route.continue();
    });
    await page.goto(`${journey.server.url}/auth`);
    expect(await page.locator("#root").getAttribute("data-prerendered")).toBe("en");
    await requested;

    await textbox(page, "Email").focus();
    await page.keyboard.type("nobody@example.com");
    release();
    await page.getByRole("heading", { name: "Bem-vindo ao Campo", level: 1 }).waitFor();
    // A loading screen in between would have taken the focus, and the keys typed meanwhile, with it.
    expect(await page.locator("#root").getAttribute("data-loading-shown")).toBeNull();
    await page.keyboard.press("Tab");
    await page.keyboard.type("secret123");
    await page.keyboard.press("Enter");
    // The app's form read the e-mail typed into the drawn one: the server, not the form's "Informe o email.", answers.
    await page.getByText("Email ou senha incorretos. Se ainda não tem conta, crie uma primeiro.").first().waitFor();
    await context.close();
  });

  it("opens a tab clicked before the app is there, once the app has drawn the page", async () => {
    const context = await journey.browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/auth`);
    expect(await page.locator("#root").getAttribute("data-prerendered")).toBe("en");
    await page.getByRole("tab", { name: "Create account" }).dispatchEvent("click");
    await page.getByRole("tab", { name: "Create account", selected: true }).waitFor();
    await page.getByText("Step 1 of 4").waitFor();
    await context.close();
  });

  it("keeps /auth for a device whose remembered session the server ended; a protected page sends it home", async () => {
    const page = await signedInPage(journey.browser, journey.server.url, "dora@example.com");
    await page.goto(`${journey.server.url}/applications`);
    await page.getByRole("heading", { name: "Meus Aplicativos", level: 1 }).waitFor();
    const remembered = await page.evaluate(() => localStorage.getItem("campo_session"));
    expect(remembered).toContain("dora@example.com");
    const forgotten = () => page.waitForFunction(() => localStorage.getItem("campo_session") === null);
    // The server no longer knows this browser's session (its cookie is gone), but the device still remembers the user.
    await page.context().clearCookies();

    // A protected page opens as the remembered user at once; the server's answer then signs the device out.
    await page.goto(`${journey.server.url}/applications`);
    await page.waitForURL(`${journey.server.url}/home`);
    await forgotten();

    // /auth waits for the server's word before it sends a remembered user on: typing there loads the app, which
    // hears that no one is signed in and leaves the visitor on the page, text and all.
    await page.goto(`${journey.server.url}/auth`);
    await page.evaluate((session) => localStorage.setItem("campo_session", session ?? ""), remembered);
    const checked = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/me");
    await textbox(page, "Email").focus();
    await page.keyboard.type("dora@example.com");
    await checked;
    await forgotten();
    await page.getByRole("button", { name: "Esqueceu a senha?" }).click();
    await page.getByRole("button", { name: "Enviar link de recuperação" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
    await page.context().close();
  });

  it("signs the session out on /auth?reauth=true and redirects an existing session away from /auth", async () => {
    const page = await newPage();
    const registered = await page.request.post(`${journey.server.url}/api/account/register`, {
      data: {
        name: "Bia Reis",
        email: "bia@example.com",
        password: "secret123",
        celular: "11977776666",
        estado: "RJ",
        cidade: "Niterói",
        logradouro: "Rua Um",
        numero: "1",
        empresa: "Reis",
        tamanhoEmpresa: "1_10",
        termos: true,
      },
    });
    expect(registered.status()).toBe(201);
    await page.goto(`${journey.server.url}/auth`);
    await page.waitForURL(`${journey.server.url}/applications`);

    await page.goto(`${journey.server.url}/auth?reauth=true`);
    await page.getByText("Reautenticação necessária").waitFor();
    await page.getByRole("link", { name: "Entrar" }).waitFor();
    expect(await (await page.request.get(`${journey.server.url}/api/me`)).json()).toEqual({ user: null });
    await page.close();
  });
});
