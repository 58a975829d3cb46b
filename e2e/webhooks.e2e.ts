import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { createLocalApplication, signedInPage } from "./support/signed-in-page.ts";
import { addCollaborator } from "./support/field-collector.ts";
import { signedInDesktopPage } from "./support/map-browser.ts";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 as a customer's system would run one: it answers 200 and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end("ok");
      for (const wake of waiters.splice(0)) wake();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/campo`,
    /** The `index`-th request (0-based), waiting for it to arrive. */
    async nth(index: number): Promise<Received> {
      while (received.length <= index) await new Promise<void>((resolve) => waiters.push(resolve));
      return received[index]!;
    },
    count: () => received.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver must check, written from the docs (docs/integrations.md), not with the server's code. */
function verifies(secret: string, received: Received): boolean {
  const header = String(received.headers["campo-signature"] ?? "");
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1];
  if (!t || !v1) return false;
  return createHmac("sha256", secret).update(`${t}.${received.body}`).digest("hex") === v1;
}

describe("webhooks journey", () => {
  // Loopback targets are refused in production (SSRF); this server allows them, as tests and local receivers do.
  const journey = useAppServerAndBrowser({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1" });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  it("adds an endpoint, shows its secret once, delivers signed events, logs and redelivers them, and deletes it", async () => {
    const page = await signedInPage(journey.browser, journey.server.url, "ganchos@example.com");
    const { application, localFieldId: local } = await createLocalApplication(
      page,
      journey.server.url,
      "Inspeções de poços",
    );

    await page.goto(`${journey.server.url}/applications/${application.id}/edit`);
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL(`${journey.server.url}/applications/${application.id}/webhooks`);
    await page.getByText("Nenhum endpoint cadastrado.").waitFor();

    await page.getByRole("button", { name: "Adicionar endpoint" }).click();
    const form = page.getByRole("dialog");
    await form.getByRole("button", { name: "Salvar" }).click();
    await form.getByText("Informe uma URL válida").waitFor();
    await form.getByRole("textbox", { name: "URL" }).fill(receiver.url);
    await form.getByRole("button", { name: "Salvar" }).click();

    const secretDialog = page.getByRole("dialog", { name: "Segredo do endpoint" });
    await secretDialog.getByText("Copie o segredo agora: ele não será mostrado de novo.").waitFor();
    const secret = (await secretDialog.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole("button", { name: "Concluído" }).click();
    const card = page.getByTestId("webhook-endpoint");
    await card.getByText(receiver.url).waitFor();
    await card.getByText("Ativo").waitFor();
    expect(await card.getByRole("list", { name: "Eventos" }).getByRole("listitem").allTextContents()).toEqual([
      "Registro criado",
      "Registro atualizado",
      "Registro excluído",
    ]);
    // The secret is never shown again, not even after a reload.
    await page.reload();
    await card.getByText(receiver.url).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    await card.getByRole("button", { name: "Enviar evento de teste" }).click();
    await page.getByText("Evento de teste enviado").waitFor();
    const ping = await receiver.nth(0);
    expect(ping.headers["campo-event"]).toBe("ping");
    expect(verifies(secret, ping)).toBe(true);
    expect(verifies(`${secret}x`, ping)).toBe(false);

    // A collector's record reaches the receiver with its answers labelled.
    const recordId = randomUUID();
    const synced = await page.request.post(`${journey.server.url}/api/sync`, {
      data: {
        records: [
          {
            id: recordId,
            applicationId: application.id,
            answers: { [local]: "Poço 3" },
            clientCreatedAt: new Date().toISOString(),
          },
        ],
      },
    });
    expect(synced.status()).toBe(200);
    const recordEvent = await receiver.nth(1);
    expect(recordEvent.headers["campo-event"]).toBe("record.created");
    expect(verifies(secret, recordEvent)).toBe(true);
    expect(JSON.parse(recordEvent.body)).toMatchObject({
      event: "record.created",
      application: { id: application.id, title: "Inspeções de poços" },
      record: { id: recordId, answers: { Local: "Poço 3" } },
    });

    await card.getByRole("button", { name: "Entregas" }).click();
    const log = card.getByRole("list", { name: "Entregas" });
    const recordRow = log.getByRole("listitem").filter({ hasText: "Registro criado" });
    await recordRow.getByText("Entregue").waitFor();
    await recordRow.getByText("200", { exact: true }).waitFor();
    await log.getByRole("listitem").filter({ hasText: "Evento de teste" }).getByText("Entregue").waitFor();

    await recordRow.getByRole("button", { name: "Reenviar" }).click();
    await page.getByText("Entrega reenviada").waitFor();
    const again = await receiver.nth(2);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(recordEvent.body));
    expect(verifies(secret, again)).toBe(true);

    await card.getByRole("button", { name: "Excluir" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await page.getByText("Nenhum endpoint cadastrado.").waitFor();
    await page.close();
  });

  it("offers an admin the webhooks from the application card, and tells a collaborator they have no permission", async () => {
    const page = await signedInPage(journey.browser, journey.server.url, "dona.ganchos@example.com");
    const { application } = await createLocalApplication(page, journey.server.url, "Vistorias");
    await page.goto(`${journey.server.url}/applications`);
    await page.getByRole("button", { name: "Ações de Vistorias" }).click();
    await page.getByRole("menuitem", { name: "Webhooks" }).click();
    await page.waitForURL(`${journey.server.url}/applications/${application.id}/webhooks`);
    await page.getByText("Nenhum endpoint cadastrado.").waitFor();

    const me = (await (await page.request.get(`${journey.server.url}/api/me`)).json()) as { user: { id: string } };
    const collaborator = await journey.server.client().signUp("colab.ganchos@example.com", "secret123", "Rui");
    await addCollaborator(journey.server, me.user.id, application.id, collaborator);
    const { context, page: collaboratorPage } = await signedInDesktopPage(
      journey.browser,
      journey.server,
      collaborator.email,
    );
    await collaboratorPage.goto(`${journey.server.url}/applications/${application.id}/webhooks`);
    await collaboratorPage.getByRole("heading", { name: "Sem permissão" }).waitFor();
    expect(await collaboratorPage.getByText("Não foi possível carregar os webhooks").count()).toBe(0);
    await context.close();
    await page.context().close();
  });
});
