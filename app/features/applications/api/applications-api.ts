import type { Language } from "../../../../shared/i18n/languages.ts";
import { api } from "../../../lib/api-client.ts";
import { callApi } from "../../../lib/api-call.ts";
import * as contracts from "../../../../shared/api/contracts/applications.ts";
import { getUsage } from "../../../../shared/api/contracts/limits.ts";
import { clearApplicationData } from "../../../lib/clear-application-data.ts";
import type { FieldType } from "../../../../shared/fields/field-types.ts";
import type { ApplicationVisibility } from "../../../../shared/fields/field-config.ts";
import type {
  ApplicationDetail,
  ApplicationSummary,
  ApplicationWithFields,
} from "../../../../shared/applications/application-dtos.ts";
import type { TeamMember as TeamMemberDto } from "../../../../shared/team/team-dtos.ts";
import type { SubscriptionDto } from "../../../../shared/billing/billing-dtos.ts";
import type { FormVersionsResponse } from "../../../../shared/applications/form-version-dtos.ts";

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
  sectionPages: boolean;
  language?: Language;
  fields: {
    id?: string;
    fieldType: FieldType;
    label: string;
    name: string;
    parentName: string | null;
    position: number;
    config: Record<string, unknown>;
  }[];
  members?: MemberSelection[];
}

/** What the designer's member picker reads of GET /api/team/members. */
export type TeamMember = Pick<TeamMemberDto, "id" | "name" | "email" | "status">;

/** GET /api/usage: the signed-in user's plan as an owner, its limits and what their own applications use. */
export type OwnerUsage = Pick<SubscriptionDto, "tier" | "limits" | "usage" | "isSuperAdmin">;

export const APPLICATIONS_QUERY_KEY = ["applications"] as const;
/** The subscription pages refresh this key after a plan change. */
export const USAGE_QUERY_KEY = ["usage"] as const;
export const applicationQueryKey = (id: string) => ["application", id] as const;
export const formVersionsQueryKey = (id: string) => ["application", id, "versions"] as const;

export const applicationsApi = {
  list: async (): Promise<ApplicationSummary[]> => (await callApi(contracts.listApplications, {})).applications,
  get: (id: string): Promise<ApplicationWithFields> => callApi(contracts.getApplication, { params: { id } }),
  create: (payload: ApplicationPayload) =>
    api.post<{ application: ApplicationDetail }>("/api/applications", { ...payload }),
  update: (id: string, payload: ApplicationPayload) =>
    api.put<ApplicationWithFields>(`/api/applications/${encodeURIComponent(id)}`, { ...payload }),
  versions: async (id: string): Promise<FormVersionsResponse["versions"]> =>
    (await callApi(contracts.listFormVersions, { params: { id } })).versions,
  remove: (id: string) => callApi(contracts.deleteApplication, { params: { id } }),
  clearData: clearApplicationData,
  usage: (): Promise<OwnerUsage> => callApi(getUsage, {}),
  teamMembers: async () => (await api.get<{ members?: TeamMember[] }>("/api/team/members?owner=me")).members ?? [],
};
