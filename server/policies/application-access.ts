/**
 * Who may do what with one application. Every application, field and record route asks this module, so the
 * rules live here once:
 *
 *   const access = await loadAccess(db, user, c.req.param("id"));
 *   assertCanEdit(access);            // 404 without any access, 403 with access but not this right
 *   access.application                // now typed as present
 *
 * The role comes from ownership (applications.owner_id) and from application_members rows whose team member is
 * linked to the user (team_members.user_id) and active; the strongest wins (shared/permissions). Super admins
 * read every application whatever their role, and may clear its data; everything else follows the role.
 * A user without any access gets 404 APPLICATION_NOT_FOUND, exactly as for a missing id, so existence never leaks.
 *
 * An API token narrows its user, never widens: an application outside its scopes is "no access" (404, as for a
 * stranger, super admins included); `read` reads what the user reads and writes nothing; `write` also collects,
 * edits, comments, reviews and deletes records where the role allows it, but never administers the application
 * (form, settings, deletion, clearing all data, members).
 */
import type { SessionUser } from "../auth/session.ts";
import type { Db } from "../db/client.ts";
import type { ApplicationRow } from "../db/queries/applications.ts";
import { findApplicationWithRoles } from "../db/queries/memberships.ts";
import { ApiError } from "../lib/api-error.ts";
import type { ErrorCode } from "../../shared/errors.ts";
import type { ApiTokenAccess } from "../../shared/integrations/api-tokens.ts";
import {
  APP_ROLES,
  appPermissions,
  canClearData,
  canCollect,
  canDeleteApplication,
  canEditApplication,
  canEditRecord,
  canExportApplicationData,
  canViewAllSubmissions,
  strongestRole,
  type AppPermissions,
  type ApplicationCapabilities,
  type AppRole,
} from "../../shared/permissions/permissions.ts";

export interface ApplicationAccess {
  applicationId: string;
  /** Undefined when no application has this id. */
  application: ApplicationRow | undefined;
  userId: string;
  isSuperAdmin: boolean;
  role: AppRole;
  permissions: AppPermissions;
  /** The API token's access to this application; null for a session, which the role alone decides. */
  tokenAccess: ApiTokenAccess | null;
}

/** An access that passed assertCanRead: the application exists and the user may see it. */
export interface ReadableAccess extends ApplicationAccess {
  application: ApplicationRow;
}

/** What the web shows or hides for this user and application (GET /api/applications[/:id] send it). */
export type AccessCapabilities = ApplicationCapabilities;

