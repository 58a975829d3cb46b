import { api } from "../../../lib/api-client.ts";
import type { FieldCategory, FieldType } from "../../../../shared/fields/field-types.ts";
import type { ApplicationVisibility } from "../../../../shared/fields/field-config.ts";
import type { AppPermissions, ApplicationCapabilities } from "../../../../shared/permissions/permissions.ts";
import type { SubscriptionDto } from "../../../../shared/billing/billing-dtos.ts";

/** Roles GET /api/applications reports; `owner` wins when a user is both owner and member. */
export type ListedRole = "owner" | "admin_invited" | "collaborator";

export interface AppSummary {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  visibility: ApplicationVisibility;
  active: boolean;
  role: ListedRole;
  fieldsCount: number;
  /** Collaborators: their own records; everyone else: all records of the application. */
  entriesCount: number;
  /** What the server lets this user do with the application (absent from lists cached before it was sent). */
  capabilities?: ApplicationCapabilities;
  createdAt: string;
  updatedAt: string;
}

export type AppDetail = Omit<AppSummary, "fieldsCount" | "entriesCount"> & { ownerId: string };

export interface StoredField {
  id: string;
  applicationId: string;
  fieldType: FieldType;
  label: string;
  position: number;
  category: FieldCategory;
  config: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

export interface ApplicationWithFields {
  application: AppDetail;
  fields: StoredField[];
  permissions: AppPermissions;
}

export interface MemberSelection {
  teamMemberId: string;
  role: "admin_invited" | "collaborator";
}

/** The body of POST /api/applications and PUT /api/applications/:id. */
export interface ApplicationPayload {
  name: string;
  description?: string;
  imageUrl?: string;
  visibility: ApplicationVisibility;
  active: boolean;
  fields: { id?: string; fieldType: FieldType; label: string; position: number; config: Record<string, unknown> }[];
  members?: MemberSelection[];
}

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  status: string;
}

export interface ClearDataResult {
  deletedSubmissions: number;
  deletedResponses: number;
}

/** GET /api/usage: the signed-in user's plan as an owner, its limits and what their own applications use. */
export type OwnerUsage = Pick<SubscriptionDto, "tier" | "limits" | "usage" | "isSuperAdmin">;

export const APPLICATIONS_QUERY_KEY = ["applications"] as const;
/** The subscription pages refresh this key after a plan change. */
export const USAGE_QUERY_KEY = ["usage"] as const;
export const applicationQueryKey = (id: string) => ["application", id] as const;

export const applicationsApi = {
  list: async () => (await api.get<{ applications: AppSummary[] }>("/api/applications")).applications,
  get: (id: string) => api.get<ApplicationWithFields>(`/api/applications/${encodeURIComponent(id)}`),
  create: (payload: ApplicationPayload) => api.post<{ application: AppDetail }>("/api/applications", { ...payload }),
  update: (id: string, payload: ApplicationPayload) =>
    api.put<ApplicationWithFields>(`/api/applications/${encodeURIComponent(id)}`, { ...payload }),
  remove: (id: string) => api.delete<void>(`/api/applications/${encodeURIComponent(id)}`),
  clearData: (id: string) => api.delete<ClearDataResult>(`/api/applications/${encodeURIComponent(id)}/submissions`),
  usage: () => api.get<OwnerUsage>("/api/usage"),
  teamMembers: async () => (await api.get<{ members?: TeamMember[] }>("/api/team/members?owner=me")).members ?? [],
};
