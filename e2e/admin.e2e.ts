import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { registrationFor } from "../server/test-support/registration.ts";
import { pngBytes } from "../server/test-support/fixtures/sync-fixtures.ts";
import { firstLink, latestEmailTo } from "./support/outbox.ts";
import { useAppServerAndBrowser } from "./support/journey.ts";

const SUPER_ADMIN = "root@campo.test";
const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe("admin panel", () => {
  const journey = useAppServerAndBrowser({ SUPER_ADMIN_EMAILS: SUPER_ADMIN });
  const url = (path: string) => `${journey.server.url}${path}`;

  /** A browser of its own, signed up (and so signed in) as `email`. */
  async function signedIn(email: string, name: string): Promise<BrowserContext> {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    const response = await context.request.post(url("/api/account/register"), {
      data: registrationFor(email, "secret123", name),
      headers: { origin: journey.server.url },
    });
    expect(response.ok()).toBe(true);
    return context;
  }

  /** POST /api/applications from the user's own page, as the designer does. */
  const createApplication = (page: Page, name: string) =>
    page.evaluate(async (appName) => {
      const response = await fetch("/api/applications", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: appName, visibility: "team", active: true, fields: [] }),
      });
      return response.status;
    }, name);

  it("answers a support message: the reply reaches the e-mail outbox and shows in the thread", async () => {
    const visitor = await journey.browser.newContext();
    const form = {
      fullName: "Carlos Lima",
      email: "carlos@example.com",
      celular: "11988887777",
      subject: "Mapa não carrega",
      message: "O mapa fica em branco no meu celular.",
    };
    const sent = await visitor.request.post(url("/api/support"), {
      multipart: { ...form, image: { name: "tela.png", mimeType: "image/png", buffer: pngBytes("admin-e2e") } },
      headers: { origin: journey.server.url },
    });
    expect(sent.status()).toBe(201);
    await visitor.close();

    const admin = await signedIn(SUPER_ADMIN, "Rosa Admin");
    const page = await admin.newPage();
    await page.goto(url("/applications"));
    await page.getByRole("button", { name: /Menu da conta/ }).click();
    await page.getByRole("menuitem", { name: "Painel Admin" }).click();
    await page.waitForURL(url("/admin"));
    await page.getByRole("heading", { level: 1, name: "Painel administrativo" }).waitFor();

    await page.getByRole("link", { name: "Mensagens" }).click();
    await page.getByRole("link", { name: "Abrir mensagem: Mapa não carrega" }).click();
    await page.getByTestId("message-body").getByText("O mapa fica em branco no meu celular.").waitFor();
    const image = page.getByRole("img", { name: "Imagem anexada à mensagem de suporte" });
    await image.waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>("figure img")?.naturalWidth === 1);
    await page.getByText("Ainda sem respostas.").waitFor();

    await page.getByRole("button", { name: "Enviar resposta" }).click();
    await page.getByText("Escreva a resposta.").waitFor();
    await page
      .getByRole("textbox", { name: "Responder por e-mail" })
      .fill("Olá Carlos, atualize o app e tente de novo.");
    await page.getByRole("button", { name: "Enviar resposta" }).click();
    await page.getByText("Resposta enviada.").waitFor();
    await page.getByTestId("message-reply").getByText("Olá Carlos, atualize o app e tente de novo.").waitFor();
    await page.getByText("Respondida").first().waitFor();

    const mail = await latestEmailTo(journey.server, "carlos@example.com");
    expect(mail).toMatchObject({ kind: "message_reply", subject: "Re: Mapa não carrega" });
    expect(mail?.textBody).toContain("Olá Carlos, atualize o app e tente de novo.");
    await page.screenshot({ path: "/tmp/admin-message.png", fullPage: true });
    await admin.close();
  });

  it("shows the e-mails sent without SMTP: a password reset opens with its link clickable", async () => {
    const user = await signedIn("esqueci@campo.test", "Edu Esquecido");
    await user.close();
    const superAdmin = await journey.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    const signIn = await superAdmin.request.post(url("/api/auth/sign-in/email"), {
      data: { email: SUPER_ADMIN, password: "secret123" },
      headers: { origin: journey.server.url },
    });
    expect(signIn.ok()).toBe(true);
    const forgot = await superAdmin.request.post(url("/api/auth/request-password-reset"), {
      data: { email: "esqueci@campo.test", redirectTo: url("/reset-password") },
      headers: { origin: journey.server.url },
    });
    expect(forgot.ok()).toBe(true);
    const reset = await latestEmailTo(journey.server, "esqueci@campo.test");
    expect(reset?.kind).toBe("password_reset");
    const resetLink = firstLink(reset!.textBody);

    const page = await superAdmin.newPage();
    await page.goto(url("/admin"));
    await page.getByRole("link", { name: "E-mails enviados" }).click();
    await page.waitForURL(url("/admin/emails"));
    await page.getByRole("searchbox", { name: "Buscar e-mails" }).fill("esqueci@");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.getByTestId("admin-email-row").filter({ hasText: "Só registrado (sem SMTP)" }).first().waitFor();
    await page.getByRole("link", { name: `Abrir e-mail: ${reset!.subject}` }).click();
    const link = page.getByTestId("email-text").getByRole("link", { name: resetLink });
    expect(await link.getAttribute("href")).toBe(resetLink);
    await page.screenshot({ path: "/tmp/admin-email.png", fullPage: true });

    const [opened] = await Promise.all([superAdmin.waitForEvent("page"), link.click()]);
    await opened.waitForURL((address) => address.pathname === "/reset-password");
    await superAdmin.close();
  });

  it("sets custom limits that let a free user create a 4th application", async () => {
    const user = await signedIn("livre@campo.test", "Lia Livre");
    const userPage = await user.newPage();
    await userPage.goto(url("/applications"));
    for (const n of [1, 2, 3]) expect(await createApplication(userPage, `Levantamento ${n}`)).toBe(201);
    expect(await createApplication(userPage, "Levantamento 4")).toBe(402);

    const superAdmin = await journey.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    const signIn = await superAdmin.request.post(url("/api/auth/sign-in/email"), {
      data: { email: SUPER_ADMIN, password: "secret123" },
      headers: { origin: journey.server.url },
    });
    expect(signIn.ok()).toBe(true);
    const page = await superAdmin.newPage();
    await page.goto(url("/admin"));
    await page.getByRole("searchbox", { name: "Buscar usuários" }).fill("livre@");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.getByText("1 resultado").waitFor();
    await page.getByRole("link", { name: "Abrir Lia Livre" }).click();
    await page.getByTestId("effective-applications").getByText("3").waitFor();

    await page.getByTestId("limit-maxApplications").fill("abc");
    await page.getByRole("button", { name: "Salvar limites" }).click();
    await page.getByText("Informe um número.").waitFor();
    await page.getByTestId("limit-maxApplications").fill("4");
    await page.getByRole("button", { name: "Salvar limites" }).click();
    await page.getByText("Limites salvos.").waitFor();
    await page.getByTestId("effective-applications").getByText("4").waitFor();
    await page.screenshot({ path: "/tmp/admin-user.png", fullPage: true });

    expect(await createApplication(userPage, "Levantamento 4")).toBe(201);
    expect(await createApplication(userPage, "Levantamento 5")).toBe(402);
    await user.close();
    await superAdmin.close();
  });

  it("disables an account: the user's session ends and the sign-in screen says why", async () => {
    const user = await signedIn("bloqueada@campo.test", "Bia Bloqueada");
    const superAdmin = await journey.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    await superAdmin.request.post(url("/api/auth/sign-in/email"), {
      data: { email: SUPER_ADMIN, password: "secret123" },
      headers: { origin: journey.server.url },
    });
    const page = await superAdmin.newPage();
    await page.goto(url("/admin?q=bloqueada"));
    await page.getByRole("link", { name: "Abrir Bia Bloqueada" }).click();
    await page.getByRole("button", { name: "Desativar conta" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Desativar conta" }).click();
    await page.getByText("Conta desativada.").waitFor();
    await page.getByRole("button", { name: "Reativar conta" }).waitFor();

    expect((await user.request.get(url("/api/applications"))).status()).toBe(401);
    const userPage = await user.newPage();
    await userPage.goto(url("/auth"));
    await userPage.getByRole("textbox", { name: "Email", exact: true }).fill("bloqueada@campo.test");
    await userPage.locator("input[name=password]").fill("secret123");
    await userPage.getByRole("button", { name: "Entrar" }).last().click();
    await userPage.getByText("Esta conta foi desativada. Fale com o suporte.").first().waitFor();
    await user.close();
    await superAdmin.close();
  });
});
