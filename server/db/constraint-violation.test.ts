import { describe, expect, it } from "vitest";
import { isForeignKeyViolation, isUniqueViolation } from "./constraint-violation.ts";

function databaseError(code: string, constraint?: string) {
  return Object.assign(new Error("db"), { code, constraint });
}

describe("isUniqueViolation", () => {
  it("finds a 23505 of the named constraint, also wrapped as a cause", () => {
    expect(
      isUniqueViolation(databaseError("23505", "applications_owner_name_unique"), "applications_owner_name_unique"),
    ).toBe(true);
    const wrapped = new Error("Failed query", { cause: databaseError("23505", "applications_owner_name_unique") });
    expect(isUniqueViolation(wrapped, "applications_owner_name_unique")).toBe(true);
  });

  it("ignores other constraints and other errors", () => {
    expect(
      isUniqueViolation(databaseError("23505", "application_members_unique"), "applications_owner_name_unique"),
    ).toBe(false);
    expect(isUniqueViolation(databaseError("23502"), "applications_owner_name_unique")).toBe(false);
    expect(isUniqueViolation("23505", "applications_owner_name_unique")).toBe(false);
  });
});

describe("isForeignKeyViolation", () => {
  const constraint = "attachment_links_attachment_id_attachments_id_fk";
  it("finds a 23503 of the named constraint, not a unique violation of it", () => {
    expect(
      isForeignKeyViolation(new Error("Failed query", { cause: databaseError("23503", constraint) }), constraint),
    ).toBe(true);
    expect(isForeignKeyViolation(databaseError("23505", constraint), constraint)).toBe(false);
    expect(isForeignKeyViolation(databaseError("23503", "other_fk"), constraint)).toBe(false);
  });
});
