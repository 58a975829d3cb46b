import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { assertCanExport, loadAccess } from "../../policies/application-access.ts";
import { loadApplicationList } from "../../services/entities/browse-entities.ts";
import { entityOdataFeed } from "../../services/entities/entity-odata.ts";
import { odataError } from "../odata/odata.ts";

const SERVICE_ROOT = "/api/odata/entities/:id";

/**
 * GET /api/odata/entities/:id/[$metadata|Entities] — the read-only OData v4 feed of the entity list the
 * application's form acts on, for the same readers as the records feed (who may export the application; an API
 * token within its scopes, Basic or Bearer).
 */
export function entityOdataRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();
  routes.onError(odataError);

  const serve = async (c: Context<AppEnv>, resource: string | undefined) => {
    const access = await loadAccess(db, requireUser(c), c.req.param("id") ?? "");
    assertCanExport(access);
    const list = await loadApplicationList(db, access.application.id);
    const answer = await entityOdataFeed(db, {
      applicationId: access.application.id,
      list,
      resource,
      url: new URL(c.req.url),
      ...(c.req.header("prefer") === undefined ? {} : { prefer: c.req.header("prefer") }),
    });
    return new Response(answer.body, {
      headers: {
        "Content-Type": answer.contentType,
        "OData-Version": "4.0",
        "Cache-Control": "no-store",
        ...answer.headers,
      },
    });
  };

  routes.get(SERVICE_ROOT, (c) => serve(c, undefined));
  routes.get(`${SERVICE_ROOT}/`, (c) => serve(c, undefined));
  routes.get(`${SERVICE_ROOT}/:resource`, (c) => serve(c, c.req.param("resource")));
  return routes;
}
