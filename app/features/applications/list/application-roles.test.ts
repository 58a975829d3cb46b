import { describe, expect, it } from "vitest";
import type { ApplicationCapabilities } from "../../../../shared/permissions/permissions.ts";
import { cardActions, installedRoleKey } from "./application-roles.ts";

const capabilities = (granted: Partial<ApplicationCapabilities>): ApplicationCapabilities => ({
  canEdit: false,
  canDelete: false,
  canClearData: false,
  canCollect: true,
  canViewAllSubmissions: false,
  ...granted,
});
const owner = capabilities({ canEdit: true, canDelete: true, canClearData: true, canViewAllSubmissions: true });

describe("card actions follow the server's capabilities", () => {
  it("an owner on a paid plan edits, clears (with records) and deletes", () => {
    expect(cardActions({ capabilities: owner, entriesCount: 3 })).toEqual({
      canEdit: true,
      canClearData: true,
      canDelete: true,
    });
    expect(cardActions({ capabilities: owner, entriesCount: 0 }).canClearData).toBe(false);
  });
  it("a free owner at the limit is not offered 'Limpar dados' the server would refuse", () => {
    const free = capabilities({ canEdit: true, canDelete: true, canViewAllSubmissions: true });
    expect(cardActions({ capabilities: free, entriesCount: 10 })).toEqual({
      canEdit: true,
      canClearData: false,
      canDelete: true,
    });
  });
  it("an invited admin edits and clears but does not delete", () => {
    expect(cardActions({ capabilities: capabilities({ canEdit: true, canClearData: true }), entriesCount: 1 })).toEqual(
      { canEdit: true, canClearData: true, canDelete: false },
    );
  });
  it("a collaborator only views", () => {
    expect(cardActions({ capabilities: capabilities({}), entriesCount: 9 })).toEqual({
      canEdit: false,
      canClearData: false,
      canDelete: false,
    });
  });
  it("a list cached before capabilities were sent offers nothing", () => {
    expect(cardActions({ entriesCount: 9 })).toEqual({ canEdit: false, canClearData: false, canDelete: false });
  });
  it("names two roles on the installed list", () => {
    expect(installedRoleKey("owner")).toBe("installed.roles.admin");
    expect(installedRoleKey("admin_invited")).toBe("installed.roles.admin");
    expect(installedRoleKey("collaborator")).toBe("installed.roles.collector");
  });
});
