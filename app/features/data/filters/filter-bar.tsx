import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Filter, Search, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import { NumberBoundInput } from "./number-bound-input.tsx";
import { authorFilter, authorValue, LINK_PREFIX } from "./author-filter.ts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import { REVIEW_STATES, isReviewState } from "../../../../shared/records/review-states.ts";
import { recordLayout } from "../../../../shared/records/record-layout.ts";
import {
  activeFilterCount,
  filterKindOf,
  isEmptyFilter,
  type FieldCondition,
  type RecordFilter,
} from "../../../../shared/records/record-filter.ts";
import type { DataView } from "../../../../shared/records/record-view.ts";

const SEARCH_DEBOUNCE_MS = 300;
/** Radix Select reserves "" for "no value": the "everyone"/"any" item needs a value of its own. */
const ALL = "__all__";

interface FilterBarProps {
  /** One application's data view, or the overview's (no fields: no per-field filters). */
  view: Pick<DataView, "fields" | "submitters" | "publicLinks"> & {
    capabilities: Pick<DataView["capabilities"], "canViewAllSubmissions">;
  };
  filter: RecordFilter;
  onChange(filter: RecordFilter): void;
}

function optionsOf(config: Record<string, unknown>): string[] {
  return Array.isArray(config.options)
    ? config.options.filter((option): option is string => typeof option === "string")
    : [];
}

