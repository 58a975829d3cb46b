import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import {
  findPublicLink,
  insertPublicLink,
  updatePublicLink,
  type PublicLinkChanges,
  type PublicLinkWithCount,
} from "../../db/queries/public-links.ts";
import { requireRow } from "../../db/require-row.ts";
import { ApiError } from "../../lib/api-error.ts";
import { isApplicationId } from "../../policies/application-access.ts";
import type { PublicLinkInput, PublicLinkUpdate } from "../../../shared/public-links/public-link-dtos.ts";

/** 24 random bytes: the token is the only thing standing between a stranger and the form, so it is never guessable. */
function newLinkToken(): string {
  return randomBytes(24).toString("base64url");
}

export async function loadLink(db: Db, applicationId: string, linkId: string): Promise<PublicLinkWithCount> {
  const link = isApplicationId(linkId) ? await findPublicLink(db, applicationId, linkId) : undefined;
  if (!link) throw new ApiError("NOT_FOUND", "Public link not found");
  return link;
}

export async function createLink(
  db: Db,
  applicationId: string,
  userId: string,
  input: PublicLinkInput,
): Promise<PublicLinkWithCount> {
  const row = await insertPublicLink(db, {
    applicationId,
    token: newLinkToken(),
    name: input.name,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    maxRecords: input.maxRecords ?? null,
    oneRecordPerDevice: input.oneRecordPerDevice ?? false,
    createdBy: userId,
  });
  return { ...row, recordsCount: 0 };
}

/** A revoked link is over: its settings no longer change (a new link is made instead). */
export async function changeLink(
  db: Db,
  link: PublicLinkWithCount,
  input: PublicLinkUpdate,
  now: Date,
): Promise<PublicLinkWithCount> {
  if (link.revokedAt) throw new ApiError("PUBLIC_LINK_CLOSED", "This link was revoked");
  const changes: PublicLinkChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.expiresAt !== undefined) changes.expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (input.maxRecords !== undefined) changes.maxRecords = input.maxRecords;
  if (input.oneRecordPerDevice !== undefined) changes.oneRecordPerDevice = input.oneRecordPerDevice;
  if (input.paused !== undefined) changes.pausedAt = input.paused ? (link.pausedAt ?? now) : null;
  await updatePublicLink(db, link.id, changes);
  return requireRow(await findPublicLink(db, link.applicationId, link.id), "reload public link");
}

/** Ends the link at once and for good; revoking twice keeps the first instant. */
export async function revokeLink(db: Db, link: PublicLinkWithCount, now: Date): Promise<PublicLinkWithCount> {
  if (!link.revokedAt) await updatePublicLink(db, link.id, { revokedAt: now });
  return requireRow(await findPublicLink(db, link.applicationId, link.id), "reload public link");
}
