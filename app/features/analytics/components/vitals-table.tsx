import { useTranslation } from "react-i18next";
import type { VitalsEntry } from "../../../../shared/analytics/summary.ts";
import { isVitalMetric, vitalBand, type VitalBand } from "../../../../shared/analytics/vitals.ts";
import { cn } from "../../../lib/cn.ts";

const BAND_COLOR: Record<VitalBand, string> = {
  good: "bg-emerald-600",
  needsImprovement: "bg-amber-500",
  poor: "bg-red-600",
};
const BAND_TEXT: Record<VitalBand, string> = {
  good: "text-emerald-700 dark:text-emerald-400",
  needsImprovement: "text-amber-700 dark:text-amber-400",
  poor: "text-red-700 dark:text-red-400",
};
const BANDS: VitalBand[] = ["good", "needsImprovement", "poor"];

function formatValue(metric: string, value: number, language: string): string {
  if (metric === "CLS") return value.toLocaleString(language, { maximumFractionDigits: 3 });
  return `${Math.round(value).toLocaleString(language)} ms`;
}

/** p75 per route and metric, coloured by web-vitals' band, with the share of samples in each band. */
export function VitalsTable({ vitals }: { vitals: VitalsEntry[] }) {
  const { t, i18n } = useTranslation("analytics");
  if (vitals.length === 0) return <p className="text-sm text-muted-foreground">{t("empty")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-2 pr-3 font-medium">{t("vitals.route")}</th>
            <th className="py-2 pr-3 font-medium">{t("vitals.metric")}</th>
            <th className="py-2 pr-3 text-right font-medium">{t("vitals.p75")}</th>
            <th className="py-2 pr-3 text-right font-medium">{t("vitals.samples")}</th>
            <th className="min-w-40 py-2 font-medium">{t("vitals.bands")}</th>
          </tr>
        </thead>
        <tbody>
          {vitals.map((row) => {
            const band = isVitalMetric(row.metric) ? vitalBand(row.metric, row.p75) : null;
            return (
              <tr key={`${row.path} ${row.metric}`} className="border-t">
                <td className="max-w-56 truncate py-2 pr-3" title={row.path}>
                  {row.path}
                </td>
                <td className="py-2 pr-3">{row.metric}</td>
                <td className={cn("py-2 pr-3 text-right font-semibold tabular-nums", band && BAND_TEXT[band])}>
                  {formatValue(row.metric, row.p75, i18n.language)}
                  {band ? <span className="sr-only"> ({t(`vitals.${band}`)})</span> : null}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{row.samples}</td>
                <td className="py-2">
                  <div
                    className="flex h-2.5 overflow-hidden rounded bg-muted"
                    role="img"
                    aria-label={BANDS.map((key) => `${t(`vitals.${key}`)}: ${row[key]}`).join(", ")}
                  >
                    {BANDS.map((key) =>
                      row[key] > 0 ? (
                        <div
                          key={key}
                          className={BAND_COLOR[key]}
                          style={{ width: `${(row[key] / Math.max(1, row.samples)) * 100}%` }}
                        />
                      ) : null,
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ul className="mt-3 flex flex-wrap gap-4 text-xs text-muted-foreground">
        {BANDS.map((key) => (
          <li key={key} className="flex items-center gap-1.5">
            <span className={cn("inline-block size-2.5 rounded-sm", BAND_COLOR[key])} aria-hidden />
            {t(`vitals.${key}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
