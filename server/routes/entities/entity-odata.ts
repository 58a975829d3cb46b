import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import type { ReadableAccess } from "../../policies/application-access.ts";
import { loadApplicationList } from "../../services/entities/browse-entities.ts";
import { entityOdataFeed } from "../../services/entities/entity-odata.ts";
import { odataError, odataResponse } from "../odata/odata.ts";
import * as contracts from "../../../shared/api/contracts/entity-data.ts";

/**
 * /api/odata/entities/:id/[$metadata|Entities] — the read-only OData v4 feed of the entity list the application's
 * form acts on, for the records feed's readers (who may export the application; a token, Basic or Bearer), with
 * OData's error shape.
 */
export function entityOdataRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();
  routes.onError(odataError);

  const serve = async (c: Context<AppEnv>, access: ReadableAccess, resource: string | undefined) => {
    const list = await loadApplicationList(db, access.application.id);
    const prefer = c.req.header("prefer");
    const answer = await entityOdataFeed(db, {
      applicationId: access.application.id,
      list,
      resource,
      url: new URL(c.req.url),
      ...(prefer === undefined ? {} : { prefer }),
    });
    return odataResponse(answer);
  };

  mountRoute(routes, db, contracts.entityFeedService, (c, { access }) => serve(c, access, undefined));
  mountRoute(routes, db, contracts.entityFeedServiceRoot, (c, { access }) => serve(c, access, undefined));
  mountRoute(routes, db, contracts.entityFeedResource, (c, { access, params }) => serve(c, access, params.resource));
  return routes;
}
