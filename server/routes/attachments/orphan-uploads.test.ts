import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { attachments, formSubmissions, storageRemovals } from "../../db/schema/index.ts";
import { ORPHAN_UPLOAD_AGE_MS, removeOrphanUploads } from "../../jobs/orphan-upload-cleanup-job.ts";
import { createStorage } from "../../services/storage/create-storage.ts";
import type { Storage } from "../../services/storage/storage.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { subscribe, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import {
  formWithCollector,
  pngBytes,
  record,
  sync,
  upload,
  validAnswers,
  type FormFixture,
  type FormWithCollector,
  type UploadedMedia,
} from "../../test-support/fixtures/sync-fixtures.ts";

/**
 * Uploads no record links are removed 24 h after their last upload, files included; a device whose record still
 * names one is told to upload it again (media_missing), so no record is lost to the clean-up.
 */
describe("orphan upload removal", () => {
  let server: TestServer;
  let storage: Storage;
  let owner: FormWithCollector["owner"];
  let collector: FormWithCollector["collector"];
  let form: FormFixture;
  const db = () => server.context.database.db;

  const rowOf = async (id: string) => (await db().select().from(attachments).where(eq(attachments.id, id)))[0];
  const fileExists = async (key: string) => {
    const stream = await storage.get(key);
    await stream?.cancel();
    return stream !== null;
  };
  /** As if the last upload of these attachments happened more than 24 h ago. */
  const age = (ids: string[]) =>
    db()
      .update(attachments)
      .set({ lastUploadedAt: new Date(Date.now() - ORPHAN_UPLOAD_AGE_MS - 60_000) })
      .where(inArray(attachments.id, ids));
  const withPhoto = (media: UploadedMedia, id?: string) =>
    record({ id, applicationId: form.applicationId, answers: { ...validAnswers(form), [form.fields.photo]: media } });
  const clean = () => removeOrphanUploads(db(), storage, new Date());

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    storage = createStorage(server.context.config);
    ({ owner, form, collector } = await formWithCollector(server, {
      owner: "dona-orfas@campo.test",
      collector: "coletor-orfas@campo.test",
    }));
    // Deleting a record needs a paid plan.
    await subscribe(db(), owner.id, "basico");
  });
  afterAll(() => server.stop());

  it("removes uploads unlinked for 24 h with their files, and keeps young, linked and uploaded-again ones", async () => {
    const old = await upload(collector.client, pngBytes("orphan-old"));
    const young = await upload(collector.client, pngBytes("orphan-young"));
    const linked = await upload(collector.client, pngBytes("orphan-linked"));
    const again = await upload(collector.client, pngBytes("orphan-again"));
    expect((await sync(collector.client, [withPhoto(linked)])).results[0]?.status).toBe("created");
    await age([old.attachmentId, linked.attachmentId, again.attachmentId]);
    // The device uploads these bytes once more (its record was held back): the same row, young again.
    expect((await upload(collector.client, pngBytes("orphan-again"))).attachmentId).toBe(again.attachmentId);
    const oldKey = (await rowOf(old.attachmentId))!.storageKey;
    expect(await fileExists(oldKey)).toBe(true);

    expect(await clean()).toEqual({ rows: 1, files: 1 });

    expect(await rowOf(old.attachmentId)).toBeUndefined();
    expect(await fileExists(oldKey)).toBe(false);
    expect((await collector.client.get(`/api/attachments/${old.attachmentId}`)).status).toBe(404);
    for (const kept of [young, linked, again]) {
      const row = await rowOf(kept.attachmentId);
      expect(row).toBeDefined();
      expect(await fileExists(row!.storageKey)).toBe(true);
      expect((await collector.client.get(`/api/attachments/${kept.attachmentId}`)).status).toBe(200);
    }
    expect(await clean()).toEqual({ rows: 0, files: 0 });
  });

  it("answers a record naming a removed upload media_missing, stores nothing, and takes it once uploaded again", async () => {
    const bytes = pngBytes("held-back-for-days");
    const stale = await upload(collector.client, bytes);
    await age([stale.attachmentId]);
    await clean();
    const held = withPhoto(stale);

    const answer = await sync(collector.client, [held]);
    expect(answer.results).toEqual([{ id: held.id, status: "blocked", reason: "media_missing" }]);
    expect(await db().select().from(formSubmissions).where(eq(formSubmissions.id, held.id))).toEqual([]);

    const fresh = await upload(collector.client, bytes);
    expect(fresh.attachmentId).not.toBe(stale.attachmentId);
    const resent = { ...held, answers: { ...held.answers, [form.fields.photo]: fresh } };
    expect((await sync(collector.client, [resent])).results).toEqual([{ id: held.id, status: "created" }]);
    const photo = await collector.client.get(`/api/attachments/${fresh.attachmentId}`);
    expect(Buffer.from(await photo.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("answers an edit naming a removed upload 409 MEDIA_MISSING and keeps the record as it was", async () => {
    const first = await upload(collector.client, pngBytes("edit-first"));
    const created = withPhoto(first);
    expect((await sync(collector.client, [created])).results[0]?.status).toBe("created");
    const stale = await upload(collector.client, pngBytes("edit-replacement"));
    await age([stale.attachmentId]);
    await clean();

    const edit = await collector.client.put(`/api/applications/${form.applicationId}/submissions/${created.id}`, {
      answers: { ...created.answers, [form.fields.photo]: stale },
    });
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as { error: { code: string } }).error.code).toBe("MEDIA_MISSING");
    const [stored] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, created.id));
    expect(stored?.answers[form.fields.photo]).toMatchObject({ attachmentId: first.attachmentId });
  });

  it("removes the file of media whose last record was deleted, on the job's next run", async () => {
    const media = await upload(collector.client, pngBytes("deleted-with-its-record"));
    const created = withPhoto(media);
    expect((await sync(collector.client, [created])).results[0]?.status).toBe("created");
    const key = (await rowOf(media.attachmentId))!.storageKey;

    const deleted = await owner.client.delete(`/api/applications/${form.applicationId}/records/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(await rowOf(media.attachmentId)).toBeUndefined();
    expect(await db().select().from(storageRemovals).where(eq(storageRemovals.storageKey, key))).toHaveLength(1);

    expect(await clean()).toEqual({ rows: 0, files: 1 });
    expect(await fileExists(key)).toBe(false);
    expect(await db().select().from(storageRemovals)).toEqual([]);
  });

  describe("when the clean-up removes an upload between sync's check and its insert", () => {
    // Stands in for the job winning the race: the attachment goes just before its link is written.
    beforeAll(async () => {
      await db().execute(sql`create function test_remove_linked_attachment() returns trigger language plpgsql as $$
        begin delete from attachments where id = new.attachment_id; return new; end $$`);
      await db().execute(sql`create trigger test_remove_linked_attachment before insert on attachment_links
        for each row execute function test_remove_linked_attachment()`);
    });
    afterAll(async () => {
      await db().execute(sql`drop trigger test_remove_linked_attachment on attachment_links`);
      await db().execute(sql`drop function test_remove_linked_attachment()`);
    });

    it("answers the owner's records media_missing and stores none of them", async () => {
      const media = await upload(collector.client, pngBytes("raced-by-the-clean-up"));
      const racing = withPhoto(media);
      const neighbour = record({ applicationId: form.applicationId, answers: validAnswers(form, 1) });
      const answer = await sync(collector.client, [racing, neighbour]);
      expect(answer.status).toBe(200);
      expect(answer.results).toEqual([
        { id: racing.id, status: "blocked", reason: "media_missing" },
        { id: neighbour.id, status: "blocked", reason: "media_missing" },
      ]);
      const stored = await db()
        .select()
        .from(formSubmissions)
        .where(inArray(formSubmissions.id, [racing.id, neighbour.id]));
      expect(stored).toEqual([]);
    });

    it("answers an edit 409 MEDIA_MISSING", async () => {
      const created = record({ applicationId: form.applicationId, answers: validAnswers(form, 2) });
      expect((await sync(collector.client, [created])).results[0]?.status).toBe("created");
      const media = await upload(collector.client, pngBytes("edit-raced-by-the-clean-up"));
      const edit = await collector.client.put(`/api/applications/${form.applicationId}/submissions/${created.id}`, {
        answers: { ...created.answers, [form.fields.photo]: media },
      });
      expect(edit.status).toBe(409);
    });
  });
});