/** One filter bar shared by the three tabs; every change goes to the URL, which every tab reads. */
export function FilterBar({ view, filter, onChange }: FilterBarProps) {
  const { t } = useTranslation(["data", "review"]);
  const [text, setText] = useState(filter.q ?? "");
  const [moreOpen, setMoreOpen] = useState(Object.keys(filter.fields).length > 0);
  const [shownOnPhone, setShownOnPhone] = useState(false);
  // Answers inside a repeat's entries are not a record's answers: the filters read top-level answers only.
  const filterable = recordLayout(view.fields).answered.filter((field) => filterKindOf(field.fieldType) !== null);
  const ids = useId();

  // The URL can change the search too (clear filters, back button): follow it.
  const [followedQ, setFollowedQ] = useState(filter.q);
  if (followedQ !== filter.q) {
    setFollowedQ(filter.q);
    setText(filter.q ?? "");
  }
  useEffect(() => {
    if (text === (filter.q ?? "")) return;
    const timer = setTimeout(() => onChange({ ...filter, q: text.trim() || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filter, onChange]);

  const set = (changes: Partial<RecordFilter>) => onChange({ ...filter, ...changes });
  const setField = (fieldId: string, condition: FieldCondition | null) => {
    const fields = { ...filter.fields };
    if (condition) fields[fieldId] = condition;
    else delete fields[fieldId];
    onChange({ ...filter, fields });
  };
  const setBound = (fieldId: string, bound: "min" | "max", value: number | undefined) => {
    const current = filter.fields[fieldId];
    const range = current?.kind === "range" ? { ...current } : { kind: "range" as const };
    if (value === undefined) delete range[bound];
    else range[bound] = value;
    setField(fieldId, range.min === undefined && range.max === undefined ? null : range);
  };

  const active = activeFilterCount(filter);
  return (
    <div className="space-y-2">
      {/* On a phone the filters fold behind one button, so the list or the map starts near the top. */}
      <Button
        type="button"
        variant="outline"
        className="sm:hidden"
        aria-expanded={shownOnPhone}
        aria-controls={`${ids}-filters`}
        onClick={() => setShownOnPhone((shown) => !shown)}
      >
        <Filter /> {t("filters.title")}
        {active > 0 && (
          <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground" data-testid="active-filters">
            {t("filters.activeCount", { count: active })}
          </span>
        )}
      </Button>
      <section
        id={`${ids}-filters`}
        aria-label={t("filters.title")}
        className={cn("space-y-3 rounded-lg border border-border bg-card p-3", shownOnPhone ? "" : "hidden sm:block")}
      >
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
            <span className="text-muted-foreground">{t("filters.search")}</span>
            <span className="relative">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                type="search"
                className="pl-9"
                value={text}
                placeholder={t("filters.searchPlaceholder")}
                onChange={(event) => setText(event.target.value)}
              />
            </span>
          </label>
          {(["from", "to"] as const).map((bound) => (
            <div key={bound} className="flex w-40 flex-col gap-1 text-sm">
              <label htmlFor={`${ids}-${bound}`} className="text-muted-foreground">
                {t(`filters.${bound}`)}
              </label>
              <DatePicker
                id={`${ids}-${bound}`}
                value={filter[bound]?.slice(0, 10)}
                onChange={(day) => set({ [bound]: day })}
              />
            </div>
          ))}
          {view.capabilities.canViewAllSubmissions && (
            <div className="flex min-w-44 flex-col gap-1 text-sm">
              <span id={`${ids}-submitter`} className="text-muted-foreground">
                {t("filters.submitter")}
              </span>
              <Select value={authorValue(filter)} onValueChange={(value) => set(authorFilter(value))}>
                <SelectTrigger aria-labelledby={`${ids}-submitter`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>{t("filters.everyone")}</SelectItem>
                  {view.submitters.map((submitter) => (
                    <SelectItem key={submitter.id} value={submitter.id}>
                      {submitter.name || submitter.email}
                    </SelectItem>
                  ))}
                  {(view.publicLinks ?? []).map((link) => (
                    <SelectItem key={link.id} value={`${LINK_PREFIX}${link.id}`}>
                      {t("list.viaLink", { name: link.name })}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          <div className="flex min-w-40 flex-col gap-1 text-sm">
            <span id={`${ids}-review`} className="text-muted-foreground">
              {t("review:filter.label")}
            </span>
            <Select
              value={filter.review ?? ALL}
              onValueChange={(review) => set({ review: isReviewState(review) ? review : undefined })}
            >
              <SelectTrigger aria-labelledby={`${ids}-review`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("review:filter.any")}</SelectItem>
                {REVIEW_STATES.map((state) => (
                  <SelectItem key={state} value={state}>
                    {t(`review:states.${state}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {filterable.length > 0 && (
            <Button
              type="button"
              variant="outline"
              aria-expanded={moreOpen}
              onClick={() => setMoreOpen((open) => !open)}
            >
              <Filter /> {t("filters.byField")}
            </Button>
          )}
          {!isEmptyFilter(filter) && (
            <Button type="button" variant="ghost" onClick={() => onChange({ fields: {} })}>
              <X /> {t("filters.clear")}
            </Button>
          )}
        </div>
        {moreOpen && filterable.length > 0 && (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {filterable.map((field) => {
              const kind = filterKindOf(field.fieldType);
              const condition = filter.fields[field.id];
              const label = field.removed ? t("removedField", { label: field.label }) : field.label;
              if (kind === "number") {
                const range = condition?.kind === "range" ? condition : undefined;
                return (
                  <fieldset key={field.id} className="flex flex-col gap-1 text-sm">
                    <legend className="mb-1 text-muted-foreground">{label}</legend>
                    <div className="flex gap-2">
                      {(["min", "max"] as const).map((bound) => (
                        <NumberBoundInput
                          key={bound}
                          label={t(`filters.${bound}`, { label })}
                          placeholder={t(`filters.${bound}Short`)}
                          value={range?.[bound]}
                          onValue={(value) => setBound(field.id, bound, value)}
                        />
                      ))}
                    </div>
                  </fieldset>
                );
              }
              const options: [string, string][] =
                kind === "yes_no"
                  ? [
                      ["true", t("answers.yes")],
                      ["false", t("answers.no")],
                    ]
                  : optionsOf(field.config).map((option) => [option, option]);
              return (
                <div key={field.id} className="flex flex-col gap-1 text-sm">
                  <span id={`${ids}-${field.id}`} className="text-muted-foreground">
                    {label}
                  </span>
                  <Select
                    value={condition?.kind === "equals" ? condition.value : ALL}
                    onValueChange={(value) => setField(field.id, value === ALL ? null : { kind: "equals", value })}
                  >
                    <SelectTrigger aria-labelledby={`${ids}-${field.id}`}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={ALL}>{t("filters.any")}</SelectItem>
                      {options.map(([value, text]) => (
                        <SelectItem key={value} value={value}>
                          {text}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              );
            })}
          </div>
        )}
      </section>
    </div>
  );
}
