import { existsSync } from "node:fs";
import { registrationFor } from "../server/test-support/registration.ts";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { BrowserContextOptions } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { supportMessages } from "../server/db/schema/index.ts";
import { pngBytes } from "../server/test-support/fixtures/sync-fixtures.ts";

const PHONE = { viewport: { width: 390, height: 844 } } satisfies BrowserContextOptions;

describe("support page", () => {
  const journey = useAppServerAndBrowser({ SUPER_ADMIN_EMAILS: "team@campo.test" });

  it("prefills the signed-in user, validates, sends a message with an image, resets, and goes back one step", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...PHONE });
    const signUp = await context.request.post(`${journey.server.url}/api/account/register`, {
      data: registrationFor("ana@campo.test", "secret123", "Ana Maria Souza"),
      headers: { origin: journey.server.url },
    });
    expect(signUp.ok()).toBe(true);
    const userId = (
      (await (await context.request.get(`${journey.server.url}/api/me`)).json()) as { user: { id: string } }
    ).user.id;
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/privacy-policy`);
    await page.getByRole("heading", { level: 1, name: "Política de Privacidade" }).waitFor();
    await page.goto(`${journey.server.url}/support`);
    await page.getByRole("heading", { level: 1, name: "Suporte" }).waitFor();

    const field = (name: string) => page.getByRole("textbox", { name, exact: true });
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>("input[autocomplete=name]")?.value === "Ana Maria Souza",
    );
    expect(await field("E-mail").inputValue()).toBe("ana@campo.test");

    await page.getByRole("button", { name: "Enviar" }).click();
    await page.getByText("Informe seu celular").waitFor();
    expect(await field("Assunto").getAttribute("aria-invalid")).toBe("true");

    const picker = page.getByLabel("Imagem (opcional)");
    await picker.setInputFiles({ name: "anim.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await page.getByText("Tipo de arquivo inválido").waitFor();
    await page.getByRole("button", { name: "Remover imagem" }).click();
    await page.getByText("Tipo de arquivo inválido").waitFor({ state: "detached" });

    const image = pngBytes("e2e");
    await picker.setInputFiles({ name: "tela.png", mimeType: "image/png", buffer: image });
    await page.getByRole("img", { name: "Pré-visualização da imagem anexada" }).waitFor();
    await field("Celular").fill("11999998888");
    await field("Assunto").fill("Erro ao sincronizar");
    await field("Mensagem").fill("Meus registros não sincronizam desde ontem.");
    await page.getByRole("button", { name: "Enviar" }).click();
    await page.getByText("Mensagem enviada!").waitFor();

    expect(await field("Assunto").inputValue()).toBe("");
    expect(await field("Nome completo").inputValue()).toBe("Ana Maria Souza");
    expect(await page.getByRole("img", { name: "Pré-visualização da imagem anexada" }).count()).toBe(0);
    const [row] = await journey.server.context.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.userId, userId));
    expect(row).toMatchObject({
      fullName: "Ana Maria Souza",
      email: "ana@campo.test",
      subject: "Erro ao sincronizar",
      imageKey: `support/${row!.id}.png`,
    });
    expect(existsSync(path.join(journey.server.context.config.dataDir, "uploads", "support", `${row!.id}.png`))).toBe(
      true,
    );

    await page.getByRole("button", { name: "Voltar" }).click();
    await page.waitForURL(`${journey.server.url}/privacy-policy`);
    await context.close();
  });

  it.each([
    ["a phone", PHONE],
    ["a wide screen", { viewport: { width: 1280, height: 900 } }],
  ])(
    "shows the generic support error toast below the header on %s when sending fails, keeping what was typed",
    async (_, screen) => {
      const context = await journey.browser.newContext({ locale: "pt-BR", serviceWorkers: "block", ...screen });
      const page = await context.newPage();
      await page.route("**/api/support", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: '{"error":{"code":"INTERNAL","message":"boom"}}',
        }),
      );
      await page.goto(`${journey.server.url}/support`);
      const field = (name: string) => page.getByRole("textbox", { name, exact: true });
      await field("Nome completo").fill("Visitante Silva");
      await field("E-mail").fill("visitante@example.com");
      await field("Celular").fill("11999998888");
      await field("Assunto").fill("Não consigo entrar");
      await field("Mensagem").fill("A página de login não carrega no meu celular.");
      await page.getByRole("button", { name: "Enviar" }).click();
      await page.getByText("Erro ao enviar mensagem de suporte. Tente novamente.").waitFor();
      // The toast must not cover the header (network badge, avatar, menu): wait for its entry animation to end.
      const toast = page.locator("[data-sonner-toast]").first();
      await page.waitForFunction(
        () =>
          document
            .querySelector("[data-sonner-toast]")
            ?.getAnimations()
            .every((animation) => animation.playState === "finished") ?? false,
      );
      const header = await page.locator("header").first().boundingBox();
      const box = await toast.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS ?? "/tmp/campo-shots"}/support-toast-${screen.viewport.width}.png`,
      });
      expect(await field("Assunto").inputValue()).toBe("Não consigo entrar");
      await context.close();
    },
  );
});
