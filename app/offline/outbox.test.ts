import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterEach, assert, beforeEach, describe, expect, it, vi } from "vitest";
import { closeOfflineDb, offlineDb } from "./db.ts";
import {
  claimAnonymousRecords,
  clearSyncedRecords,
  countOutbox,
  getOutboxRecord,
  listOutbox,
  mediaOf,
  saveToOutbox,
} from "./outbox.ts";
import { OfflineStorageError, toStorageError } from "./storage-errors.ts";
import { sha256OfBlob } from "./blob-hash.ts";
import { UNSENT_STATUSES } from "./types.ts";

const APP = "9c5b94b1-35ad-49bb-b118-8e8fc24abf80";
const OTHER_APP = "1c5b94b1-35ad-49bb-b118-8e8fc24abf81";
const photo = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: "image/jpeg" });

beforeEach(async () => {
  closeOfflineDb();
  await Dexie.delete("campo-offline");
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("saveToOutbox", () => {
  it("stores the record pending with a client uuid, its location and its media as hash references", async () => {
    const blob = photo();
    const location = { latitude: -23.5, longitude: -46.6, accuracy: 8, timestamp: "2024-05-01T12:00:00.000Z" };
    const saved = await saveToOutbox({
      userId: "u1",
      applicationId: APP,
      answers: { name: "Ana" },
      location,
      media: [{ fieldId: "photo", blob, contentType: "image/jpeg" }],
    });
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved).toMatchObject({ ownerKey: "u1", applicationId: APP, status: "pending", location, editOf: null });
    const sha256 = await sha256OfBlob(blob);
    expect(saved.answers).toEqual({ name: "Ana", photo: { sha256, contentType: "image/jpeg", bytes: blob.size } });
    const media = await mediaOf(saved.id);
    expect(media).toHaveLength(1);
    assert(media[0]);
    expect(new Uint8Array(await media[0].blob.arrayBuffer())).toEqual(new Uint8Array(await blob.arrayBuffer()));
  });

  it("survives a crash: closing and reopening the database keeps records and blobs", async () => {
    const saved = await saveToOutbox({
      userId: "u1",
      applicationId: APP,
      answers: { a: 1 },
      media: [{ fieldId: "sig", blob: photo(), contentType: "image/png" }],
    });
    closeOfflineDb();
    const reopened = await getOutboxRecord("u1", saved.id);
    expect(reopened).toEqual(saved);
    expect((await mediaOf(saved.id))[0]?.blob.size).toBe(7);
  });

  it("keeps the first creation time when the same record is saved again, replacing its media", async () => {
    const first = await saveToOutbox({
      userId: "u1",
      applicationId: APP,
      answers: { a: 1 },
      media: [{ fieldId: "p", blob: photo(), contentType: "image/jpeg" }],
    });
    const second = await saveToOutbox({ id: first.id, userId: "u1", applicationId: APP, answers: { a: 2 }, media: [] });
    expect(second.createdAt).toBe(first.createdAt);
    expect(second.answers).toEqual({ a: 2 });
    expect(await mediaOf(first.id)).toEqual([]);
  });

  it("maps a full disk to the quota message and loses nothing already stored", async () => {
    const kept = await saveToOutbox({ userId: "u1", applicationId: APP, answers: { a: 1 }, media: [] });
    vi.spyOn(offlineDb().media, "bulkPut").mockRejectedValue(new Dexie.QuotaExceededError("disk full"));
    const failure = await saveToOutbox({
      userId: "u1",
      applicationId: APP,
      answers: { b: 2 },
      media: [{ fieldId: "p", blob: photo(), contentType: "image/jpeg" }],
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OfflineStorageError);
    expect(failure).toMatchObject({ kind: "quota", message: "Armazenamento cheio. Limpe dados offline antigos." });
    // The record row written before the media failed is rolled back with it: one transaction.
    expect((await listOutbox("u1")).map((record) => record.id)).toEqual([kept.id]);
  });

  it("reports a record that cannot be read back as not confirmed", async () => {
    vi.spyOn(offlineDb().outbox, "get").mockResolvedValue(undefined);
    await expect(saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [] })).rejects.toMatchObject({
      kind: "not_confirmed",
      message: "Falha ao confirmar salvamento local.",
    });
  });
});

describe("toStorageError", () => {
  it("recognises quota errors wrapped by an aborted transaction", () => {
    const aborted = Object.assign(new Error("aborted"), {
      name: "AbortError",
      inner: new DOMException("full", "QuotaExceededError"),
    });
    expect(toStorageError(aborted).kind).toBe("quota");
  });

  it("treats a missing or refused IndexedDB as blocked storage, anything else as unknown", () => {
    expect(toStorageError(new Dexie.MissingAPIError("no indexedDB"))).toMatchObject({
      kind: "blocked",
      message: "Armazenamento bloqueado pelo navegador.",
    });
    expect(toStorageError(new DOMException("denied", "SecurityError")).kind).toBe("blocked");
    expect(toStorageError(new Error("?"))).toMatchObject({
      kind: "unknown",
      message: "Não foi possível salvar offline. Tente novamente.",
    });
  });
});

describe("ownership", () => {
  it("shows users only their own records, by application when asked", async () => {
    await saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [] });
    await saveToOutbox({ userId: "u1", applicationId: OTHER_APP, answers: {}, media: [] });
    const foreign = await saveToOutbox({ userId: "u2", applicationId: APP, answers: {}, media: [] });
    expect(await listOutbox("u1")).toHaveLength(2);
    expect(await listOutbox("u1", APP)).toHaveLength(1);
    expect(await countOutbox("u1", UNSENT_STATUSES)).toBe(2);
    expect(await getOutboxRecord("u1", foreign.id)).toBeUndefined();
  });

  it("moves anonymous records and their media to the user at login", async () => {
    const anonymous = await saveToOutbox({
      userId: null,
      applicationId: APP,
      answers: {},
      media: [{ fieldId: "p", blob: photo(), contentType: "image/jpeg" }],
    });
    await saveToOutbox({ userId: "u2", applicationId: APP, answers: {}, media: [] });
    expect(await claimAnonymousRecords("u1")).toBe(1);
    expect((await listOutbox("u1")).map((record) => record.id)).toEqual([anonymous.id]);
    expect(await listOutbox(null)).toEqual([]);
    expect(await listOutbox("u2")).toHaveLength(1);
    expect((await mediaOf(anonymous.id))[0]?.ownerKey).toBe("u1");
  });

  it("clears only acknowledged records", async () => {
    const synced = await saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [] });
    const pending = await saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [] });
    await offlineDb().outbox.update(synced.id, { status: "synced" });
    expect(await clearSyncedRecords("u1")).toBe(1);
    expect((await listOutbox("u1")).map((record) => record.id)).toEqual([pending.id]);
  });
});
