import { randomBytes } from "node:crypto";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./support/browser.ts";
import { startAppServer } from "./support/app-server.ts";
import { invites } from "../server/db/schema/index.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";
import {
  applicationForm,
  insertSubmission,
  subscribe,
  textField,
} from "../server/test-support/fixtures/application-fixtures.ts";
import { hashInviteToken } from "../server/services/team/invite-token.ts";
import { decodedBody, startSmtpSink, type ReceivedMail } from "../server/test-support/smtp-sink.ts";
import { chooseOption } from "./support/choose-option.ts";

const PASSWORD = "secret123";
const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp/campo-team-shots";

/** The test SMTP sink, plus the accept links of the invites it received. */
async function startSmtp() {
  const sink = await startSmtpSink();
  const acceptLink = (mail: ReceivedMail) =>
    decodedBody(mail.raw).match(/https?:\/\/\S+\/accept-invite\?token=[A-Za-z0-9_-]+/)?.[0];

  /** The accept link of the newest invite to `to` (other mail, such as the welcome message, is skipped), waiting for it to arrive. */
  async function inviteLinkTo(to: string, after = 0): Promise<string> {
    const isInvite = (mail: ReceivedMail) => mail.to.includes(to) && acceptLink(mail) !== undefined;
    await sink.next(isInvite, after);
    const link = sink.received.slice(after).filter(isInvite).map(acceptLink).at(-1);
    assert(link, "an invite link arrived");
    return link;
  }
  return { port: sink.port, received: sink.received, inviteLinkTo, close: sink.close };
}

