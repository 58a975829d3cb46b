import type { ErrorCode } from "../errors.ts";
import {
  appPermissions,
  canChangeRoles,
  canManageTeam,
  type AppRole,
  type MemberRole,
} from "../permissions/permissions.ts";

/**
 * Spec 000 §6 and §8, written once for the server (which enforces them) and the web (which hides what would be
 * refused). The order is the order the checks run, so both sides name the same reason.
 */
export interface MemberChangeFacts {
  /** The acting user's role in the application. */
  actorRole: AppRole;
  /** The member being changed is the acting user. */
  targetIsActor: boolean;
  currentRole: MemberRole;
}

export type RoleChangeRefusal = Extract<
  ErrorCode,
  "SELF_ROLE_CHANGE" | "ROLE_CHANGE_FORBIDDEN" | "CREATOR_ROLE_LOCKED" | "ROLE_ALREADY_ASSIGNED"
>;

/** Nobody changes their own role; only the creator changes roles; the creator's role is fixed; no repeats. */
export function roleChangeRefusal(facts: MemberChangeFacts & { newRole: MemberRole }): RoleChangeRefusal | null {
  if (facts.targetIsActor) return "SELF_ROLE_CHANGE";
  if (!canChangeRoles(appPermissions(facts.actorRole))) return "ROLE_CHANGE_FORBIDDEN";
  if (facts.currentRole === "admin_creator" || facts.newRole === "admin_creator") return "CREATOR_ROLE_LOCKED";
  if (facts.currentRole === facts.newRole) return "ROLE_ALREADY_ASSIGNED";
  return null;
}

export type RemovalRefusal = Extract<ErrorCode, "SELF_ROLE_CHANGE" | "FORBIDDEN" | "CREATOR_ROLE_LOCKED">;

/**
 * Removing a member from one application: the creator removes anyone but the creator; an invited administrator
 * (who manages the team but may not change roles) removes collaborators only, so admins cannot unseat each other.
 */
export function removalRefusal(facts: MemberChangeFacts): RemovalRefusal | null {
  if (facts.targetIsActor) return "SELF_ROLE_CHANGE";
  const actor = appPermissions(facts.actorRole);
  if (!canManageTeam(actor)) return "FORBIDDEN";
  if (facts.currentRole === "admin_creator") return "CREATOR_ROLE_LOCKED";
  if (!canChangeRoles(actor) && facts.currentRole !== "collaborator") return "FORBIDDEN";
  return null;
}
