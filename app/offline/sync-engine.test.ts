import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeOfflineDb, offlineDb } from "./db.ts";
import { claimAnonymousRecords, getOutboxRecord, listOutbox, saveToOutbox } from "./outbox.ts";
import { cleanSyncedRecords, syncNow } from "./sync-engine.ts";
import { getSyncState } from "./sync-state.ts";
import { CACHE_SETTINGS_KEY } from "./cache-settings.ts";
import { sha256OfBlob } from "./blob-hash.ts";
import { FakeSyncServer } from "./testing/fake-sync-server.ts";
import { memoryLocalStorage } from "./testing/memory-local-storage.ts";

const APP = "9c5b94b1-35ad-49bb-b118-8e8fc24abf80";
const jpeg = (seed: number) => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, seed])], { type: "image/jpeg" });

let server: FakeSyncServer;

function useServer(userId: string | null): FakeSyncServer {
  server = new FakeSyncServer(userId);
  vi.stubGlobal("fetch", server.fetch);
  return server;
}

const save = (
  userId: string | null,
  answers: Record<string, unknown> = { name: "Ana" },
  media: { fieldId: string; blob: Blob }[] = [],
) =>
  saveToOutbox({
    userId,
    applicationId: APP,
    answers,
    media: media.map((item) => ({ ...item, contentType: "image/jpeg" })),
  });

const statuses = async (userId: string) => (await listOutbox(userId)).map((record) => record.status);

