import { useSearchParams } from "react-router";
import { MESSAGE_STATUSES, type MessageStatus } from "../../../../shared/admin/admin-schemas.ts";
import type { ListParams } from "../api/admin-api.ts";

/** A list's search, page and status filter live in the URL: back/forward and shared links keep them. */
export function useListParams(): [ListParams, (next: Partial<ListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const rawStatus = search.get("status");
  const status = (MESSAGE_STATUSES as readonly string[]).includes(rawStatus ?? "")
    ? (rawStatus as MessageStatus)
    : undefined;
  const params: ListParams = { q: search.get("q") ?? "", page, status };
  const update = (next: Partial<ListParams>) => {
    const merged = { ...params, ...next };
    const out = new URLSearchParams();
    if (merged.q) out.set("q", merged.q);
    if (merged.page > 1) out.set("page", String(merged.page));
    if (merged.status) out.set("status", merged.status);
    setSearch(out, { replace: true });
  };
  return [params, update];
}
