import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../../context.ts";
import { createRateLimitStore } from "../../auth/rate-limit-store.ts";
import { listLiveFields } from "../../db/queries/form-fields.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readMultipartForm } from "../../lib/multipart-image.ts";
import { parseWith } from "../../lib/validation.ts";
import { loadAccess } from "../../policies/application-access.ts";
import { applicationResponse } from "../../services/applications/application-response.ts";
import { formLanguage } from "../../presenters/application-presenter.ts";
import { contentDisposition } from "../../services/exports/export-stream.ts";
import { exportedEntities } from "../../services/xlsform/form-entity-lists.ts";
import { importApplication } from "../../services/xlsform/import-application.ts";
import { exportXlsForm } from "../../services/xlsform/xlsform-export.ts";
import { applicationFormSchema, designedFieldsSchema } from "../../../shared/fields/field-config.ts";
import * as contracts from "../../../shared/api/contracts/xlsform.ts";
import { XLSFORM_MAX_BYTES, type XlsFormImportAnswer } from "../../../shared/xlsform/xlsform-issues.ts";

const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/**
 * Each import spends a worker thread of up to a few hundred megabytes and seconds of CPU on an untrusted file; a
 * person fixing a form re-imports it a few times, a script hammering the route is stopped here.
 */
export const XLSFORM_IMPORT_RATE_LIMIT = { window: 10 * 60, max: 20 };
/** The multipart text field `name`, when sent, replaces the form's own title (settings form_title). */
const importOptionsSchema = z.object({ name: applicationFormSchema.shape.name.optional() });

/**
 * POST /api/applications/import/xlsform: a new application from an XLSForm (multipart, field `file`), for anyone
 * who may create applications. GET /api/applications/:id/xlsform: the form as an XLSForm, for its administrators.
 */
export function xlsFormRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const app = new Hono<AppEnv>();
  const rateLimits = createRateLimitStore(db);

  // The body's size is capped before this handler (the contract's bodyCap); the multipart body is read here.
  mountRoute(app, db, contracts.importXlsForm, async (c, { user }) => {
    const limit = await rateLimits.consume(`xlsform-import:${user.id}`, XLSFORM_IMPORT_RATE_LIMIT);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfter));
      throw new ApiError("RATE_LIMITED", "Too many XLSForm imports, try again later");
    }
    const form = await readMultipartForm(c.req.raw);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) throw new ApiError("VALIDATION_FAILED", "No file sent");
    if (file.size > XLSFORM_MAX_BYTES) throw new ApiError("FILE_TOO_LARGE", `XLSForm over ${XLSFORM_MAX_BYTES} bytes`);
    const name = form.get("name");
    const options = parseWith(importOptionsSchema, typeof name === "string" ? { name } : {});
    const created = await importApplication(db, user, {
      bytes: new Uint8Array(await file.arrayBuffer()),
      fileName: file.name,
      name: options.name,
    });
    const access = await loadAccess(db, user, created.application.id);
    const response = await applicationResponse(db, access, created.application, created.fields);
    // What the import changed or left out (a renamed field, a dropped default), for the importer to be told.
    const answer: XlsFormImportAnswer<typeof response> = { ...response, importNotes: created.notes };
    return c.json(answer, 201);
  });

  mountRoute(app, db, contracts.exportXlsForm, async (c, { access }) => {
    const application = access.application;
    // A form stored before a rule tightened may fail it now: the admin fixes it in the designer.
    const parsed = designedFieldsSchema.safeParse(await listLiveFields(db, application.id));
    if (!parsed.success)
      throw new ApiError("XLSFORM_EXPORT_INVALID_FORM", "The stored form does not pass its analysis");
    const fields = parsed.data;
    const body = await exportXlsForm({
      name: application.name,
      formVersion: application.formVersion,
      sectionPages: application.settings["sectionPages"] === true,
      ...formLanguage(application.settings),
      fields,
      entities: await exportedEntities(db, application.id),
    });
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": contentDisposition(application.name, "xlsx"),
      "Cache-Control": "no-store",
    });
  });

  return app;
}