/** Lets the engine's backoff waits (2 s × attempt) pass on fake timers while IndexedDB keeps running. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  void promise.finally(() => {
    done = true;
  });
  while (!done) {
    await vi.advanceTimersByTimeAsync(500);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return promise;
}

beforeEach(async () => {
  closeOfflineDb();
  await Dexie.delete("campo-offline");
  vi.stubGlobal("localStorage", memoryLocalStorage());
  // Keep acknowledged records so tests can look at them; the clean-up rules have their own tests.
  localStorage.setItem(CACHE_SETTINGS_KEY, JSON.stringify({ autoCleanAfterSync: false, keepSyncedDataDays: 30 }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("syncNow", () => {
  it("sends waiting records and marks them synced only on the server's answer", async () => {
    useServer("u1");
    const a = await save("u1");
    const b = await save("u1", { name: "Bia" });
    const report = await syncNow({ userId: "u1" });
    expect(report).toMatchObject({
      synced: 2,
      duplicates: 0,
      blocked: 0,
      rejected: 0,
      conflicts: 0,
      failed: 0,
      networkError: false,
    });
    expect([...server.records.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(await statuses("u1")).toEqual(["synced", "synced"]);
    expect(server.log).toEqual(["GET /api/me", "POST /api/sync"]);
    expect(getSyncState()).toMatchObject({ status: "idle", lastReport: report });
  });

  it("sends each record with the form version it was saved with, and none for records saved before versions", async () => {
    useServer("u1");
    const versioned = await saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [], formVersion: 3 });
    const unversioned = await save("u1");
    await syncNow({ userId: "u1" });
    const sent = (id: string) => JSON.parse(server.records.get(id)?.payload ?? "null") as Record<string, unknown>;
    expect(sent(versioned.id)).toMatchObject({ formVersion: 3 });
    expect(sent(unversioned.id)).not.toHaveProperty("formVersion");
  });

  it("drops acknowledged records from the device with autoCleanAfterSync (the default)", async () => {
    localStorage.removeItem(CACHE_SETTINGS_KEY);
    useServer("u1");
    await save("u1", {}, [{ fieldId: "p", blob: jpeg(1) }]);
    await syncNow({ userId: "u1" });
    expect(await listOutbox("u1")).toEqual([]);
    expect(await offlineDb().media.count()).toBe(0);
  });

  it("postpones while offline without any request", async () => {
    useServer("u1");
    vi.stubGlobal("navigator", { onLine: false });
    await save("u1");
    const report = await syncNow({ userId: "u1" });
    expect(report).toMatchObject({ networkError: true, skipped: "offline" });
    expect(server.log).toEqual([]);
    expect(await statuses("u1")).toEqual(["pending"]);
  });

  it("says when nothing is waiting, and needs a user", async () => {
    useServer("u1");
    expect(await syncNow({ userId: "u1", manual: true })).toMatchObject({ skipped: "nothing", manual: true });
    expect(await syncNow({ userId: null })).toMatchObject({ authError: "not_logged_in" });
    expect(server.log).toEqual([]);
  });

  it("keeps records pending on a network failure after 3 attempts, and sends them on a later sync", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    useServer("u1");
    const record = await save("u1");
    server.failNext("/api/sync", "network", 3);
    const report = await settle(syncNow({ userId: "u1" }));
    expect(report).toMatchObject({ synced: 0, failed: 1, networkError: true });
    expect(server.count("POST /api/sync")).toBe(3);
    expect(await getOutboxRecord("u1", record.id)).toMatchObject({ status: "pending", attempts: 1 });

    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 1, failed: 0 });
    expect(server.records.has(record.id)).toBe(true);
  });

  it("retries a server error after 2 s, then 4 s more", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    useServer("u1");
    await save("u1");
    server.failNext("/api/sync", 500, 2);
    const started = Date.now();
    const report = await settle(syncNow({ userId: "u1" }));
    expect(report).toMatchObject({ synced: 1, failed: 0 });
    expect(server.count("POST /api/sync")).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(6000);
  });

  it("treats a record the server already has as synced: a lost answer never duplicates", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    useServer("u1");
    const record = await save("u1");
    server.failNext("/api/sync", "lose-answer", 1);
    const report = await settle(syncNow({ userId: "u1" }));
    expect(report).toMatchObject({ synced: 1, duplicates: 1, failed: 0 });
    expect(server.records.size).toBe(1);
    expect(await getOutboxRecord("u1", record.id)).toMatchObject({ status: "synced" });
  });

  it("keeps blocked records with the spec's reason and sends them again on later syncs", async () => {
    useServer("u1").remainingQuota = 1;
    const first = await save("u1");
    const second = await save("u1", { name: "Bia" });
    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 1, blocked: 1 });
    const blocked = await getOutboxRecord("u1", second.id);
    expect(blocked).toMatchObject({ status: "blocked", reason: "limite_excedido" });
    expect(blocked?.blockedAt).toBeTruthy();
    expect((await getOutboxRecord("u1", first.id))?.status).toBe("synced");

    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 0, blocked: 1 });
    server.remainingQuota = null; // the owner upgraded
    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 1, blocked: 0 });
    expect(server.records.has(second.id)).toBe(true);
  });

  it("sends again the records the server deferred, after the pause it asks for, until all are stored", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    useServer("u1").evaluationsPerRequest = 1;
    const records = [await save("u1"), await save("u1", { name: "Bia" }), await save("u1", { name: "Caio" })];
    const started = Date.now();
    const report = await settle(syncNow({ userId: "u1" }));
    expect(report).toMatchObject({ synced: 3, rejected: 0, blocked: 0, failed: 0 });
    expect(server.count("POST /api/sync")).toBe(3);
    expect([...server.records.keys()].sort()).toEqual(records.map((record) => record.id).sort());
    expect(await statuses("u1")).toEqual(["synced", "synced", "synced"]);
    // Retry-After: 5 before each of the two resends.
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
  });

  it("keeps records an answer leaves out waiting, neither rejected nor sent again in the same run", async () => {
    // A server that defers without naming the records (or an answer this app cannot attribute): they simply wait.
    const fake = useServer("u1");
    fake.evaluationsPerRequest = 1;
    fake.namesDeferred = false;
    const [first, second] = [await save("u1"), await save("u1", { name: "Bia" })];
    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 1, rejected: 0, failed: 1 });
    expect(server.count("POST /api/sync")).toBe(1);
    expect(await getOutboxRecord("u1", first.id)).toMatchObject({ status: "synced" });
    expect(await getOutboxRecord("u1", second.id)).toMatchObject({ status: "pending", attempts: 1 });

    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 1, failed: 0 });
    expect(server.records.has(second.id)).toBe(true);
  });

  it("does not ask again when a deferring answer settled nothing", async () => {
    useServer("u1").evaluationsPerRequest = 0;
    const record = await save("u1");
    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 0, rejected: 0, failed: 1 });
    expect(server.count("POST /api/sync")).toBe(1);
    expect(await getOutboxRecord("u1", record.id)).toMatchObject({ status: "pending" });
  });

  it("keeps rejected records with the server's reasons and does not send them again", async () => {
    useServer("u1");
    const record = await save("u1", { age: -3 });
    server.rejections.set(record.id, {
      reason: "invalid_answers",
      errors: { age: { key: "numberMin", params: { min: 0 } } },
    });
    expect(await syncNow({ userId: "u1" })).toMatchObject({ rejected: 1, synced: 0 });
    expect(await getOutboxRecord("u1", record.id)).toMatchObject({
      status: "rejected",
      reason: "invalid_answers",
      errors: { age: { key: "numberMin", params: { min: 0 } } },
    });
    expect(await syncNow({ userId: "u1" })).toMatchObject({ skipped: "nothing" });
    expect(server.count("POST /api/sync")).toBe(1);
  });

  it("reports a conflict as stored for review", async () => {
    useServer("u1");
    const record = await save("u1");
    server.records.set(record.id, { payload: "something else", submitterId: "u1" });
    expect(await syncNow({ userId: "u1" })).toMatchObject({ conflicts: 1, synced: 0 });
    expect(await getOutboxRecord("u1", record.id)).toMatchObject({ status: "synced", conflict: true });
  });

  it("uploads media before the records, once per content hash, and sends attachment ids", async () => {
    useServer("u1");
    const shared = jpeg(7);
    const a = await save("u1", {}, [{ fieldId: "p", blob: shared }]);
    const b = await save("u1", {}, [
      { fieldId: "p", blob: shared },
      { fieldId: "q", blob: jpeg(8) },
    ]);
    await syncNow({ userId: "u1" });
    expect(server.log.map((entry) => entry.replace(/[0-9a-f]{64}/, "<hash>"))).toEqual([
      "GET /api/me",
      "PUT /api/attachments/<hash>",
      "PUT /api/attachments/<hash>",
      "POST /api/sync",
    ]);
    // Each upload names the record's application: the server counts it against that owner's storage.
    expect(server.uploadApplicationIds).toEqual([APP, APP]);
    const sharedHash = await sha256OfBlob(shared);
    const attachment = server.attachments.get(sharedHash);
    expect(attachment?.uploads).toBe(1);
    expect(JSON.parse(server.records.get(a.id)?.payload ?? "{}").answers.p).toEqual({
      attachmentId: attachment?.id,
      sha256: sharedHash,
      contentType: "image/jpeg",
      bytes: shared.size,
    });
    expect(JSON.parse(server.records.get(b.id)?.payload ?? "{}").answers.p.attachmentId).toBe(attachment?.id);
  });

  it("uploads again for a later record the bytes an earlier, since-removed upload had", async () => {
    useServer("u1");
    const photo = jpeg(9);
    const hash = await sha256OfBlob(photo);
    const first = await save("u1", {}, [{ fieldId: "p", blob: photo }]);
    await syncNow({ userId: "u1" });
    const firstId = server.attachments.get(hash)?.id;
    expect(JSON.parse(server.records.get(first.id)?.payload ?? "{}").answers.p.attachmentId).toBe(firstId);
    // The first record is deleted on the server, and its photo goes with it.
    server.attachments.delete(hash);
    const second = await save("u1", {}, [{ fieldId: "p", blob: photo }]);
    await syncNow({ userId: "u1" });
    const secondId = server.attachments.get(hash)?.id;
    expect(secondId).toBeDefined();
    expect(secondId).not.toBe(firstId);
    expect(JSON.parse(server.records.get(second.id)?.payload ?? "{}").answers.p.attachmentId).toBe(secondId);
    expect(await statuses("u1")).toEqual(["synced", "synced"]);
  });

  it("does not upload again media already on the server when the records' send failed", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    useServer("u1");
    const record = await save("u1", {}, [{ fieldId: "p", blob: jpeg(3) }]);
    server.failNext("/api/sync", "network", 3);
    await settle(syncNow({ userId: "u1" }));
    await syncNow({ userId: "u1" });
    expect(server.count("PUT /api/attachments")).toBe(1);
    expect(server.records.has(record.id)).toBe(true);
  });

  it("sends records in batches of at most 100", async () => {
    useServer("u1");
    for (let i = 0; i < 201; i++) await save("u1", { n: i });
    const report = await syncNow({ userId: "u1" });
    expect(report).toMatchObject({ synced: 201, failed: 0 });
    expect(server.count("POST /api/sync")).toBe(3);
  });

  it("sends only the records asked for", async () => {
    useServer("u1");
    const wanted = await save("u1");
    await save("u1", { name: "later" });
    expect(await syncNow({ userId: "u1", recordIds: [wanted.id] })).toMatchObject({ synced: 1 });
    expect([...server.records.keys()]).toEqual([wanted.id]);
  });

  it("sends anonymous records once claimed at login, under the user", async () => {
    useServer("u1");
    const anonymous = await save(null);
    expect(await syncNow({ userId: "u1" })).toMatchObject({ skipped: "nothing" });
    await claimAnonymousRecords("u1");
    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 1 });
    expect(server.records.get(anonymous.id)?.submitterId).toBe("u1");
  });

  it("never sends another user's records", async () => {
    useServer("u1");
    const mine = await save("u1");
    const theirs = await save("u2");
    await syncNow({ userId: "u1" });
    expect([...server.records.keys()]).toEqual([mine.id]);
    expect(await getOutboxRecord("u2", theirs.id)).toMatchObject({ status: "pending" });
  });

  it("stops on an invalid session or a session of someone else, keeping everything", async () => {
    useServer(null);
    await save("u1");
    expect(await syncNow({ userId: "u1" })).toMatchObject({ authError: "invalid_session", failed: 1 });
    useServer("u2");
    expect(await syncNow({ userId: "u1" })).toMatchObject({ authError: "server_unrecognised", failed: 1 });
    expect(server.count("POST /api/sync")).toBe(0);
    expect(await statuses("u1")).toEqual(["pending"]);
  });

  it("runs one sync at a time: concurrent calls send each record once", async () => {
    useServer("u1");
    await save("u1");
    await save("u1", { name: "Bia" });
    const release = server.hold();
    const first = syncNow({ userId: "u1" });
    const second = syncNow({ userId: "u1", manual: true });
    await vi.waitFor(() => expect(server.count("POST /api/sync")).toBe(1));
    expect(getSyncState().status).toBe("syncing");
    release();
    expect(await first).toMatchObject({ synced: 2 });
    expect(await second).toMatchObject({ skipped: "nothing" });
    expect(server.count("POST /api/sync")).toBe(1);
    expect(server.records.size).toBe(2);
  });

  it("keeps a record whose image the server refuses, as rejected", async () => {
    useServer("u1");
    const record = await save("u1", {}, [{ fieldId: "p", blob: jpeg(9) }]);
    server.refuseAttachments = true;
    expect(await syncNow({ userId: "u1" })).toMatchObject({ rejected: 1, synced: 0 });
    expect(await getOutboxRecord("u1", record.id)).toMatchObject({ status: "rejected", reason: "attachment_rejected" });
  });

  it("holds a record whose image the owner's storage limit refuses, as blocked, and sends it once there is room", async () => {
    useServer("u1");
    const record = await save("u1", {}, [{ fieldId: "p", blob: jpeg(10) }]);
    const plain = await save("u1");
    server.storageFull = true;
    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 1, blocked: 1, storageBlocked: 1, rejected: 0 });
    expect(await getOutboxRecord("u1", record.id)).toMatchObject({
      status: "blocked",
      reason: "armazenamento_excedido",
    });
    expect(await getOutboxRecord("u1", plain.id)).toMatchObject({ status: "synced" });

    server.storageFull = false;
    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 1, blocked: 0 });
    expect(await getOutboxRecord("u1", record.id)).toMatchObject({ status: "synced" });
  });

  it("uploads again media the server removed while their record waited, and sends the record in the same sync", async () => {
    useServer("u1").remainingQuota = 0;
    const photo = jpeg(11);
    const hash = await sha256OfBlob(photo);
    const waiting = await save("u1", {}, [{ fieldId: "p", blob: photo }]);
    // Another record waiting with the same bytes holds the same attachment id.
    const twin = await save("u1", {}, [{ fieldId: "p", blob: photo }]);
    expect(await syncNow({ userId: "u1" })).toMatchObject({ blocked: 2 });
    const staleId = server.attachments.get(hash)?.id;
    // Days later the owner upgrades; meanwhile the server removed the upload no record linked.
    server.attachments.delete(hash);
    server.remainingQuota = null;
    server.log.length = 0;

    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 2, blocked: 0, rejected: 0, failed: 0 });
    expect(server.log.map((entry) => entry.replace(/[0-9a-f]{64}/, "<hash>"))).toEqual([
      "GET /api/me",
      "POST /api/sync",
      "PUT /api/attachments/<hash>",
      "POST /api/sync",
    ]);
    const freshId = server.attachments.get(hash)?.id;
    expect(freshId).not.toBe(staleId);
    for (const record of [waiting, twin]) {
      expect(JSON.parse(server.records.get(record.id)?.payload ?? "{}").answers.p.attachmentId).toBe(freshId);
      expect(await getOutboxRecord("u1", record.id)).toMatchObject({ status: "synced" });
    }
  });

  it("rejects a record naming media neither the server nor the device holds, once", async () => {
    useServer("u1");
    const orphan = {
      attachmentId: "5f0c7e1e-7d3f-4a7e-9a43-2d6d1b0b7c11",
      sha256: "a".repeat(64),
      contentType: "image/jpeg",
    };
    const record = await save("u1", { p: orphan });
    expect(await syncNow({ userId: "u1" })).toMatchObject({ rejected: 1, synced: 0 });
    expect(await getOutboxRecord("u1", record.id)).toMatchObject({ status: "rejected", reason: "media_missing" });
    expect(server.count("POST /api/sync")).toBe(1);
  });

  it("uploads again the media of an edit the server answers MEDIA_MISSING, then sends the edit", async () => {
    useServer("u1");
    const photo = jpeg(12);
    const hash = await sha256OfBlob(photo);
    const submissionId = "0d7f6e5b-1c1e-4c8b-bb1a-6f2b0f7f5a10";
    const edit = await saveToOutbox({
      userId: "u1",
      applicationId: APP,
      answers: {},
      media: [{ fieldId: "p", blob: photo, contentType: "image/jpeg" }],
      editOf: submissionId,
    });
    // An earlier attempt uploaded the photo, then the edit waited past the server's 24 h for unlinked uploads.
    server.attachments.set(hash, { id: "7b1e7f0a-3b51-4c59-9b0e-0c1f2b3a4d5e", uploads: 1, contentType: "image/jpeg" });
    await offlineDb()
      .media.where("recordId")
      .equals(edit.id)
      .modify({ attachmentId: "7b1e7f0a-3b51-4c59-9b0e-0c1f2b3a4d5e" });
    server.attachments.delete(hash);

    expect(await syncNow({ userId: "u1" })).toMatchObject({ synced: 1, rejected: 0 });
    expect(server.count("PUT /api/applications")).toBe(2);
    expect((server.edits.get(submissionId)?.p as { attachmentId?: string }).attachmentId).toBe(
      server.attachments.get(hash)?.id,
    );
    expect(await getOutboxRecord("u1", edit.id)).toMatchObject({ status: "synced" });
  });
});

describe("cleanSyncedRecords", () => {
  it("keeps acknowledged records keepSyncedDataDays and conflicts retentionDays when autoCleanAfterSync is off", async () => {
    useServer("u1");
    localStorage.setItem(
      CACHE_SETTINGS_KEY,
      JSON.stringify({ autoCleanAfterSync: false, keepSyncedDataDays: 1, retentionDays: 7 }),
    );
    const plain = await save("u1");
    const conflict = await save("u1");
    const db = offlineDb();
    await db.outbox.update(plain.id, { status: "synced", syncedAt: "2024-05-01T00:00:00.000Z" });
    await db.outbox.update(conflict.id, { status: "synced", conflict: true, syncedAt: "2024-05-01T00:00:00.000Z" });
    expect(await cleanSyncedRecords("u1", new Date("2024-05-01T12:00:00.000Z"))).toBe(0);
    expect(await cleanSyncedRecords("u1", new Date("2024-05-02T00:00:00.000Z"))).toBe(1);
    expect((await listOutbox("u1")).map((record) => record.id)).toEqual([conflict.id]);
    expect(await cleanSyncedRecords("u1", new Date("2024-05-08T00:00:00.000Z"))).toBe(1);
  });

  it("puts the placed records it drops on their form's kept collect map, so the map still shows them offline", async () => {
    useServer("u1");
    localStorage.setItem(CACHE_SETTINGS_KEY, JSON.stringify({ autoCleanAfterSync: true }));
    const db = offlineDb();
    const earlier = { id: crypto.randomUUID(), createdAt: "2024-04-01T00:00:00.000Z", location: null, shapes: [] };
    await db.mapRecords.put({ ownerKey: "u1", applicationId: APP, records: [{ ...earlier, location: [-47, -15] }] });
    const placed = await save("u1", { ponto: { latitude: -15.8, longitude: -47.9 } });
    await save("u1");
    await db.outbox.toCollection().modify({ status: "synced", syncedAt: "2024-05-01T00:00:00.000Z" });
    expect(await cleanSyncedRecords("u1")).toBe(2);
    expect(await listOutbox("u1")).toEqual([]);
    // The record without a place is not on the map; the placed one joins the server's copy, newest first.
    expect((await db.mapRecords.get(["u1", APP]))?.records).toEqual([
      { id: placed.id, createdAt: placed.createdAt, location: [-47.9, -15.8], shapes: [] },
      { ...earlier, location: [-47, -15] },
    ]);
  });
});
