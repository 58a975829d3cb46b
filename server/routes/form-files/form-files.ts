import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { findFormFile, findTableData, listVersionFiles, type FormFileSummary } from "../../db/queries/form-files.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { ApiError } from "../../lib/api-error.ts";
import { presentFormFile } from "../../presenters/form-file-presenter.ts";
import { attachFormFile, removeFormFile } from "../../services/form-files/form-files.ts";
import type { Storage } from "../../services/storage/storage.ts";
import * as contracts from "../../../shared/api/contracts/form-files.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A file row never changes (a replacement is a new id), so what is read by id may be kept by the browser. */
const IMMUTABLE = "private, max-age=31536000, immutable";

/** A form file's bytes (also to a public link's visitors, server/routes/public-links/public-link-files.ts). */
export async function serveFormFile(c: Context<AppEnv>, storage: Storage, file: FormFileSummary): Promise<Response> {
  const stream = await storage.get(file.storageKey);
  if (!stream) throw new ApiError("NOT_FOUND", "Form file not found");
  return c.body(stream, 200, {
    "Content-Type": file.contentType,
    "Content-Length": String(file.bytes),
    "Cache-Control": IMMUTABLE,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": `inline; filename="${file.name}"`,
  });
}

/** A table file's parsed rows. */
export async function serveFormTable(c: Context<AppEnv>, db: Db, file: FormFileSummary): Promise<Response> {
  const data = (await findTableData(db, [file.id])).get(file.id);
  if (!data) throw new ApiError("NOT_FOUND", "Form file has no table");
  c.header("Cache-Control", IMMUTABLE);
  return c.json(data);
}

/**
 * Files attached to a form: administrators attach, replace and remove them; everyone who may read the application
 * (collectors included, their phones cache them with the form) lists and downloads the files of a version.
 */
export function formFileRoutes(context: AppContext, storage: Storage): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  const fileOf = async (applicationId: string, fileId: string) => {
    const file = UUID_PATTERN.test(fileId) ? await findFormFile(db, applicationId, fileId) : undefined;
    if (!file) throw new ApiError("NOT_FOUND", "Form file not found");
    return file;
  };

  mountRoute(routes, db, contracts.listFormFiles, async (c, { access, query }) => {
    const version = Math.min(query.version ?? access.application.formVersion, access.application.formVersion);
    const files = await listVersionFiles(db, access.application.id, version);
    return c.json({ formVersion: version, files: files.map(presentFormFile) });
  });

  mountRoute(routes, db, contracts.attachFormFile, async (c, { user, access, body: upload }) => {
    const file = await attachFormFile(
      {
        db,
        storage,
        actorId: user.id,
        applicationId: access.application.id,
        ownerId: access.application.ownerId,
        superAdminEmails: context.config.superAdminEmails,
      },
      upload,
    );
    return c.json(presentFormFile(file), 201);
  });

  mountRoute(routes, db, contracts.removeFormFile, async (c, { user, access, params }) => {
    await fileOf(access.application.id, params.fileId);
    await removeFormFile({ db, actorId: user.id, applicationId: access.application.id }, params.fileId);
    return c.body(null, 204);
  });

  mountRoute(routes, db, contracts.downloadFormFile, async (c, { access, params }) => {
    return serveFormFile(c, storage, await fileOf(access.application.id, params.fileId));
  });

  mountRoute(routes, db, contracts.getFormFileTable, async (c, { access, params }) => {
    return serveFormTable(c, db, await fileOf(access.application.id, params.fileId));
  });

  return routes;
}
