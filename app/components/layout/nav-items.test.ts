import { describe, expect, it } from "vitest";
import { globalPermissions } from "../../../shared/permissions/permissions.ts";
import { navItemsFor } from "./nav-items.ts";

const entries = (permissions: Parameters<typeof navItemsFor>[0]) => navItemsFor(permissions).map((item) => item.to);

describe("side menu entries", () => {
  it("offers Equipe and Assinatura to an owner, not the super admin pages", () => {
    expect(entries(globalPermissions({ isSuperAdmin: false, isApplicationAdmin: true }))).toEqual([
      "/applications",
      "/dashboard",
      "/data",
      "/maps",
      "/offline-maps",
      "/team",
      "/change-management",
      "/subscription",
      "/settings",
      "/profile",
      "/support",
    ]);
  });

  it("offers neither Equipe nor Assinatura to a collaborator of someone else's applications", () => {
    expect(entries(globalPermissions({ isSuperAdmin: false, isApplicationAdmin: false, isMemberOnly: true }))).toEqual([
      "/applications",
      "/dashboard",
      "/data",
      "/maps",
      "/offline-maps",
      "/settings",
      "/profile",
      "/support",
    ]);
  });

  it("offers Assinatura but not Equipe to a new user with no applications yet", () => {
    expect(entries(globalPermissions({ isSuperAdmin: false, isApplicationAdmin: false }))).toEqual([
      "/applications",
      "/dashboard",
      "/data",
      "/maps",
      "/offline-maps",
      "/subscription",
      "/settings",
      "/profile",
      "/support",
    ]);
  });

  it("adds Blog and Admin for a super admin", () => {
    expect(entries(globalPermissions({ isSuperAdmin: true, isApplicationAdmin: false }))).toEqual([
      "/applications",
      "/dashboard",
      "/data",
      "/maps",
      "/offline-maps",
      "/team",
      "/change-management",
      "/subscription",
      "/settings",
      "/profile",
      "/support",
      "/blog-admin",
      "/admin",
    ]);
  });

  it("grants nothing a stored copy of the permissions lacks", () => {
    const older = { ...globalPermissions({ isSuperAdmin: false, isApplicationAdmin: true }) } as Partial<
      ReturnType<typeof globalPermissions>
    >;
    delete older.canManageBilling;
    expect(entries(older)).not.toContain("/subscription");
    expect(entries(undefined)).toEqual([
      "/applications",
      "/dashboard",
      "/data",
      "/maps",
      "/offline-maps",
      "/settings",
      "/profile",
      "/support",
    ]);
  });
});
