import { describe, expect, it } from "vitest";
import { removalRefusal, roleChangeRefusal } from "./role-rules.ts";
import { effectiveInviteStatus, tokenPreview } from "./invite-status.ts";

describe("roleChangeRefusal", () => {
  const base = {
    actorRole: "owner",
    targetIsActor: false,
    currentRole: "collaborator",
    newRole: "admin_invited",
  } as const;

  it("lets the creator change another member's role", () => {
    expect(roleChangeRefusal(base)).toBeNull();
  });
  it("refuses a change of one's own role before anything else", () => {
    expect(roleChangeRefusal({ ...base, actorRole: "admin_invited", targetIsActor: true })).toBe("SELF_ROLE_CHANGE");
  });
  it.each(["admin_invited", "collaborator", "none"] as const)("refuses %s changing roles", (actorRole) => {
    expect(roleChangeRefusal({ ...base, actorRole })).toBe("ROLE_CHANGE_FORBIDDEN");
  });
  it("keeps the creator role fixed, both ways", () => {
    expect(roleChangeRefusal({ ...base, currentRole: "admin_creator" })).toBe("CREATOR_ROLE_LOCKED");
    expect(roleChangeRefusal({ ...base, newRole: "admin_creator" })).toBe("CREATOR_ROLE_LOCKED");
  });
  it("refuses the role already held", () => {
    expect(roleChangeRefusal({ ...base, newRole: "collaborator" })).toBe("ROLE_ALREADY_ASSIGNED");
  });
});

describe("removalRefusal", () => {
  it("lets the creator remove administrators and collaborators", () => {
    expect(removalRefusal({ actorRole: "owner", targetIsActor: false, currentRole: "admin_invited" })).toBeNull();
    expect(removalRefusal({ actorRole: "owner", targetIsActor: false, currentRole: "collaborator" })).toBeNull();
  });
  it("lets an invited administrator remove collaborators only", () => {
    expect(
      removalRefusal({ actorRole: "admin_invited", targetIsActor: false, currentRole: "collaborator" }),
    ).toBeNull();
    expect(removalRefusal({ actorRole: "admin_invited", targetIsActor: false, currentRole: "admin_invited" })).toBe(
      "FORBIDDEN",
    );
  });
  it("refuses collaborators, the creator's row and oneself", () => {
    expect(removalRefusal({ actorRole: "collaborator", targetIsActor: false, currentRole: "collaborator" })).toBe(
      "FORBIDDEN",
    );
    expect(removalRefusal({ actorRole: "owner", targetIsActor: false, currentRole: "admin_creator" })).toBe(
      "CREATOR_ROLE_LOCKED",
    );
    expect(removalRefusal({ actorRole: "admin_invited", targetIsActor: true, currentRole: "admin_invited" })).toBe(
      "SELF_ROLE_CHANGE",
    );
  });
});

describe("invite status", () => {
  it("turns a pending invite past its expiry into expired and leaves the others", () => {
    const past = new Date(Date.now() - 1000);
    expect(effectiveInviteStatus({ status: "pending", expiresAt: past })).toBe("expired");
    expect(effectiveInviteStatus({ status: "pending", expiresAt: new Date(Date.now() + 60_000) })).toBe("pending");
    expect(effectiveInviteStatus({ status: "accepted", expiresAt: past })).toBe("accepted");
  });
  it("shows at most six characters of a token", () => {
    expect(tokenPreview("abcdefghijkl")).toBe("abcdef");
  });
});
