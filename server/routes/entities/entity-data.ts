import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { parseWith, readJson } from "../../lib/validation.ts";
import {
  assertCanExport,
  assertCanRead,
  assertCanWriteEntities,
  loadAccess,
  type ReadableAccess,
} from "../../policies/application-access.ts";
import { createEntity, entityMap, entityPage, loadApplicationList } from "../../services/entities/browse-entities.ts";
import { ENTITY_EXPORT_FORMATS, entityExportResponse } from "../../services/entities/entity-export.ts";
import { uploadEntities } from "../../services/entities/entity-upload.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import {
  entityCreateSchema,
  entityFilterSchema,
  entityPageQuerySchema,
} from "../../../shared/entities/entity-browse.ts";
import { ENTITY_UPLOAD_MAX_BYTES, entityUploadSchema } from "../../../shared/entities/entity-upload.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../shared/i18n/languages.ts";

/** The CSV's text inside JSON: escaping at most doubles its quotes, plus the key. */
export const MAX_ENTITY_UPLOAD_BODY_BYTES = ENTITY_UPLOAD_MAX_BYTES * 2 + 1024;

const APP = "/api/applications/:id";
const exportQuerySchema = entityFilterSchema.extend({ format: z.enum(ENTITY_EXPORT_FORMATS).default("csv") });

/**
 * The entity page's data (issue 26): a filtered page of the list and its map for the application's readers; the
 * exports for those who may export it; a CSV upload and API creation for its administrators (and their write
 * tokens).
 */
export function entityDataRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();
  const accessOf = (c: Context<AppEnv>) => loadAccess(db, requireUser(c), c.req.param("id") ?? "");
  async function readable(c: Context<AppEnv>): Promise<ReadableAccess> {
    const found = await accessOf(c);
    assertCanRead(found);
    return found;
  }
  async function writable(c: Context<AppEnv>): Promise<ReadableAccess> {
    const found = await accessOf(c);
    assertCanWriteEntities(found);
    return found;
  }

  routes.get(`${APP}/entity-page`, async (c) => {
    const { application } = await readable(c);
    const query = parseWith(entityPageQuerySchema, c.req.query());
    c.header("Cache-Control", "no-store");
    return c.json(await entityPage(db, application.id, query));
  });

  routes.get(`${APP}/entity-map`, async (c) => {
    const { application } = await readable(c);
    const filter = parseWith(entityFilterSchema, c.req.query());
    c.header("Cache-Control", "no-store");
    return c.json(await entityMap(db, application.id, filter));
  });

  routes.post(`${APP}/entities`, async (c) => {
    const found = await writable(c);
    const input = await readJson(c, entityCreateSchema);
    const { entity, created } = await withWebhooks(context, (webhooks) =>
      createEntity(db, webhooks, { applicationId: found.application.id, actorId: found.userId }, input),
    );
    return c.json({ entity }, created ? 201 : 200);
  });

  routes.post(`${APP}/entity-upload`, async (c) => {
    const found = await writable(c);
    const { csv } = await readJson(c, entityUploadSchema, { maxBytes: MAX_ENTITY_UPLOAD_BODY_BYTES });
    const list = await loadApplicationList(db, found.application.id);
    const result = await withWebhooks(context, (webhooks) =>
      uploadEntities(
        db,
        webhooks,
        { list, applicationId: found.application.id, actorId: found.userId },
        new TextEncoder().encode(csv),
      ),
    );
    return c.json(result);
  });

  routes.get(`${APP}/entity-export`, async (c) => {
    const access = await accessOf(c);
    assertCanExport(access);
    const { format, ...filter } = parseWith(exportQuerySchema, c.req.query());
    const list = await loadApplicationList(db, access.application.id);
    const language = normalizeLanguage(c.req.query("lang")) ?? DEFAULT_LANGUAGE;
    return entityExportResponse(db, list, filter, format, language);
  });

  return routes;
}
