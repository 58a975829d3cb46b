import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { applications, applicationMembers, formFields, teamMembers } from "../../server/db/schema/index.ts";
import { queryRows } from "../../server/db/query-rows.ts";
import type { TestServer } from "../../server/test-support/test-server.ts";
import { launchInstalledApp, type DeviceOptions } from "./browser.ts";
import { fieldNameFromLabel } from "../../shared/fields/field-config.ts";
import { assert, expect } from "vitest";

export const GEOLOCATION = { latitude: -23.5505199, longitude: -46.6333094, accuracy: 8 };

const MOBILE_CHROME_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/**
 * A phone with the app installed: standalone window, touch, a mobile Chrome, GPS granted, Portuguese. The app tells
 * a phone by its user agent; Playwright's `isMobile` is left out because it replaces the --app window (browser.ts).
 */
export const INSTALLED_PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  userAgent: MOBILE_CHROME_UA,
  geolocation: GEOLOCATION,
  permissions: ["geolocation"],
  locale: "pt-BR",
};

export interface InstalledApp {
  context: BrowserContext;
  /** The app window (only the first page of the context runs standalone). */
  page: Page;
  profileDir: string;
}

/** Starts the installed app at `url` on the phone profile `profileDir` (new or reopened), optionally with no network. */
export async function openInstalledApp(url: string, profileDir: string, offline = false): Promise<InstalledApp> {
  const context = await launchInstalledApp(url, { ...INSTALLED_PHONE, offline }, profileDir);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.waitForURL(url);
  return { context, page, profileDir };
}

/** Opens the installed app on the sign-in screen of a fresh phone and signs in through the form, as a collector does. */
export async function openInstalledAppSignedIn(
  server: TestServer,
  email: string,
  password: string,
): Promise<InstalledApp> {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "campo-phone-"));
  const app = await openInstalledApp(`${server.url}/auth`, profileDir);
  await app.page.getByLabel("Email").fill(email);
  await app.page.getByLabel("Senha").fill(password);
  await app.page.locator("form").getByRole("button", { name: "Entrar" }).click();
  await app.page.waitForURL(`${server.url}/applications`);
  return app;
}

/** Starts the installed app on a fresh phone profile and signs `email` in through the API, skipping the sign-in screen. */
export async function openInstalledAppSignedInByApi(
  server: TestServer,
  email: string,
  password: string,
  device: DeviceOptions = INSTALLED_PHONE,
): Promise<InstalledApp> {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "campo-phone-"));
  const context = await launchInstalledApp(`${server.url}/connectivity-check`, device, profileDir);
  const page = context.pages()[0] ?? (await context.newPage());
  const signIn = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
    headers: { Origin: server.url },
    data: { email, password },
  });
  assert(signIn.status() === 200, `sign-in answered ${signIn.status()}`);
  return { context, page, profileDir };
}

export interface FieldIds {
  name: string;
  photo?: string;
  signature?: string;
  gps?: string;
}

/** An application written straight to the database (the designer is not under test here). */
export async function createApplication(
  server: TestServer,
  ownerId: string,
  name: string,
  media: boolean,
): Promise<{ id: string; fields: FieldIds }> {
  const db = server.context.database.db;
  const [application] = await db.insert(applications).values({ ownerId, name }).returning();
  assert(application);
  const definitions = [
    { fieldType: "text" as const, label: "Nome", config: { required: true } },
    ...(media
      ? [
          { fieldType: "photo" as const, label: "Foto", config: { required: true, captureMode: "gallery" } },
          { fieldType: "signature" as const, label: "Assinatura", config: { required: true } },
          { fieldType: "gps" as const, label: "Localização", config: { required: true } },
        ]
      : []),
  ];
  const rows = await db
    .insert(formFields)
    .values(
      definitions.map((field, position) => ({
        applicationId: application.id,
        position,
        name: fieldNameFromLabel(field.label),
        ...field,
      })),
    )
    .returning();
  const byLabel = (label: string) => rows.find((row) => row.label === label)?.id;
  return {
    id: application.id,
    fields: {
      name: byLabel("Nome") ?? "",
      photo: byLabel("Foto"),
      signature: byLabel("Assinatura"),
      gps: byLabel("Localização"),
    },
  };
}

/** Makes `userId` an active collaborator of the owner's application (what an accepted invite leaves behind). */
export async function addCollaborator(
  server: TestServer,
  ownerId: string,
  applicationId: string,
  user: { id: string; email: string },
): Promise<void> {
  const db = server.context.database.db;
  const [member] = await db
    .insert(teamMembers)
    .values({ ownerId, userId: user.id, name: user.email, email: user.email, status: "active" })
    .returning();
  assert(member);
  await db.insert(applicationMembers).values({ applicationId, teamMemberId: member.id, role: "collaborator" });
}

