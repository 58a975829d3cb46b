import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { findApplication } from "../../db/queries/applications.ts";
import { findFormFile, listVersionFiles } from "../../db/queries/form-files.ts";
import { requireRow } from "../../db/require-row.ts";
import { ApiError } from "../../lib/api-error.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { presentFormFile } from "../../presenters/form-file-presenter.ts";
import { assertTakesRecords, findLiveLink } from "../../services/public-links/public-access.ts";
import { SHA256_PATTERN } from "../../services/storage/attachments.ts";
import { receiveUpload, uploadAnswer } from "../../services/storage/receive-upload.ts";
import type { Storage } from "../../services/storage/storage.ts";
import type { FormFilesDto } from "../../../shared/form-files/form-files.ts";
import { serveFormFile, serveFormTable } from "../form-files/form-files.ts";
import { publicLinkGuard } from "./public-link-guard.ts";
import * as contracts from "../../../shared/api/contracts/public-links.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The files a visitor's form needs, under the link's token only: the current form's attached files (choice lists,
 * `pulldata()` tables, choice images), and the uploads of the visitor's photos, recordings and files. An upload is
 * held by the link (attachments.public_link_id): only records sent through the same link may use it, and it fills
 * the owner's storage like a member's upload. Nothing here reads a session or reaches another application.
 */
export function publicLinkFileRoutes(context: AppContext, storage: Storage): Hono<AppEnv> {
  const db = context.database.db;
  const guard = publicLinkGuard(context);
  const routes = new Hono<AppEnv>();

  /** The link's application at its current form version (a visitor always answers the current form). */
  async function linkForm(c: Context<AppEnv>, token: string) {
    await guard.files(c);
    const link = await findLiveLink(db, token);
    const application = requireRow(await findApplication(db, link.applicationId), "public link application");
    return { link, applicationId: application.id, formVersion: application.formVersion };
  }

  async function fileOf(c: Context<AppEnv>, { token, fileId }: { token: string; fileId: string }) {
    const { applicationId, formVersion } = await linkForm(c, token);
    const file = UUID_PATTERN.test(fileId) ? await findFormFile(db, applicationId, fileId) : undefined;
    // Only files of the form the visitor answers: an older version's file is not the link's to give.
    const current =
      file !== undefined &&
      file.fromVersion <= formVersion &&
      (file.toVersion === null || file.toVersion > formVersion);
    if (!file || !current) throw new ApiError("NOT_FOUND", "Form file not found");
    return file;
  }

  mountRoute(routes, db, contracts.listPublicFormFiles, async (c, { params }) => {
    const { applicationId, formVersion } = await linkForm(c, params.token);
    const files = await listVersionFiles(db, applicationId, formVersion);
    const body: FormFilesDto = { formVersion, files: files.map(presentFormFile) };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

  mountRoute(routes, db, contracts.getPublicFormFile, async (c, { params }) =>
    serveFormFile(c, storage, await fileOf(c, params)),
  );
  mountRoute(routes, db, contracts.getPublicFormTable, async (c, { params }) =>
    serveFormTable(c, db, await fileOf(c, params)),
  );

  mountRoute(routes, db, contracts.uploadPublicLinkAttachment, async (c, { params, query }) => {
    await guard.address(c);
    const link = await findLiveLink(db, params.token);
    assertTakesRecords(link, new Date());
    const { sha256 } = params;
    if (!SHA256_PATTERN.test(sha256.toLowerCase()))
      throw new ApiError("VALIDATION_FAILED", "The path must be the body's sha256 in hex");
    await guard.uploads(c, link.id);
    const application = requireRow(await findApplication(db, link.applicationId), "public link application");
    // Capped at MAX_UPLOAD_BYTES as it streams, before this handler (the contract's bodyCap).
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const stored = await receiveUpload(db, storage, context.config.superAdminEmails, {
      uploader: { publicLinkId: link.id },
      ownerId: application.ownerId,
      applicationId: application.id,
      fieldId: query.fieldId,
      fileName: query.name,
      sha256,
      bytes,
    });
    const { body, status } = uploadAnswer(stored);
    c.header("Cache-Control", "no-store");
    return c.json(body, status);
  });

  return routes;
}
