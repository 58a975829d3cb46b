import { useQuery } from "@tanstack/react-query";
import { api, apiFetch } from "../../lib/api-client.ts";
import type { ProfileInput, ProfileUpdate } from "../../../shared/accounts/registration-schema.ts";
import type { ChangePasswordInput } from "../../../shared/accounts/credentials-schemas.ts";
import type { Language } from "../../../shared/i18n/languages.ts";

/** GET /api/account/profile (server/presenters/profile-presenter.ts). */
export interface Profile extends ProfileInput {
  email: string;
  locale: Language;
}

export const PROFILE_QUERY_KEY = ["account", "profile"] as const;

export const accountApi = {
  profile: async () => (await api.get<{ profile: Profile }>("/api/account/profile")).profile,
  updateProfile: async (changes: ProfileUpdate) =>
    (await api.patch<{ profile: Profile }>("/api/account/profile", changes)).profile,
  deleteAccount: (password: string) => apiFetch<void>("/api/account", { method: "DELETE", json: { password } }),
  changePassword: (input: ChangePasswordInput) =>
    api.post("/api/auth/change-password", {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      revokeOtherSessions: true,
    }),
};

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: accountApi.profile });
}
