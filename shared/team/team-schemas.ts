import { z } from "zod";
import { safeString } from "../text/safe-text.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../accounts/password-rules.ts";

/** Roles an invite or an owner can give; admin_creator belongs to the application's creator alone. */
export const GRANTABLE_ROLES = ["admin_invited", "collaborator"] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const MEMBER_STATUSES = ["active", "inactive"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const INVITE_STATUSES = ["pending", "accepted", "expired", "replaced"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** Validation messages are "team" namespace keys (the web translates them; the API returns them as details). */
export const inviteEmailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "team:validation.emailRequired")
  .max(255, "team:validation.emailInvalid")
  .pipe(z.email("team:validation.emailInvalid"));
export const inviteNameField = safeString(undefined, "team:validation.invalidCharacters")
  .trim()
  .min(2, "team:validation.nameTooShort")
  .max(100, "team:validation.nameTooLong");

const grantSchema = z.object({ applicationId: z.uuid(), role: z.enum(GRANTABLE_ROLES) });
export type Grant = z.infer<typeof grantSchema>;

/** Step 1 of the add-member wizard. */
export const inviteBasicsSchema = z.object({ name: inviteNameField, email: inviteEmailField });
export type InviteBasics = z.infer<typeof inviteBasicsSchema>;

/** POST /api/team/invites: the wizard's three steps in one body; at least one application, each once. */
export const createInviteSchema = inviteBasicsSchema.extend({
  grants: z
    .array(grantSchema)
    .min(1, "team:validation.applicationRequired")
    .max(100)
    .refine(
      (grants) => new Set(grants.map((grant) => grant.applicationId)).size === grants.length,
      "team:validation.duplicateApplication",
    ),
});
export type CreateInviteInput = z.infer<typeof createInviteSchema>;

/** The role a member receives in one application; admin_creator is accepted here only to be refused with its own message. */
export const changeRoleSchema = z.object({ role: z.enum(["admin_creator", ...GRANTABLE_ROLES]) });
export const addToApplicationSchema = grantSchema;
export const memberStatusSchema = z.object({ status: z.enum(MEMBER_STATUSES) });

/** Tokens are 43 base64url characters; the cap only keeps junk out of the hash function. */
export const inviteTokenField = z.string().min(1).max(200);
export const acceptInviteSchema = z.object({ token: inviteTokenField });

/** POST /api/invites/sign-up: the invitee's plain account, for the invite's own e-mail only. */
export const inviteAccountSchema = z.object({
  token: inviteTokenField,
  name: inviteNameField,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, "invites:validation.passwordTooShort")
    .max(PASSWORD_MAX_LENGTH, "invites:validation.passwordTooLong"),
});

/** The invite sign-up form on /accept-invite (spec 000 §5): the e-mail comes from the invite and is read-only. */
export const inviteSignUpSchema = z
  .object({
    name: inviteNameField,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, "invites:validation.passwordTooShort")
      .max(PASSWORD_MAX_LENGTH, "invites:validation.passwordTooLong"),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "invites:validation.passwordsMismatch" });
  });
export type InviteSignUpInput = z.infer<typeof inviteSignUpSchema>;

export const inviteLoginSchema = z.object({
  password: z.string().min(1, "invites:validation.passwordRequired").max(PASSWORD_MAX_LENGTH),
});
export type InviteLoginInput = z.infer<typeof inviteLoginSchema>;
