import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { attachments } from "../../db/schema/index.ts";
import { ORPHAN_UPLOAD_AGE_MS } from "../../jobs/orphan-upload-cleanup-job.ts";
import { sweepUnreferencedFiles } from "../../jobs/unreferenced-file-sweep-job.ts";
import { createStorage } from "../../services/storage/create-storage.ts";
import type { Storage } from "../../services/storage/storage.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import {
  formWithCollector,
  pngBytes,
  record,
  sha256,
  sync,
  upload,
  validAnswers,
  type FormWithCollector,
} from "../../test-support/fixtures/sync-fixtures.ts";

/**
 * The weekly sweep removes media files no attachment row names (rows deleted before the removal queue existed,
 * uploads that died between the file and the row) once they are a day old, and nothing else.
 */
describe("unreferenced media file sweep", () => {
  let server: TestServer;
  let storage: Storage;
  let team: FormWithCollector;
  const db = () => server.context.database.db;
  const fileExists = async (key: string) => {
    const stream = await storage.get(key);
    await stream?.cancel();
    return stream !== null;
  };
  const keyOf = async (attachmentId: string) =>
    (await db().select().from(attachments).where(eq(attachments.id, attachmentId)))[0]!.storageKey;

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    storage = createStorage(server.context.config);
    team = await formWithCollector(server, {
      owner: "dona-varredura@campo.test",
      collector: "coletor-varredura@campo.test",
    });
  });
  afterAll(() => server.stop());

  it("removes day-old files no row names, and keeps named, recent and non-media files", async () => {
    const { collector, form } = team;
    const linked = await upload(collector.client, pngBytes("sweep-linked"));
    const created = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), [form.fields.photo]: linked },
    });
    expect((await sync(collector.client, [created])).results[0]?.status).toBe("created");
    const unlinked = await upload(collector.client, pngBytes("sweep-unlinked"));
    // A row written before migration 0006 names its file without the row id; it is still in use.
    const legacy = await upload(collector.client, pngBytes("sweep-legacy-named"));
    const legacyKey = `attachments/${collector.id}/${legacy.sha256}`;
    await storage.delete(await keyOf(legacy.attachmentId));
    await storage.put(legacyKey, pngBytes("sweep-legacy-named"), "image/png");
    await db().update(attachments).set({ storageKey: legacyKey }).where(eq(attachments.id, legacy.attachmentId));
    // Garbage: the file of a row deleted before the removal queue, and the file of an upload that died before its row.
    const deletedLongAgo = `attachments/${collector.id}/${sha256(pngBytes("sweep-gone"))}`;
    const diedUpload = `attachments/${collector.id}/${sha256(pngBytes("sweep-died"))}-${randomUUID()}`;
    const blogCover = `blog/${randomUUID()}.png`;
    for (const key of [deletedLongAgo, diedUpload, blogCover]) await storage.put(key, pngBytes(key), "image/png");
    const named = [await keyOf(linked.attachmentId), await keyOf(unlinked.attachmentId), legacyKey];

    // Today every file is younger than a day: an upload may be writing its row right now, so nothing goes.
    const today = await sweepUnreferencedFiles(db(), storage, new Date());
    expect(today).toMatchObject({ removed: 0 });
    expect(today.recent).toBe(today.listed);

    const later = new Date(Date.now() + ORPHAN_UPLOAD_AGE_MS + 60_000);
    const swept = await sweepUnreferencedFiles(db(), storage, later);
    expect(swept).toEqual({ listed: today.listed, recent: 0, removed: 2 });
    expect(await fileExists(deletedLongAgo)).toBe(false);
    expect(await fileExists(diedUpload)).toBe(false);
    for (const key of [...named, blogCover]) expect(await fileExists(key)).toBe(true);
    const photo = await collector.client.get(`/api/attachments/${linked.attachmentId}`);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(pngBytes("sweep-linked"))).toBe(true);

    expect(await sweepUnreferencedFiles(db(), storage, later)).toEqual({
      listed: today.listed - 2,
      recent: 0,
      removed: 0,
    });
  });
});
