import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { History, RotateCcw } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { applicationsApi, formVersionsQueryKey } from "../api/applications-api.ts";

/** The form's versions, newest first, read-only: which one phones collect with now and how the form got there. */
export function FormVersionHistory({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation("form-versions");
  const id = useId();
  const versions = useQuery({
    queryKey: formVersionsQueryKey(applicationId),
    queryFn: () => applicationsApi.versions(applicationId),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-md border px-3 py-2.5">
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-medium">
        <History className="size-4" aria-hidden />
        {t("history.title")}
      </h3>
      <p className="text-xs text-muted-foreground">{t("history.description")}</p>
      {versions.isPending ? (
        <div role="status" aria-label={t("history.loading")} className="flex flex-col gap-1.5">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : versions.isError ? (
        <div role="alert" className="flex items-center justify-between gap-2 text-sm text-destructive">
          {t("history.error")}
          <Button type="button" variant="outline" size="sm" onClick={() => void versions.refetch()}>
            <RotateCcw aria-hidden />
            {t("history.retry")}
          </Button>
        </div>
      ) : (
        <ol className="flex max-h-56 flex-col gap-1.5 overflow-y-auto" data-testid="form-version-history">
          {versions.data.map((version) => (
            <li key={version.version} className="flex flex-col rounded-md bg-muted/50 px-2.5 py-1.5 text-sm">
              <span className="flex items-center gap-2 font-medium">
                {t("history.version", { version: version.version })}
                {version.current ? <Badge variant="secondary">{t("history.current")}</Badge> : null}
              </span>
              <span className="text-xs text-muted-foreground">
                {date.format(new Date(version.createdAt))} ·{" "}
                {t("history.by", { name: version.createdByName ?? t("history.unknownAuthor") })} ·{" "}
                {t("history.fields", { count: version.fieldCount })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
