/** The account-wide permission object (spec 000 §6) the menu and routes read. */
export interface PermissionObject {
  isSuperAdmin: boolean;
  isApplicationAdmin: boolean;
  /** Super admins only: opens Blog and Admin panel. */
  hasGlobalAccess: boolean;
  canCreateApplications: boolean;
  canEditApplications: boolean;
  canDeleteApplications: boolean;
  canViewAllSubmissions: boolean;
  canExportData: boolean;
  canManageTeam: boolean;
  canViewMaps: boolean;
  canManageSettings: boolean;
  /** Subscription and plans: everyone but a user who only belongs to other owners' applications. */
  canManageBilling: boolean;
}

export interface GlobalRoles {
  isSuperAdmin: boolean;
  /** Owns an application, or is admin_creator/admin_invited in one. */
  isApplicationAdmin: boolean;
  /**
   * Belongs to other owners' applications (any member role) and owns none. Such a user works on someone else's
   * plan, which only its creator may change (spec 000 §6); owning an application of their own ends this.
   */
  isMemberOnly?: boolean;
}

export function globalPermissions({
  isSuperAdmin,
  isApplicationAdmin,
  isMemberOnly = false,
}: GlobalRoles): PermissionObject {
  const isAdmin = isSuperAdmin || isApplicationAdmin;
  return {
    isSuperAdmin,
    isApplicationAdmin,
    hasGlobalAccess: isSuperAdmin,
    canCreateApplications: true,
    canEditApplications: true,
    canDeleteApplications: true,
    canViewMaps: true,
    canViewAllSubmissions: isAdmin,
    canExportData: isAdmin,
    canManageTeam: isAdmin,
    canManageSettings: isAdmin,
    canManageBilling: isSuperAdmin || !isMemberOnly,
  };
}

/** What a failed permission lookup yields: nothing is allowed until a lookup succeeds. */
export const NO_PERMISSIONS: Readonly<PermissionObject> = Object.freeze({
  isSuperAdmin: false,
  isApplicationAdmin: false,
  hasGlobalAccess: false,
  canCreateApplications: false,
  canEditApplications: false,
  canDeleteApplications: false,
  canViewAllSubmissions: false,
  canExportData: false,
  canManageTeam: false,
  canViewMaps: false,
  canManageSettings: false,
  canManageBilling: false,
});

/** A user's role in one application, strongest first. `owner` is the application's user_id; the rest are memberships. */
export const APP_ROLES = ["owner", "admin_creator", "admin_invited", "collaborator", "none"] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** Membership roles stored in application_members. */
export const MEMBER_ROLES = ["admin_creator", "admin_invited", "collaborator"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A user can appear several times for one app (owner and member): the strongest role wins. */
export function strongestRole(roles: Iterable<AppRole>): AppRole {
  let best: AppRole = "none";
  for (const role of roles) {
    if (APP_ROLES.indexOf(role) < APP_ROLES.indexOf(best)) best = role;
  }
  return best;
}

export interface AppPermissions {
  isOwner: boolean;
  isAdminCreator: boolean;
  isAdminInvited: boolean;
  /** Owner or either administrator role. */
  isAdmin: boolean;
  isCollaborator: boolean;
  /** Has a membership (any member role); the owner is not a member of their own app. */
  isMember: boolean;
  hasAccess: boolean;
  role: AppRole;
}

export function appPermissions(role: AppRole = "none"): AppPermissions {
  const isOwner = role === "owner";
  const isAdminCreator = role === "admin_creator";
  const isAdminInvited = role === "admin_invited";
  const isCollaborator = role === "collaborator";
  return {
    isOwner,
    isAdminCreator,
    isAdminInvited,
    isAdmin: isOwner || isAdminCreator || isAdminInvited,
    isCollaborator,
    isMember: isAdminCreator || isAdminInvited || isCollaborator,
    hasAccess: role !== "none",
    role,
  };
}

/** Owner and administrators edit the app's form and settings; collaborators do not see the entry. */
export function canEditApplication(app: AppPermissions): boolean {
  return app.isAdmin;
}

/** Only the owner (the creator administrator) may delete an application. */
export function canDeleteApplication(app: AppPermissions): boolean {
  return app.isOwner;
}

/** Administrators and super admins see every record; collaborators see only their own. */
export function canViewAllSubmissions(app: AppPermissions, global: Pick<GlobalRoles, "isSuperAdmin">): boolean {
  return global.isSuperAdmin || app.isAdmin;
}

/** Spec 000 §6: exporting is for the application's administrators and super admins, never collaborators. */
export function canExportApplicationData(app: AppPermissions, global: Pick<GlobalRoles, "isSuperAdmin">): boolean {
  return global.isSuperAdmin || app.isAdmin;
}

/** Owner and administrators manage the app's team; only the owner changes roles (see canChangeRoles). */
export function canManageTeam(app: AppPermissions): boolean {
  return app.isAdmin;
}

export function canChangeRoles(app: AppPermissions): boolean {
  return app.isOwner;
}

/** Every role with access may collect; whether this device may is decided by capabilitiesFor. */
export function canCollect(app: AppPermissions): boolean {
  return app.hasAccess;
}

/**
 * A record is corrected by its submitter, or by the application's owner and administrators (as project managers
 * do in ODK Central and Kobo). Collaborators never edit someone else's record.
 */
export function canEditRecord(app: AppPermissions, isSubmitter: boolean): boolean {
  return isSubmitter || app.isAdmin;
}

/**
 * What one user may do with one application, decided by the server (its role, super admin, the owner's plan) and
 * sent with the application: the web offers exactly these, so it never offers what the server would refuse.
 */
export interface ApplicationCapabilities {
  canEdit: boolean;
  canDelete: boolean;
  /** Without the record count: whether there is anything to clear is the caller's to add. */
  canClearData: boolean;
  canCollect: boolean;
  canViewAllSubmissions: boolean;
}

export interface ClearDataContext {
  isSuperAdmin: boolean;
  /** Of the application's owner: free-plan owners cannot clear records, which would reset their record cap. */
  hasActiveSubscription: boolean;
  submissionCount: number;
}

/** Clearing needs records to clear, and a super admin or an owner/administrator on a paid plan. */
export function canClearData(app: AppPermissions, context: ClearDataContext): boolean {
  if (context.submissionCount <= 0) return false;
  return context.isSuperAdmin || (app.isAdmin && context.hasActiveSubscription);
}
