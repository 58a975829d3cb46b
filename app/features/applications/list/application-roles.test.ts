import { describe, expect, it } from "vitest";
import { cardActions, installedRoleKey } from "./application-roles.ts";

describe("card actions per role", () => {
  it("owner edits, clears (with records) and deletes", () => {
    expect(cardActions({ role: "owner", entriesCount: 3 })).toEqual({ canEdit: true, canClearData: true, canDelete: true });
    expect(cardActions({ role: "owner", entriesCount: 0 }).canClearData).toBe(false);
  });
  it("an invited admin edits and clears but does not delete", () => {
    expect(cardActions({ role: "admin_invited", entriesCount: 1 })).toEqual({ canEdit: true, canClearData: true, canDelete: false });
  });
  it("a collaborator only views", () => {
    expect(cardActions({ role: "collaborator", entriesCount: 9 })).toEqual({ canEdit: false, canClearData: false, canDelete: false });
  });
  it("names two roles on the installed list", () => {
    expect(installedRoleKey("owner")).toBe("installed.roles.admin");
    expect(installedRoleKey("admin_invited")).toBe("installed.roles.admin");
    expect(installedRoleKey("collaborator")).toBe("installed.roles.collector");
  });
});
