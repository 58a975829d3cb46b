import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../server/test-support/fixtures/application-fixtures.ts";
import { chooseOption } from "./support/choose-option.ts";

const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp/campo-audit-shots";
const PASSWORD = "secret123";

describe("change management and permission debugging", () => {
  const journey = useAppServerAndBrowser(TRUST_PROXY_ENV);

  async function signedIn(email: string, viewport: { width: number; height: number }): Promise<Page> {
    const context = await journey.browser.newContext({ locale: "pt-BR", viewport });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home`);
    const response = await page.request.post(`${journey.server.url}/api/auth/sign-in/email`, {
      data: { email, password: PASSWORD },
      headers: { origin: journey.server.url },
    });
    expect(response.status()).toBe(200);
    return page;
  }

  it("an owner renames a form and changes a member's role, then finds both, before → after, in the log", async () => {
    const { server } = journey;
    const ownerApi = server.client();
    const owner = await signUpAs(ownerApi, "dona-log@campo.test");
    const memberApi = server.client();
    const member = await signUpAs(memberApi, "caio-log@campo.test");
    const created = await createApplicationVia(ownerApi, applicationForm("Vistoria"));
    const applicationId = created.application.id;
    await grantRole(server.context.database.db, {
      ownerId: owner.id,
      userId: member.id,
      email: member.email,
      applicationId,
      role: "collaborator",
    });

    const page = await signedIn(owner.email, { width: 1280, height: 900 });
    // Rename in the designer.
    await page.goto(`${server.url}/applications/${applicationId}/edit`);
    await page.getByRole("heading", { name: "Editar Aplicativo" }).waitFor();
    await page.getByLabel("Nome do aplicativo").fill("Vistoria 2026");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${server.url}/applications`);

    // Promote the collaborator on /team.
    await page.goto(`${server.url}/team`);
    await page.getByRole("button", { name: `Editar ${member.email}` }).click();
    const dialog = page.getByRole("dialog");
    await chooseOption(
      page,
      dialog.getByRole("combobox", { name: "Função em Vistoria 2026" }),
      "Administrador Convidado",
    );
    await page.getByText("Função alterada em Vistoria 2026").waitFor();
    await page.keyboard.press("Escape");

    // The side menu offers the log to an administrator.
    await page.getByRole("link", { name: "Gestão de mudanças" }).click();
    await page.getByRole("heading", { name: "Gestão de mudanças" }).waitFor();
    const list = page.getByRole("list", { name: "Mudanças, da mais recente para a mais antiga" });
    const renamed = list.locator('[data-kind="application.updated"]');
    await renamed.getByText("Aplicativo alterado").waitFor();
    expect(await renamed.getByText("Vistoria", { exact: true }).count()).toBe(1);
    expect(await renamed.getByText("Vistoria 2026", { exact: true }).count()).toBeGreaterThan(0);
    const promoted = list.locator('[data-kind="member.role_changed"]');
    await promoted.getByText("Função alterada").waitFor();
    await promoted.getByText("Colaborador", { exact: true }).waitFor();
    await promoted.getByText("Administrador convidado", { exact: true }).waitFor();
    expect(await promoted.textContent()).toContain(member.email);
    await page.screenshot({ path: `${SHOTS}/change-management-1280.png`, fullPage: true });

    // Filtering by kind leaves only the role change.
    await chooseOption(page, page.getByRole("combobox", { name: "Tipo de mudança" }), "Função alterada");
    await list.locator('[data-kind="application.created"]').waitFor({ state: "detached" });
    // The filtered page may still be loading once the old rows are gone: wait for its one row before counting.
    await promoted.waitFor();
    expect(await list.locator("li[data-kind]").count()).toBe(1);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/change-management-375.png`, fullPage: true });
  });

  it("/debug-permissions shows the signed-in user's permission object and the diagnostics", async () => {
    const { server } = journey;
    const api = server.client();
    const user = await signUpAs(api, "debug-log@campo.test");
    await createApplicationVia(api, applicationForm("Minha"));
    const page = await signedIn(user.email, { width: 390, height: 844 });
    await page.goto(`${server.url}/debug-permissions`);
    await page.getByRole("heading", { name: "Depuração de permissões" }).waitFor();
    const object = page.getByTestId("permission-object");
    await object.locator('[data-flag="isApplicationAdmin"][data-value="true"]').waitFor();
    await object.locator('[data-flag="isSuperAdmin"][data-value="false"]').waitFor();
    await object.locator('[data-flag="canManageTeam"][data-value="true"]').waitFor();
    await page.getByText(user.email).first().waitFor();
    await page
      .getByRole("heading", { name: "Minha" })
      .or(page.getByText("Minha", { exact: true }))
      .first()
      .waitFor();
    const card = page.getByTestId("applications-debug-card");
    await card.getByText("Debug de Aplicações").waitFor();
    await card.locator('[data-check="applications"]').getByText("1 aplicativo visível").waitFor();
    expect(await card.locator("li[data-check]").count()).toBe(4);
    await page.screenshot({ path: `${SHOTS}/debug-permissions-390.png`, fullPage: true });
  });
});
