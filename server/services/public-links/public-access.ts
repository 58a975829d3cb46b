import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { findApplication } from "../../db/queries/applications.ts";
import { listLiveFields } from "../../db/queries/form-fields.ts";
import {
  countLinkRecords,
  findPublicLinkByToken,
  lockPublicLink,
  type PublicLinkRow,
} from "../../db/queries/public-links.ts";
import { findStoredIdentities } from "../../db/queries/submissions.ts";
import { requireRow } from "../../db/require-row.ts";
import { ApiError } from "../../lib/api-error.ts";
import { formLanguage } from "../../presenters/application-presenter.ts";
import { presentField } from "../../presenters/field-presenter.ts";
import type { PublicFormDto } from "../../../shared/public-links/public-link-dtos.ts";
import type { SyncRecordResult } from "../../../shared/submissions/sync-schemas.ts";
import { syncBatch, type SyncOptions, type SyncOutcome } from "../sync/sync-batch.ts";
import { linkStatus } from "./link-status.ts";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The link a visitor's token names; a revoked link answers as if it never existed (its token is dead). */
export async function findLiveLink(db: Db, token: string): Promise<PublicLinkRow> {
  const link = TOKEN_PATTERN.test(token) ? await findPublicLinkByToken(db, token) : undefined;
  if (!link || link.revokedAt) throw new ApiError("PUBLIC_LINK_NOT_FOUND", "Public link not found");
  return link;
}

/**
 * What the visitor's page shows: the link's state, the application's name and description and its current form.
 * Nothing else leaves: no owner, no records, no members, no other application, no form history.
 */
export async function loadPublicForm(db: Db, link: PublicLinkRow, now: Date): Promise<PublicFormDto> {
  const application = requireRow(await findApplication(db, link.applicationId), "public link application");
  // Only a capped link can be full: an open one is not counted on every visitor's open.
  const total = link.maxRecords === null ? 0 : (await countLinkRecords(db, link.id, "")).total;
  return {
    link: { name: link.name, status: linkStatus(link, total, now), oneRecordPerDevice: link.oneRecordPerDevice },
    application: {
      id: application.id,
      name: application.name,
      description: application.description,
      formVersion: application.formVersion,
      sectionPages: application.settings["sectionPages"] === true,
      ...formLanguage(application.settings),
    },
    fields: (await listLiveFields(db, application.id)).map(presentField),
  };
}

function idOf(raw: unknown): string | undefined {
  return typeof raw === "object" && raw !== null && "id" in raw && typeof raw.id === "string" ? raw.id : undefined;
}

/** Refuses the whole request while the link takes no records (or their media): the browser keeps them all queued. */
export function assertTakesRecords(link: PublicLinkRow | undefined, now: Date): asserts link is PublicLinkRow {
  if (!link || link.revokedAt) throw new ApiError("PUBLIC_LINK_CLOSED", "This link was revoked");
  if (link.pausedAt) throw new ApiError("PUBLIC_LINK_PAUSED", "This link is paused");
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime())
    throw new ApiError("PUBLIC_LINK_CLOSED", "This link has expired");
}

/**
 * A visitor's batch, through the sync machinery with the link as author. A paused, expired or revoked link refuses
 * the request as a whole, so the browser keeps every record queued (see docs/decisions.md "Public links"). A link
 * with a cap or one record per device counts its records under its row lock, so the rule holds under concurrent
 * visitors: a record already stored is answered as usual (a retry is a duplicate whatever the count), a new one past
 * the cap is blocked (`link_full`, kept on the device until the owner raises the cap), a second one from a
 * one-record device rejected (`already_answered`). A link with neither has nothing to count, and its visitors' batches
 * run side by side like any collector's.
 */
export async function syncThroughLink(
  db: Db,
  link: PublicLinkRow,
  deviceId: string,
  rawRecords: readonly unknown[],
  options: SyncOptions,
  now: Date,
): Promise<SyncOutcome> {
  if (link.maxRecords === null && !link.oneRecordPerDevice) {
    assertTakesRecords(link, now);
    return syncBatch(db, { kind: "link", link, deviceId }, rawRecords, options);
  }
  return db.transaction(async (tx) => {
    const locked = await lockPublicLink(tx, link.id);
    assertTakesRecords(locked, now);
    const ids = rawRecords.map(idOf).filter((id): id is string => id !== undefined && isUuid(id));
    const stored = new Set((await findStoredIdentities(tx, ids)).map((row) => row.id));
    let { total, fromDevice } = await countLinkRecords(tx, locked.id, deviceId);
    const admitted: unknown[] = [];
    const refused: SyncRecordResult[] = [];
    for (const raw of rawRecords) {
      const id = idOf(raw);
      if (id === undefined || stored.has(id)) admitted.push(raw);
      else if (locked.oneRecordPerDevice && fromDevice > 0)
        refused.push({ id, status: "rejected", reason: "already_answered" });
      else if (locked.maxRecords !== null && total >= locked.maxRecords)
        refused.push({ id, status: "blocked", reason: "link_full" });
      else {
        admitted.push(raw);
        total++;
        fromDevice++;
      }
    }
    const outcome: SyncOutcome =
      admitted.length > 0
        ? await syncBatch(tx, { kind: "link", link: locked, deviceId }, admitted, options)
        : { results: [], deferred: [], timings: { check: 0, insert: 0 } };
    return { ...outcome, results: [...outcome.results, ...refused] };
  });
}

const uuidSchema = z.uuid();

function isUuid(value: string): boolean {
  return uuidSchema.safeParse(value).success;
}
