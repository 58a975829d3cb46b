import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appPermissions } from "../../shared/permissions/permissions.ts";
import { closeOfflineDb, offlineDb } from "./db.ts";
import {
  cacheApplication,
  cachePermissions,
  cleanExpiredApplications,
  clearCachedApplications,
  getCachedApplication,
  getCachedPermissions,
  listCachedApplications,
  removeCachedApplication,
} from "./app-cache.ts";
import { saveToOutbox, listOutbox } from "./outbox.ts";
import { CACHE_SETTINGS_KEY } from "./cache-settings.ts";
import type { ApplicationDetailSnapshot } from "./types.ts";

const detail = (id: string, name = "Censo"): ApplicationDetailSnapshot => ({
  application: {
    id,
    name,
    description: null,
    imageUrl: null,
    visibility: "team",
    active: true,
    role: "owner",
    ownerId: "owner",
    formVersion: 1,
    sectionPages: false,
    createdAt: "2024-05-01T00:00:00.000Z",
    updatedAt: "2024-05-01T00:00:00.000Z",
  },
  fields: [
    {
      id: "f1",
      applicationId: id,
      fieldType: "text",
      label: "Nome",
      name: "nome",
      parentName: null,
      position: 0,
      category: "basic",
      config: { required: true },
      createdAt: "2024-05-01T00:00:00.000Z",
      updatedAt: "2024-05-01T00:00:00.000Z",
    },
  ],
  permissions: appPermissions("collaborator"),
});

beforeEach(async () => {
  closeOfflineDb();
  await Dexie.delete("campo-offline");
  const items = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("application cache", () => {
  it("keeps an application with its fields and the user's permissions, per user", async () => {
    await cacheApplication("u1", detail("a1"));
    closeOfflineDb();
    const cached = await getCachedApplication("u1", "a1");
    expect(cached).toMatchObject({ id: "a1", ownerKey: "u1", application: { name: "Censo" }, fields: [{ id: "f1" }] });
    expect(cached?.cachedAt).toBeTruthy();
    expect(await getCachedPermissions("u1", "a1")).toMatchObject({ isCollaborator: true, hasAccess: true });
    expect(await getCachedApplication("u2", "a1")).toBeUndefined();
    expect(await getCachedPermissions("u2", "a1")).toBeUndefined();
  });

  it("lists the user's applications newest first and removes them", async () => {
    // Only the clock is faked: the two caches are stamped a minute apart, whatever the machine's speed.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-05-01T10:00:00Z"));
    await cacheApplication("u1", detail("a1", "Primeiro"));
    vi.setSystemTime(new Date("2026-05-01T10:01:00Z"));
    await cacheApplication("u1", detail("a2", "Segundo"));
    vi.useRealTimers();
    await cacheApplication("u2", detail("a3"));
    expect((await listCachedApplications("u1")).map((row) => row.application.name)).toEqual(["Segundo", "Primeiro"]);
    await removeCachedApplication("u1", "a2");
    expect((await listCachedApplications("u1")).map((row) => row.id)).toEqual(["a1"]);
    expect(await getCachedPermissions("u1", "a2")).toBeUndefined();
  });

  it("clears the user's cached applications and never the outbox", async () => {
    await cacheApplication("u1", detail("a1"));
    await cachePermissions("u1", "a9", appPermissions("owner"));
    await saveToOutbox({ userId: "u1", applicationId: "9c5b94b1-35ad-49bb-b118-8e8fc24abf80", answers: {}, media: [] });
    expect(await clearCachedApplications("u1")).toBe(1);
    expect(await listCachedApplications("u1")).toEqual([]);
    expect(await getCachedPermissions("u1", "a9")).toBeUndefined();
    expect(await listOutbox("u1")).toHaveLength(1);
  });

  it("drops applications cached longer ago than autoCleanAppsDays, unless autoCleanApps is off", async () => {
    await cacheApplication("u1", detail("old"));
    await cacheApplication("u1", detail("new"));
    await offlineDb().applications.update(["u1", "old"], { cachedAt: "2024-05-01T00:00:00.000Z" });
    await offlineDb().applications.update(["u1", "new"], { cachedAt: "2024-05-10T00:00:00.000Z" });
    localStorage.setItem(CACHE_SETTINGS_KEY, JSON.stringify({ autoCleanApps: false }));
    expect(await cleanExpiredApplications(new Date("2024-05-20T00:00:00.000Z"))).toBe(0);
    localStorage.setItem(CACHE_SETTINGS_KEY, JSON.stringify({ autoCleanApps: true, autoCleanAppsDays: 14 }));
    expect(await cleanExpiredApplications(new Date("2024-05-20T00:00:00.000Z"))).toBe(1);
    expect((await listCachedApplications("u1")).map((row) => row.id)).toEqual(["new"]);
  });
});
