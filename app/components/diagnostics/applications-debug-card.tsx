import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CheckCircle2, RotateCcw, XCircle } from "lucide-react";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { DIAGNOSTIC_CHECKS, runDiagnostics } from "./diagnostic-checks.ts";

/**
 * 'Debug de Aplicações' (spec 000 §2): runs the four diagnostic queries and shows each outcome. Shown by the
 * applications home when its list fails to load and by /debug-permissions.
 */
export function ApplicationsDebugCard() {
  const { t } = useTranslation("diagnostics");
  const query = useQuery({ queryKey: ["diagnostics"], queryFn: runDiagnostics, staleTime: 0, gcTime: 0 });

  return (
    <Card data-testid="applications-debug-card">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          {query.isFetching ? null : <RotateCcw aria-hidden />}
          {t("rerun")}
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2" aria-busy={query.isPending}>
          {query.data
            ? query.data.map((result) => (
                <li key={result.check} className="flex items-start gap-2 text-sm" data-check={result.check}>
                  {result.ok ? (
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                  ) : (
                    <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                  )}
                  <span>
                    <span className="font-medium">{t(`checks.${result.check}.label`)}</span>
                    {": "}
                    <span className="text-muted-foreground">
                      {result.ok ? t(`checks.${result.check}.ok`, result.detail) : t("failed", result.detail)}
                    </span>
                    <span className="sr-only">{result.ok ? t("okStatus") : t("failedStatus")}</span>
                  </span>
                </li>
              ))
            : DIAGNOSTIC_CHECKS.map((check) => <Skeleton key={check} className="h-5 w-full" />)}
        </ul>
      </CardContent>
    </Card>
  );
}
