import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import {
  addCollaborator,
  collectRecord,
  createApplication,
  openInstalledAppSignedIn,
  readOutbox,
  storedSubmissions,
  type InstalledApp,
} from "./support/field-collector.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../server/test-support/fixtures/application-fixtures.ts";
import type { CheckoutResponse, SubscriptionDto } from "../shared/billing/billing-dtos.ts";

const PASSWORD = "secret123";
const DESKTOP = { viewport: { width: 1280, height: 900 }, locale: "pt-BR" };

/** Intl puts a no-break space after "R$": texts with money are matched with any space. */
const money = (text: string) => new RegExp(text.replace(/[$.]/g, (char) => `\\${char}`).replace(/ /g, "\\s"));

/**
 * Issue "billing" journeys on the local provider (no Stripe key): Campo's own checkout page takes the payment, the
 * success page confirms it, and every limit the free plan hit is lifted — offline records included.
 */
describe("billing journeys", () => {
  const journey = useAppServerAndBrowser(TRUST_PROXY_ENV);
  const installed: InstalledApp[] = [];
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    for (const app of installed) {
      await app.context.close().catch(() => undefined);
      rmSync(app.profileDir, { recursive: true, force: true });
    }
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  async function desktopPage(email: string): Promise<Page> {
    const context = await journey.browser.newContext(DESKTOP);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home`);
    const response = await page.request.post(`${journey.server.url}/api/auth/sign-in/email`, {
      data: { email, password: PASSWORD },
      headers: { origin: journey.server.url },
    });
    expect(response.status()).toBe(200);
    return page;
  }

  /** Pays on the local checkout page the plans page sent the browser to, and waits for the success page's plan. */
  async function payOnLocalCheckout(page: Page, plan: string, amount: string): Promise<void> {
    await page.waitForURL(/\/billing\/local-checkout\?session=/);
    await page.getByText("Pagamento de teste — nenhum valor será cobrado").waitFor();
    expect(await page.getByTestId("checkout-plan").textContent()).toBe(plan);
    expect(await page.getByTestId("checkout-amount").textContent()).toMatch(money(amount));
    await page.getByRole("button", { name: "Pagar" }).click();
    await page.waitForURL(/\/subscription-success\?session_id=/);
    await page.getByTestId("activated-plan").getByText(`Seu plano ${plan} já está valendo`, { exact: false }).waitFor();
  }

  /** A paid plan bought through the API (the journey under test is elsewhere). */
  async function subscribeThroughApi(client: HttpClient, planName: string): Promise<void> {
    const checkout = (await (
      await client.post("/api/billing/checkout", { planName, billingCycle: "monthly" })
    ).json()) as CheckoutResponse;
    const paid = await client.post(`/api/billing/local/sessions/${checkout.sessionId}/pay`);
    expect(paid.status).toBe(200);
  }

  it("a free owner's 11th and 12th offline records wait for the upgrade and sync by themselves once Básico is paid", async () => {
    const { server } = journey;
    const owner = await signUpAs(server.client(), "billing.owner@example.com");
    const form = await createApplication(server, owner.id, "Censo Rural", false);
    const phone = await openInstalledAppSignedIn(server, owner.email, PASSWORD);
    installed.push(phone);
    const page = phone.page;

    await page.goto(`${server.url}/applications/${form.id}/collect`);
    await page.getByRole("heading", { name: "Censo Rural" }).waitFor();
    await waitForServiceWorkerControl(page);
    await phone.context.setOffline(true);
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    for (let index = 1; index <= 12; index++) {
      await collectRecord(page, `Casa ${index}`, index);
      // Each save's notice replaces the last: a stack of them, spread by the pointer left on "Salvar", covered it.
      expect(await page.locator("[data-sonner-toast]").count()).toBeLessThanOrEqual(1);
    }

    await phone.context.setOffline(false);
    await page.getByText("Limite de registros atingido").first().waitFor({ timeout: 60_000 });
    // The banner follows the server's count, which can show before the sync run has written its last statuses.
    await expect
      .poll(async () => (await readOutbox(page)).filter((row) => row.status !== "synced").map((row) => row.status))
      .toEqual(["blocked", "blocked"]);
    expect(await storedSubmissions(server, form.id)).toHaveLength(10);

    // 3 s later the plans are offered in a toast (spec 001 §8); the owner takes the banner's button instead.
    await page.getByText("Deseja ver os planos disponíveis?").waitFor();
    await page.getByRole("button", { name: "Agora não" }).click();
    // The offer took the limit notice's place: answering it leaves no toast of the sync over the page.
    await page.getByText("Deseja ver os planos disponíveis?").waitFor({ state: "detached" });
    expect(await page.locator("[data-sonner-toast]", { hasText: "Limite de registros atingido" }).count()).toBe(0);
    // The collect screen's banner re-reads the limit after the sync and offers the upgrade.
    await page.getByTestId("limit-banner").getByRole("link", { name: "Fazer upgrade" }).click();
    await page.waitForURL(`${server.url}/subscription?limit=submissions`);
    const banner = page.getByTestId("limit-reason-banner");
    await banner.getByText("Limite de registros atingido").waitFor();
    await banner.getByText(money("O plano Básico libera registros ilimitados por R$ 99/mês.")).waitFor();

    await page.getByRole("switch", { name: "Cobrança anual" }).click();
    const basico = page.getByTestId("plan-basico");
    await basico.getByText(money("Economize R$ 99")).waitFor();
    await basico.getByRole("button", { name: "Assinar Básico" }).click();
    await payOnLocalCheckout(page, "Básico", "R$ 1.089");

    await page.getByRole("link", { name: "Ver minha assinatura" }).click();
    await page.getByTestId("subscription-status").getByText("Ativa").waitFor();
    await page.getByText("Anual", { exact: true }).first().waitFor();
    await page.getByText("Visa final 4242").waitFor();

    // Nobody touched the outbox: the blocked records went as soon as the plan allowed them.
    await page.goto(`${server.url}/applications/${form.id}/collect`);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    expect(await storedSubmissions(server, form.id)).toHaveLength(12);
    expect((await readOutbox(page)).filter((row) => row.status !== "synced")).toEqual([]);
    expect(await page.getByTestId("limit-banner").count()).toBe(0);
  });

  it("refuses a 4th application as /applications/new opens, before any design, and allows it after upgrading", async () => {
    const { server } = journey;
    const client = server.client();
    const owner = await signUpAs(client, "billing.designer@example.com");
    for (const name of ["Fauna", "Flora", "Solo"]) await createApplication(server, owner.id, name, false);
    const page = await desktopPage(owner.email);

    await page.goto(`${server.url}/applications/new`);
    const limit = page.getByTestId("application-limit");
    await limit.getByText("Limite de aplicações atingido").waitFor();
    await limit.getByText("Seu plano permite até 3 aplicativos e você já tem 3.", { exact: false }).waitFor();
    expect(await page.getByRole("heading", { name: "Novo Aplicativo" }).count()).toBe(0);

    await limit.getByRole("link", { name: "Fazer upgrade" }).click();
    await page.waitForURL(`${server.url}/subscription?limit=applications`);
    // Básico keeps 3 applications: the plan that lifts this limit is Premium.
    await page
      .getByTestId("limit-reason-banner")
      .getByText(money("O plano Premium permite até 10 aplicativos, por R$ 199/mês."))
      .waitFor();
    const premium = page.getByTestId("plan-premium");
    await premium.getByText("Resolve o seu limite").waitFor();
    await premium.getByRole("button", { name: "Assinar Premium" }).click();
    await payOnLocalCheckout(page, "Premium", "R$ 199");

    await page.goto(`${server.url}/applications/new`);
    await page.getByRole("heading", { name: "Novo Aplicativo" }).waitFor();
    const created = await client.post("/api/applications", {
      name: "Água",
      visibility: "team",
      active: true,
      fields: [],
    });
    expect(created.status).toBe(201);

    // Back to Básico would leave 4 applications on a 3-application plan: refused, saying by how much.
    await page.goto(`${server.url}/subscription`);
    await page.getByTestId("plan-premium").getByRole("button", { name: "Plano atual" }).waitFor();
    await page.getByTestId("plan-basico").getByRole("button", { name: "Mudar para Básico" }).click();
    await page.getByRole("alertdialog").getByText("Aplicativos: 4 em uso, o plano permite 3 (1 acima)").waitFor();
  });

  it("cancelling keeps the plan to the period's end; at the end the free limits return and every record stays readable", async () => {
    const { server } = journey;
    const client = server.client();
    const owner = await signUpAs(client, "billing.cancel@example.com");
    const form = await createApplication(server, owner.id, "Medições", false);
    await subscribeThroughApi(client, "basico");
    const records = Array.from({ length: 12 }, (_, index) => ({
      id: crypto.randomUUID(),
      applicationId: form.id,
      answers: { [form.fields.name]: `Ponto ${index + 1}` },
      clientCreatedAt: new Date().toISOString(),
    }));
    const synced = (await (await client.post("/api/sync", { records })).json()) as { results: { status: string }[] };
    expect(synced.results.map((result) => result.status)).toEqual(Array(12).fill("created"));

    const page = await desktopPage(owner.email);
    // The plan in force is current in its own cycle; the other cycle is offered as a change.
    await page.goto(`${server.url}/subscription`);
    const basico = page.getByTestId("plan-basico");
    await basico.getByRole("button", { name: "Plano atual" }).waitFor();
    await page.getByRole("switch", { name: "Cobrança anual" }).click();
    await basico.getByRole("button", { name: "Mudar para cobrança anual" }).waitFor();

    await page.goto(`${server.url}/subscription?tab=mine`);
    await page.getByTestId("subscription-status").getByText("Ativa").waitFor();
    await page.getByText(money("R$ 99 em ")).waitFor();
    await page.getByRole("button", { name: "Cancelar assinatura" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Nenhum dado é apagado", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Cancelar assinatura" }).click();
    await page.getByText("Assinatura cancelada").first().waitFor();
    await page.getByTestId("subscription-status").getByText("Cancelamento agendado").waitFor();
    expect(((await (await client.get("/api/billing/subscription")).json()) as SubscriptionDto).tier).toBe("basico");

    await page.getByRole("button", { name: "Gerenciar pagamento" }).click();
    await page.waitForURL(`${server.url}/billing/local-portal`);
    await page.getByText("Visa final 4242").waitFor();
    await page.getByRole("button", { name: "Fim do período" }).click();
    await page.getByText("Evento simulado").first().waitFor();
    await page.getByRole("link", { name: "Voltar para a assinatura" }).click();

    await page.getByTestId("subscription-status").getByText("Cancelada").waitFor();
    const records12 = page.getByTestId("usage-submissions");
    await records12.getByText("12 de 10").waitFor();
    await records12.getByText("Limite atingido").waitFor();

    // Nothing was deleted: all 12 read back; a 13th is held by the free limit again.
    const list = (await (await client.get(`/api/applications/${form.id}/records?limit=50`)).json()) as {
      total: number;
    };
    expect(list.total).toBe(12);
    const extra = {
      id: crypto.randomUUID(),
      applicationId: form.id,
      answers: { [form.fields.name]: "Ponto 13" },
      clientCreatedAt: new Date().toISOString(),
    };
    const answer = (await (await client.post("/api/sync", { records: [extra] })).json()) as {
      results: { status: string }[];
    };
    expect(answer.results[0]?.status).toBe("blocked");
  });

  it("the add-member wizard says at step 1 that the seats are taken and leads to the plans for members", async () => {
    const { server } = journey;
    const client = server.client();
    const owner = await signUpAs(client, "billing.team@example.com");
    const form = await createApplication(server, owner.id, "Vistorias", false);
    for (const name of ["ana", "bia", "caio"]) {
      await addCollaborator(server, owner.id, form.id, await signUpAs(server.client(), `billing.${name}@example.com`));
    }
    const page = await desktopPage(owner.email);
    await page.goto(`${server.url}/team`);
    await page.getByRole("button", { name: "Adicionar membro" }).click();
    const seats = page.getByRole("dialog").getByTestId("seats-full");
    await seats.getByText("Todas as vagas do seu plano estão ocupadas", { exact: false }).waitFor();
    expect(await page.getByRole("dialog").getByRole("button", { name: "Próximo" }).isDisabled()).toBe(true);
    await seats.getByRole("link", { name: "Fazer upgrade" }).click();
    await page.waitForURL(`${server.url}/subscription?limit=members`);
    await page.getByTestId("limit-reason-banner").getByText("Limite de membros da equipe atingido").waitFor();
    await page.getByTestId("plan-premium").getByText("Resolve o seu limite").waitFor();
  });

  it("a collaborator of someone else's application sees why they have no billing actions, and the server agrees", async () => {
    const { server } = journey;
    const owner = await signUpAs(server.client(), "billing.boss@example.com");
    const form = await createApplication(server, owner.id, "Inspeções", false);
    const collaboratorClient = server.client();
    const collaborator = await signUpAs(collaboratorClient, "billing.helper@example.com");
    await addCollaborator(server, owner.id, form.id, collaborator);

    const page = await desktopPage(collaborator.email);
    await page.goto(`${server.url}/subscription`);
    await page
      .getByTestId("billing-forbidden")
      .getByText("O plano é gerenciado pelo criador dos aplicativos")
      .waitFor();
    await page.getByTestId("plan-basico").waitFor();
    expect(await page.getByRole("button", { name: /Assinar|Mudar para|Plano atual/ }).count()).toBe(0);
    expect(await page.getByRole("tab", { name: "Minha assinatura" }).count()).toBe(0);

    const refused = await collaboratorClient.post("/api/billing/checkout", {
      planName: "basico",
      billingCycle: "monthly",
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("BILLING_FORBIDDEN");
  });
});
