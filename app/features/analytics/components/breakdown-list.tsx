import { useTranslation } from "react-i18next";
import type { BreakdownEntry } from "../../../../shared/analytics/summary.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";

/** A ranked list (top pages, referrers, languages, devices) with a bar showing each entry's share. */
export function BreakdownList({
  title,
  entries,
  label,
}: {
  title: string;
  entries: BreakdownEntry[];
  label(value: string): string;
}) {
  const { t } = useTranslation("analytics");
  const max = Math.max(1, ...entries.map((entry) => entry.pageViews));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {entries.map((entry) => (
              <li key={entry.value} className="text-sm">
                <div className="flex justify-between gap-2">
                  <span className="truncate" title={label(entry.value)}>
                    {label(entry.value)}
                  </span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">
                    {t("breakdowns.views", { count: entry.pageViews })}
                  </span>
                </div>
                <div className="mt-1 h-1.5 rounded bg-muted" aria-hidden>
                  <div className="h-full rounded bg-primary" style={{ width: `${(entry.pageViews / max) * 100}%` }} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
