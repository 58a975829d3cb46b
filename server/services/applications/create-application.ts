import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import {
  countOwnedApplications,
  insertApplication,
  ownerHasApplicationNamed,
  type ApplicationRow,
} from "../../db/queries/applications.ts";
import { insertFields, type FieldRow } from "../../db/queries/form-fields.ts";
import { findOwnTeamMemberIds, insertApplicationMembers } from "../../db/queries/memberships.ts";
import { lockOwner } from "../../db/queries/usage.ts";
import { applicationCreated } from "../audit/application-audit.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { ApiError } from "../../lib/api-error.ts";
import { applicationChanges, validationIssue, type ApplicationInput, type MemberGrant } from "./application-input.ts";
import { toFieldRow } from "./field-rows.ts";
import { loadOwnerPlan } from "./owner-plan.ts";
import { isUniqueViolation } from "../../db/constraint-violation.ts";

export const APPLICATION_NAME_CONSTRAINT = "applications_owner_name_unique";

export interface CreateApplicationDeps {
  /** How a designed field becomes a row; tests substitute a broken mapper to prove the transaction rolls back. */
  fieldRow: typeof toFieldRow;
}

const DEFAULT_DEPS: CreateApplicationDeps = { fieldRow: toFieldRow };

export interface CreatedApplication {
  application: ApplicationRow;
  fields: FieldRow[];
}

/**
 * Creates the application, its fields and its initial members in one transaction: any failure leaves nothing.
 * The owner's row is locked first, so the plan's application limit holds under concurrent creates.
 */
export async function createApplication(
  db: Db,
  owner: Pick<SessionUser, "id" | "email" | "isSuperAdmin" | "apiToken">,
  input: ApplicationInput & { members?: MemberGrant[] },
  deps: CreateApplicationDeps = DEFAULT_DEPS,
): Promise<CreatedApplication> {
  try {
    return await db.transaction(async (tx) => {
      await lockOwner(tx, owner.id);
      const plan = await loadOwnerPlan(tx, owner.id, { isSuperAdmin: owner.isSuperAdmin });
      const max = plan.limits.maxApplications;
      if (max !== null && (await countOwnedApplications(tx, owner.id)) >= max) {
        throw new ApiError("APPLICATION_LIMIT_REACHED", "Application limit of the plan reached", {
          tier: plan.tier,
          limit: max,
        });
      }
      if (await ownerHasApplicationNamed(tx, owner.id, input.name)) throw duplicateName();
      const members = input.members ?? [];
      await assertOwnTeamMembers(tx, owner.id, members);

      const application = await insertApplication(tx, { ownerId: owner.id, ...applicationChanges(input) });
      const fields = await insertFields(
        tx,
        input.fields.map((field, position) => deps.fieldRow(application.id, field, position)),
      );
      await insertApplicationMembers(
        tx,
        members.map((member) => ({
          applicationId: application.id,
          teamMemberId: member.teamMemberId,
          role: member.role,
        })),
      );
      await recordAudit(tx, owner, ...applicationCreated(application, fields));
      return { application, fields };
    });
  } catch (error) {
    // Two concurrent creates with one name: the unique index decides, the loser gets the same answer.
    if (isUniqueViolation(error, APPLICATION_NAME_CONSTRAINT)) throw duplicateName();
    throw error;
  }
}

export function duplicateName(): ApiError {
  return new ApiError("DUPLICATE_APPLICATION_NAME", "An application with this name already exists");
}

/** Only the owner's own team members can be given access (an id from another owner's team is refused). */
async function assertOwnTeamMembers(db: Db, ownerId: string, members: MemberGrant[]): Promise<void> {
  const own = new Set(
    await findOwnTeamMemberIds(
      db,
      ownerId,
      members.map((member) => member.teamMemberId),
    ),
  );
  const issues = members.flatMap((member, index) =>
    own.has(member.teamMemberId) ? [] : [validationIssue(`members.${index}.teamMemberId`, "unknownTeamMember")],
  );
  if (issues.length > 0) throw new ApiError("VALIDATION_FAILED", "Unknown team member", issues);
}
