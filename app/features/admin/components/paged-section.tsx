import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Page } from "../../../../shared/admin/admin-dtos.ts";
import type { ListParams } from "../api/admin-api.ts";
import { ListToolbar } from "./list-toolbar.tsx";
import { Pager } from "./pager.tsx";
import { QueryState } from "./query-state.tsx";

interface PagedSectionProps<T> {
  label: string;
  searchLabel: string;
  searchPlaceholder: string;
  query: UseQueryResult<Page<T>>;
  params: ListParams;
  setParams: (next: Partial<ListParams>) => void;
  /** Filters beside the search box. */
  filters?: ReactNode;
  /** The page's table. */
  children: (items: T[]) => ReactNode;
}

/** An admin list: search box, the server's page of rows (loading, error, empty states) and the pager. */
export function PagedSection<T>({
  label,
  searchLabel,
  searchPlaceholder,
  query,
  params,
  setParams,
  filters,
  children,
}: PagedSectionProps<T>) {
  return (
    <section className="flex flex-col gap-4" aria-label={label}>
      <ListToolbar
        query={params.q}
        label={searchLabel}
        placeholder={searchPlaceholder}
        onSearch={(q) => setParams({ q, page: 1 })}
      >
        {filters}
      </ListToolbar>
      <QueryState query={query}>
        {(data) => (
          <>
            {children(data.items)}
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => setParams({ page })}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
