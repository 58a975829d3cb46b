import type { Db } from "../../db/client.ts";
import type { ApplicationRow } from "../../db/queries/applications.ts";
import type { FieldRow } from "../../db/queries/form-fields.ts";
import { capabilitiesOf, type ApplicationAccess } from "../../policies/application-access.ts";
import { presentApplicationDetail } from "../../presenters/application-presenter.ts";
import { presentField } from "../../presenters/field-presenter.ts";
import type { ApplicationWithFields } from "../../../shared/applications/application-dtos.ts";
import { loadOwnerSubscription } from "./owner-plan.ts";

/**
 * The application with its live fields and what this user may do with it: what reading, saving, creating and
 * importing an application all answer.
 */
export async function applicationResponse(
  db: Db,
  access: ApplicationAccess,
  application: ApplicationRow,
  fields: FieldRow[],
): Promise<ApplicationWithFields> {
  const ownerSubscription = await loadOwnerSubscription(db, application.ownerId);
  return {
    application: presentApplicationDetail(application, access.role),
    fields: fields.map(presentField),
    permissions: { ...access.permissions },
    capabilities: capabilitiesOf(access, ownerSubscription),
  };
}
