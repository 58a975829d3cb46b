import { useTranslation } from "react-i18next";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsSummary } from "../../../../shared/analytics/summary.ts";

/** Visitors and page views per day over the selected period. */
export function TrafficChart({ daily }: { daily: AnalyticsSummary["daily"] }) {
  const { t, i18n } = useTranslation("analytics");
  const format = new Intl.DateTimeFormat(i18n.language, { day: "2-digit", month: "2-digit", timeZone: "UTC" });
  const data = daily.map((day) => ({ ...day, label: format.format(new Date(`${day.day}T00:00:00Z`)) }));
  return (
    <div className="h-72 w-full" role="img" aria-label={t("traffic.title")}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Line
            type="monotone"
            dataKey="pageViews"
            name={t("totals.pageViews")}
            stroke="#2563eb"
            strokeWidth={2}
            dot={false}
          />
          <Line
            type="monotone"
            dataKey="visitors"
            name={t("totals.visitors")}
            stroke="#0f766e"
            strokeWidth={2}
            dot={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
