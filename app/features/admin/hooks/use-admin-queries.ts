import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf, resourceKey } from "../../../lib/api-call.ts";
import * as admin from "../../../../shared/api/contracts/admin.ts";
import type { ContractInput, RouteContract } from "../../../../shared/api/route-contract.ts";
import { listInput, messageInput, messageListInput, userInput, type ListParams } from "../api/admin-api.ts";
import type { MessageKind } from "../../../../shared/admin/admin-schemas.ts";

/** Every admin query lives under this key: a change re-reads the lists and pages that show it. */
export const ADMIN_KEY = resourceKey("/api/admin");

// The panel shows other people's live data: no retries on a refusal, fresh on every visit.
const LIVE = { retry: 1, staleTime: 0 } as const;

function useAdminRead<const C extends RouteContract>(contract: C, input: ContractInput<C>) {
  return useQuery({ queryKey: queryKeyOf(contract, input), queryFn: () => callApi(contract, input), ...LIVE });
}

/** A paged list keeps showing the page it had while the next one loads. */
function useAdminList<const C extends RouteContract>(contract: C, input: ContractInput<C>) {
  return useQuery({
    queryKey: queryKeyOf(contract, input),
    queryFn: () => callApi(contract, input),
    placeholderData: keepPreviousData,
    ...LIVE,
  });
}

export const useAdminUsers = (params: ListParams) => useAdminList(admin.listAdminUsers, listInput(params));
export const useAdminUser = (id: string) => useAdminRead(admin.getAdminUser, userInput(id));
export const useAdminApplications = (params: ListParams) =>
  useAdminList(admin.listAdminApplications, listInput(params));
export const useAdminMessages = (params: ListParams) => useAdminList(admin.listAdminMessages, messageListInput(params));
export const useAdminMessage = (kind: MessageKind, id: string) =>
  useAdminRead(admin.getAdminMessage, messageInput(kind, id));
export const useAdminEmails = (params: ListParams) => useAdminList(admin.listAdminEmails, listInput(params));
export const useAdminEmail = (id: string) => useAdminRead(admin.getAdminEmail, { params: { id } });
export const useAdminRevenue = () => useAdminRead(admin.getAdminRevenue, {});

/** A change made from the panel; everything under ADMIN_KEY is re-read once it settles. */
export function useAdminMutation<Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: Args) => run(...args),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
