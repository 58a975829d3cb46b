import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import type { SessionUser } from "../../auth/session.ts";
import { listAuditEntries, listAuditFilterChoices, type AuditReader } from "../../db/queries/audit-log.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { findFieldsOfApplications } from "../../db/queries/form-fields.ts";
import { answerFieldIds, presentChangeLogEntry } from "../../presenters/change-log-presenter.ts";
import type { ChangeLogFilters, ChangeLogPage } from "../../../shared/audit/change-log-dtos.ts";
import * as contracts from "../../../shared/api/contracts/change-log.ts";
import { decodeCursor, encodeCursor } from "../data/record-cursor.ts";

/**
 * Which entries a user reads (docs/decisions.md, "Change management"): super admins all; anyone else those of what
 * they own (applications, deleted ones too, and their account) and of applications where they are an invited
 * administrator. Collaborators read nothing of applications they only collect for.
 */
function readerOf(user: SessionUser): AuditReader {
  return user.isSuperAdmin ? { kind: "all" } : { kind: "user", userId: user.id };
}

/** GET /api/change-log (paged, filtered) and its filter choices. */
export function changeLogRoutes(context: AppContext) {
  const db = context.database.db;
  const app = new Hono<AppEnv>();

  mountRoute(app, db, contracts.listChangeLog, async (c, { user, query }) => {
    const rows = await listAuditEntries(db, readerOf(user), {
      applicationId: query.applicationId,
      actorId: query.actorId,
      kind: query.kind,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: query.limit + 1,
    });
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    const fieldRows = await findFieldsOfApplications(
      db,
      [...new Set(shown.flatMap((row) => (row.applicationId ? [row.applicationId] : [])))],
      [...new Set(shown.flatMap(answerFieldIds))],
    );
    const fields = new Map(fieldRows.map((field) => [field.id, field]));
    const body: ChangeLogPage = {
      entries: shown.map((row) => presentChangeLogEntry(row, fields)),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

  mountRoute(app, db, contracts.getChangeLogFilters, async (c, { user }) => {
    const choices = await listAuditFilterChoices(db, readerOf(user));
    const body: ChangeLogFilters = {
      applications: choices.applications.flatMap((app) => (app.id ? [{ id: app.id, name: app.name ?? "" }] : [])),
      actors: choices.actors.flatMap((actor) => (actor.id ? [{ id: actor.id, email: actor.email ?? "" }] : [])),
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

  return app;
}
