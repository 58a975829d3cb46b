import { offlineDb } from "./db.ts";
import { readCacheSettings } from "./cache-settings.ts";
import { toStorageError } from "./storage-errors.ts";
import type { AppPermissions, ApplicationDetailSnapshot, CachedApplication } from "./types.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps an application, its fields and the user's permissions on the device so the collect screen opens
 * offline (spec 001 §2 'Aplicativo não disponível offline' otherwise). Written on every online load.
 */
export async function cacheApplication(userId: string, detail: ApplicationDetailSnapshot): Promise<CachedApplication> {
  const db = offlineDb();
  const cachedAt = new Date().toISOString();
  const row: CachedApplication = {
    ownerKey: userId,
    id: detail.application.id,
    application: detail.application,
    fields: detail.fields,
    permissions: detail.permissions,
    cachedAt,
  };
  try {
    await db.transaction("rw", db.applications, db.permissions, async () => {
      await db.applications.put(row);
      await db.permissions.put({ ownerKey: userId, applicationId: row.id, permissions: detail.permissions, cachedAt });
    });
  } catch (error) {
    throw toStorageError(error);
  }
  return row;
}

export async function getCachedApplication(
  userId: string,
  applicationId: string,
): Promise<CachedApplication | undefined> {
  return offlineDb().applications.get([userId, applicationId]);
}

/** The user's cached applications, most recently cached first. */
export async function listCachedApplications(userId: string): Promise<CachedApplication[]> {
  const rows = await offlineDb().applications.where("ownerKey").equals(userId).toArray();
  return rows.sort((a, b) => (a.cachedAt < b.cachedAt ? 1 : a.cachedAt > b.cachedAt ? -1 : 0));
}

export async function removeCachedApplication(userId: string, applicationId: string): Promise<void> {
  const db = offlineDb();
  await db.transaction("rw", [db.applications, db.permissions, db.teamLayers, db.mapRecords], async () => {
    await db.applications.delete([userId, applicationId]);
    await db.permissions.delete([userId, applicationId]);
    await db.teamLayers.delete([userId, applicationId]);
    await db.mapRecords.delete([userId, applicationId]);
  });
}

/** Sign-out and the cache dialog's 'clear cached apps': the outbox is never touched here. Returns how many went. */
export async function clearCachedApplications(userId: string): Promise<number> {
  const db = offlineDb();
  const tables = [db.applications, db.permissions, db.lastSaved, db.entityBundles, db.teamLayers, db.mapRecords];
  return db.transaction("rw", tables, async () => {
    await db.permissions.where("ownerKey").equals(userId).delete();
    await db.lastSaved.where("ownerKey").equals(userId).delete();
    // The entities of the forms: what the team registered is not left on a phone someone signed out of.
    await db.entityBundles.where("ownerKey").equals(userId).delete();
    await db.teamLayers.where("ownerKey").equals(userId).delete();
    await db.mapRecords.where("ownerKey").equals(userId).delete();
    return db.applications.where("ownerKey").equals(userId).delete();
  });
}

/** Drops applications cached longer ago than autoCleanAppsDays, when autoCleanApps is on (spec 001 §9). */
export async function cleanExpiredApplications(now: Date = new Date()): Promise<number> {
  const settings = readCacheSettings();
  if (!settings.autoCleanApps) return 0;
  const cutoff = new Date(now.getTime() - settings.autoCleanAppsDays * DAY_MS).toISOString();
  const db = offlineDb();
  return db.transaction("rw", db.applications, db.permissions, async () => {
    const expired = await db.applications.where("cachedAt").below(cutoff).toArray();
    const keys = expired.map((row): [string, string] => [row.ownerKey, row.id]);
    await db.applications.bulkDelete(keys);
    await db.permissions.bulkDelete(keys);
    return keys.length;
  });
}

export async function cachePermissions(
  userId: string,
  applicationId: string,
  permissions: AppPermissions,
): Promise<void> {
  try {
    await offlineDb().permissions.put({
      ownerKey: userId,
      applicationId,
      permissions,
      cachedAt: new Date().toISOString(),
    });
  } catch (error) {
    throw toStorageError(error);
  }
}

/** The user's permissions on an application as last seen online (spec 001 §6: used while offline). */
export async function getCachedPermissions(userId: string, applicationId: string): Promise<AppPermissions | undefined> {
  const row = await offlineDb().permissions.get([userId, applicationId]);
  return row?.permissions;
}
