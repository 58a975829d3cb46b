/**
 * The data page with records synced by signed-in collectors (located and not, a photo, accents, commas, quotes,
 * line breaks and "=1+1"): the three tabs render (the map with no tiles configured still draws every point),
 * one filter narrows the list, the map and the charts, and each export downloads and reads back with an
 * independent parser, equal to the database; the OData feed's address is given to copy. A second form's record with a section and a repeat reads in the detail.
 */
import { readFileSync } from "node:fs";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { kml as kmlToGeoJson } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import { asc, eq } from "drizzle-orm";
import { launchMapBrowser, signedInDesktopPage } from "./support/map-browser.ts";
import { startAppServer } from "./support/app-server.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../server/test-support/fixtures/application-fixtures.ts";
import { seedDataFixture, TRICKY_TEXTS, type DataFixture } from "../server/test-support/fixtures/data-fixtures.ts";
import { seedRepeatFixture } from "../server/test-support/fixtures/repeat-fixtures.ts";
import { formSubmissions } from "../server/db/schema/index.ts";
import { expectToastClearOf } from "./support/toast-placement.ts";
import { chooseOption } from "./support/choose-option.ts";
import { apiReadsOf } from "./support/first-open-reads.ts";
import { preloadedReads } from "../server/test-support/preload-hints.ts";

