import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { overviewApi, overviewKeys } from "../api/overview-api.ts";
import { useDataSearch } from "../filters/use-data-search.ts";

/**
 * The state of /data and /maps: the user's applications, the chosen one (`application` in the URL, all when absent
 * or no longer readable) and the shared filter; `query` is what the overview endpoints get.
 */
export function useOverview() {
  const view = useQuery({ queryKey: overviewKeys.view, queryFn: overviewApi.view });
  const [params] = useSearchParams();
  const { search, update, setFilter } = useDataSearch();
  const asked = params.get("application");
  const applicationId = asked && view.data?.applications.some((application) => application.id === asked) ? asked : null;
  const query = useMemo(() => {
    const next = new URLSearchParams(search.filterQuery);
    if (applicationId) next.set("application", applicationId);
    return next.toString();
  }, [search.filterQuery, applicationId]);

  /** Per-field conditions belong to one form: they go when the application changes. */
  const selectApplication = (id: string | null) => {
    const changes: Record<string, string | null> = { application: id };
    for (const name of params.keys()) if (name.startsWith("f.")) changes[name] = null;
    update(changes);
  };
  return { view, search, setFilter, applicationId, selectApplication, query };
}
