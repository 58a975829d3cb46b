import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { listLinkRecords, listPublicLinks } from "../../db/queries/public-links.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { presentPublicLink, presentPublicLinkRecord } from "../../presenters/public-link-presenter.ts";
import { changeLink, createLink, loadLink, revokeLink } from "../../services/public-links/manage-links.ts";
import { PUBLIC_LINK_RECORDS_PAGE_SIZE } from "../../../shared/public-links/public-link-dtos.ts";
import * as contracts from "../../../shared/api/contracts/public-links.ts";

/** An application's public links, for its administrators (policies/application-access.ts). */
export function publicLinkRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.listPublicLinks, async (c, { access }) => {
    const now = new Date();
    const links = await listPublicLinks(db, access.application.id);
    c.header("Cache-Control", "no-store");
    return c.json({ links: links.map((link) => presentPublicLink(link, now)) });
  });

  mountRoute(routes, db, contracts.createPublicLink, async (c, { access, body }) => {
    const link = await createLink(db, access.application.id, access.userId, body);
    return c.json({ link: presentPublicLink(link, new Date()) }, 201);
  });

  mountRoute(routes, db, contracts.updatePublicLink, async (c, { access, params, body }) => {
    const link = await loadLink(db, access.application.id, params.linkId);
    const now = new Date();
    return c.json({ link: presentPublicLink(await changeLink(db, link, body, now), now) });
  });

  mountRoute(routes, db, contracts.revokePublicLink, async (c, { access, params }) => {
    const link = await loadLink(db, access.application.id, params.linkId);
    const now = new Date();
    return c.json({ link: presentPublicLink(await revokeLink(db, link, now), now) });
  });

  mountRoute(routes, db, contracts.listPublicLinkRecords, async (c, { access, params, query }) => {
    const link = await loadLink(db, access.application.id, params.linkId);
    const rows = await listLinkRecords(db, link.id, {
      limit: PUBLIC_LINK_RECORDS_PAGE_SIZE,
      offset: (query.page - 1) * PUBLIC_LINK_RECORDS_PAGE_SIZE,
    });
    c.header("Cache-Control", "no-store");
    return c.json({
      records: rows.map(presentPublicLinkRecord),
      total: link.recordsCount,
      page: query.page,
      pageSize: PUBLIC_LINK_RECORDS_PAGE_SIZE,
    });
  });

  return routes;
}
