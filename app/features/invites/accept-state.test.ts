import { describe, expect, it } from "vitest";
import { refusalToastKey, statusOfReason, statusOfValidation } from "./accept-state.ts";

const invite = { email: "a@b.co", name: "A", ownerName: "O", applications: [] };

describe("accept-invite states", () => {
  it("maps each refusal reason, already_accepted showing as already_member", () => {
    expect(statusOfReason("invalid")).toBe("invalid");
    expect(statusOfReason("expired")).toBe("expired");
    expect(statusOfReason("already_member")).toBe("already_member");
    expect(statusOfReason("already_accepted")).toBe("already_member");
  });

  it("asks for login when the account exists and for sign-up otherwise", () => {
    expect(statusOfValidation({ isValid: true, reason: null, invite, hasAccount: true, isMember: false })).toBe(
      "need_login",
    );
    expect(statusOfValidation({ isValid: true, reason: null, invite, hasAccount: false, isMember: false })).toBe(
      "need_signup",
    );
    expect(
      statusOfValidation({ isValid: false, reason: "already_accepted", invite, hasAccount: true, isMember: true }),
    ).toBe("already_member");
    expect(
      statusOfValidation({ isValid: false, reason: "invalid", invite: null, hasAccount: false, isMember: false }),
    ).toBe("invalid");
  });

  it("names the toast of a failed acceptance", () => {
    expect(refusalToastKey("expired")).toBe("toasts.expired");
    expect(refusalToastKey("already_member")).toBe("toasts.alreadyMember");
    expect(refusalToastKey("invalid")).toBe("toasts.invalid");
    expect(refusalToastKey("need_login")).toBe("toasts.acceptFailed");
  });
});
