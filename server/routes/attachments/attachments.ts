import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { findAttachmentWithRecords, type AttachmentWithRecords } from "../../db/queries/attachments.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { ApiError } from "../../lib/api-error.ts";
import { canRead, loadAccess, mayUpload, seesAllSubmissions } from "../../policies/application-access.ts";
import { SHA256_PATTERN } from "../../services/storage/attachments.ts";
import { receiveUpload, uploadAnswer } from "../../services/storage/receive-upload.ts";
import { INLINE_CONTENT_TYPES, OPAQUE_CONTENT_TYPE } from "../../../shared/fields/media-rules.ts";
import type { Storage } from "../../services/storage/storage.ts";
import * as contracts from "../../../shared/api/contracts/attachments.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The uploader may always read their upload; anyone else if they may read one of the records using it:
 * administrators and super admins every record of the application, anyone else only their own.
 */
async function mayReadAttachment(db: Db, user: SessionUser, found: AttachmentWithRecords): Promise<boolean> {
  if (found.attachment.uploaderId === user.id) return true;
  for (const applicationId of new Set(found.records.map((record) => record.applicationId))) {
    const access = await loadAccess(db, user, applicationId);
    if (!canRead(access)) continue;
    if (seesAllSubmissions(access)) return true;
    if (found.records.some((record) => record.applicationId === applicationId && record.submitterId === user.id))
      return true;
  }
  return false;
}

/**
 * Whose storage an upload fills: the owner of the application it is for (`?applicationId=`, which the uploader must
 * be able to read), else the uploader's own.
 */
async function storageOwner(db: Db, user: SessionUser, applicationId: string | undefined): Promise<string> {
  if (applicationId === undefined) {
    if (!mayUpload(user, undefined)) throw new ApiError("FORBIDDEN", "This token may not upload");
    return user.id;
  }
  const access = UUID_PATTERN.test(applicationId) ? await loadAccess(db, user, applicationId) : undefined;
  if (!access || !canRead(access)) throw new ApiError("NOT_FOUND", "Application not found");
  if (!mayUpload(user, access)) throw new ApiError("FORBIDDEN", "This token may not upload");
  return access.application.ownerId;
}

/**
 * Photos, signatures, recordings and files: uploaded before the records that reference them, then served only to
 * their readers. Only images, audio and video are served inline; anything else (an HTML or SVG file of a `file`
 * question) is a download, never a page of ours.
 */
export function attachmentRoutes(context: AppContext, storage: Storage): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.uploadAttachment, async (c, { user, params, query }) => {
    const sha256 = params.id;
    if (!SHA256_PATTERN.test(sha256.toLowerCase()))
      throw new ApiError("VALIDATION_FAILED", "The path must be the body's sha256 in hex");
    const { applicationId } = query;
    const ownerId = await storageOwner(db, user, applicationId);
    // Capped at MAX_UPLOAD_BYTES as it streams, before this handler (the contract's bodyCap).
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const stored = await receiveUpload(db, storage, context.config.superAdminEmails, {
      uploader: { userId: user.id },
      ownerId,
      applicationId,
      fieldId: query.fieldId,
      fileName: query.name,
      sha256,
      bytes,
    });
    const { body, status } = uploadAnswer(stored);
    return c.json(body, status);
  });

  mountRoute(routes, db, contracts.downloadAttachment, async (c, { user, params }) => {
    const { id } = params;
    const found = UUID_PATTERN.test(id) ? await findAttachmentWithRecords(db, id) : undefined;
    // Someone who may not read it learns nothing, not even that it exists.
    if (!found || !(await mayReadAttachment(db, user, found))) throw new ApiError("NOT_FOUND", "Attachment not found");
    const stream = await storage.get(found.attachment.storageKey);
    if (!stream) throw new ApiError("NOT_FOUND", "Attachment not found");
    const inline = INLINE_CONTENT_TYPES.has(found.attachment.contentType);
    return c.body(stream, 200, {
      "Content-Type": inline ? found.attachment.contentType : OPAQUE_CONTENT_TYPE,
      "Content-Length": String(found.attachment.bytes),
      "Cache-Control": "private, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": inline ? "inline" : "attachment",
      ETag: `"${found.attachment.sha256}"`,
    });
  });

  return routes;
}
