import { z } from "zod";
import type { PermissionReport } from "./permission-report.ts";
import { APP_ROLES, type AppPermissions, type ApplicationCapabilities, type PermissionObject } from "./permissions.ts";

/** The permission answers as schemas (OpenAPI reference, test servers' response check), typed as their DTOs. */
export const capabilitiesSchema: z.ZodType<ApplicationCapabilities> = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canClearData: z.boolean(),
  canCollect: z.boolean(),
  canViewAllSubmissions: z.boolean(),
});

export const permissionObjectSchema: z.ZodType<PermissionObject> = z.object({
  isSuperAdmin: z.boolean(),
  isApplicationAdmin: z.boolean(),
  hasGlobalAccess: z.boolean(),
  canCreateApplications: z.boolean(),
  canEditApplications: z.boolean(),
  canDeleteApplications: z.boolean(),
  canViewAllSubmissions: z.boolean(),
  canExportData: z.boolean(),
  canManageTeam: z.boolean(),
  canViewMaps: z.boolean(),
  canManageSettings: z.boolean(),
  canManageBilling: z.boolean(),
});

export const appPermissionsSchema: z.ZodType<AppPermissions> = z.object({
  isOwner: z.boolean(),
  isAdminCreator: z.boolean(),
  isAdminInvited: z.boolean(),
  isAdmin: z.boolean(),
  isCollaborator: z.boolean(),
  isMember: z.boolean(),
  hasAccess: z.boolean(),
  role: z.enum(APP_ROLES),
});

const userSchema = z.object({ id: z.uuid(), email: z.string(), name: z.string() });

/** GET /api/me: signed out is `{ user: null }`. */
export const meSchema = z.union([
  z.object({ user: userSchema, isSuperAdmin: z.boolean(), permissions: permissionObjectSchema }),
  z.object({ user: z.null() }),
]);

export const permissionReportSchema: z.ZodType<PermissionReport> = z.object({
  user: userSchema,
  session: z.object({ createdAt: z.string(), expiresAt: z.string() }).nullable(),
  permissions: permissionObjectSchema,
  applications: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      ownerId: z.uuid(),
      permissions: appPermissionsSchema,
      capabilities: capabilitiesSchema,
    }),
  ),
});
