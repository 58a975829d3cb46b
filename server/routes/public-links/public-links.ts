import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { listLinkRecords, listPublicLinks } from "../../db/queries/public-links.ts";
import { parseWith, readJson } from "../../lib/validation.ts";
import { assertCanManagePublicLinks, loadAccess, type ReadableAccess } from "../../policies/application-access.ts";
import { presentPublicLink, presentPublicLinkRecord } from "../../presenters/public-link-presenter.ts";
import { changeLink, createLink, loadLink, revokeLink } from "../../services/public-links/manage-links.ts";
import {
  PUBLIC_LINK_RECORDS_PAGE_SIZE,
  publicLinkInputSchema,
  publicLinkRecordsQuerySchema,
  publicLinkUpdateSchema,
} from "../../../shared/public-links/public-link-dtos.ts";

const BASE = "/api/applications/:id/public-links";
const LINK = `${BASE}/:linkId`;

/** An application's public links, for its administrators (policies/application-access.ts). */
export function publicLinkRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  async function manageable(c: Context<AppEnv>): Promise<ReadableAccess> {
    const access = await loadAccess(db, requireUser(c), c.req.param("id") ?? "");
    assertCanManagePublicLinks(access);
    return access;
  }

  routes.get(BASE, async (c) => {
    const access = await manageable(c);
    const now = new Date();
    const links = await listPublicLinks(db, access.application.id);
    c.header("Cache-Control", "no-store");
    return c.json({ links: links.map((link) => presentPublicLink(link, now)) });
  });

  routes.post(BASE, async (c) => {
    const access = await manageable(c);
    const input = await readJson(c, publicLinkInputSchema);
    const link = await createLink(db, access.application.id, access.userId, input);
    return c.json({ link: presentPublicLink(link, new Date()) }, 201);
  });

  routes.patch(LINK, async (c) => {
    const access = await manageable(c);
    const link = await loadLink(db, access.application.id, c.req.param("linkId"));
    const input = await readJson(c, publicLinkUpdateSchema);
    const now = new Date();
    return c.json({ link: presentPublicLink(await changeLink(db, link, input, now), now) });
  });

  routes.post(`${LINK}/revoke`, async (c) => {
    const access = await manageable(c);
    const link = await loadLink(db, access.application.id, c.req.param("linkId"));
    const now = new Date();
    return c.json({ link: presentPublicLink(await revokeLink(db, link, now), now) });
  });

  routes.get(`${LINK}/records`, async (c) => {
    const access = await manageable(c);
    const link = await loadLink(db, access.application.id, c.req.param("linkId"));
    const { page } = parseWith(publicLinkRecordsQuerySchema, c.req.query());
    const rows = await listLinkRecords(db, link.id, {
      limit: PUBLIC_LINK_RECORDS_PAGE_SIZE,
      offset: (page - 1) * PUBLIC_LINK_RECORDS_PAGE_SIZE,
    });
    c.header("Cache-Control", "no-store");
    return c.json({
      records: rows.map(presentPublicLinkRecord),
      total: link.recordsCount,
      page,
      pageSize: PUBLIC_LINK_RECORDS_PAGE_SIZE,
    });
  });

  return routes;
}
