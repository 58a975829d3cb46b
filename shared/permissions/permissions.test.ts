import { describe, expect, it } from "vitest";
import {
  APP_ROLES,
  NO_PERMISSIONS,
  appPermissions,
  canChangeRoles,
  canClearData,
  canCollect,
  canDeleteApplication,
  canEditApplication,
  canManageTeam,
  canViewAllSubmissions,
  globalPermissions,
  strongestRole,
  type AppRole,
} from "./permissions.ts";

describe("globalPermissions", () => {
  it("lets everyone create, edit, delete applications and view maps", () => {
    const plain = globalPermissions({ isSuperAdmin: false, isApplicationAdmin: false });
    expect(plain).toMatchObject({
      canCreateApplications: true,
      canEditApplications: true,
      canDeleteApplications: true,
      canViewMaps: true,
    });
    expect(plain).toMatchObject({
      canViewAllSubmissions: false,
      canExportData: false,
      canManageTeam: false,
      canManageSettings: false,
      hasGlobalAccess: false,
    });
  });

  it("gives application admins the data, team and settings permissions", () => {
    expect(globalPermissions({ isSuperAdmin: false, isApplicationAdmin: true })).toEqual({
      isSuperAdmin: false,
      isApplicationAdmin: true,
      hasGlobalAccess: false,
      canCreateApplications: true,
      canEditApplications: true,
      canDeleteApplications: true,
      canViewAllSubmissions: true,
      canExportData: true,
      canManageTeam: true,
      canViewMaps: true,
      canManageSettings: true,
      canManageBilling: true,
    });
  });

  it("keeps billing from a user who only belongs to other owners' applications", () => {
    expect(
      globalPermissions({ isSuperAdmin: false, isApplicationAdmin: true, isMemberOnly: true }).canManageBilling,
    ).toBe(false);
    expect(
      globalPermissions({ isSuperAdmin: false, isApplicationAdmin: false, isMemberOnly: true }).canManageBilling,
    ).toBe(false);
    expect(
      globalPermissions({ isSuperAdmin: true, isApplicationAdmin: false, isMemberOnly: true }).canManageBilling,
    ).toBe(true);
    expect(globalPermissions({ isSuperAdmin: false, isApplicationAdmin: false }).canManageBilling).toBe(true);
  });

  it("gives super admins everything, global access included", () => {
    const superAdmin = globalPermissions({ isSuperAdmin: true, isApplicationAdmin: false });
    expect(Object.entries(superAdmin).filter(([key, value]) => key !== "isApplicationAdmin" && value !== true)).toEqual(
      [],
    );
  });

  it("allows nothing after a failed lookup", () => {
    expect(Object.values(NO_PERMISSIONS).every((value) => value === false)).toBe(true);
    expect(Object.keys(NO_PERMISSIONS).sort()).toEqual(
      Object.keys(globalPermissions({ isSuperAdmin: true, isApplicationAdmin: true })).sort(),
    );
  });
});

describe("strongestRole", () => {
  it("lets the owner win over any membership", () => {
    expect(strongestRole(["collaborator", "owner"])).toBe("owner");
    expect(strongestRole(["admin_invited", "owner", "admin_creator"])).toBe("owner");
  });

  it("orders admin_creator > admin_invited > collaborator > none", () => {
    expect(strongestRole(["collaborator", "admin_invited"])).toBe("admin_invited");
    expect(strongestRole(["admin_invited", "admin_creator"])).toBe("admin_creator");
    expect(strongestRole(["none", "collaborator"])).toBe("collaborator");
  });

  it("is none without roles", () => {
    expect(strongestRole([])).toBe("none");
  });
});

describe("appPermissions", () => {
  it("describes each role", () => {
    expect(appPermissions("owner")).toEqual({
      isOwner: true,
      isAdminCreator: false,
      isAdminInvited: false,
      isAdmin: true,
      isCollaborator: false,
      isMember: false,
      hasAccess: true,
      role: "owner",
    });
    expect(appPermissions("admin_creator")).toMatchObject({
      isAdminCreator: true,
      isAdmin: true,
      isMember: true,
      isOwner: false,
    });
    expect(appPermissions("admin_invited")).toMatchObject({
      isAdminInvited: true,
      isAdmin: true,
      isMember: true,
      hasAccess: true,
    });
    expect(appPermissions("collaborator")).toMatchObject({
      isCollaborator: true,
      isAdmin: false,
      isMember: true,
      hasAccess: true,
    });
  });

  it("defaults to no access with role none", () => {
    expect(appPermissions()).toEqual({
      isOwner: false,
      isAdminCreator: false,
      isAdminInvited: false,
      isAdmin: false,
      isCollaborator: false,
      isMember: false,
      hasAccess: false,
      role: "none",
    });
  });
});

describe("capability helpers", () => {
  const allowed = (check: (role: AppRole) => boolean) => APP_ROLES.filter(check);
  const notSuper = { isSuperAdmin: false };

  it("lets owner and administrators edit, and only the owner delete or change roles", () => {
    expect(allowed((role) => canEditApplication(appPermissions(role)))).toEqual([
      "owner",
      "admin_creator",
      "admin_invited",
    ]);
    expect(allowed((role) => canDeleteApplication(appPermissions(role)))).toEqual(["owner"]);
    expect(allowed((role) => canChangeRoles(appPermissions(role)))).toEqual(["owner"]);
  });

  it("shows all records to administrators and super admins, not to collaborators", () => {
    expect(allowed((role) => canViewAllSubmissions(appPermissions(role), notSuper))).toEqual([
      "owner",
      "admin_creator",
      "admin_invited",
    ]);
    expect(canViewAllSubmissions(appPermissions("none"), { isSuperAdmin: true })).toBe(true);
  });

  it("lets administrators manage the team", () => {
    expect(allowed((role) => canManageTeam(appPermissions(role)))).toEqual(["owner", "admin_creator", "admin_invited"]);
  });

  it("lets every member collect, and nobody without access", () => {
    expect(allowed((role) => canCollect(appPermissions(role)))).toEqual([
      "owner",
      "admin_creator",
      "admin_invited",
      "collaborator",
    ]);
  });

  describe("canClearData", () => {
    const paid = { isSuperAdmin: false, hasActiveSubscription: true, submissionCount: 3 };

    it("needs an owner or administrator on a paid plan with records", () => {
      expect(allowed((role) => canClearData(appPermissions(role), paid))).toEqual([
        "owner",
        "admin_creator",
        "admin_invited",
      ]);
      expect(canClearData(appPermissions("owner"), { ...paid, hasActiveSubscription: false })).toBe(false);
      expect(canClearData(appPermissions("owner"), { ...paid, submissionCount: 0 })).toBe(false);
    });

    it("lets a super admin clear any app that has records", () => {
      const superAdmin = { isSuperAdmin: true, hasActiveSubscription: false, submissionCount: 1 };
      expect(canClearData(appPermissions("none"), superAdmin)).toBe(true);
      expect(canClearData(appPermissions("none"), { ...superAdmin, submissionCount: 0 })).toBe(false);
    });
  });
});
