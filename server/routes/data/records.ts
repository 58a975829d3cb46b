import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import type { ReadRouting } from "../../db/read-routing.ts";
import { findRecord, listSubmitters } from "../../db/queries/records.ts";
import { listPublicLinkNames } from "../../db/queries/public-links.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { ApiError } from "../../lib/api-error.ts";
import {
  capabilitiesOf,
  mayDeleteRecords,
  mayEditRecord,
  mayExport,
  mayReview,
  seesAllSubmissions,
  submitterScope,
} from "../../policies/application-access.ts";
import { presentRecord } from "../../presenters/record-presenter.ts";
import { loadOwnerSubscription } from "../../services/applications/owner-plan.ts";
import { deleteRecord } from "../../services/applications/remove-application-data.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import { loadRecordFields, resolveRecordQuery } from "../../services/records/record-query.ts";
import { recordChoiceLabels } from "../../services/records/record-choice-labels.ts";
import type { DataView, RecordPage } from "../../../shared/records/record-view.ts";
import { readRecordPage } from "./record-page.ts";
import { loadMapView } from "../../services/records/map-view.ts";
import * as contracts from "../../../shared/api/contracts/data.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RECORD_NOT_FOUND = "Registro não encontrado";

/**
 * The data page's reads: its set-up (fields, submitters, what the reader may do), keyset-paged records with the
 * filtered total, map points, one record, and deleting one. Collaborators only ever reach their own records.
 */
export function recordRoutes(context: AppContext, reads: ReadRouting): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.getDataView, async (c, { user, access }) => {
    const plan = await loadOwnerSubscription(db, access.application.ownerId);
    const capabilities = capabilitiesOf(access, plan);
    const allRecords = seesAllSubmissions(access);
    const body: DataView = {
      application: { id: access.application.id, name: access.application.name, active: access.application.active },
      fields: await loadRecordFields(db, access.application.id),
      submitters: allRecords ? await listSubmitters(db, [access.application.id]) : [],
      publicLinks: allRecords ? await listPublicLinkNames(db, access.application.id) : [],
      capabilities: {
        canViewAllSubmissions: allRecords,
        canReview: mayReview(access),
        canExport: mayExport(access),
        canDeleteRecords: mayDeleteRecords(access, plan),
        // A record with no submitter is no one's own: only those who may edit anyone's record may edit it.
        canEditAnyRecord: mayEditRecord(access, null),
        canClearData: capabilities.canClearData,
        canCollect: capabilities.canCollect,
      },
      viewerId: user.id,
    };
    return c.json(body);
  });

  mountRoute(routes, db, contracts.listRecords, async (c, { access }) => {
    const params = new URL(c.req.url).searchParams;
    const readDb = await reads.forRead(c);
    const { query, fields } = await resolveRecordQuery(readDb, access, params);
    const page = await readRecordPage(readDb, query, params);
    const labels = await recordChoiceLabels(readDb, access.application.id, fields, page.records);
    const body: RecordPage = { ...page, records: page.records.map((row) => presentRecord(row, labels.get(row.id))) };
    return c.json(body);
  });

  mountRoute(routes, db, contracts.getRecordsMapView, async (c, { access, query: view }) => {
    const params = new URL(c.req.url).searchParams;
    const readDb = await reads.forRead(c);
    const { query } = await resolveRecordQuery(readDb, access, params);
    return c.json(await loadMapView(readDb, query, view));
  });

  mountRoute(routes, db, contracts.getRecord, async (c, { access, params }) => {
    const { recordId } = params;
    const row = UUID_PATTERN.test(recordId)
      ? await findRecord(db, { applicationId: access.application.id, submitterId: submitterScope(access) }, recordId)
      : undefined;
    if (!row) throw new ApiError("SUBMISSION_NOT_FOUND", RECORD_NOT_FOUND);
    const fields = await loadRecordFields(db, access.application.id);
    const labels = await recordChoiceLabels(db, access.application.id, fields, [row]);
    return c.json({ record: presentRecord(row, labels.get(row.id)) });
  });

  mountRoute(routes, db, contracts.deleteRecord, async (c, { user, access, params }) => {
    // Same rule as clearing all data: a free-plan owner deleting records would reset the plan's record cap.
    if (!mayDeleteRecords(access, await loadOwnerSubscription(db, access.application.ownerId))) {
      throw new ApiError("DATA_DELETION_FORBIDDEN", "Not allowed to delete records of this application");
    }
    const { recordId } = params;
    const deleted =
      UUID_PATTERN.test(recordId) &&
      (await withWebhooks(context, (webhooks) => deleteRecord(db, user, access.application, recordId, webhooks)));
    if (!deleted) {
      throw new ApiError("SUBMISSION_NOT_FOUND", RECORD_NOT_FOUND);
    }
    return c.body(null, 204);
  });

  return routes;
}
