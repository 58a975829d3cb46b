import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, notExists } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { launchInstalledApp } from "./support/browser.ts";
import { startAppServer } from "./support/app-server.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { attachmentLinks, attachments, formSubmissions, userLimits } from "../server/db/schema/index.ts";
import { ORPHAN_UPLOAD_AGE_MS, removeOrphanUploads } from "../server/jobs/orphan-upload-cleanup-job.ts";
import { createStorage } from "../server/services/storage/create-storage.ts";
import {
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../server/test-support/fixtures/application-fixtures.ts";
import { INSTALLED_PHONE, openInstalledAppSignedInByApi } from "./support/field-collector.ts";

/** The installed phone of e2e/support/field-collector.ts at another fixed GPS position. */
const PHONE = { ...INSTALLED_PHONE, geolocation: { latitude: -15.7942287, longitude: -47.8821658, accuracy: 6 } };

const FIELDS = [
  { fieldType: "text", label: "Nome do ponto", position: 0, config: { required: true } },
  { fieldType: "gps", label: "Localização do ponto", position: 1, config: { required: true } },
  { fieldType: "photo", label: "Foto do ponto", position: 2, config: { required: true, captureMode: "both" } },
  { fieldType: "signature", label: "Assinatura do coletor", position: 3, config: { required: true } },
];

describe("offline collection and sync (installed app on a phone)", () => {
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let appId: string;
  let collectorId: string;
  let ownerId: string;
  const fieldIds = new Map<string, string>();
  const field = (label: string): string => {
    const id = fieldIds.get(label);
    if (id === undefined) throw new Error(`No field labelled ${label}`);
    return id;
  };
  const collectUrl = () => `${server.url}/applications/${appId}/collect`;
  const storedRecords = () =>
    server.context.database.db.select().from(formSubmissions).where(eq(formSubmissions.applicationId, appId));

  async function openCollectScreen(): Promise<void> {
    await page.goto(collectUrl());
    await page.getByRole("heading", { name: "Pontos de Coleta" }).waitFor();
  }

  async function pendingBadge(count: number): Promise<void> {
    await page.getByTestId("sync-status").getByText(`${count} registro(s) pendente(s)`).waitFor({ timeout: 30_000 });
  }

  /** A small JPEG drawn in the page, different for every record. */
  async function photoBytes(seed: number): Promise<Buffer> {
    const bytes = await page.evaluate(async (hue) => {
      const canvas = document.createElement("canvas");
      canvas.width = 320;
      canvas.height = 240;
      const context2d = canvas.getContext("2d");
      if (!context2d) throw new Error("no canvas");
      context2d.fillStyle = `hsl(${hue}, 70%, 50%)`;
      context2d.fillRect(0, 0, canvas.width, canvas.height);
      context2d.fillStyle = "#fff";
      context2d.fillText(`ponto ${hue}`, 20, 40);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
      if (!blob) throw new Error("no blob");
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    }, seed * 97);
    return Buffer.from(bytes);
  }

  async function collectRecord(seed: number): Promise<void> {
    const name = page.getByRole("textbox", { name: /^Nome do ponto/ });
    await name.fill(`Ponto ${seed}`);
    await page.getByRole("button", { name: "Capturar localização" }).click();
    await page.getByTestId("gps-position").getByText("-15.794229, -47.882166").waitFor();
    await page
      .locator('input[type="file"][data-capture="gallery"]')
      .setInputFiles({ name: `ponto-${seed}.jpg`, mimeType: "image/jpeg", buffer: await photoBytes(seed) });
    await page.getByRole("img", { name: "Foto do campo Foto do ponto" }).waitFor();

    const pad = page.getByTestId("signature-pad");
    // Centred, so the sticky save bar at the bottom of the screen does not cover the stroke.
    await pad.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const box = await pad.boundingBox();
    if (!box) throw new Error("signature pad not visible");
    const middle = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, middle);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++)
      await page.mouse.move(box.x + 20 + step * 30, middle - ((step + seed) % 2) * 30);
    await page.mouse.up();
    await page.getByText("Assinatura registrada").waitFor();

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    // The form is cleared for the next record once this one is on the device.
    await expect.poll(() => name.inputValue(), { timeout: 30_000 }).toBe("");
  }

  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    const owner = server.client();
    ownerId = (await signUpAs(owner, "dona@offline.test")).id;
    const created = await createApplicationVia(owner, {
      name: "Pontos de Coleta",
      description: "Sem sinal no campo",
      visibility: "team",
      active: true,
      fields: FIELDS,
    });
    appId = created.application.id;
    for (const stored of created.fields) fieldIds.set(stored.label, stored.id);
    collectorId = (await signUpAs(server.client(), "coletor@offline.test")).id;
    await grantRole(server.context.database.db, {
      ownerId,
      userId: collectorId,
      email: "coletor@offline.test",
      applicationId: appId,
      role: "collaborator",
    });

    ({
      context,
      page,
      profileDir: profile,
    } = await openInstalledAppSignedInByApi(server, "coletor@offline.test", "secret123", PHONE));
    // Online once: the app shell is precached and the application with its fields is cached on the device.
    await openCollectScreen();
    await waitForServiceWorkerControl(page);
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("runs as an installed app", async () => {
    expect(await page.evaluate(() => matchMedia("(display-mode: standalone)").matches)).toBe(true);
  });

  it("keeps records collected offline through a reload and a restart, then syncs each exactly once with its media", async () => {
    await context.setOffline(true);
    for (const seed of [1, 2, 3]) await collectRecord(seed);
    await pendingBadge(3);
    expect(await storedRecords()).toHaveLength(0);

    await page.reload();
    await page.getByRole("heading", { name: "Pontos de Coleta" }).waitFor();
    await pendingBadge(3);

    // Close the app and start it again, still without signal.
    await context.close();
    context = await launchInstalledApp(`${server.url}/connectivity-check`, PHONE, profile);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await openCollectScreen();
    await pendingBadge(3);
    expect(await storedRecords()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByText("Sincronização concluída").first().waitFor({ timeout: 60_000 });
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 30_000 });

    const rows = await storedRecords();
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.answers[field("Nome do ponto")]).sort()).toEqual(["Ponto 1", "Ponto 2", "Ponto 3"]);
    const photos = new Set<string>();
    for (const row of rows) {
      expect(row.submitterId).toBe(collectorId);
      expect(row.answers[field("Localização do ponto")]).toMatchObject({
        latitude: -15.7942287,
        longitude: -47.8821658,
      });
      for (const [label, contentType] of [
        ["Foto do ponto", "image/jpeg"],
        ["Assinatura do coletor", "image/png"],
      ] as const) {
        const answer = row.answers[field(label)] as { attachmentId: string; sha256: string; contentType: string };
        expect(answer.contentType).toBe(contentType);
        if (label === "Foto do ponto") photos.add(answer.sha256);
        const media = await context.request.get(`${server.url}/api/attachments/${answer.attachmentId}`);
        expect(media.status()).toBe(200);
        expect(media.headers()["content-type"]).toBe(contentType);
      }
    }
    expect(photos.size).toBe(3);

    // A later sync finds nothing to send: the device kept no copy that could go twice.
    await page.reload();
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor();
    expect(await storedRecords()).toHaveLength(3);
  });

  it("sends a record held back for days after the server removed its unlinked media, uploading them again", async () => {
    const db = server.context.database.db;
    // The owner's records are capped at the three already stored: the next one is held back on the phone.
    await db.insert(userLimits).values({ userId: ownerId, maxSubmissions: 3 });
    await context.setOffline(true);
    await collectRecord(4);
    await context.setOffline(false);
    await page.getByText("1 aguardando upgrade do plano (limite de registros atingido)").waitFor({ timeout: 60_000 });
    // The collector answers the plans offer (spec 001 §8) that follows the limit notice, as in the billing journey.
    await page.getByText("Deseja ver os planos disponíveis?").waitFor();
    await page.getByRole("button", { name: "Agora não" }).click();
    // The offer took the limit notice's place: answering it leaves no toast of the sync over the page.
    await page.getByText("Deseja ver os planos disponíveis?").waitFor({ state: "detached" });
    expect(await page.locator("[data-sonner-toast]", { hasText: "Limite de registros atingido" }).count()).toBe(0);
    const unlinked = () =>
      db
        .select({ id: attachments.id })
        .from(attachments)
        .where(notExists(db.select().from(attachmentLinks).where(eq(attachmentLinks.attachmentId, attachments.id))));
    // The photo is new; the signature has the strokes of an earlier record's, whose upload it shares.
    const held = (await unlinked()).map((row) => row.id);
    expect(held).toHaveLength(1);

    // Days later: the photo, linked to no record for over 24 h, is removed with its file.
    await db.update(attachments).set({ lastUploadedAt: new Date(Date.now() - ORPHAN_UPLOAD_AGE_MS - 60_000) });
    expect(await removeOrphanUploads(db, createStorage(server.context.config), new Date())).toEqual({
      rows: 1,
      files: 1,
    });

    // The owner upgrades; the phone sends the record and uploads the photo again when told it is missing.
    await db.delete(userLimits).where(eq(userLimits.userId, ownerId));
    await page.getByTestId("pending-banner").getByRole("button", { name: "Sincronizar Agora" }).click();
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const fourth = (await storedRecords()).find((row) => row.answers[field("Nome do ponto")] === "Ponto 4");
    expect(fourth).toBeDefined();
    for (const label of ["Foto do ponto", "Assinatura do coletor"]) {
      const answer = fourth!.answers[field(label)] as { attachmentId: string };
      expect(held).not.toContain(answer.attachmentId);
      expect((await context.request.get(`${server.url}/api/attachments/${answer.attachmentId}`)).status()).toBe(200);
    }
    expect(await unlinked()).toEqual([]);
  });
});
