import { useState } from "react";
import * as Popover from "@radix-ui/react-popover";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import {
  clampYear,
  formatTypedDate,
  monthGrid,
  parseTypedDate,
  toIsoDate,
  typedDatePattern,
  weekdayLabels,
  weekStartFor,
  YEAR_MAX,
  YEAR_MIN,
  yearPage,
  YEARS_PER_PAGE,
} from "../../../lib/calendar.ts";
import { datePrecision, hasAppearance } from "../../../../shared/fields/appearances.ts";
import { PartialDateWidget } from "./partial-date-widget.tsx";
import { inputAria, TOUCH_INPUT, type WidgetProps } from "./widget-props.ts";

function todayIso(): string {
  const now = new Date();
  return toIsoDate(now.getFullYear(), now.getMonth(), now.getDate());
}

/**
 * A typed date in the language's order (the keyboard path, always available) plus a calendar: years 1900–2100
 * paged by ten, weeks from Sunday (pt-BR, en) or Monday (es).
 */
export function DateWidget({ field, value, onChange, control }: WidgetProps<"date">) {
  const precision = datePrecision(field.config);
  if (precision !== "day")
    return <PartialDateWidget value={value} onChange={onChange} control={control} precision={precision} />;
  return <DayDateWidget field={field} value={value} onChange={onChange} control={control} />;
}

function DayDateWidget({ field, value, onChange, control }: WidgetProps<"date">) {
  const { t, i18n } = useTranslation("collect");
  const language = i18n.language;
  const iso = typeof value === "string" ? value : "";
  const [text, setText] = useState(() => formatTypedDate(iso, language));
  const [open, setOpen] = useState(false);

  const typed = (next: string) => {
    setText(next);
    onChange(next.trim() === "" ? "" : (parseTypedDate(next, language) ?? next));
  };
  const picked = (day: string) => {
    setText(formatTypedDate(day, language));
    onChange(day);
    setOpen(false);
  };

  return (
    <div className="flex gap-2">
      <Input
        {...inputAria(control)}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t(`date.pattern.${typedDatePattern(language) === "MM/DD/YYYY" ? "monthFirst" : "dayFirst"}`)}
        className={TOUCH_INPUT}
        value={text}
        onChange={(event) => typed(event.target.value)}
      />
      {/* XLSForm `no-calendar`: the typed date only. */}
      {hasAppearance(field.config, "no-calendar") ? null : (
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <Button variant="outline" size="icon" className="size-12" aria-label={t("date.openCalendar")}>
              <CalendarDays className="!size-5" aria-hidden />
            </Button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="end"
              sideOffset={6}
              collisionPadding={8}
              className="z-50 w-[19rem] rounded-lg border bg-card p-3 text-card-foreground shadow-lg"
            >
              <Calendar selected={/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : null} language={language} onPick={picked} />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
    </div>
  );
}

interface CalendarProps {
  selected: string | null;
  language: string;
  onPick: (iso: string) => void;
}

function Calendar({ selected, language, onPick }: CalendarProps) {
  const { t } = useTranslation("collect");
  const start = selected ?? todayIso();
  const [view, setView] = useState<{ year: number; month: number; mode: "days" | "years" }>({
    year: Number(start.slice(0, 4)),
    month: Number(start.slice(5, 7)) - 1,
    mode: "days",
  });
  const weekStart = weekStartFor(language);
  const today = todayIso();

  if (view.mode === "years") {
    const years = yearPage(view.year);
    const first = years[0] ?? YEAR_MIN;
    const last = years[years.length - 1] ?? YEAR_MAX;
    return (
      <div>
        <div className="mb-2 flex items-center justify-between">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("date.previousYears")}
            disabled={first <= YEAR_MIN}
            onClick={() => setView({ ...view, year: first - YEARS_PER_PAGE })}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span className="text-sm font-semibold">
            {first}–{last}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("date.nextYears")}
            disabled={last >= YEAR_MAX}
            onClick={() => setView({ ...view, year: last + 1 })}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
        <div className="grid grid-cols-3 gap-2">
          {years.map((year) => (
            <Button
              key={year}
              variant={year === Number(start.slice(0, 4)) ? "primary" : "outline"}
              className="h-11"
              onClick={() => setView({ year, month: view.month, mode: "days" })}
            >
              {year}
            </Button>
          ))}
        </div>
      </div>
    );
  }

  const monthYear = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(view.year, view.month, 1)),
  );
  // "novembro de 2026" → "Novembro de 2026": only the first letter, CSS capitalize would also raise "De".
  const title = monthYear.charAt(0).toLocaleUpperCase(language) + monthYear.slice(1);
  const longDate = new Intl.DateTimeFormat(language, { dateStyle: "full", timeZone: "UTC" });
  const shift = (delta: number) => {
    const date = new Date(Date.UTC(view.year, view.month + delta, 1));
    const year = date.getUTCFullYear();
    if (year !== clampYear(year)) return;
    setView({ year, month: date.getUTCMonth(), mode: "days" });
  };
  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("date.previousMonth")}
          disabled={view.year === YEAR_MIN && view.month === 0}
          onClick={() => shift(-1)}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          variant="ghost"
          aria-label={t("date.chooseYear", { title })}
          onClick={() => setView({ ...view, mode: "years" })}
        >
          {title}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("date.nextMonth")}
          disabled={view.year === YEAR_MAX && view.month === 11}
          onClick={() => shift(1)}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <table className="w-full table-fixed border-collapse text-center text-sm">
        <thead>
          <tr>
            {weekdayLabels(language, weekStart).map((label) => (
              <th key={label} scope="col" className="pb-1 text-xs font-medium capitalize text-muted-foreground">
                {label.replace(".", "")}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(view.year, view.month, weekStart).map((week) => (
            <tr key={week[0]?.iso}>
              {week.map((day) => (
                <td key={day.iso} className="p-0.5">
                  <button
                    type="button"
                    aria-label={longDate.format(new Date(`${day.iso}T00:00:00Z`))}
                    aria-pressed={day.iso === selected}
                    onClick={() => onPick(day.iso)}
                    className={cn(
                      "flex size-9 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-ring",
                      day.inMonth ? "text-foreground" : "text-muted-foreground/60",
                      day.iso === today && "font-bold underline underline-offset-4",
                      day.iso === selected ? "bg-primary text-primary-foreground" : "hover:bg-muted",
                    )}
                  >
                    {day.day}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => onPick(today)}>
          {t("date.today")}
        </Button>
      </div>
    </div>
  );
}
