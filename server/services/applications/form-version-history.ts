import type { Db } from "../../db/client.ts";
import type { ApplicationRow } from "../../db/queries/applications.ts";
import { listLiveFields } from "../../db/queries/form-fields.ts";
import { listFormVersionSummaries, type FormVersionSummaryRow } from "../../db/queries/form-versions.ts";
import { findUserContact } from "../../db/queries/team-members.ts";
import { isQuestion } from "../../../shared/fields/field-types.ts";

/**
 * The form's versions, oldest first. A form never saved with records has no snapshot yet (version 1 is written
 * lazily): its one version is then described from the live fields and the application's creation.
 */
export async function listFormVersionHistory(db: Db, application: ApplicationRow): Promise<FormVersionSummaryRow[]> {
  const rows = await listFormVersionSummaries(db, application.id);
  if (rows.some((row) => row.version === application.formVersion)) return rows;
  const [fields, owner] = await Promise.all([
    listLiveFields(db, application.id),
    findUserContact(db, application.ownerId),
  ]);
  return [
    ...rows,
    {
      version: application.formVersion,
      createdAt: application.createdAt,
      createdByName: owner?.name ?? null,
      fieldCount: fields.filter((field) => isQuestion(field.fieldType)).length,
    },
  ];
}
