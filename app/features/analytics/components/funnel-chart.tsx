import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsSummary } from "../../../../shared/analytics/summary.ts";
import { funnelRates } from "../logic/funnel-rates.ts";

/** visit → sign-up start → sign-up complete → form created → data collected, with the conversion of each step. */
export function FunnelChart({ funnel }: { funnel: AnalyticsSummary["funnel"] }) {
  const { t, i18n } = useTranslation("analytics");
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const rates = funnelRates(funnel);
  const data = rates.map((rate) => ({ ...rate, label: t(`funnel.steps.${rate.step}`) }));
  return (
    <div className="flex flex-col gap-4">
      <div className="h-64 w-full" role="img" aria-label={t("funnel.title")}>
        <ResponsiveContainer width="100%" height="100%">
          {/* Horizontal bars: the steps' names stay readable on a phone. */}
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="label" width={130} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Bar dataKey="visitors" name={t("totals.visitors")} fill="#0f766e" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ol className="grid gap-2 sm:grid-cols-5" data-testid="funnel-steps">
        {data.map((step) => (
          <li key={step.step} className="rounded-md border p-3 text-sm" data-step={step.step}>
            <p className="font-medium">{step.label}</p>
            <p className="text-2xl font-semibold tabular-nums" data-testid="funnel-count">
              {step.visitors}
            </p>
            {step.fromPrevious !== null ? (
              <p className="text-muted-foreground">
                {t("funnel.fromPrevious", { rate: percent.format(step.fromPrevious) })}
              </p>
            ) : null}
            {step.fromFirst !== null && step.step !== "page_view" ? (
              <p className="text-muted-foreground">{t("funnel.fromFirst", { rate: percent.format(step.fromFirst) })}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
