import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { signedInDesktopPage } from "./support/map-browser.ts";
import { INSTALLED_PHONE } from "./support/field-collector.ts";
import { writeQrVideo } from "./support/qr-video.ts";
import { usePhoneJourney } from "./support/assigned-form.ts";
import { chooseOption } from "./support/choose-option.ts";

const TAG = "CAMPO-LOTE-0042";

/** Issue 24's Proof for the question types: a range, a barcode, a datetime and a rank, with metadata. */
const FIELDS = [
  { fieldType: "metadata", label: "start", name: "start", position: 0, config: { kind: "start" } },
  { fieldType: "metadata", label: "deviceid", name: "deviceid", position: 1, config: { kind: "deviceid" } },
  { fieldType: "metadata", label: "username", name: "username", position: 2, config: { kind: "username" } },
  { fieldType: "range", label: "Nota do lote", name: "nota", position: 3, config: { start: 0, end: 10, step: 1 } },
  { fieldType: "barcode", label: "Etiqueta do lote", name: "etiqueta", position: 4, config: { required: true } },
  { fieldType: "datetime", label: "Colhido em", name: "colhido", position: 5, config: { required: true } },
  {
    fieldType: "rank",
    label: "Destino preferido",
    name: "destino",
    position: 6,
    config: { required: true, options: ["Feira", "Cooperativa", "Escola"] },
  },
  { fieldType: "hidden", label: "Safra", name: "safra", position: 7, config: { defaultValue: "'2026'" } },
  { fieldType: "metadata", label: "end", name: "end", position: 8, config: { kind: "end" } },
  { fieldType: "metadata", label: "audit", name: "audit", position: 9, config: { kind: "audit" } },
  // SurveyCTO's: only the phone knows them, so the value it computed on saving is what the server keeps.
  { fieldType: "calculation", label: "Duração", name: "duracao", position: 10, config: { calculation: "duration()" } },
  {
    fieldType: "calculation",
    label: "Aparelho",
    name: "aparelho",
    position: 11,
    config: { calculation: "device-info()" },
  },
];

