import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { listLiveFields } from "../../db/queries/form-fields.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { assertCanClearData, loadAccess } from "../../policies/application-access.ts";
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
import * as contracts from "../../../shared/api/contracts/applications.ts";

/** Applications and their form fields (spec 000 §2-§6). Each contract's policy decides access; finer rules are here. */
export function applicationRoutes(context: AppContext) {
  const db = context.database.db;
  const app = new Hono<AppEnv>();

  mountRoute(app, db, contracts.listApplications, async (c, { user }) => {
    const listed = await listApplications(db, user);
    return c.json({ applications: listed.map(presentApplicationSummary) });
  });

  mountRoute(app, db, contracts.createApplication, async (c, { user, body }) => {
    const created = await createApplication(db, user, body);
    const access = await loadAccess(db, user, created.application.id);
    return c.json(await applicationResponse(db, access, created.application, created.fields), 201);
  });

  mountRoute(app, db, contracts.getApplication, async (c, { access }) => {
    return c.json(
      await applicationResponse(db, access, access.application, await listLiveFields(db, access.application.id)),
    );
  });

  mountRoute(app, db, contracts.updateApplication, async (c, { user, access, body }) => {
    const updated = await withWebhooks(context, (webhooks) =>
      updateApplication(db, user, access.application.id, body, webhooks),
    );
    return c.json(await applicationResponse(db, access, updated.application, updated.fields));
  });

  // The designer's read-only history of the form: for those who change the form.
  mountRoute(app, db, contracts.listFormVersions, async (c, { access }) => {
    const rows = await listFormVersionHistory(db, access.application);
    return c.json(presentFormVersions(rows, access.application.formVersion));
  });

  mountRoute(app, db, contracts.deleteApplication, async (c, { user, access }) => {
    await deleteApplication(db, user, access.application);
    return c.body(null, 204);
  });

  // Clearing depends on the owner's plan, which the policy does not know: decided here, after the role.
  mountRoute(app, db, contracts.clearApplicationData, async (c, { user, access }) => {
    assertCanClearData(access, await loadOwnerSubscription(db, access.application.ownerId));
    return c.json(await clearApplicationData(db, user, access.application));
  });

  return app;
}