/** A real JPEG drawn by the browser, different for every `seed` (so each photo is its own attachment). */
export async function jpegFrom(page: Page, seed: number): Promise<Buffer> {
  const base64 = await page.evaluate((value) => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    context.fillStyle = `hsl(${(value * 97) % 360} 60% 50%)`;
    context.fillRect(0, 0, 160, 120);
    context.fillStyle = "#000";
    context.font = "48px sans-serif";
    context.fillText(String(value), 50, 80);
    return canvas.toDataURL("image/jpeg", 0.9).split(",")[1];
  }, seed);
  assert(base64, "the canvas gave no JPEG data URL");
  return Buffer.from(base64, "base64");
}

/** A zigzag on the signature pad with the pointer, as a finger would draw it; `seed` makes each signature its own. */
async function sign(page: Page, seed: number): Promise<void> {
  const pad = page.getByTestId("signature-pad");
  // Mouse coordinates are the viewport's: the pad must be on screen and clear of the sticky save bar.
  await pad.evaluate((canvas) => canvas.scrollIntoView({ block: "center" }));
  const box = await pad.boundingBox();
  if (!box) throw new Error("signature pad not visible");
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++)
    await page.mouse.move(box.x + 30 + step * 25, box.y + box.height / 2 + (step % 2 ? -1 : 1) * (10 + seed * 7));
  await page.mouse.up();
}

/**
 * Fills and saves one record offline; with a photo also signs and captures GPS. Waits until the screen counts
 * `pendingAfter` records waiting on the device.
 */
export async function collectRecord(page: Page, name: string, pendingAfter: number, photo?: Buffer): Promise<void> {
  await page.getByLabel("Nome").fill(name);
  if (photo) {
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: `${name}.jpg`, mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("img", { name: "Foto do campo Foto" }).waitFor();
    await sign(page, pendingAfter);
    await page.getByText("Assinatura registrada").waitFor();
    await page.getByRole("button", { name: "Capturar localização", exact: true }).click();
    await page.getByText(GEOLOCATION.latitude.toFixed(6)).first().waitFor();
  }
  await page.getByRole("button", { name: "Salvar registro" }).click();
  // The outbox has it once the screen counts it; the form is cleared and remounted for the next record.
  await page.getByTestId("sync-status").getByText(`${pendingAfter} registro(s) pendente(s)`).waitFor();
}

/**
 * Saves the form on screen online and waits until the server stores that record (`stored` counts the form's records
 * there). Neither the header's "Tudo sincronizado" (it showed before the save already) nor the outbox (an
 * acknowledged record leaves it at once by default) can tell.
 */
export async function saveAndAwaitStored(page: Page, stored: () => Promise<number>): Promise<void> {
  const before = await stored();
  await page.getByRole("button", { name: "Salvar registro" }).click();
  await expect.poll(stored, { timeout: 60_000 }).toBe(before + 1);
}

export interface OutboxRow {
  id: string;
  status: string;
  reason: string | null;
  applicationId: string;
}

/** The device's outbox as stored in IndexedDB (read raw, so the test does not trust the app's own reading of it). */
export function readOutbox(page: Page): Promise<OutboxRow[]> {
  return page.evaluate(
    () =>
      new Promise<OutboxRow[]>((resolve, reject) => {
        const open = indexedDB.open("campo-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction("outbox").objectStore("outbox").getAll();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            db.close();
            resolve(
              (request.result as { id: string; status: string; reason?: string; applicationId: string }[]).map(
                (row) => ({
                  id: row.id,
                  status: row.status,
                  reason: row.reason ?? null,
                  applicationId: row.applicationId,
                }),
              ),
            );
          };
        };
      }),
  );
}

export interface StoredSubmission {
  id: string;
  answers: Record<string, unknown>;
  latitude: number | null;
  longitude: number | null;
}

export function storedSubmissions(server: TestServer, applicationId: string): Promise<StoredSubmission[]> {
  return queryRows<StoredSubmission>(
    server.context.database.db,
    sql`select id, answers, latitude, longitude from form_submissions where application_id = ${applicationId} order by created_at`,
  );
}

/** One use of an uploaded file: the attachment id with the record and field that link it. */
export interface StoredAttachment {
  id: string;
  submission_id: string;
  field_id: string;
  content_type: string;
  sha256: string;
}

export function storedAttachments(server: TestServer, applicationId: string): Promise<StoredAttachment[]> {
  return queryRows<StoredAttachment>(
    server.context.database.db,
    sql`select a.id, l.submission_id, l.field_id, a.content_type, a.sha256 from attachment_links l
        join attachments a on a.id = l.attachment_id
        join form_submissions s on s.id = l.submission_id where s.application_id = ${applicationId}`,
  );
}

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
