import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { listLiveFields } from "../../db/queries/form-fields.ts";
import { readJson } from "../../lib/validation.ts";
import {
  assertCanClearData,
  assertCanDelete,
  assertCanEdit,
  assertCanRead,
  loadAccess,
} from "../../policies/application-access.ts";
import { presentApplicationSummary } from "../../presenters/application-presenter.ts";
import { presentFormVersions } from "../../presenters/form-version-presenter.ts";
import { createApplication } from "../../services/applications/create-application.ts";
import { listFormVersionHistory } from "../../services/applications/form-version-history.ts";
import { listApplications } from "../../services/applications/list-applications.ts";
import { applicationResponse } from "../../services/applications/application-response.ts";
import { loadOwnerSubscription } from "../../services/applications/owner-plan.ts";
import { clearApplicationData, deleteApplication } from "../../services/applications/remove-application-data.ts";
import { updateApplication } from "../../services/applications/update-application.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import { createApplicationSchema, updateApplicationSchema } from "./schema.ts";

/** Applications and their form fields (spec 000 §2-§6). Every route decides access through policies/application-access. */

/**
 * A whole form travels in one body: up to FIELDS_MAX fields with up to OPTIONS_MAX options each and their
 * translations outgrow the ordinary JSON cap, so saving a form has its own.
 */
export const MAX_FORM_BODY_BYTES = 8 * 1024 * 1024;

export function applicationRoutes(context: AppContext) {
  const db = context.database.db;
  const app = new Hono<AppEnv>();

  app.get("/api/applications", async (c) => {
    const user = requireUser(c);
    const listed = await listApplications(db, user);
    return c.json({ applications: listed.map(presentApplicationSummary) });
  });

  app.post("/api/applications", async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, createApplicationSchema, { maxBytes: MAX_FORM_BODY_BYTES });
    const created = await createApplication(db, user, input);
    const access = await loadAccess(db, user, created.application.id);
    return c.json(await applicationResponse(db, access, created.application, created.fields), 201);
  });

  app.get("/api/applications/:id", async (c) => {
    const access = await loadAccess(db, requireUser(c), c.req.param("id"));
    assertCanRead(access);
    return c.json(
      await applicationResponse(db, access, access.application, await listLiveFields(db, access.application.id)),
    );
  });

  app.put("/api/applications/:id", async (c) => {
    const user = requireUser(c);
    const access = await loadAccess(db, user, c.req.param("id"));
    assertCanEdit(access);
    const input = await readJson(c, updateApplicationSchema, { maxBytes: MAX_FORM_BODY_BYTES });
    const updated = await withWebhooks(context, (webhooks) =>
      updateApplication(db, user, access.application.id, input, webhooks),
    );
    return c.json(await applicationResponse(db, access, updated.application, updated.fields));
  });

  // The designer's read-only history of the form: for those who change the form.
  app.get("/api/applications/:id/versions", async (c) => {
    const access = await loadAccess(db, requireUser(c), c.req.param("id"));
    assertCanEdit(access);
    const rows = await listFormVersionHistory(db, access.application);
    return c.json(presentFormVersions(rows, access.application.formVersion));
  });

  app.delete("/api/applications/:id", async (c) => {
    const user = requireUser(c);
    const access = await loadAccess(db, user, c.req.param("id"));
    assertCanDelete(access);
    await deleteApplication(db, user, access.application);
    return c.body(null, 204);
  });

  app.delete("/api/applications/:id/submissions", async (c) => {
    const user = requireUser(c);
    const access = await loadAccess(db, user, c.req.param("id"));
    assertCanRead(access);
    assertCanClearData(access, await loadOwnerSubscription(db, access.application.ownerId));
    return c.json(await clearApplicationData(db, user, access.application));
  });

  return app;
}