/** The owner's plan facts a decision may need (see services/applications/owner-plan.ts loadOwnerPlan). */
export interface OwnerPlanFacts {
  hasActiveSubscription: boolean;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isMemberRole(value: string): value is AppRole {
  return value !== "owner" && value !== "none" && (APP_ROLES as readonly string[]).includes(value);
}

/** The user's role given the application's owner and the member roles found for the user (owner wins). */
export function roleOf(
  application: Pick<ApplicationRow, "ownerId">,
  userId: string,
  memberRoles: readonly string[],
): AppRole {
  const roles: AppRole[] = memberRoles.filter(isMemberRole);
  if (application.ownerId === userId) roles.push("owner");
  return strongestRole(roles);
}

/** `apiToken` is required so that no caller can drop a token's narrowing by passing a bare `{ id, isSuperAdmin }`. */
export type AccessUser = Pick<SessionUser, "id" | "isSuperAdmin" | "apiToken">;

/** The token's access to one application: null for a session, "none" outside the token's scopes. */
function tokenAccessTo(user: AccessUser, applicationId: string): ApiTokenAccess | "none" | null {
  if (!user.apiToken) return null;
  return user.apiToken.scopes.find((scope) => scope.applicationId === applicationId)?.access ?? "none";
}

/** The access of a user to an application already loaded with the user's member roles (listings use this). */
export function accessFor(
  user: AccessUser,
  application: ApplicationRow,
  memberRoles: readonly string[],
): ApplicationAccess {
  const tokenAccess = tokenAccessTo(user, application.id);
  const role = tokenAccess === "none" ? "none" : roleOf(application, user.id, memberRoles);
  return {
    applicationId: application.id,
    application,
    userId: user.id,
    isSuperAdmin: user.isSuperAdmin && tokenAccess !== "none",
    role,
    permissions: appPermissions(role),
    tokenAccess: tokenAccess === "none" ? null : tokenAccess,
  };
}

/** Looks up the application and the user's role in it. Never throws for "no access": use the assert helpers. */
export async function loadAccess(db: Db, user: AccessUser, applicationId: string): Promise<ApplicationAccess> {
  const found = isApplicationId(applicationId) ? await findApplicationWithRoles(db, applicationId, user.id) : undefined;
  return found ? accessFor(user, found.application, found.roles) : noAccess(user, applicationId);
}

/** A malformed id cannot name an application; answering before the query also keeps a bad uuid cast out of it. */
export function isApplicationId(applicationId: string): boolean {
  return UUID_PATTERN.test(applicationId);
}

/** The access to an application that does not exist (or that the id cannot name). */
export function noAccess(user: AccessUser, applicationId: string): ApplicationAccess {
  return {
    applicationId,
    application: undefined,
    userId: user.id,
    isSuperAdmin: user.isSuperAdmin,
    role: "none",
    permissions: appPermissions("none"),
    tokenAccess: null,
  };
}

export function canRead(access: ApplicationAccess): access is ReadableAccess {
  return access.application !== undefined && (access.permissions.hasAccess || access.isSuperAdmin);
}

/** 404 APPLICATION_NOT_FOUND unless the application exists and the user has a role in it or is a super admin. */
export function assertCanRead(access: ApplicationAccess): asserts access is ReadableAccess {
  if (!canRead(access)) throw new ApiError("APPLICATION_NOT_FOUND", "Application not found");
}

/** Application administration (form, settings, deletion, clearing, members) is for sessions only, never a token. */
function administers(access: ApplicationAccess): boolean {
  return access.tokenAccess === null;
}

/** Changing records (collect, edit, comment, review, delete): a session, or a token with write access. */
function writesRecords(access: ApplicationAccess): boolean {
  return access.tokenAccess !== "read";
}

function assertAllowed(
  access: ApplicationAccess,
  allowed: (access: ReadableAccess) => boolean,
  action: string,
  code: ErrorCode = "FORBIDDEN",
): asserts access is ReadableAccess {
  assertCanRead(access);
  if (!allowed(access)) throw new ApiError(code, `Not allowed to ${action} this application`);
}

function edits(access: ApplicationAccess): boolean {
  return administers(access) && canEditApplication(access.permissions);
}

/** Owner and administrators (admin_creator, admin_invited) change the form, the settings and the webhooks. */
export function assertCanEdit(access: ApplicationAccess): asserts access is ReadableAccess {
  assertAllowed(access, edits, "edit");
}

/**
 * Making and changing entities outside records (a CSV upload, the API): the owner and administrators, with a session
 * or a token with write access (entity creation is an API client's job, unlike the lists and the form's action).
 */
export function assertCanWriteEntities(access: ApplicationAccess): asserts access is ReadableAccess {
  assertAllowed(access, (a) => writesRecords(a) && canEditApplication(a.permissions), "change the entities of");
}

/**
 * Public links (create, change, pause, revoke, read their records): the application's administrators with a
 * session, as for the form itself. A link lets strangers write into the owner's records and plan, so neither a
 * collaborator, a super admin (who only reads) nor an API token manages one.
 */
export function assertCanManagePublicLinks(access: ApplicationAccess): asserts access is ReadableAccess {
  assertAllowed(access, edits, "manage the public links of");
}

/** assertCanEdit's rule as an answer, for decisions taken outside a request (a webhook endpoint's creator). */
export function mayEdit(access: ApplicationAccess): boolean {
  return canRead(access) && edits(access);
}

/** Only the owner deletes an application. */
export function assertCanDelete(access: ApplicationAccess): asserts access is ReadableAccess {
  assertAllowed(access, (a) => administers(a) && canDeleteApplication(a.permissions), "delete");
}

/** Every role with access collects (the plan's record limit is checked separately, at insert time). */
export function mayCollect(access: ApplicationAccess): boolean {
  return canRead(access) && writesRecords(access) && canCollect(access.permissions);
}

/**
 * Uploading media, which comes before the records that use it: a token needs write access to the application the
 * upload is for, or to at least one application when it names none. Sessions upload freely (storage limits apply).
 */
export function mayUpload(user: AccessUser, access: ApplicationAccess | undefined): boolean {
  if (!user.apiToken) return true;
  if (access) return access.tokenAccess === "write";
  return user.apiToken.scopes.some((scope) => scope.access === "write");
}

/** Editing one record's answers: its submitter, or the application's owner and administrators (shared rule). */
export function mayEditRecord(access: ApplicationAccess, submitterId: string | null): boolean {
  return mayCollect(access) && canEditRecord(access.permissions, submitterId === access.userId);
}

/** Comments on a record the caller sees: whoever reads it, a token only with write access. */
export function assertCanComment(access: ApplicationAccess): asserts access is ReadableAccess {
  assertAllowed(access, writesRecords, "comment on the records of");
}

/**
 * Clearing every record: super admins, or the owner/administrators while the owner has a paid plan (on the free
 * plan clearing would reset the record cap). shared/permissions' count rule only decides whether the menu shows
 * the entry; clearing an empty application is a harmless no-op, hence the count is not a condition here.
 */
export function mayClearData(access: ApplicationAccess, ownerPlan: OwnerPlanFacts): boolean {
  return administers(access) && mayDeleteRecords(access, ownerPlan);
}

/** Deleting one record: the clearing rule (a free-plan owner deleting records would reset the cap), and a token needs write. */
export function mayDeleteRecords(access: ApplicationAccess, ownerPlan: OwnerPlanFacts): boolean {
  return (
    canRead(access) &&
    writesRecords(access) &&
    canClearData(access.permissions, {
      isSuperAdmin: access.isSuperAdmin,
      hasActiveSubscription: ownerPlan.hasActiveSubscription,
      submissionCount: Number.POSITIVE_INFINITY,
    })
  );
}

export function assertCanClearData(
  access: ApplicationAccess,
  ownerPlan: OwnerPlanFacts,
  action = "clear the data of",
): asserts access is ReadableAccess {
  assertAllowed(access, (a) => mayClearData(a, ownerPlan), action, "DATA_DELETION_FORBIDDEN");
}

/** Exports (every format): administrators and super admins; collaborators get 403 EXPORT_FORBIDDEN. */
export function mayExport(access: ApplicationAccess): boolean {
  return canRead(access) && canExportApplicationData(access.permissions, { isSuperAdmin: access.isSuperAdmin });
}

export function assertCanExport(access: ApplicationAccess): asserts access is ReadableAccess {
  assertAllowed(access, mayExport, "export the data of", "EXPORT_FORBIDDEN");
}

/** Administrators and super admins read every record; anyone else only the records they submitted. */
export function seesAllSubmissions(access: ApplicationAccess): boolean {
  return canViewAllSubmissions(access.permissions, { isSuperAdmin: access.isSuperAdmin });
}

/**
 * Reviewing records (setting a review state, restoring an earlier version): whoever reads every record, that is the
 * owner, the administrators and super admins (ODK Central's reviewers). Collaborators comment on their own records.
 */
export function mayReview(access: ApplicationAccess): boolean {
  return canRead(access) && writesRecords(access) && seesAllSubmissions(access);
}

export function assertCanReview(access: ApplicationAccess): asserts access is ReadableAccess {
  assertAllowed(access, mayReview, "review the records of");
}

/** The submitter filter a record listing must apply: undefined = all records, a user id = only theirs. */
export function submitterScope(access: ApplicationAccess): string | undefined {
  return seesAllSubmissions(access) ? undefined : access.userId;
}

export function capabilitiesOf(access: ApplicationAccess, ownerPlan: OwnerPlanFacts): AccessCapabilities {
  const readable = canRead(access);
  return {
    canEdit: readable && administers(access) && canEditApplication(access.permissions),
    canDelete: readable && administers(access) && canDeleteApplication(access.permissions),
    canClearData: mayClearData(access, ownerPlan),
    canCollect: mayCollect(access),
    canViewAllSubmissions: readable && seesAllSubmissions(access),
  };
}
