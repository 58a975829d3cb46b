import { useQuery } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../lib/api-call.ts";
import { callAuth } from "../../lib/better-auth.ts";
import { deleteAccount, getProfile, updateProfile } from "../../../shared/api/contracts/account.ts";
import type { ContractResponse } from "../../../shared/api/route-contract.ts";
import type { ProfileUpdate } from "../../../shared/accounts/registration-schema.ts";
import type { ChangePasswordInput } from "../../../shared/accounts/credentials-schemas.ts";

/** GET /api/account/profile (server/presenters/profile-presenter.ts). */
export type Profile = ContractResponse<typeof getProfile>["profile"];

export const PROFILE_QUERY_KEY = queryKeyOf(getProfile, {});

export const accountApi = {
  profile: async () => (await callApi(getProfile, {})).profile,
  updateProfile: async (changes: ProfileUpdate) => (await callApi(updateProfile, { body: changes })).profile,
  deleteAccount: (password: string) => callApi(deleteAccount, { body: { password } }),
  changePassword: (input: ChangePasswordInput) =>
    callAuth("/change-password", {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      revokeOtherSessions: true,
    }),
};

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: accountApi.profile });
}
