import { useId, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";
import { formatNumber, type RecordField } from "../../../../shared/records/answer-format.ts";
import { chartableFields, type ChartableField } from "../../../../shared/records/chartable.ts";
import { TIMELINE_INTERVALS, type TimelineInterval } from "../../../../shared/records/record-filter.ts";
import type { ChartData, TimelineData } from "../../../../shared/records/record-view.ts";
import { dataApi, dataKeys } from "../api/data-api.ts";
import { useAnswerText } from "../use-answer-text.ts";
import { pieSlices, type Datum } from "./pie-slices.ts";

export const CHART_TYPES = ["bar", "line", "pie", "area", "radar"] as const;
export type ChartType = (typeof CHART_TYPES)[number];
/** The pseudo-field "records over time", per interval. */
const TIMELINE_PREFIX = "timeline:";
const COLORS = ["#0f766e", "#f97316", "#2563eb", "#a21caf", "#ca8a04", "#dc2626", "#16a34a", "#0891b2"] as const;

interface RecordsChartsProps {
  applicationId: string;
  fields: RecordField[];
  filterQuery: string;
  selected: string | null;
  chartType: string | null;
  onChange(changes: { chart?: string; chartType?: string }): void;
}

function ChartOf({ type, data, label }: { type: ChartType; data: Datum[]; label: string }) {
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="name" />
      <YAxis allowDecimals={false} />
      <Tooltip />
    </>
  );
  switch (type) {
    case "line":
      return (
        <LineChart data={data}>
          {axes}
          <Line type="monotone" dataKey="value" name={label} stroke={COLORS[0]} strokeWidth={2} />
        </LineChart>
      );
    case "area":
      return (
        <AreaChart data={data}>
          {axes}
          <Area type="monotone" dataKey="value" name={label} stroke={COLORS[0]} fill={COLORS[0]} fillOpacity={0.3} />
        </AreaChart>
      );
    case "pie": {
      const { slices, stroke } = pieSlices(data, COLORS, "var(--color-card)");
      return (
        <PieChart>
          <Tooltip />
          <Legend />
          <Pie data={slices} dataKey="value" nameKey="name" outerRadius="75%" paddingAngle={0} stroke={stroke} label>
            {slices.map((slice) => (
              <Cell key={slice.name} fill={slice.fill} stroke={stroke} />
            ))}
          </Pie>
        </PieChart>
      );
    }
    case "radar":
      return (
        <RadarChart data={data} outerRadius="75%">
          <PolarGrid />
          <PolarAngleAxis dataKey="name" />
          <PolarRadiusAxis allowDecimals={false} />
          <Tooltip />
          <Radar dataKey="value" name={label} stroke={COLORS[0]} fill={COLORS[0]} fillOpacity={0.4} />
        </RadarChart>
      );
    default:
      return (
        <BarChart data={data}>
          {axes}
          <Bar dataKey="value" name={label} fill={COLORS[0]} />
        </BarChart>
      );
  }
}