describe("team: invite by e-mail over real SMTP, accept, roles", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  let browser: Browser;
  let owner: HttpClient;
  let ownerId: string;
  let applicationId: string;
  let fieldId: string;
  let collaboratorLink: string;
  const appName = "Monitoramento de Nascentes";
  const db = () => server.context.database.db;

  async function page(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ locale: "pt-BR", viewport });
    return { context, page: await context.newPage() };
  }

  async function signedInAsOwner(viewport: { width: number; height: number }) {
    const opened = await page(viewport);
    await opened.page.goto(`${server.url}/home`);
    const response = await opened.page.request.post(`${server.url}/api/auth/sign-in/email`, {
      data: { email: "dona@campo.test", password: PASSWORD },
      headers: { origin: server.url },
    });
    expect(response.status()).toBe(200);
    return opened;
  }

  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

  async function inviteVia(name: string, email: string, role: "admin_invited" | "collaborator" = "collaborator") {
    const response = await owner.post("/api/team/invites", { name, email, grants: [{ applicationId, role }] });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { invite: { id: string }; emailSent: boolean };
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.E2E_WEB_DIST ??= "/tmp/campo-team-dist";
    server = await startAppServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    browser = await launchBrowser();
    owner = server.client();
    ownerId = (await owner.signUp("dona@campo.test", PASSWORD, "Dona Maria")).id;
    // Premium: 10 members, room for every invite below (the free plan's 3 are tested in the API tests).
    await subscribe(db(), ownerId, "premium");
    const created = await owner.post("/api/applications", applicationForm(appName, [textField("Vazão")]));
    expect(created.status).toBe(201);
    const body = (await created.json()) as { application: { id: string }; fields: { id: string }[] };
    applicationId = body.application.id;
    assert(body.fields[0]);
    fieldId = body.fields[0].id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it("the owner invites a collaborator with the /team wizard; the e-mail goes out over SMTP", async () => {
    const { context, page: ownerPage } = await signedInAsOwner({ width: 1280, height: 900 });
    await ownerPage.goto(`${server.url}/team`);
    await ownerPage.getByRole("heading", { name: "Equipe", exact: true }).waitFor();
    await ownerPage.getByText("Nenhum membro na equipe").waitFor();
    await ownerPage.getByRole("button", { name: "Adicionar membro" }).click();

    const dialog = ownerPage.getByRole("dialog");
    await dialog.getByText("Passo 1 de 3").waitFor();
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByText("Informe o email.").waitFor();
    await dialog.getByLabel("Nome").fill("Caio Coletor");
    await dialog.getByLabel("Email").fill("caio@campo.test");
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByText("Passo 2 de 3").waitFor();
    // Sending needs at least one application.
    expect(await dialog.getByRole("button", { name: "Próximo" }).isDisabled()).toBe(true);
    await dialog.getByRole("checkbox", { name: appName }).click();
    expect(await dialog.getByRole("combobox", { name: `Função em ${appName}` }).textContent()).toContain("Colaborador");
    await ownerPage.screenshot({ path: `${SHOTS}/team-wizard-step2-1280.png` });
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByText("Passo 3 de 3").waitFor();
    await dialog.getByText(`${appName} — Colaborador`).waitFor();
    await dialog.getByRole("button", { name: "Enviar convite" }).click();
    await ownerPage.getByText("Convite enviado", { exact: true }).waitFor();

    collaboratorLink = await smtp.inviteLinkTo("caio@campo.test");
    expect(collaboratorLink.startsWith(`${server.url}/accept-invite?token=`)).toBe(true);
    expect(Buffer.from(tokenOf(collaboratorLink), "base64url")).toHaveLength(32);

    const invitesList = ownerPage.getByRole("list", { name: "Convites enviados" });
    await invitesList.getByText("Pendente").waitFor();
    await invitesList.getByRole("button", { name: "Reenviar" }).waitFor();
    await ownerPage.screenshot({ path: `${SHOTS}/team-1280.png`, fullPage: true });
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await ownerPage.screenshot({ path: `${SHOTS}/team-390.png`, fullPage: true });

    // The same address again: the server's refusal reaches the owner in Portuguese, from the error catalogue.
    await ownerPage.getByRole("button", { name: "Adicionar membro" }).click();
    await dialog.getByLabel("Nome").fill("Caio Coletor");
    await dialog.getByLabel("Email").fill("caio@campo.test");
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByRole("checkbox", { name: appName }).click();
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByRole("button", { name: "Enviar convite" }).click();
    await ownerPage.getByText("Já existe um membro ativo ou convite pendente para este email").waitFor();
    expect(
      await ownerPage.getByText("An active member or pending invite already exists", { exact: false }).count(),
    ).toBe(0);
    await context.close();
  });

  it("the collaborator signs up from the link, lands on /applications with the collaborator badge and cannot open the designer", async () => {
    const { context, page: invitee } = await page({ width: 390, height: 844 });
    await invitee.goto(collaboratorLink);
    await invitee.getByText("Convite para Equipe").waitFor();
    const email = invitee.getByLabel("Email");
    expect(await email.inputValue()).toBe("caio@campo.test");
    expect(await email.getAttribute("readonly")).not.toBeNull();
    expect(await invitee.getByLabel("Nome").inputValue()).toBe("Caio Coletor");
    await invitee.getByText(`${appName} — Colaborador`).waitFor();
    await invitee.screenshot({ path: `${SHOTS}/accept-invite-signup-390.png`, fullPage: true });
    await invitee.setViewportSize({ width: 1280, height: 800 });
    await invitee.screenshot({ path: `${SHOTS}/accept-invite-signup-1280.png`, fullPage: true });

    await invitee.getByLabel(/^Senha/).fill("abc");
    await invitee.getByLabel("Confirmar senha").fill("abd");
    await invitee.getByRole("button", { name: "Criar conta e aceitar" }).click();
    await invitee.getByText("A senha deve ter pelo menos 6 caracteres.").waitFor();
    await invitee.getByText("As senhas não coincidem").waitFor();
    await invitee.getByLabel(/^Senha/).fill(PASSWORD);
    await invitee.getByLabel("Confirmar senha").fill(PASSWORD);
    await invitee.getByRole("button", { name: "Criar conta e aceitar" }).click();
    await invitee.getByText("Suas permissões foram aplicadas. Redirecionando...").first().waitFor();
    await invitee.waitForURL(`${server.url}/applications`);

    const card = invitee.getByRole("article", { name: appName });
    await card.waitFor();
    await card.getByText("Colaborador", { exact: true }).waitFor();

    // The side menu offers only what a collaborator can use: no Equipe, no Assinatura; /team has nothing to share.
    const menu = invitee.getByRole("navigation", { name: "Menu principal" });
    await menu.getByRole("link", { name: "Meus Aplicativos" }).waitFor();
    expect(await menu.getByRole("link", { name: "Equipe" }).count()).toBe(0);
    expect(await menu.getByRole("link", { name: "Assinatura" }).count()).toBe(0);
    await invitee.goto(`${server.url}/team`);
    await invitee.getByRole("heading", { name: "Equipe", exact: true }).waitFor();
    await invitee.getByRole("heading", { name: "Convites enviados" }).waitFor();
    expect(await invitee.getByRole("button", { name: "Adicionar membro" }).count()).toBe(0);
    // Exporting is for administrators (spec 000 §6).
    await invitee.goto(`${server.url}/applications/${applicationId}/data`);
    await invitee.getByRole("heading", { name: appName }).waitFor();
    await invitee.getByRole("tab", { name: "Lista" }).waitFor();
    expect(await invitee.getByRole("button", { name: "Exportar" }).count()).toBe(0);

    await invitee.goto(`${server.url}/applications/${applicationId}/edit`);
    await invitee.getByText("Sem permissão para editar").waitFor();
    const put = await invitee.request.put(`${server.url}/api/applications/${applicationId}`, {
      data: applicationForm("Tomado"),
      headers: { origin: server.url },
    });
    expect(put.status()).toBe(403);

    // A record of their own, through the sync API, for the visibility check below.
    const sync = await invitee.request.post(`${server.url}/api/sync`, {
      data: {
        records: [
          {
            id: crypto.randomUUID(),
            applicationId,
            answers: { [fieldId]: "2 L/s" },
            clientCreatedAt: new Date().toISOString(),
          },
        ],
      },
      headers: { origin: server.url },
    });
    expect(((await sync.json()) as { results: { status: string }[] }).results[0]?.status).toBe("created");
    await context.close();
  });

  it("an invited admin sees every record; the collaborator only their own", async () => {
    expect((await inviteVia("Ana Admin", "ana@campo.test", "admin_invited")).emailSent).toBe(true);
    const admin = server.client();
    const adminId = (await admin.signUp("ana@campo.test", PASSWORD, "Ana Admin")).id;
    expect(
      (await admin.post("/api/invites/accept", { token: tokenOf(await smtp.inviteLinkTo("ana@campo.test")) })).status,
    ).toBe(200);
    await insertSubmission(db(), { applicationId, ownerId, submitterId: ownerId, answers: { [fieldId]: "1 L/s" } });
    await insertSubmission(db(), { applicationId, ownerId, submitterId: adminId, answers: { [fieldId]: "3 L/s" } });

    const entries = async (client: HttpClient) =>
      (
        (await (await client.get("/api/applications")).json()) as {
          applications: { id: string; entriesCount: number; role: string }[];
        }
      ).applications.find((a) => a.id === applicationId)!;
    expect(await entries(admin)).toMatchObject({ role: "admin_invited", entriesCount: 3 });
    const collaborator = server.client();
    expect((await collaborator.signIn("caio@campo.test", PASSWORD)).status).toBe(200);
    expect(await entries(collaborator)).toMatchObject({ role: "collaborator", entriesCount: 1 });
    // The admin may open the designer's data; the collaborator's save stays refused.
    expect(
      (await admin.put(`/api/applications/${applicationId}`, applicationForm(appName, [textField("Vazão", fieldId)])))
        .status,
    ).toBe(200);
  });

  it("reused, expired, replaced and forged links each end on their own state", async () => {
    const { context, page: visitor } = await page({ width: 390, height: 844 });

    // Reused: the collaborator's link, already accepted.
    await visitor.goto(collaboratorLink);
    await visitor.getByText("Você já é membro deste aplicativo.").waitFor();

    // Expired.
    await inviteVia("Tardio", "tardio@campo.test");
    const lateLink = await smtp.inviteLinkTo("tardio@campo.test");
    await db()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invites.tokenHash, hashInviteToken(tokenOf(lateLink))));
    await visitor.goto(lateLink);
    await visitor.getByText("Convite expirado", { exact: true }).waitFor();

    // Replaced: a resend makes the first link invalid; the new one works.
    const first = await inviteVia("Duplo", "duplo@campo.test");
    const firstLink = await smtp.inviteLinkTo("duplo@campo.test");
    const before = smtp.received.length;
    expect((await owner.post(`/api/team/invites/${first.invite.id}/resend`)).status).toBe(201);
    const secondLink = await smtp.inviteLinkTo("duplo@campo.test", before);
    expect(secondLink).not.toBe(firstLink);
    await visitor.goto(firstLink);
    await visitor.getByText("Convite não encontrado").waitFor();
    await visitor.getByText("Um convite mais recente foi enviado para este email").waitFor();
    await visitor.getByRole("heading", { name: "Erro" }).waitFor();
    await visitor.screenshot({ path: `${SHOTS}/accept-invite-invalid-390.png`, fullPage: true });
    await visitor.goto(secondLink);
    await visitor.getByRole("button", { name: "Criar conta e aceitar" }).waitFor();

    // Forged.
    await visitor.goto(`${server.url}/accept-invite?token=${randomBytes(32).toString("base64url")}`);
    await visitor.getByText("Convite não encontrado").waitFor();
    await visitor.goto(`${server.url}/accept-invite`);
    await visitor.getByText("O token do convite está corrompido").waitFor();
    await context.close();
  });

  it("the owner cancels a pending invite on /team; its link then says the invite is not found", async () => {
    await inviteVia("Rita Revogada", "rita@campo.test");
    const link = await smtp.inviteLinkTo("rita@campo.test");
    const { context, page: ownerPage } = await signedInAsOwner({ width: 1280, height: 900 });
    await ownerPage.goto(`${server.url}/team`);
    const row = ownerPage
      .getByRole("list", { name: "Convites enviados" })
      .getByTestId("invite-row")
      .filter({ hasText: "rita@campo.test" });
    await row.getByRole("button", { name: "Cancelar convite" }).click();
    const confirm = ownerPage.getByRole("alertdialog");
    await confirm.getByText("O link enviado para rita@campo.test deixa de funcionar e a vaga fica livre.").waitFor();
    await confirm.getByRole("button", { name: "Cancelar convite" }).click();
    await ownerPage.getByText("Convite para rita@campo.test cancelado").waitFor();
    await row.waitFor({ state: "detached" });
    await context.close();

    const { context: visitorContext, page: visitor } = await page({ width: 390, height: 844 });
    await visitor.goto(link);
    await visitor.getByText("Convite não encontrado").waitFor();
    await visitor.getByText("O convite foi cancelado").waitFor();
    await visitorContext.close();
  });

  it("an invite that lapses while the form is open ends on 'expired' after the failed accept", async () => {
    await inviteVia("Lento", "lento@campo.test");
    const link = await smtp.inviteLinkTo("lento@campo.test");
    const { context, page: invitee } = await page({ width: 1280, height: 800 });
    await invitee.goto(link);
    await invitee.getByRole("button", { name: "Criar conta e aceitar" }).waitFor();
    await db()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.tokenHash, hashInviteToken(tokenOf(link))));
    await invitee.getByLabel(/^Senha/).fill(PASSWORD);
    await invitee.getByLabel("Confirmar senha").fill(PASSWORD);
    await invitee.getByRole("button", { name: "Criar conta e aceitar" }).click();
    await invitee.getByText("Convite expirado. Solicite um novo ao administrador.").first().waitFor();
    await invitee.getByText("Convite expirado", { exact: true }).waitFor();
    await invitee.screenshot({ path: `${SHOTS}/accept-invite-expired-1280.png`, fullPage: true });
    await context.close();
  });

  it("the owner's /team shows the members with their roles and status", async () => {
    const { context, page: ownerPage } = await signedInAsOwner({ width: 1280, height: 900 });
    await ownerPage.goto(`${server.url}/team`);
    const rows = ownerPage.getByTestId("member-row");
    await rows.filter({ hasText: "caio@campo.test" }).getByText("Ativo").waitFor();
    await rows.filter({ hasText: "ana@campo.test" }).getByText("Administrador Convidado").waitFor();
    await ownerPage.getByRole("list", { name: "Convites enviados" }).getByText("Aceito").first().waitFor();
    await ownerPage.getByRole("list", { name: "Convites enviados" }).getByText("Substituído").waitFor();
    await ownerPage.getByRole("list", { name: "Convites enviados" }).getByText("Expirado").first().waitFor();
    await ownerPage.screenshot({ path: `${SHOTS}/team-members-1280.png`, fullPage: true });

    // The member dialog: the creator promotes the collaborator in this application.
    await ownerPage.getByRole("button", { name: "Editar Caio Coletor" }).click();
    const dialog = ownerPage.getByRole("dialog");
    await chooseOption(
      ownerPage,
      dialog.getByRole("combobox", { name: `Função em ${appName}` }),
      "Administrador Convidado",
    );
    await ownerPage.getByText(`Função alterada em ${appName}`).waitFor();
    await dialog.getByRole("switch", { name: "Membro ativo" }).waitFor();
    await ownerPage.screenshot({ path: `${SHOTS}/team-member-dialog-1280.png` });
    const promoted = server.client();
    await promoted.signIn("caio@campo.test", PASSWORD);
    const apps = (await (await promoted.get("/api/applications")).json()) as {
      applications: { id: string; role: string }[];
    };
    expect(apps.applications.find((a) => a.id === applicationId)?.role).toBe("admin_invited");
    await ownerPage.keyboard.press("Escape");
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await ownerPage.screenshot({ path: `${SHOTS}/team-members-390.png`, fullPage: true });
    await context.close();
  });
});
