import type { Language } from "../../../../shared/i18n/languages.ts";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import * as contracts from "../../../../shared/api/contracts/applications.ts";
import type { ContractInput } from "../../../../shared/api/route-contract.ts";
import { listTeamMembers } from "../../../../shared/api/contracts/team.ts";
import { getUsage } from "../../../../shared/api/contracts/limits.ts";
import { clearApplicationData } from "../../../lib/clear-application-data.ts";
import type { FieldType } from "../../../../shared/fields/field-types.ts";
import type { ApplicationVisibility } from "../../../../shared/fields/field-config.ts";
import type { ApplicationSummary, ApplicationWithFields } from "../../../../shared/applications/application-dtos.ts";
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

/** The list's key is the parent of every application's: invalidating it refreshes whatever is read under them. */
export const APPLICATIONS_QUERY_KEY = queryKeyOf(contracts.listApplications, {});
/** The subscription pages refresh this key after a plan change. */
export const USAGE_QUERY_KEY = queryKeyOf(getUsage, {});
export const applicationQueryKey = (id: string) => queryKeyOf(contracts.getApplication, { params: { id } });
export const formVersionsQueryKey = (id: string) => queryKeyOf(contracts.listFormVersions, { params: { id } });
const TEAM_MEMBERS_QUERY = { query: { owner: "me" } };
export const TEAM_MEMBERS_QUERY_KEY = queryKeyOf(listTeamMembers, TEAM_MEMBERS_QUERY);

/**
 * The contract's body types each field by its `fieldType` (one schema per type); the designer builds fields whose
 * type is known only at run time, so it cannot name the member. The server checks the body against that schema.
 */
const formBody = (payload: ApplicationPayload) =>
  payload as ContractInput<typeof contracts.createApplication>["body"] &
    ContractInput<typeof contracts.updateApplication>["body"];

export const applicationsApi = {
  list: async (): Promise<ApplicationSummary[]> => (await callApi(contracts.listApplications, {})).applications,
  get: (id: string): Promise<ApplicationWithFields> => callApi(contracts.getApplication, { params: { id } }),
  create: (payload: ApplicationPayload) => callApi(contracts.createApplication, { body: formBody(payload) }),
  update: (id: string, payload: ApplicationPayload): Promise<ApplicationWithFields> =>
    callApi(contracts.updateApplication, { params: { id }, body: formBody(payload) }),
  versions: async (id: string): Promise<FormVersionsResponse["versions"]> =>
    (await callApi(contracts.listFormVersions, { params: { id } })).versions,
  remove: (id: string) => callApi(contracts.deleteApplication, { params: { id } }),
  clearData: clearApplicationData,
  usage: (): Promise<OwnerUsage> => callApi(getUsage, {}),
  teamMembers: async (): Promise<TeamMember[]> => (await callApi(listTeamMembers, TEAM_MEMBERS_QUERY)).members,
};
