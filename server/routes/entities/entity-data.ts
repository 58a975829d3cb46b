import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { createEntity, entityMap, entityPage, loadApplicationList } from "../../services/entities/browse-entities.ts";
import { entityExportResponse } from "../../services/entities/entity-export.ts";
import { uploadEntities } from "../../services/entities/entity-upload.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import * as contracts from "../../../shared/api/contracts/entity-data.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../shared/i18n/languages.ts";

/**
 * The entity page's data (issue 26): a filtered page of the form's list and its map for the application's readers,
 * the exports for those who may export it, a CSV upload and API creation for its administrators and their write
 * tokens (each contract's policy).
 */
export function entityDataRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.getEntityPage, async (c, { access, query }) => {
    c.header("Cache-Control", "no-store");
    return c.json(await entityPage(db, access.application.id, query));
  });

  mountRoute(routes, db, contracts.getEntityMap, async (c, { access, query }) => {
    c.header("Cache-Control", "no-store");
    return c.json(await entityMap(db, access.application.id, query));
  });

  mountRoute(routes, db, contracts.createEntity, async (c, { access, body }) => {
    const { entity, created } = await withWebhooks(context, (webhooks) =>
      createEntity(db, webhooks, { applicationId: access.application.id, actorId: access.userId }, body),
    );
    return c.json({ entity }, created ? 201 : 200);
  });

  mountRoute(routes, db, contracts.uploadEntities, async (c, { access, body }) => {
    const list = await loadApplicationList(db, access.application.id);
    const result = await withWebhooks(context, (webhooks) =>
      uploadEntities(
        db,
        webhooks,
        { list, applicationId: access.application.id, actorId: access.userId },
        new TextEncoder().encode(body.csv),
      ),
    );
    return c.json(result);
  });

  mountRoute(routes, db, contracts.exportEntities, async (_c, { access, query }) => {
    const { format, lang, ...filter } = query;
    const list = await loadApplicationList(db, access.application.id);
    return entityExportResponse(db, list, filter, format, normalizeLanguage(lang) ?? DEFAULT_LANGUAGE);
  });

  return routes;
}
