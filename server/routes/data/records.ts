import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { countRecords, findRecord, listRecordPage, listSubmitters, mapPointsJson } from "../../db/queries/records.ts";
import { ApiError } from "../../lib/api-error.ts";
import { parseWith } from "../../lib/validation.ts";
import { assertCanRead, capabilitiesOf, loadAccess, mayClearData, mayExport, seesAllSubmissions, submitterScope } from "../../policies/application-access.ts";
import { presentRecord } from "../../presenters/record-presenter.ts";
import { loadOwnerSubscription } from "../../services/applications/owner-plan.ts";
import { deleteRecord } from "../../services/applications/remove-application-data.ts";
import { loadRecordFields, resolveRecordQuery } from "../../services/records/record-query.ts";
import { RECORD_ORDERS, RECORD_PAGE_DEFAULT, RECORD_PAGE_MAX, RECORD_SORTS } from "../../../shared/records/record-filter.ts";
import type { DataView, RecordPage } from "../../../shared/records/record-view.ts";
import { decodeCursor, encodeCursor } from "./record-cursor.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RECORD_NOT_FOUND = "Registro não encontrado";

const pageSchema = z.object({
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(RECORD_PAGE_MAX).default(RECORD_PAGE_DEFAULT),
  sort: z.enum(RECORD_SORTS).default("createdAt"),
  order: z.enum(RECORD_ORDERS).default("desc"),
});

/**
 * The data page's reads: its set-up (fields, submitters, what the reader may do), keyset-paged records with the
 * filtered total, map points, one record, and deleting one. Collaborators only ever reach their own records.
 */
export function recordRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  const readable = async (c: { req: { param(name: "id"): string } }, user: ReturnType<typeof requireUser>) => {
    const access = await loadAccess(db, user, c.req.param("id"));
    assertCanRead(access);
    return access;
  };

  routes.get("/api/applications/:id/data-view", async (c) => {
    const user = requireUser(c);
    const access = await readable(c, user);
    const plan = await loadOwnerSubscription(db, access.application.ownerId);
    const capabilities = capabilitiesOf(access, plan);
    const allRecords = seesAllSubmissions(access);
    const body: DataView = {
      application: { id: access.application.id, name: access.application.name, active: access.application.active },
      fields: await loadRecordFields(db, access.application.id),
      submitters: allRecords ? await listSubmitters(db, access.application.id) : [],
      capabilities: {
        canViewAllSubmissions: allRecords,
        canExport: mayExport(access),
        canDeleteRecords: mayClearData(access, plan),
        canClearData: capabilities.canClearData,
        canCollect: capabilities.canCollect,
      },
      viewerId: user.id,
    };
    return c.json(body);
  });

  routes.get("/api/applications/:id/records", async (c) => {
    const user = requireUser(c);
    const access = await readable(c, user);
    const url = new URL(c.req.url);
    const page = parseWith(pageSchema, Object.fromEntries(["cursor", "limit", "sort", "order"].flatMap((name) => (url.searchParams.has(name) ? [[name, url.searchParams.get(name)]] : []))));
    const { query } = await resolveRecordQuery(db, access, url.searchParams);
    const after = page.cursor ? decodeCursor(page.cursor) : undefined;
    const [rows, total] = await Promise.all([
      listRecordPage(db, query, { sort: page.sort, order: page.order, after, limit: page.limit + 1 }),
      countRecords(db, query),
    ]);
    const hasMore = rows.length > page.limit;
    const shown = hasMore ? rows.slice(0, page.limit) : rows;
    const last = shown[shown.length - 1];
    const body: RecordPage = { records: shown.map(presentRecord), nextCursor: hasMore && last ? encodeCursor(last.sortKey, last.id) : null, total };
    return c.json(body);
  });

  routes.get("/api/applications/:id/records/map", async (c) => {
    const user = requireUser(c);
    const access = await readable(c, user);
    const { query } = await resolveRecordQuery(db, access, new URL(c.req.url).searchParams);
    const { points, withoutLocation } = await mapPointsJson(db, query);
    // The points arrive as JSON text from PostgreSQL and pass through unparsed.
    return c.body(`{"points":${points},"withoutLocation":${withoutLocation}}`, 200, { "Content-Type": "application/json; charset=utf-8" });
  });

  routes.get("/api/applications/:id/records/:recordId", async (c) => {
    const user = requireUser(c);
    const access = await readable(c, user);
    const recordId = c.req.param("recordId");
    const row = UUID_PATTERN.test(recordId)
      ? await findRecord(db, { applicationId: access.application.id, submitterId: submitterScope(access) }, recordId)
      : undefined;
    if (!row) throw new ApiError("SUBMISSION_NOT_FOUND", RECORD_NOT_FOUND);
    return c.json({ record: presentRecord(row) });
  });

  routes.delete("/api/applications/:id/records/:recordId", async (c) => {
    const user = requireUser(c);
    const access = await readable(c, user);
    // Same rule as clearing all data: a free-plan owner deleting records would reset the plan's record cap.
    if (!mayClearData(access, await loadOwnerSubscription(db, access.application.ownerId))) {
      throw new ApiError("DATA_DELETION_FORBIDDEN", "Not allowed to delete records of this application");
    }
    const recordId = c.req.param("recordId");
    if (!UUID_PATTERN.test(recordId) || !(await deleteRecord(db, user, access.application, recordId))) {
      throw new ApiError("SUBMISSION_NOT_FOUND", RECORD_NOT_FOUND);
    }
    return c.body(null, 204);
  });

  return routes;
}
