import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "./contact-schema.ts";

const valid = {
  fullName: "Maria Silva",
  email: "maria@example.com",
  celular: "11999998888",
  subject: "Quero uma demonstração",
  message: "Gostaria de conhecer o Campo para minha equipe.",
};

function issuesFor(input: Record<string, unknown>): Record<string, string> {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("contactMessageSchema", () => {
  it("accepts a complete message and trims it", () => {
    expect(contactMessageSchema.parse({ ...valid, fullName: "  Maria Silva  " }).fullName).toBe("Maria Silva");
  });

  it("requires every field", () => {
    expect(issuesFor({})).toEqual({
      fullName: "fullName.required",
      email: "email.required",
      celular: "celular.required",
      subject: "subject.required",
      message: "message.required",
    });
    expect(issuesFor({ ...valid, subject: "   " })).toEqual({ subject: "subject.required" });
  });

  it.each([
    ["fullName", "fullName.min", "Ab"],
    ["fullName", "fullName.max", "a".repeat(101)],
    ["email", "email.invalid", "not-an-email"],
    ["email", "email.max", `${"a".repeat(250)}@x.com`],
    ["celular", "celular.min", "123456789"],
    ["celular", "celular.max", "1".repeat(21)],
    ["subject", "subject.min", "Oi!"],
    ["subject", "subject.max", "s".repeat(201)],
    ["message", "message.min", "Curta"],
    ["message", "message.max", "m".repeat(2001)],
  ])("rejects a bad %s with %s", (field, message, value) => {
    expect(issuesFor({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts the limits themselves", () => {
    expect(
      issuesFor({
        ...valid,
        fullName: "Ana",
        celular: "1".repeat(20),
        subject: "s".repeat(200),
        message: "m".repeat(2000),
      }),
    ).toEqual({});
  });

  it.each(["fullName", "email", "subject", "message"])(
    "refuses NUL and lone surrogates in %s with a translated key",
    (field) => {
      expect(issuesFor({ ...valid, [field]: "Maria\u0000 Silva x" })).toEqual({ [field]: "invalidCharacters" });
      expect(issuesFor({ ...valid, [field]: "Maria \ud800 Silva" })).toEqual({ [field]: "invalidCharacters" });
    },
  );
});