describe("question types collected offline on an installed phone (issue 24)", () => {
  // The phone's camera films a QR code: headless Chromium on Linux has no BarcodeDetector, so the WASM polyfill
  // (served by Campo, precached for offline use) must read it.
  const videoDir = mkdtempSync(path.join(os.tmpdir(), "campo-qr-"));
  afterAll(() => rmSync(videoDir, { recursive: true, force: true }));
  const journey = usePhoneJourney({
    ownerEmail: "dona@colheita.test",
    collectorEmail: "coletor@colheita.test",
    form: { name: "Colheita", fields: FIELDS },
    device: () => {
      const video = path.join(videoDir, "qr.y4m");
      writeQrVideo(TAG, video);
      return {
        ...INSTALLED_PHONE,
        permissions: ["geolocation", "camera"],
        args: [
          "--use-fake-device-for-media-stream",
          "--use-fake-ui-for-media-stream",
          `--use-file-for-fake-video-capture=${video}`,
        ],
      };
    },
  });
  const { field, storedRecords, openCollectScreen } = journey;

  it("collects a range, a scanned barcode, a datetime and a rank offline, then syncs them", async () => {
    const { server, appId, context, page } = journey;
    await context.setOffline(true);
    await openCollectScreen();

    // Range: a keyboard-operated slider whose value is shown beside it.
    const slider = page.getByRole("slider", { name: /^Nota do lote/ });
    await slider.focus();
    for (let step = 0; step < 7; step++) await slider.press("ArrowRight");
    await page.getByText("Valor: 7").waitFor();

    // Barcode: the camera scan fills the answer (the typed box shows it too).
    await page.getByRole("button", { name: "Ler com a câmera" }).click();
    await page.getByText(`Código lido: ${TAG}`).waitFor({ timeout: 30_000 });
    expect(await page.getByRole("textbox", { name: "Ou digite o código" }).inputValue()).toBe(TAG);

    // Datetime: one answer through the platform's picker.
    await page.getByLabel(/^Colhido em/).fill("2026-11-20T07:45");

    // Rank: accept the list, then move "Escola" to the top with its buttons and Cooperativa down by keyboard.
    await page.getByRole("button", { name: "Ordenar" }).click();
    await page.getByRole("button", { name: "Subir Escola" }).click();
    await page.getByRole("button", { name: "Subir Escola" }).click();
    await page.getByText("Escola: posição 1 de 3").waitFor();
    const items = page.getByRole("group", { name: /^Destino preferido/ }).getByRole("listitem");
    expect(await items.allInnerTexts()).toEqual([
      expect.stringContaining("Escola"),
      expect.stringContaining("Feira"),
      expect.stringContaining("Cooperativa"),
    ]);
    await items.nth(1).focus();
    await page.keyboard.press("Alt+ArrowDown");
    await page.getByText("Feira: posição 3 de 3").waitFor();

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    expect(await storedRecords()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const rows = await storedRecords();
    expect(rows).toHaveLength(1);
    const answers = rows[0]?.answers ?? {};
    expect(answers[field("nota")]).toBe(7);
    expect(answers[field("etiqueta")]).toBe(TAG);
    expect(answers[field("colhido")]).toMatch(/^2026-11-20T07:45:00\.000[+-]\d\d:\d\d$/);
    expect(answers[field("destino")]).toEqual(["Escola", "Cooperativa", "Feira"]);
    expect(answers[field("safra")]).toBe("2026");
    expect(answers[field("start")]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    expect(answers[field("deviceid")]).toMatch(/^campo:[0-9a-f-]{36}$/);
    expect(answers[field("username")]).toBeTypeOf("string");
    expect(Date.parse(answers[field("end")] as string)).toBeGreaterThanOrEqual(
      Date.parse(answers[field("start")] as string),
    );
    expect(answers[field("duracao")]).toMatch(/^\d+$/);
    expect(answers[field("aparelho")]).toContain("Mozilla/5.0");
    // The audit holds the time each touched question had the focus, by field id.
    const audit = answers[field("audit")] as Record<string, number>;
    expect(Object.keys(audit)).toEqual(expect.arrayContaining([field("nota"), field("destino")]));
    expect(Object.values(audit).every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);

    // The record detail reads every answer, metadata included.
    await page.goto(`${server.url}/applications/${appId}/data`);
    await page.locator(`[data-record-id="${rows[0]?.id ?? ""}"]`).click();
    const detail = page.getByTestId("record-detail");
    await detail.waitFor();
    const text = await detail.innerText();
    for (const expected of ["Nota do lote", "7", TAG, "20/11/2026 07:45", "Escola; Cooperativa; Feira", "2026"])
      expect(text).toContain(expected);
  });

  it("builds the same types in the designer: integer and decimal entries, a star range, metadata, a rank", async () => {
    const { server } = journey;
    const browser = await launchBrowser();
    try {
      const { page: desk } = await signedInDesktopPage(browser, server, "dona@colheita.test");
      await desk.goto(`${server.url}/applications/new`);
      await desk.getByRole("heading", { name: "Novo Aplicativo" }).waitFor();
      const config = desk.getByRole("dialog", { name: "Configuração de Campo" });
      const add = async (type: string, more: () => Promise<void> = async () => {}) => {
        await desk.getByRole("button", { name: `Adicionar campo ${type}`, exact: true }).click();
        await desk
          .getByRole("button", { name: `Configurar campo ${type}` })
          .last()
          .click();
        await more();
        await config.getByRole("button", { name: "Salvar campo" }).click();
        await config.waitFor({ state: "hidden" });
      };
      await add("Número inteiro");
      await add("Numérico");
      await add("Escala", async () => {
        await config.getByLabel("Fim", { exact: true }).fill("5");
        await chooseOption(desk, config.getByRole("combobox", { name: "Aparência" }), "Estrelas");
      });
      await add("Metadados", async () => {
        await chooseOption(desk, config.getByLabel("Valor registrado"), "Dia do preenchimento");
      });
      await add("Ordenação", async () => {
        const option = config.getByPlaceholder("Digite uma opção e pressione Enter");
        for (const name of ["Feira", "Escola"]) {
          await option.fill(name);
          await option.press("Enter");
        }
      });
      await add("Data e hora");

      // The preview draws the range as five stars and hides the metadata from the collector.
      await desk.getByRole("button", { name: "Pré-visualizar" }).click();
      const preview = desk.getByRole("dialog", { name: "Pré-visualização do formulário" });
      const third = preview.getByRole("radio", { name: "3 de 5" });
      // The collector taps the star; the radio inside it is what assistive technology reads.
      await preview
        .locator("label")
        .filter({ has: desk.getByRole("radio", { name: "3 de 5" }) })
        .click();
      expect(await third.isChecked()).toBe(true);
      expect(await preview.getByText("Metadados").count()).toBe(0);
      await preview.getByRole("button", { name: "Fechar pré-visualização" }).click();

      await desk.getByLabel("Nome do aplicativo").fill("Desenho");
      await desk.getByRole("button", { name: "Criar Aplicativo" }).click();
      await desk.waitForURL(`${server.url}/applications`);
      const listed = (await (await desk.request.get(`${server.url}/api/applications`)).json()) as {
        applications: { id: string; name: string }[];
      };
      const designed = listed.applications.find((application) => application.name === "Desenho");
      const detail = (await (
        await desk.request.get(`${server.url}/api/applications/${designed?.id ?? ""}`)
      ).json()) as {
        fields: { fieldType: string; config: Record<string, unknown> }[];
      };
      expect(detail.fields.map((field) => [field.fieldType, field.config])).toEqual([
        ["number", expect.objectContaining({ format: "integer" })],
        ["number", expect.objectContaining({ format: "decimal" })],
        ["range", expect.objectContaining({ start: 1, end: 5, step: 1, style: "rating" })],
        ["metadata", expect.objectContaining({ kind: "today" })],
        ["rank", expect.objectContaining({ options: ["Feira", "Escola"] })],
        ["datetime", expect.objectContaining({ required: false })],
      ]);
    } finally {
      await browser.close();
    }
  });
});