// Long waits on the map and charts: MapLibre renders through Chromium's software WebGL here, slow on a busy
// 2-core machine (one run in four hit 20 s).
describe("data page", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let data: DataFixture;

  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    data = await seedDataFixture(server, "e2e");
    browser = await launchMapBrowser();
    ({ context, page } = await signedInDesktopPage(browser, server, data.users.owner.email, { acceptDownloads: true }));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const dataUrl = (query = "") => `${server.url}/applications/${data.applicationId}/data${query}`;
  const total = () => page.getByTestId("records-total");
  /** The app's selects are Radix comboboxes, like the rest of the app. */
  const choose = (select: string, option: string) =>
    chooseOption(page, page.getByRole("combobox", { name: select, exact: true }), option, { exact: true });
  const stored = () =>
    server.context.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.applicationId, data.applicationId))
      .orderBy(asc(formSubmissions.createdAt), asc(formSubmissions.id));

  it("draws the list and the data page from the reads their HTML started", async () => {
    // First opens, not the worker's cached index.html: a browser with the session and no service worker.
    const first = await signedInDesktopPage(browser, server, data.users.owner.email, { serviceWorkers: "block" });
    const application = `/api/applications/${data.applicationId}`;
    /** Each read went out once, as the preload: the app's request for the same address took the preload's answer. */
    const opens = async (url: string, drawn: () => Promise<unknown>, reads: string[]) => {
      const response = await first.page.goto(url);
      expect(preloadedReads(await response!.text())).toEqual(["/api/me", ...reads]);
      await drawn();
      expect(await apiReadsOf(first.page)).toEqual(["/api/me", ...reads].map((read) => `link ${read}`).sort());
    };
    try {
      await opens(
        `${server.url}/applications`,
        () => first.page.getByRole("heading", { name: data.appName }).waitFor(),
        ["/api/applications"],
      );
      await opens(dataUrl(), () => first.page.getByTestId("records-total").getByText("15 registros").waitFor(), [
        `${application}/data-view`,
        `${application}/records?sort=createdAt&order=desc&limit=50`,
      ]);
    } finally {
      await first.context.close();
    }
  });

  it("lists the records, virtualised, and shows one record's every answer with its photo", async () => {
    await page.goto(dataUrl());
    await expect.poll(() => total().textContent()).toBe("15 registros");
    expect(await page.getByRole("tab", { name: "Lista" }).getAttribute("aria-selected")).toBe("true");
    const rows = page.getByRole("listitem");
    expect(await rows.count()).toBeGreaterThan(0);
    await page.getByPlaceholder("Buscar...").fill("=1+1");
    await expect.poll(() => total().textContent()).toBe("1 registro");
    expect(new URL(page.url()).searchParams.get("q")).toBe("=1+1");
    await page.locator("[data-record-id]").first().click();
    const detail = page.getByTestId("record-detail");
    await detail.waitFor();
    expect(await detail.textContent()).toContain("=1+1");
    expect(await detail.textContent()).toContain("R$ 21,00".replace(" ", "\u00a0"));
    const photo = detail.getByRole("img", { name: "Foto" });
    expect(await photo.getAttribute("src")).toBe(`/api/attachments/${data.photoAttachmentId}`);
    expect((await page.request.get(`${server.url}/api/attachments/${data.photoAttachmentId}`)).status()).toBe(200);
    await page.keyboard.press("Escape");
  });

  it("reads a record with a repeat: entries counted in the list, a table in the detail, grouped by section", async () => {
    const trees = await seedRepeatFixture(server, data.clients.owner, "e2e");
    await page.goto(`${server.url}/applications/${trees.applicationId}/data`);
    await expect.poll(() => total().textContent()).toBe("3 registros");
    const first = page.locator(`[data-record-id="${trees.records[0]}"]`);
    expect(await first.textContent()).toContain("2 entradas");
    expect(await page.locator(`[data-record-id="${trees.records[1]}"]`).textContent()).toContain("Nenhuma entrada");
    await first.click();
    const detail = page.getByTestId("record-detail");
    await detail.waitFor();
    const section = detail.getByRole("region", { name: "Propriedade" });
    expect(await section.textContent()).toContain("10.000");
    expect(await detail.textContent()).not.toContain("Meça cada árvore");
    const table = detail.getByRole("table", { name: "Árvores" });
    expect(await table.locator("th").allTextContents()).toEqual([
      "Entrada",
      "Espécie",
      "Altura (m)",
      "Foto da árvore",
      "Local da árvore",
      "Observação removido",
    ]);
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator("td").allTextContents()).toEqual([
      "1",
      "Ipê",
      "12,5",
      "",
      "-15.780100, -47.929200 (precisão de 4 m)",
      'Tronco oco, "velha"',
    ]);
    expect(await rows.nth(0).getByRole("img", { name: "Foto da árvore" }).getAttribute("src")).toBe(
      `/api/attachments/${trees.photoAttachmentId}`,
    );
    expect(await rows.nth(1).locator("td").allTextContents()).toEqual([
      "2",
      "Jatobá",
      "8",
      "Sem resposta",
      "Sem resposta",
      "Sem resposta",
    ]);
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "/tmp/campo-shots"}/data-record-repeat-1280.png` });
    await page.keyboard.press("Escape");
  });

  it("draws every located point on the map with no tiles, and counts the others", async () => {
    await page.goto(dataUrl("?tab=map"));
    await expect
      .poll(() => page.getByTestId("map-located").textContent(), { timeout: 45_000 })
      .toBe("9 registros no mapa");
    expect(await page.getByTestId("map-without-location").textContent()).toContain("6 registros sem localização");
    const map = page.getByTestId("records-map");
    await map.locator("canvas").waitFor();
    await expect.poll(() => map.getAttribute("data-rendered"), { timeout: 45_000 }).toBe("9");
    // With no TILE_URL nor MAP_PMTILES_URL the base map is the packaged outlines (countries and Brazilian states), with place names.
    expect(await map.getAttribute("data-base-map")).toBe("outline");
    await expect
      .poll(async () => Number(await map.getAttribute("data-base-map-drawn")), { timeout: 45_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => Number(await map.getAttribute("data-states-drawn")), { timeout: 45_000 })
      .toBeGreaterThan(0);
    await map.locator("[data-place-label=capital]", { hasText: "São Paulo" }).waitFor();
    // Natural Earth's rivers and towns (issue 25): the Paraíba do Sul between the two cities, Campinas near São Paulo.
    await expect
      .poll(async () => Number(await map.getAttribute("data-rivers-drawn")), { timeout: 45_000 })
      .toBeGreaterThan(0);
    await map.locator("[data-place-label=town]", { hasText: "Campinas" }).waitFor();
    expect(await map.locator("[data-place-label=country]", { hasText: "Brazil" }).count()).toBe(1);
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "/tmp/campo-shots"}/data-map-outline-1280.png` });
  });

  it("narrows the list, the map and the charts with one filter kept in the URL", async () => {
    await page.goto(dataUrl());
    await expect.poll(() => total().textContent()).toBe("15 registros");
    await page.getByRole("button", { name: "Filtrar por campo" }).click();
    await choose("Cor", "Verde");
    await expect.poll(() => total().textContent()).toBe("4 registros");
    expect(new URL(page.url()).searchParams.get(`f.${data.fields.color.id}`)).toBe("Verde");

    await page.getByRole("tab", { name: "Mapa" }).click();
    await expect
      .poll(() => page.getByTestId("map-located").textContent(), { timeout: 45_000 })
      .toBe("2 registros no mapa");
    expect(await page.getByTestId("map-without-location").textContent()).toContain("2 registros sem localização");
    await expect
      .poll(() => page.getByTestId("records-map").getAttribute("data-rendered"), { timeout: 45_000 })
      .toBe("2");

    await page.getByRole("tab", { name: "Gráficos" }).click();
    await choose("Campo", "Etiquetas");
    // Verde records are i = 1, 4, 7, 10: tags A,B / A,B / A,B / A,B → A 4 + B 4.
    await expect.poll(() => page.getByTestId("chart").getAttribute("data-total"), { timeout: 45_000 }).toBe("8");
    await choose("Tipo de gráfico", "Pizza");
    await page.getByTestId("chart").locator("svg").first().waitFor();
    expect(new URL(page.url()).searchParams.get("tab")).toBe("charts");

    // The shared view: the same URL in a fresh page shows the same filtered charts.
    const shared = await context.newPage();
    await shared.goto(page.url());
    await expect.poll(() => shared.getByTestId("chart").getAttribute("data-total"), { timeout: 45_000 }).toBe("8");
    await shared.close();

    // Filtered to Verde, the Cor pie is one option at 100 %: a whole disc, no zero wedges, no border cut into it.
    await choose("Campo", "Cor");
    await expect.poll(() => page.getByTestId("chart").getAttribute("data-total"), { timeout: 45_000 }).toBe("4");
    const sectors = page.getByTestId("chart").locator(".recharts-pie-sector path");
    await expect.poll(() => sectors.count(), { timeout: 45_000 }).toBe(1);
    expect(await sectors.first().getAttribute("stroke")).toBe("none");
  });

  it("filters by calendar days picked in the reader's language, kept as plain days in the URL", async () => {
    await page.goto(dataUrl());
    await expect.poll(() => total().textContent()).toBe("15 registros");
    const until = page.getByLabel("Até", { exact: true });
    expect(await until.textContent()).toBe("dd/mm/aaaa");
    await until.click();
    const calendar = page.getByRole("dialog");
    // pt-BR weeks start on Sunday (the weekday row is hidden from assistive technology: each day names itself).
    expect(await calendar.locator("th").first().getAttribute("aria-label")).toBe("domingo");
    const [month, year] = await calendar.getByRole("combobox").all();
    assert(year);
    expect(await year.locator("option").first().textContent()).toBe("1900");
    expect(await year.locator("option").last().textContent()).toBe("2100");
    await year.selectOption("2025");
    assert(month);
    await month.selectOption({ index: 2 });
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "/tmp/campo-shots"}/data-date-picker-1280.png` });
    await calendar.getByRole("button", { name: /15 de março de 2025/ }).click();
    await expect.poll(() => until.textContent()).toBe("15/03/2025");
    expect(new URL(page.url()).searchParams.get("to")).toBe("2025-03-15");
    await expect.poll(() => total().textContent()).toBe("3 registros");
    await page.getByRole("button", { name: "Limpar data" }).click();
    await expect.poll(() => total().textContent()).toBe("15 registros");
    expect(new URL(page.url()).searchParams.has("to")).toBe(false);
  });

  async function exportVia(
    format: "CSV" | "CSV para Excel (;)" | "Excel (.xlsx)" | "KML" | "GeoJSON",
  ): Promise<Buffer> {
    await page.getByRole("button", { name: "Exportar" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: format, exact: true }).click(),
    ]);
    await expectToastClearOf(page, [page.getByRole("button", { name: "Exportar" })]);
    // Close the "downloaded" toast as a keyboard user would, so the next export starts from a quiet page. (A click
    // waits for the toast to stop moving, which on a loaded machine it did only as it closed by itself.)
    await page.locator("[data-sonner-toast] [data-close-button]").press("Enter");
    await page.locator("[data-sonner-toast]").waitFor({ state: "detached" });
    const file = await download.path();
    expect(download.suggestedFilename()).toMatch(/^Levantamento e2e Água Esgoto-\d{4}-\d{2}-\d{2}\./);
    return readFileSync(file);
  }

  it("downloads each export, equal to the database", async () => {
    await page.goto(dataUrl());
    await expect.poll(() => total().textContent()).toBe("15 registros");
    const records = await stored();

    const csv = parseCsv<Record<string, string>>(await exportVia("CSV"), { bom: true, columns: true });
    expect(csv.map((row) => row["ID do registro"])).toEqual(records.map((record) => record.id));
    const names = csv.map((row) => row["Nome, completo"]);
    expect(names).toEqual(expect.arrayContaining(['São João, "o velho"\nlinha 2', "'=1+1", "Ação & <tag> 'aspas'"]));

    // For Excel in Portuguese: `;`, decimal comma, times in the browser's time zone, named in the header.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const excelCsv = parseCsv<Record<string, string>>(await exportVia("CSV para Excel (;)"), {
      bom: true,
      columns: true,
      delimiter: ";",
    });
    expect(excelCsv.map((row) => row["ID do registro"])).toEqual(records.map((record) => record.id));
    expect(Object.keys(excelCsv[0] ?? {})).toContain(`Criado em (${zone})`);
    expect(excelCsv.map((row) => row.Valor)).toEqual(
      records.map((record) => String(record.answers[data.fields.value.id] ?? "").replace(".", ",")),
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportVia("Excel (.xlsx)")) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    assert(sheet);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const nameColumn = header.indexOf("Nome, completo") + 1;
    const cells = records.map((_, i) => sheet.getRow(i + 2).getCell(nameColumn));
    expect(cells.map((cell) => cell.value)).toEqual(records.map((record) => record.answers[data.fields.name.id]));
    expect(cells.every((cell) => cell.formula === undefined && cell.type === ExcelJS.ValueType.String)).toBe(true);
    expect(cells.map((cell) => cell.value)).toEqual(expect.arrayContaining(TRICKY_TEXTS));

    const kml = kmlToGeoJson(new DOMParser().parseFromString((await exportVia("KML")).toString("utf8"), "text/xml"));
    const located = records.filter((record) => record.latitude !== null);
    expect(kml.features.map((feature) => feature.properties?.["ID do registro"])).toEqual(
      located.map((record) => record.id),
    );
    expect(kml.features.map((feature) => feature.properties?.["Nome, completo"])).toEqual(
      located.map((record) => record.answers[data.fields.name.id]),
    );

    const geojson = JSON.parse((await exportVia("GeoJSON")).toString("utf8")) as {
      features: { id: string; properties: Record<string, unknown> }[];
    };
    expect(geojson.features.map((feature) => feature.id)).toEqual(records.map((record) => record.id));
    expect(geojson.features.map((feature) => feature.properties.Valor)).toEqual(
      records.map((record) => record.answers[data.fields.value.id]),
    );
  });

  it("gives the OData feed's address to copy, which reads the records with the reader's session", async () => {
    await page.goto(dataUrl());
    await expect.poll(() => total().textContent()).toBe("15 registros");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.getByRole("button", { name: "Exportar" }).click();
    await page.getByRole("menuitem", { name: "Feed OData" }).click();
    const dialog = page.getByRole("dialog", { name: "Feed OData" });
    const feedUrl = `${server.url}/api/odata/applications/${data.applicationId}/`;
    expect(await dialog.getByLabel("Endereço do feed").inputValue()).toBe(feedUrl);
    expect(await dialog.getByRole("link", { name: "Criar um token de API" }).getAttribute("href")).toBe("/settings");
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "/tmp/campo-shots"}/data-odata-feed-1280.png` });
    await dialog.getByRole("button", { name: "Copiar" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
    const feed = await page.request.get(`${feedUrl}Records?$count=true`);
    expect(feed.status()).toBe(200);
    expect(((await feed.json()) as { "@odata.count": number })["@odata.count"]).toBe(15);
    // The link leads to where tokens are made.
    await dialog.getByRole("link", { name: "Criar um token de API" }).click();
    await page.getByText("Tokens de API", { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/settings");
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("exports only the filtered records", async () => {
    await page.goto(dataUrl(`?f.${data.fields.ok.id}=true`));
    await expect.poll(() => total().textContent()).toBe("7 registros");
    const csv = parseCsv<Record<string, string>>(await exportVia("CSV"), { bom: true, columns: true });
    expect(csv).toHaveLength(7);
    expect(csv.every((row) => row["Aprovado?"] === "Sim")).toBe(true);
  });

  it("on a computer: Coletar says why it is not offered here; the owner corrects a collaborator's record", async () => {
    await page.goto(dataUrl());
    const collect = page.getByRole("button", { name: "Coletar" });
    expect(await collect.getAttribute("aria-disabled")).toBe("true");
    const reasonId = await collect.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe(
      "A coleta de dados em campo é feita pelo app instalado no celular.",
    );
    // Reachable by keyboard, and pressing it leads nowhere.
    await collect.focus();
    await page.keyboard.press("Enter");
    expect(new URL(page.url()).pathname).toBe(`/applications/${data.applicationId}/data`);

    const recordId = data.collaboratorRecords[0] ?? "";
    await page.goto(dataUrl(`?record=${recordId}`));
    await page.getByTestId("record-detail").waitFor();
    await page.getByRole("button", { name: "Editar" }).click();
    await page.getByText("Editando registro").waitFor();
    const value = page.getByLabel("Valor");
    await expect.poll(() => value.inputValue(), { timeout: 30_000 }).toBe("1000");
    await value.fill("12,5");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(dataUrl(), { timeout: 60_000 });
    const answer = async () => (await stored()).find((row) => row.id === recordId)?.answers[data.fields.value.id];
    await expect.poll(answer, { timeout: 30_000 }).toBe(12.5);
    const read = await page.request.get(`${server.url}/api/applications/${data.applicationId}/submissions/${recordId}`);
    const body = (await read.json()) as { submission: { answers: Record<string, unknown> } };
    expect(body.submission.answers[data.fields.value.id]).toBe(12.5);
  });

  it("on a phone: the filters fold behind Filtros with their count, and the map fits the filtered records", async () => {
    const phone = await signedInDesktopPage(browser, server, data.users.owner.email, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      await phone.page.goto(dataUrl(`?tab=map&f.${data.fields.color.id}=Verde`));
      const toggle = phone.page.getByRole("button", { name: /^Filtros/ });
      await toggle.waitFor();
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await phone.page.getByTestId("active-filters").textContent()).toBe("1 ativo");
      expect(await phone.page.getByPlaceholder("Buscar...").isVisible()).toBe(false);
      const map = phone.page.getByTestId("records-map");
      // Both located Verde records are in view: the map fits them rather than showing its default view.
      await expect.poll(() => map.getAttribute("data-rendered"), { timeout: 45_000 }).toBe("2");
      const box = await map.boundingBox();
      expect(box && box.y < 844).toBe(true);
      await toggle.click();
      await phone.page.getByPlaceholder("Buscar...").waitFor();
    } finally {
      await phone.context.close();
    }
  });

  it("shows the app's own error screen when the charts' code does not load, and recovers on a reload", async () => {
    // No service worker, so the page's own requests are the ones refused (a worker's cache would answer them).
    const reader = await signedInDesktopPage(browser, server, data.users.owner.email, { serviceWorkers: "block" });
    try {
      const chartsCode = "**/assets/records-charts-*.js";
      await reader.page.route(chartsCode, (route) => route.abort("internetdisconnected"));
      await reader.page.goto(dataUrl("?tab=charts"));
      await reader.page.getByRole("heading", { name: "Algo deu errado" }).waitFor();
      expect(await reader.page.getByText("Unexpected Application Error!").count()).toBe(0);

      await reader.page.unroute(chartsCode);
      await reader.page.getByRole("button", { name: "Recarregar Página" }).click();
      await expect
        .poll(() => reader.page.getByTestId("chart").getAttribute("data-total"), { timeout: 45_000 })
        .not.toBeNull();
      expect(await reader.page.getByRole("heading", { name: "Algo deu errado" }).count()).toBe(0);
    } finally {
      await reader.context.close();
    }
  });

  it("/data names each answer in the first answers column", async () => {
    await page.goto(`${server.url}/data`);
    await page.getByText("Primeiras respostas").waitFor();
    const summary = page.getByTestId("answer-summary").first();
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/^Nome, completo: [\s\S]+ · Valor: R\$/);
    expect(await summary.getAttribute("title")).toBe(await summary.textContent());
  });
});
