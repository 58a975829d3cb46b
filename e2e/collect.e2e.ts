import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { launchInstalledApp } from "./support/browser.ts";
import { startAppServer } from "./support/app-server.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { formSubmissions, submissionVersions } from "../server/db/schema/index.ts";
import {
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../server/test-support/fixtures/application-fixtures.ts";
import { INSTALLED_PHONE } from "./support/field-collector.ts";
import { expectToastClearOf } from "./support/toast-placement.ts";

const FIELDS = [
  { fieldType: "text", label: "Nome do responsável", position: 0, config: { required: true } },
  { fieldType: "text", label: "Observações", position: 1, config: { format: "textarea" } },
  {
    fieldType: "number",
    label: "Altura (m)",
    position: 2,
    config: { required: true, format: "decimal", minValue: 0, maxValue: 50 },
  },
  { fieldType: "number", label: "Quantidade", position: 3, config: { format: "integer" } },
  { fieldType: "date", label: "Data do plantio", position: 4, config: {} },
  { fieldType: "time", label: "Hora da visita", position: 5, config: {} },
  { fieldType: "yes_no", label: "Árvore saudável?", position: 6, config: { required: true } },
  {
    fieldType: "single_choice",
    label: "Espécie",
    position: 7,
    config: { required: true, options: ["Ipê", "Jacarandá"] },
  },
  {
    fieldType: "multiple_choice",
    label: "Problemas",
    position: 8,
    config: { options: ["Pragas", "Galhos secos", "Raízes expostas"] },
  },
  { fieldType: "email", label: "Email de contato", position: 9, config: {} },
  { fieldType: "phone", label: "Telefone", position: 10, config: {} },
  { fieldType: "url", label: "Referência", position: 11, config: {} },
  { fieldType: "gps", label: "Localização da árvore", position: 12, config: { required: true } },
  { fieldType: "photo", label: "Foto da árvore", position: 13, config: { required: true, captureMode: "both" } },
  { fieldType: "signature", label: "Assinatura", position: 14, config: {} },
];

interface StoredField {
  id: string;
  label: string;
}

describe("collect screen (installed app on a phone)", () => {
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let appId: string;
  let ownerId: string;
  let collectorId: string;
  let recordId: string;
  const fieldIds = new Map<string, string>();
  const field = (label: string): string => {
    const id = fieldIds.get(label);
    if (id === undefined) throw new Error(`No field labelled ${label}`);
    return id;
  };
  const collectUrl = () => `${server.url}/applications/${appId}/collect`;
  const db = () => server.context.database.db;

  async function signIn(email: string): Promise<void> {
    await context.clearCookies();
    const response = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
      headers: { Origin: server.url },
      data: { email, password: "secret123" },
    });
    expect(response.status()).toBe(200);
  }

  async function isFocused(label: string): Promise<boolean> {
    return page.getByLabel(label).evaluate((element) => element === document.activeElement);
  }

  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    const owner = server.client();
    ownerId = (await signUpAs(owner, "dona@campo.test")).id;
    const created = await createApplicationVia(owner, {
      name: "Levantamento de Árvores",
      description: "Inventário urbano",
      visibility: "team",
      active: true,
      fields: FIELDS,
    });
    appId = created.application.id;
    for (const stored of created.fields as StoredField[]) fieldIds.set(stored.label, stored.id);
    collectorId = (await signUpAs(server.client(), "coletor@campo.test")).id;
    const otherId = (await signUpAs(server.client(), "outro-coletor@campo.test")).id;
    for (const [userId, email] of [
      [collectorId, "coletor@campo.test"],
      [otherId, "outro-coletor@campo.test"],
    ] as const) {
      await grantRole(db(), { ownerId, userId, email, applicationId: appId, role: "collaborator" });
    }

    context = await launchInstalledApp(`${server.url}/connectivity-check`, INSTALLED_PHONE);
    page = context.pages()[0] ?? (await context.newPage());
    await signIn("coletor@campo.test");
    await page.goto(collectUrl());
    await page.getByRole("heading", { name: "Levantamento de Árvores" }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  it("runs as an installed app, so collection is allowed", async () => {
    expect(await page.evaluate(() => matchMedia("(display-mode: standalone)").matches)).toBe(true);
    // The installed app shows the diagnostics panel.
    expect(await page.getByTestId("debug-panel").isVisible()).toBe(true);
  });

  it("flags required fields and focuses the first one", async () => {
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByRole("alert").filter({ hasText: "Preencha os campos obrigatórios" }).first().waitFor();
    expect(await page.getByText("Este campo é obrigatório").count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByText("Selecione Sim ou Não").isVisible()).toBe(true);
    await page.getByText("Formulário inválido").waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === "INPUT");
    expect(await isFocused("Nome do responsável")).toBe(true);
    expect(await page.getByLabel("Nome do responsável").getAttribute("aria-invalid")).toBe("true");
  });

  it("checks a number against its range on blur and on submit", async () => {
    const height = page.getByLabel("Altura (m)");
    await height.fill("60");
    await height.blur();
    await page.getByText("O valor deve estar entre 0 e 50.").waitFor();
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Permitido: 0 a 50").waitFor();
    expect(await page.getByText("Corrija os campos destacados").first().isVisible()).toBe(true);
  });

  it("fills every widget and saves the record with its media on the server", async () => {
    await page.getByLabel("Nome do responsável").fill("Ana Souza");
    await page.getByLabel("Observações").fill("Tronco com musgo");
    // A pt-BR keyboard's decimal comma: the typed text is never changed, and text that is no number is named.
    const height = page.getByLabel("Altura (m)");
    await height.fill("12,5,3");
    await height.blur();
    await page.getByText("Informe um número válido.").waitFor();
    await height.fill("12,5");
    await height.blur();
    await page.getByText("Informe um número válido.").waitFor({ state: "detached" });
    expect(await height.inputValue()).toBe("12,5");
    await page.getByLabel("Quantidade").fill("3");

    const date = page.getByLabel("Data do plantio");
    await date.fill("15/03/2024");
    await page.getByRole("button", { name: "Abrir calendário" }).click();
    await page.getByRole("button", { name: /março de 2024: escolher ano/i }).click();
    await page.getByRole("button", { name: "2023", exact: true }).click();
    await page.getByRole("button", { name: /10 de março de 2023/ }).click();
    expect(await date.inputValue()).toBe("10/03/2023");

    await page.getByLabel("Hora da visita").fill("14:30");
    await page.getByRole("radio", { name: "Sim" }).click();
    await page.getByLabel("Ipê").check();
    await page.getByLabel("Pragas").check();
    await page.getByLabel("Raízes expostas").check();
    await page.getByLabel("Email de contato").fill("ana@campo.test");
    await page.getByLabel("Telefone").fill("(11) 98765-4321");
    await page.getByLabel("Referência").fill("https://campo.test/arvores");

    await page.getByRole("button", { name: "Capturar localização" }).click();
    // The GPS field's own point (the header shows the record's location too).
    const point = page.getByTestId("gps-position");
    await point.getByText("-23.550520, -46.633309").waitFor();
    expect(await point.getByText("muito boa").isVisible()).toBe(true);

    // A large, detailed JPEG made in the page: compression must shrink it and say so.
    const photoBase64 = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 2400;
      canvas.height = 1800;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no canvas");
      const image = context.createImageData(canvas.width, canvas.height);
      for (let index = 0; index < image.data.length; index += 4) {
        image.data[index] = (index * 7) % 255;
        image.data[index + 1] = (index * 13) % 251;
        image.data[index + 2] = (index * 31) % 241;
        image.data[index + 3] = 255;
      }
      context.putImageData(image, 0, 0);
      return canvas.toDataURL("image/jpeg", 1).split(",")[1] ?? "";
    });
    const photo = Buffer.from(photoBase64, "base64");
    await page
      .locator('input[type="file"][data-capture="gallery"]')
      .setInputFiles({ name: "arvore.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByText(/Imagem comprimida:/).waitFor();
    await page.getByRole("img", { name: "Foto do campo Foto da árvore" }).waitFor();

    const pad = page.getByTestId("signature-pad");
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error("signature pad not visible");
    await page.mouse.move(box.x + 30, box.y + 120);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + 30 + step * 25, box.y + 120 - (step % 2) * 60);
    await page.mouse.up();
    await page.getByText("Assinatura registrada").waitFor();
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Registro salvo").first().waitFor({ timeout: 60_000 });
    await expectToastClearOf(page, [
      page.getByRole("button", { name: "Salvar registro" }),
      page.getByRole("heading", { name: "Levantamento de Árvores" }),
    ]);

    const rows = await db().select().from(formSubmissions).where(eq(formSubmissions.applicationId, appId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    assert(row);
    recordId = row.id;
    expect(row.submitterId).toBe(collectorId);
    expect(row.latitude).toBeCloseTo(-23.5505199, 6);
    expect(row.answers).toMatchObject({
      [field("Nome do responsável")]: "Ana Souza",
      [field("Observações")]: "Tronco com musgo",
      [field("Altura (m)")]: 12.5,
      [field("Quantidade")]: 3,
      [field("Data do plantio")]: "2023-03-10",
      [field("Hora da visita")]: "14:30",
      [field("Árvore saudável?")]: true,
      [field("Espécie")]: "Ipê",
      [field("Problemas")]: ["Pragas", "Raízes expostas"],
      [field("Email de contato")]: "ana@campo.test",
      [field("Telefone")]: "(11) 98765-4321",
      [field("Referência")]: "https://campo.test/arvores",
      [field("Localização da árvore")]: { latitude: -23.5505199, longitude: -46.6333094, accuracy: 8 },
      [field("Foto da árvore")]: { contentType: "image/jpeg" },
      [field("Assinatura")]: { contentType: "image/png" },
    });
    for (const [label, contentType] of [
      ["Foto da árvore", "image/jpeg"],
      ["Assinatura", "image/png"],
    ] as const) {
      const { attachmentId } = row.answers[field(label)] as { attachmentId: string };
      const media = await context.request.get(`${server.url}/api/attachments/${attachmentId}`);
      expect(media.status()).toBe(200);
      expect(media.headers()["content-type"]).toBe(contentType);
      const bytes = await media.body();
      if (label === "Foto da árvore") expect(bytes.length).toBeLessThan(photo.length);
    }

    // The form is ready for the next record.
    expect(await page.getByLabel("Nome do responsável").inputValue()).toBe("");
    expect(await page.evaluate((key) => sessionStorage.getItem(key), `form_state_${appId}`)).toBeNull();
  });

  it("restores the draft after a reload", async () => {
    await page.getByLabel("Nome do responsável").fill("Rascunho de campo");
    await page.getByRole("radio", { name: "Não" }).click();
    await page.waitForFunction(
      (key) => sessionStorage.getItem(key)?.includes("Rascunho de campo"),
      `form_state_${appId}`,
      { timeout: 10_000 },
    );
    await page.reload();
    await page.getByText("Rascunho restaurado").waitFor();
    expect(await page.getByLabel("Nome do responsável").inputValue()).toBe("Rascunho de campo");
    expect(await page.getByRole("radio", { name: "Não" }).getAttribute("aria-checked")).toBe("true");
  });

  it("lets the submitter edit the record and keeps the previous version", async () => {
    await page.goto(`${collectUrl()}?edit=${recordId}`);
    const name = page.getByLabel("Nome do responsável");
    await page.getByText("Editando registro").waitFor();
    await expect.poll(() => name.inputValue(), { timeout: 30_000 }).toBe("Ana Souza");
    // The stored 12.5 reads with the pt-BR separator.
    expect(await page.getByLabel("Altura (m)").inputValue()).toBe("12,5");
    await name.fill("Ana Souza Lima");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${server.url}/applications/${appId}/data`, { timeout: 60_000 });

    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, recordId));
    assert(row);
    expect(row.answers[field("Nome do responsável")]).toBe("Ana Souza Lima");
    expect(row.answers[field("Foto da árvore")]).toMatchObject({ contentType: "image/jpeg" });
    const versions = await db()
      .select()
      .from(submissionVersions)
      .where(and(eq(submissionVersions.submissionId, recordId)));
    expect(versions).toHaveLength(1);
    expect(versions[0]?.answers[field("Nome do responsável")]).toBe("Ana Souza");
  });

  it("does not open someone else's record for another collaborator", async () => {
    // The owner and administrators may correct it (data.e2e.ts); a collaborator does not even read it.
    await signIn("outro-coletor@campo.test");
    await page.goto(`${collectUrl()}?edit=${recordId}`);
    await page.getByRole("heading", { name: "Registro não encontrado" }).waitFor();
    expect(await page.getByRole("button", { name: "Salvar alterações" }).count()).toBe(0);
  });
});
