import type { CSSProperties } from "react";
import { DayPicker } from "react-day-picker";
import { enUS, es, ptBR } from "react-day-picker/locale";
import "react-day-picker/style.css";
import { weekStartFor, YEAR_MAX, YEAR_MIN } from "../../lib/calendar.ts";
import type { Language } from "../../../shared/i18n/languages.ts";

const LOCALES = { "pt-BR": ptBR, en: enUS, es } as const;

/** DayPicker's own stylesheet, in the app's colours (light and dark follow the theme variables). */
const THEME = {
  "--rdp-accent-color": "var(--color-primary)",
  "--rdp-accent-background-color": "var(--color-muted)",
  "--rdp-today-color": "var(--color-primary)",
  "--rdp-day-height": "2.5rem",
  "--rdp-day-width": "2.5rem",
  "--rdp-day_button-height": "2.375rem",
  "--rdp-day_button-width": "2.375rem",
} as CSSProperties;

interface DatePickerCalendarProps {
  selected: Date | undefined;
  onSelect(day: Date | undefined): void;
  language: Language;
}

/**
 * The date picker's calendar (react-day-picker with its locales and stylesheet, ≈ 20 KB gzip): its own chunk, loaded
 * when a date picker first opens, so the pages that show one (the data page's filters) do not load it to open.
 */
export default function DatePickerCalendar({ selected, onSelect, language }: DatePickerCalendarProps) {
  return (
    <DayPicker
      mode="single"
      selected={selected}
      onSelect={onSelect}
      defaultMonth={selected}
      locale={LOCALES[language]}
      weekStartsOn={weekStartFor(language)}
      captionLayout="dropdown"
      startMonth={new Date(YEAR_MIN, 0)}
      endMonth={new Date(YEAR_MAX, 11)}
      autoFocus
      style={THEME}
    />
  );
}
