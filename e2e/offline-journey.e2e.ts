import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { startAppServer } from "./support/app-server.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import {
  addCollaborator,
  collectRecord,
  createApplication,
  GEOLOCATION,
  jpegFrom,
  openInstalledApp,
  openInstalledAppSignedIn,
  type InstalledApp,
  readOutbox,
  sha256,
  storedAttachments,
  storedSubmissions,
} from "./support/field-collector.ts";
import type { TestServer } from "../server/test-support/test-server.ts";

const PASSWORD = "secret123";

/**
 * Issue 4 "Done means": a collector in a place with no signal never loses a record. Chromium runs as the
 * installed app on a phone; nothing in the app knows it is under test.
 */
describe("offline collection journey", () => {
  let server: TestServer;
  const contexts: BrowserContext[] = [];
  const profiles: string[] = [];

  beforeAll(async () => {
    server = await startAppServer();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await server?.stop();
    for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
  });

  function track(app: InstalledApp): InstalledApp {
    contexts.push(app.context);
    if (!profiles.includes(app.profileDir)) profiles.push(app.profileDir);
    return app;
  }

  async function signedInPhone(email: string): Promise<Page> {
    return track(await openInstalledAppSignedIn(server, email, PASSWORD)).page;
  }

  function syncStatus(page: Page) {
    return page.getByTestId("sync-status");
  }

  /** Opens the collect screen online once: the worker precaches the app, the device caches the form. */
  async function openCollectOnline(page: Page, applicationId: string, name: string): Promise<string> {
    const url = `${server.url}/applications/${applicationId}/collect`;
    await page.goto(url);
    await page.getByRole("heading", { name }).waitFor();
    await waitForServiceWorkerControl(page);
    return url;
  }

  async function goOffline(page: Page): Promise<void> {
    await page.context().setOffline(true);
    await syncStatus(page).getByText("Offline").waitFor();
  }

  it("keeps 3 records with photo, signature and GPS through reloads offline and syncs each once with its media", async () => {
    const collector = await server.client().signUp("campo.collector@example.com", PASSWORD, "Coletora");
    const form = await createApplication(server, collector.id, "Levantamento de Árvores", true);
    const phone = track(await openInstalledAppSignedIn(server, collector.email, PASSWORD));
    const page = phone.page;
    expect(await page.evaluate(() => matchMedia("(display-mode: standalone)").matches)).toBe(true);

    const url = await openCollectOnline(page, form.id, "Levantamento de Árvores");
    await goOffline(page);
    for (let index = 1; index <= 3; index++) {
      await collectRecord(page, `Árvore ${index}`, index, await jpegFrom(page, index));
    }

    await page.reload();
    await syncStatus(page).getByText("3 registro(s) pendente(s)").waitFor();
    // The collector closes the app and opens it again, still with no signal.
    await phone.context.close();
    const again = track(await openInstalledApp(url, phone.profileDir, true));
    const reopened = again.page;
    const context = again.context;
    expect(await reopened.evaluate(() => matchMedia("(display-mode: standalone)").matches)).toBe(true);
    await syncStatus(reopened).getByText("3 registro(s) pendente(s)").waitFor();
    const waiting = await readOutbox(reopened);
    expect(waiting.map((row) => row.status)).toEqual(["pending", "pending", "pending"]);
    expect(await storedSubmissions(server, form.id)).toEqual([]);

    await context.setOffline(false);
    await syncStatus(reopened).getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });

    const stored = await storedSubmissions(server, form.id);
    expect(stored.map((row) => row.id).sort()).toEqual(waiting.map((row) => row.id).sort());
    expect(stored.map((row) => row.answers[form.fields.name]).sort()).toEqual(["Árvore 1", "Árvore 2", "Árvore 3"]);
    for (const row of stored) {
      expect(row.latitude).toBeCloseTo(GEOLOCATION.latitude, 5);
      expect(row.longitude).toBeCloseTo(GEOLOCATION.longitude, 5);
    }
    const media = await storedAttachments(server, form.id);
    expect(media).toHaveLength(6);
    for (const row of stored) {
      const own = media.filter((attachment) => attachment.submission_id === row.id);
      expect(own.map((attachment) => attachment.content_type).sort()).toEqual(["image/jpeg", "image/png"]);
      expect((row.answers[form.fields.photo ?? ""] as { attachmentId: string }).attachmentId).toBe(
        own.find((attachment) => attachment.field_id === form.fields.photo)?.id,
      );
    }
    const photo = media.find((attachment) => attachment.content_type === "image/jpeg");
    const download = await context.request.get(`${server.url}/api/attachments/${photo?.id}`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("image/jpeg");
    expect(sha256(await download.body())).toBe(photo?.sha256);
  });

  it("stores every record exactly once when the connection drops after the server received a batch", async () => {
    const collector = await server.client().signUp("campo.interrupted@example.com", PASSWORD, "Coletor");
    const form = await createApplication(server, collector.id, "Visitas", false);
    const page = await signedInPhone(collector.email);
    await openCollectOnline(page, form.id, "Visitas");
    await goOffline(page);
    for (let index = 1; index <= 3; index++) await collectRecord(page, `Visita ${index}`, index);
    const ids = (await readOutbox(page)).map((row) => row.id).sort();

    // The first batch reaches the server and is stored, then the answer is lost: the device must resend it.
    const answers: string[][] = [];
    await page.context().route("**/api/sync", async (route) => {
      const response = await route.fetch();
      answers.push(
        ((await response.json()) as { results: { status: string }[] }).results.map((result) => result.status),
      );
      if (answers.length === 1) await route.abort("connectionreset");
      else await route.fulfill({ response });
    });
    await page.context().setOffline(false);
    await syncStatus(page).getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });

    // The server stored the whole first batch; the resent one is recognised record by record.
    expect(answers[0]).toEqual(["created", "created", "created"]);
    expect(answers.at(-1)).toEqual(["duplicate", "duplicate", "duplicate"]);
    const stored = await storedSubmissions(server, form.id);
    expect(stored.map((row) => row.id).sort()).toEqual(ids);
    expect((await readOutbox(page)).filter((row) => row.status !== "synced")).toEqual([]);
  });

  it("blocks the 11th record of a free owner across two collectors and keeps it on the device", async () => {
    const ownerClient = server.client();
    const owner = await ownerClient.signUp("campo.owner@example.com", PASSWORD, "Dona");
    const form = await createApplication(server, owner.id, "Censo", false);
    const first = server.client();
    const firstUser = await first.signUp("campo.first@example.com", PASSWORD, "Primeira");
    const secondUser = await server.client().signUp("campo.second@example.com", PASSWORD, "Segundo");
    await addCollaborator(server, owner.id, form.id, firstUser);
    await addCollaborator(server, owner.id, form.id, secondUser);

    // The first collector's 5 records arrive from another phone.
    const records = Array.from({ length: 5 }, (_, index) => ({
      id: crypto.randomUUID(),
      applicationId: form.id,
      answers: { [form.fields.name]: `Casa ${index + 1}` },
      clientCreatedAt: new Date().toISOString(),
    }));
    const response = await first.post("/api/sync", { records });
    expect(
      ((await response.json()) as { results: { status: string }[] }).results.map((result) => result.status),
    ).toEqual(Array(5).fill("created"));

    // The second collects 6 offline: 5 fit under the plan's 10, the 11th does not.
    const page = await signedInPhone(secondUser.email);
    await openCollectOnline(page, form.id, "Censo");
    await goOffline(page);
    for (let index = 6; index <= 11; index++) await collectRecord(page, `Casa ${index}`, index - 5);
    await page.context().setOffline(false);
    await page.getByText("Limite de registros atingido").first().waitFor({ timeout: 60_000 });

    expect(await storedSubmissions(server, form.id)).toHaveLength(10);
    // Auto-sync may be retrying the blocked record (status "syncing") when the toast shows: wait for it to settle.
    await expect
      .poll(async () => (await readOutbox(page)).filter((row) => row.status !== "synced"), { timeout: 60_000 })
      .toEqual([expect.objectContaining({ status: "blocked", reason: "limite_excedido", applicationId: form.id })]);
    await syncStatus(page).getByText("1 registro(s) pendente(s)").waitFor();
  });
});
