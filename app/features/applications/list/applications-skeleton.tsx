import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { APPLICATION_GRID } from "./application-grid.ts";

export function ApplicationsSkeleton() {
  const { t } = useTranslation("applications");
  return (
    <div role="status" aria-label={t("list.loading")} className={APPLICATION_GRID}>
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex flex-col gap-4 rounded-lg border bg-card p-5">
          <div className="flex gap-3">
            <Skeleton className="size-11 rounded-lg" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-full" />
            </div>
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-5 w-14 rounded-full" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-14 w-full" />
          <div className="grid grid-cols-2 gap-2">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        </div>
      ))}
    </div>
  );
}