/** The charts tab: the user picks a field (or records over time) and a chart type; the server aggregates. */
export default function RecordsCharts({
  applicationId,
  fields,
  filterQuery,
  selected,
  chartType,
  onChange,
}: RecordsChartsProps) {
  const { t } = useTranslation("data");
  const format = useAnswerText();
  const chartable = useMemo(() => chartableFields(fields), [fields]);
  const ids = useId();
  const choice =
    selected && (selected.startsWith(TIMELINE_PREFIX) || chartable.some(({ field }) => field.id === selected))
      ? selected
      : (chartable[0]?.field.id ?? `${TIMELINE_PREFIX}day`);
  const type: ChartType = (CHART_TYPES as readonly string[]).includes(chartType ?? "")
    ? (chartType as ChartType)
    : "bar";
  const interval = choice.startsWith(TIMELINE_PREFIX)
    ? (choice.slice(TIMELINE_PREFIX.length) as TimelineInterval)
    : null;
  const field = chartable.find((candidate) => candidate.field.id === choice)?.field;
  const fieldLabel = (field: RecordField) => (field.removed ? t("removedField", { label: field.label }) : field.label);
  const optionLabel = ({ field, repeat }: ChartableField) =>
    field.fieldType === "repeat"
      ? t("charts.repeatCount", { label: fieldLabel(field) })
      : repeat
        ? t("charts.repeatChild", { repeat: repeat.label, label: fieldLabel(field) })
        : fieldLabel(field);

  const query = useQuery({
    queryKey: interval
      ? dataKeys.timeline(applicationId, filterQuery, interval)
      : dataKeys.chart(applicationId, filterQuery, choice),
    queryFn: async (): Promise<{ timeline: TimelineData } | { chart: ChartData }> =>
      interval
        ? { timeline: await dataApi.timeline(applicationId, filterQuery, interval) }
        : { chart: await dataApi.chart(applicationId, filterQuery, choice) },
  });

  let data: Datum[] = [];
  let stats: { label: string; value: string }[] = [];
  if (query.data && "timeline" in query.data) {
    data = query.data.timeline.points.map((point) => ({
      name: format.answer({ fieldType: "date", config: {} }, point.period),
      value: point.count,
    }));
  } else if (query.data && "chart" in query.data && field) {
    const chart = query.data.chart;
    if (chart.kind === "distribution") {
      data = chart.values.map((entry) => ({
        name: field.fieldType === "yes_no" ? t(entry.value === "true" ? "answers.yes" : "answers.no") : entry.value,
        value: entry.count,
      }));
    } else {
      const number = (value: number | null) =>
        value === null ? "—" : formatNumber(value, field.config.format, format.language);
      stats = [
        { label: t("charts.stats.count"), value: String(chart.stats.count) },
        { label: t("charts.stats.min"), value: number(chart.stats.min) },
        { label: t("charts.stats.max"), value: number(chart.stats.max) },
        { label: t("charts.stats.avg"), value: number(chart.stats.avg) },
        { label: t("charts.stats.sum"), value: number(chart.stats.sum) },
      ];
      data = chart.histogram.map((bucket) => ({
        name: `${number(bucket.from)} – ${number(bucket.to)}`,
        value: bucket.count,
      }));
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <div className="flex min-w-56 flex-col gap-1 text-sm">
          <span id={`${ids}-field`} className="text-muted-foreground">
            {t("charts.field")}
          </span>
          <Select value={choice} onValueChange={(value) => onChange({ chart: value })}>
            <SelectTrigger aria-labelledby={`${ids}-field`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {chartable.map((candidate) => (
                <SelectItem key={candidate.field.id} value={candidate.field.id}>
                  {optionLabel(candidate)}
                </SelectItem>
              ))}
              {TIMELINE_INTERVALS.map((value) => (
                <SelectItem key={value} value={`${TIMELINE_PREFIX}${value}`}>
                  {t(`charts.timeline.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex min-w-40 flex-col gap-1 text-sm">
          <span id={`${ids}-type`} className="text-muted-foreground">
            {t("charts.type")}
          </span>
          <Select value={type} onValueChange={(value) => onChange({ chartType: value })}>
            <SelectTrigger aria-labelledby={`${ids}-type`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CHART_TYPES.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`charts.types.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {stats.length > 0 && (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="chart-stats">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-lg border border-border bg-card p-3">
              <dt className="text-xs text-muted-foreground">{stat.label}</dt>
              <dd className="text-lg font-semibold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {isUnavailableOffline(query) ? (
        <OfflineUnavailable onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <Skeleton className="h-80 w-full" />
      ) : query.isError ? (
        <p className="text-destructive">{t("charts.error")}</p>
      ) : data.every((datum) => datum.value === 0) ? (
        <p className="rounded-lg border border-dashed border-border p-10 text-center text-muted-foreground">
          {t("charts.empty")}
        </p>
      ) : (
        <div
          className="h-80 w-full rounded-lg border border-border bg-card p-2"
          data-testid="chart"
          data-total={data.reduce((sum, datum) => sum + datum.value, 0)}
        >
          <ResponsiveContainer width="100%" height="100%">
            <ChartOf type={type} data={data} label={t("charts.records")} />
          </ResponsiveContainer>
        </div>
      )}
    </div>
  );
}
