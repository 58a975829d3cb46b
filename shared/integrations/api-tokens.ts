import { z } from "zod";
import { safeString } from "../text/safe-text.ts";

/**
 * Personal API tokens (account area → "Tokens de API"). A token is `campo_` + 40 base62 characters; the server keeps
 * its SHA-256 only. It acts as its user on the data routes, narrowed to one access level per listed application.
 */
export const API_TOKEN_PREFIX = "campo_";
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

/** read: list and fetch applications, fields, records, attachments, exports, feeds. write: also create/change records and sync. */
export const API_TOKEN_ACCESS = ["read", "write"] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];

export const apiTokenScopeSchema = z.object({ applicationId: z.uuid(), access: z.enum(API_TOKEN_ACCESS) });
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** POST /api/account/tokens. Validation messages are "api-tokens" namespace keys. */
export const createApiTokenSchema = z.object({
  name: safeString(undefined, "api-tokens:validation.invalidCharacters")
    .trim()
    .min(1, "api-tokens:validation.nameRequired")
    .max(80, "api-tokens:validation.nameTooLong"),
  /** null: never expires. */
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()]),
  scopes: z
    .array(apiTokenScopeSchema)
    .min(1, "api-tokens:validation.scopeRequired")
    .max(500)
    .refine(
      (scopes) => new Set(scopes.map((scope) => scope.applicationId)).size === scopes.length,
      "api-tokens:validation.duplicateApplication",
    ),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

export interface ApiTokenDto {
  id: string;
  name: string;
  /** The token's first characters, to recognise it ("campo_Ab3x…"). */
  prefix: string;
  scopes: (ApiTokenScope & { applicationTitle: string | null })[];
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Answered once, by the create route: the only time the secret leaves the server. */
export interface CreatedApiTokenDto extends ApiTokenDto {
  token: string;
}
