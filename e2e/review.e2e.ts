/**
 * Record review, desktop: an admin marks a collaborator's record 'has issues' with a comment; the collaborator gets
 * the e-mail over real SMTP, opens its link, reads the comment and fixes the record (the phone's request: editing in
 * the collect form is collect.e2e.ts's); the admin then sees it
 * 'edited' with the fix as a per-field diff in its history, restores the first version, and filters by state.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { launchBrowser } from "./support/browser.ts";
import { signedInDesktopPage } from "./support/map-browser.ts";
import { startAppServer } from "./support/app-server.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { decodedBody, decodedSubject, startSmtpSink, type SmtpSink } from "../server/test-support/smtp-sink.ts";
import { TRUST_PROXY_ENV } from "../server/test-support/fixtures/application-fixtures.ts";
import { seedDataFixture, type DataFixture } from "../server/test-support/fixtures/data-fixtures.ts";
import { formSubmissions } from "../server/db/schema/index.ts";
import { chooseOption } from "./support/choose-option.ts";

const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp/campo-review-shots";
const COMMENT = "O valor está errado: confira o hidrômetro e corrija o nome.";

describe("record review: has issues → fixed → edited, with history and the state filter", () => {
  let smtp: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  let admin: Page;
  let collaborator: Page;
  let data: DataFixture;
  let recordId: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    smtp = await startSmtpSink();
    server = await startAppServer({ ...TRUST_PROXY_ENV, SMTP_URL: smtp.url });
    data = await seedDataFixture(server, "revisao");
    recordId = data.collaboratorRecords[0] ?? "";
    browser = await launchBrowser();
    admin = (await signedInDesktopPage(browser, server, data.users.admin.email)).page;
    collaborator = (await signedInDesktopPage(browser, server, data.users.collaborator.email)).page;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  const dataUrl = (query = "") => `${server.url}/applications/${data.applicationId}/data${query}`;
  const state = async () =>
    (await server.context.database.db.select().from(formSubmissions).where(eq(formSubmissions.id, recordId)))[0]
      ?.reviewState;

  it("lets an admin mark a record 'has issues' with a comment, and e-mails the collector", async () => {
    await admin.goto(dataUrl("?q=colaborador+0"));
    await expect.poll(() => admin.getByTestId("records-total").textContent()).toBe("1 registro");
    const row = admin.locator(`[data-record-id="${recordId}"]`);
    expect(await row.locator("[data-review-state]").textContent()).toBe("Recebido");
    await row.click();
    const review = admin.getByTestId("record-review");
    await chooseOption(admin, review.getByRole("combobox", { name: "Nova situação" }), "Com pendências");
    await review.getByLabel("Comentário", { exact: true }).fill(COMMENT);
    const before = smtp.received.length;
    await review.getByRole("button", { name: "Salvar revisão" }).click();
    await review.getByRole("listitem").filter({ hasText: COMMENT }).waitFor();
    expect(await review.locator("h3 + [data-review-state]").textContent()).toBe("Com pendências");
    expect(await state()).toBe("has_issues");
    await admin.screenshot({ path: `${SHOTS}/review-admin-has-issues-1280.png`, fullPage: true });

    const mail = await smtp.next((message) => message.to.includes(data.users.collaborator.email), before);
    expect(decodedSubject(mail.raw)).toBe(`Registro com pendências em ${data.appName}`);
    expect(decodedBody(mail.raw)).toContain(COMMENT);
    const link = /https?:\/\/\S+\/data\?record=[0-9a-f-]+/.exec(decodedBody(mail.raw))?.[0];
    expect(link).toBeDefined();

    // The collaborator follows the link (on this test server's address): the record opens with the comment.
    const target = new URL(link ?? "");
    await collaborator.goto(`${server.url}${target.pathname}${target.search}`);
    const thread = collaborator.getByTestId("record-review");
    await thread.getByText(COMMENT).waitFor();
    await thread.getByText("Este registro tem pendências").waitFor();
    // A collaborator comments but does not judge: no decision form.
    expect(await thread.getByRole("combobox", { name: "Nova situação" }).count()).toBe(0);
    await collaborator.screenshot({ path: `${SHOTS}/review-collaborator-sees-issue-1280.png`, fullPage: true });
  });

  it("lets the collaborator fix the record, which returns it to 'edited'", async () => {
    // A collector edits in the phone app (covered by collect.e2e.ts): on the desktop "Editar" is shown unavailable,
    // with the reason, and the fix is the same request the phone's sync engine sends.
    const edit = collaborator.getByRole("button", { name: "Editar" });
    expect(await edit.getAttribute("aria-disabled")).toBe("true");
    expect(await edit.getAttribute("aria-describedby")).toBeTruthy();
    const { fields } = data;
    const fixed = await collaborator.request.put(
      `${server.url}/api/applications/${data.applicationId}/submissions/${recordId}`,
      {
        data: {
          answers: {
            [fields.name.id]: "Coleta do colaborador 0 (corrigida)",
            [fields.value.id]: 1000,
            [fields.ok.id]: true,
            [fields.color.id]: "Azul",
            [fields.tags.id]: ["C"],
          },
        },
        headers: { origin: server.url },
      },
    );
    expect(fixed.status()).toBe(200);
    expect(await state()).toBe("edited");
    await collaborator.goto(dataUrl(`?record=${recordId}`));
    await collaborator.getByTestId("record-review").locator("h3 + [data-review-state]").getByText("Editado").waitFor();
  });

  it("shows the admin the record 'edited' with the fix in its history, restores a version and filters by state", async () => {
    await admin.goto(dataUrl("?q=colaborador+0"));
    const row = admin.locator(`[data-record-id="${recordId}"]`);
    await expect.poll(() => row.locator("[data-review-state]").textContent()).toBe("Editado");
    await row.click();
    const history = admin.getByTestId("record-history");
    const latest = history.locator('[data-version="2"]');
    await latest.getByText("Editado por").waitFor();
    expect(await latest.textContent()).toContain("Nome, completo");
    expect(await latest.textContent()).toContain("Coleta do colaborador 0 (corrigida)");
    expect(await history.locator('[data-version="1"]').textContent()).toContain("Recebido de");
    await admin.screenshot({ path: `${SHOTS}/review-admin-history-1280.png`, fullPage: true });

    await history.locator('[data-version="1"]').getByRole("button", { name: "Restaurar esta versão" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Restaurar esta versão" }).click();
    await history.locator('[data-version="3"]').getByText("Restaurou a versão 1").waitFor();
    await admin.getByTestId("record-detail").getByText("Coleta do colaborador 0", { exact: true }).waitFor();
    await admin.keyboard.press("Escape");

    await admin.goto(dataUrl());
    await expect.poll(() => admin.getByTestId("records-total").textContent()).toBe("15 registros");
    await chooseOption(admin, admin.getByRole("combobox", { name: "Situação da revisão" }), "Editado");
    await expect.poll(() => admin.getByTestId("records-total").textContent()).toBe("1 registro");
    expect(new URL(admin.url()).searchParams.get("review")).toBe("edited");
    await chooseOption(admin, admin.getByRole("combobox", { name: "Situação da revisão" }), "Com pendências");
    await admin.getByText("Nenhum registro encontrado").waitFor();
    await admin.screenshot({ path: `${SHOTS}/review-filter-1280.png` });
  });
});
