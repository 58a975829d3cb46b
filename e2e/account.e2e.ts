import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { createLocalApplication, signedInPage as signedIn } from "./support/signed-in-page.ts";

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const password = (page: Page, name: string) => page.locator(`input[name=${name}]`);

describe("account journeys", () => {
  const journey = useAppServerAndBrowser();

  const signedInPage = (email: string) => signedIn(journey.browser, journey.server.url, email);

  const signInStatus = async (page: Page, email: string, secret: string) =>
    (
      await page.request.post(`${journey.server.url}/api/auth/sign-in/email`, { data: { email, password: secret } })
    ).status();

  it("edits the profile and the change survives a reload", async () => {
    const page = await signedInPage("caio@example.com");
    await page.goto(`${journey.server.url}/profile`);
    await page.getByText("Santos").waitFor();
    await page.getByRole("button", { name: "Editar" }).click();
    await textbox(page, "Cidade").fill("Campinas");
    await textbox(page, "Empresa").fill("Prado & Filhos");
    await textbox(page, "Celular").fill("123");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.getByText("O celular deve ter pelo menos 10 dígitos.").waitFor();
    await textbox(page, "Celular").fill("11955554444");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.getByText("Perfil atualizado").waitFor();
    await page.reload();
    await page.getByText("Prado & Filhos").waitFor();
    expect(await page.getByText("Rua do Porto, 7 · Campinas · São Paulo · Brasil").isVisible()).toBe(true);
    expect(await page.getByText("11955554444").isVisible()).toBe(true);
    await page.close();
  });

  it("changes the password after checking the current one", async () => {
    const page = await signedInPage("senha@example.com");
    await page.goto(`${journey.server.url}/settings`);
    await password(page, "currentPassword").fill("not-the-password");
    await password(page, "newPassword").fill("Outra#Senha1");
    await password(page, "confirmPassword").fill("Outra#Senha1");
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await page.getByText("Senha atual incorreta").waitFor();
    await password(page, "currentPassword").fill("secret123");
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await page.getByText("Senha alterada com sucesso").waitFor();
    expect(await signInStatus(page, "senha@example.com", "secret123")).toBe(401);
    expect(await signInStatus(page, "senha@example.com", "Outra#Senha1")).toBe(200);
    await page.close();
  });

  it("deletes the account after the password confirmation and lands on /home", async () => {
    const page = await signedInPage("adeus@example.com");
    await page.goto(`${journey.server.url}/profile`);
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.locator("input[type=password]").fill("wrong-one");
    await dialog.getByRole("button", { name: "Excluir conta" }).click();
    await dialog.getByText("Senha incorreta.").waitFor();
    await dialog.locator("input[type=password]").fill("secret123");
    await dialog.getByRole("button", { name: "Excluir conta" }).click();
    await page.waitForURL(`${journey.server.url}/home`);
    await page.getByRole("link", { name: "Entrar" }).first().waitFor();
    expect(await (await page.request.get(`${journey.server.url}/api/me`)).json()).toEqual({ user: null });
    expect(await signInStatus(page, "adeus@example.com", "secret123")).toBe(401);
    await page.close();
  });

  it("creates an API token, copies it once, uses it from a script, and revokes it", async () => {
    const page = await signedInPage("tokens@example.com");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: journey.server.url });
    const { application } = await createLocalApplication(page, journey.server.url, "Vistorias");

    await page.goto(`${journey.server.url}/settings`);
    await page.getByText("Nenhum token ainda.", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Novo token" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Criar token" }).click();
    await dialog.getByText("Informe um nome para o token.").waitFor();
    await dialog.getByRole("textbox", { name: "Nome" }).fill("Power BI");
    await dialog.getByRole("combobox", { name: "Vistorias" }).selectOption("read");
    await dialog.getByRole("button", { name: "Criar token" }).click();
    await dialog.getByText("Copie o token agora", { exact: false }).waitFor();
    const secret = await dialog.getByRole("textbox", { name: "Token de API" }).inputValue();
    expect(secret).toMatch(/^campo_/);
    await dialog.getByRole("button", { name: "Copiar" }).click();
    await page.getByText("Token copiado").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dialog.getByRole("button", { name: "Concluído" }).click();

    const asScript = () =>
      fetch(`${journey.server.url}/api/applications/${application.id}`, {
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await asScript()).status).toBe(200);
    const item = page.getByRole("listitem").filter({ hasText: "Power BI" });
    await item.getByText("Vistorias · Leitura").waitFor();

    await page.getByRole("button", { name: "Revogar o token Power BI" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revogar token" }).click();
    await page.getByText("Token “Power BI” revogado").waitFor();
    await page.getByText("Nenhum token ainda.", { exact: false }).waitFor();
    expect((await asScript()).status).toBe(401);
    await page.close();
  });

  it("revokes every token at once after a confirmation", async () => {
    const page = await signedInPage("revoke-all@example.com");
    const { application } = await createLocalApplication(page, journey.server.url, "Coletas");
    const secrets: string[] = [];
    for (const name of ["Planilha", "Script noturno"]) {
      const created = await page.request.post(`${journey.server.url}/api/account/tokens`, {
        data: { name, expiresInDays: null, scopes: [{ applicationId: application.id, access: "read" }] },
      });
      expect(created.status()).toBe(201);
      secrets.push(((await created.json()) as { token: { token: string } }).token.token);
    }
    const statuses = () =>
      Promise.all(
        secrets.map(
          async (secret) =>
            (
              await fetch(`${journey.server.url}/api/applications/${application.id}`, {
                headers: { authorization: `Bearer ${secret}` },
              })
            ).status,
        ),
      );
    expect(await statuses()).toEqual([200, 200]);

    await page.goto(`${journey.server.url}/settings`);
    await page.getByRole("listitem").filter({ hasText: "Script noturno" }).waitFor();
    await page.getByRole("button", { name: "Revogar todos os tokens" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revogar todos os tokens?" });
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await statuses()).toEqual([200, 200]);

    await page.getByRole("button", { name: "Revogar todos os tokens" }).click();
    await dialog.getByRole("button", { name: "Revogar todos" }).click();
    await page.getByText("Todos os tokens foram revogados").waitFor();
    await page.getByText("Nenhum token ainda.", { exact: false }).waitFor();
    expect(await statuses()).toEqual([401, 401]);
    await page.close();
  });
});
