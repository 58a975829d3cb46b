import { lazy, Suspense, useState } from "react";
import { CalendarDays, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { formatTypedDate, toIsoDate } from "../../lib/calendar.ts";
import { normalizeLanguage } from "../../../shared/i18n/languages.ts";
import { Button } from "./button.tsx";
import { controlClasses } from "./input.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "./popover.tsx";

const DatePickerCalendar = lazy(() => import("./date-picker-calendar.tsx"));

interface DatePickerProps {
  id?: string;
  /** A calendar day, YYYY-MM-DD, or undefined for none. */
  value: string | undefined;
  onChange(value: string | undefined): void;
  className?: string;
}

function dayOf(value: string | undefined): Date | undefined {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

/**
 * A calendar day in the interface's language (spec 000 §9): dd/MM/yyyy in pt-BR and es, MM/dd/yyyy in English,
 * weeks from Sunday (pt-BR, en) or Monday (es), years 1900–2100. A button the size of an input opens the calendar
 * (arrow keys move between days, Enter picks, Escape closes); a second button clears the day. Label it with a
 * <label htmlFor={id}>.
 */
export function DatePicker({ id, value, onChange, className }: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language) ?? "pt-BR";
  const [open, setOpen] = useState(false);
  const selected = dayOf(value);
  const pick = (day: Date | undefined) => {
    onChange(day ? toIsoDate(day.getFullYear(), day.getMonth(), day.getDate()) : undefined);
    setOpen(false);
  };

  return (
    <div className={cn("relative", className)}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <button
            id={id}
            type="button"
            className={cn(
              controlClasses,
              "flex h-10 items-center gap-2 text-left",
              value && "pr-9",
              !selected && "text-muted-foreground",
            )}
            data-value={value ?? ""}
          >
            <CalendarDays className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="truncate">
              {selected ? formatTypedDate(value!, language) : t("datePicker.placeholder")}
            </span>
          </button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-2">
          <Suspense fallback={<div className="size-72" aria-busy="true" />}>
            <DatePickerCalendar selected={selected} onSelect={pick} language={language} />
          </Suspense>
        </PopoverContent>
      </Popover>
      {value && (
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-1/2 right-0.5 size-8 -translate-y-1/2"
          aria-label={t("datePicker.clear")}
          onClick={() => onChange(undefined)}
        >
          <X aria-hidden />
        </Button>
      )}
    </div>
  );
}
