import { Dexie, type EntityTable } from "dexie";
import type { CachedFormFile, CachedFormFileList } from "./form-files.ts";
import type { CachedEntityBundle } from "./entities.ts";
import type { LastSavedRecord } from "./last-saved.ts";
import type { CachedPublicForm } from "./public-link-sync.ts";
import type { CachedTeamLayers } from "./team-layers.ts";
import type { CachedMapRecords } from "./collect-map-records.ts";
import type { AppPermissions, CachedApplication, MediaBlob, OutboxRecord } from "./types.ts";

/** Permissions of one user on one application, cached so the collect screen decides access offline (spec 001 §6). */
export interface CachedPermissions {
  ownerKey: string;
  applicationId: string;
  permissions: AppPermissions;
  cachedAt: string;
}

/**
 * The device's IndexedDB: the outbox with its media blobs, and the per-user caches of applications and
 * permissions. Every row carries `ownerKey` (user id or 'anonymous') so users only ever see their own.
 */
export class OfflineDb extends Dexie {
  outbox!: EntityTable<OutboxRecord, "id">;
  media!: Dexie.Table<MediaBlob, [string, string]>;
  applications!: Dexie.Table<CachedApplication, [string, string]>;
  permissions!: Dexie.Table<CachedPermissions, [string, string]>;
  formFileLists!: Dexie.Table<CachedFormFileList, [string, string]>;
  formFiles!: Dexie.Table<CachedFormFile, [string, string]>;
  publicForms!: Dexie.Table<CachedPublicForm, string>;
  lastSaved!: Dexie.Table<LastSavedRecord, [string, string]>;
  entityBundles!: Dexie.Table<CachedEntityBundle, [string, string]>;
  teamLayers!: Dexie.Table<CachedTeamLayers, [string, string]>;
  mapRecords!: Dexie.Table<CachedMapRecords, [string, string]>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      outbox: "id, ownerKey, [ownerKey+status], [ownerKey+applicationId], status, syncedAt",
      media: "[recordId+fieldId], recordId, [ownerKey+sha256]",
      applications: "[ownerKey+id], ownerKey, cachedAt",
      permissions: "[ownerKey+applicationId], ownerKey",
    });
    // Files attached to forms (app/offline/form-files.ts): the list of a cached form's version, and each file by id.
    this.version(2).stores({
      formFileLists: "[ownerKey+applicationId], ownerKey",
      formFiles: "[ownerKey+id], ownerKey, applicationId",
    });
    // Version 3 (neither store released before it): forms of public links (app/offline/public-link-sync.ts), by the
    // link's token as a visitor has no user; and the last new record saved per form (app/offline/last-saved.ts), for
    // `${last-saved#name}` defaults.
    this.version(3).stores({ publicForms: "token", lastSaved: "[ownerKey+applicationId], ownerKey" });
    // Each form's entity list as last downloaded (app/offline/entities.ts), and kept with each cached application's
    // form for its collect map: the team layers (app/offline/team-layers.ts) and the latest records the member may see
    // (app/offline/collect-map-records.ts).
    this.version(4).stores({
      entityBundles: "[ownerKey+applicationId], ownerKey",
      teamLayers: "[ownerKey+applicationId], ownerKey",
      mapRecords: "[ownerKey+applicationId], ownerKey",
    });
  }
}

const DATABASE_NAME = "campo-offline";
let instance: OfflineDb | null = null;

/** The one database of this page; Dexie opens it on first use. */
export function offlineDb(): OfflineDb {
  instance ??= new OfflineDb(DATABASE_NAME);
  return instance;
}

/** Closes the connection (another tab upgrading the schema, or a page going away); the next use reopens it. */
export function closeOfflineDb(): void {
  instance?.close();
  instance = null;
}

export const ANONYMOUS_OWNER = "anonymous";

export function ownerKeyOf(userId: string | null | undefined): string {
  return userId ?? ANONYMOUS_OWNER;
}
