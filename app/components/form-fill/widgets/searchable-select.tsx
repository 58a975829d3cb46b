import { useDeferredValue, useId, useMemo, useState } from "react";
import { Check, ChevronDown, Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Input } from "../../ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import type { ChoiceOption } from "../logic/choice-options.ts";
import { OptionLabel } from "./option-label.tsx";
import { TOUCH_INPUT } from "./widget-props.ts";

/** How many matches are drawn at once: typing narrows a list of 10,000 long before scrolling would. */
export const SHOWN_MATCHES_MAX = 50;

/** Lower case without accents, so "sao" finds "São Paulo". */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** The options whose label holds every typed word, in list order, and how many match in all. */
export function matchOptions(
  options: readonly ChoiceOption[],
  keys: readonly string[],
  query: string,
  limit = SHOWN_MATCHES_MAX,
): { shown: ChoiceOption[]; total: number } {
  const words = searchKey(query).split(/\s+/).filter(Boolean);
  const shown: ChoiceOption[] = [];
  let total = 0;
  options.forEach((option, index) => {
    const key = keys[index] ?? "";
    if (!words.every((word) => key.includes(word))) return;
    total += 1;
    if (shown.length < limit) shown.push(option);
  });
  return { shown, total };
}

export interface SearchableSelectProps {
  options: readonly ChoiceOption[];
  /** The chosen option names (one at most unless `multiple`). */
  selected: readonly string[];
  multiple?: boolean;
  onToggle: (name: string) => void;
  /** Labels the search box (and the dropdown button) for screen readers. */
  labelId: string;
  /** Folded behind a button showing the choice (XLSForm `minimal`); otherwise the search box is always shown. */
  collapsed?: boolean;
  /** Wiring of the field (described-by, invalid, required) for the search box. */
  describedBy?: string;
  invalid?: boolean;
}

/**
 * A select over any number of options: the labels are prepared once, typing filters them (deferred, so typing
 * never waits on the list) and only the first matches are drawn. The attachments' long CSV lists use it too.
 */
export function SearchableSelect({
  options,
  selected,
  multiple = false,
  onToggle,
  labelId,
  collapsed = false,
  describedBy,
  invalid,
}: SearchableSelectProps) {
  const { t } = useTranslation("collect");
  const listId = `list-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(!collapsed);
  const deferred = useDeferredValue(query);
  const keys = useMemo(() => options.map((option) => searchKey(option.label)), [options]);
  const { shown, total } = useMemo(() => matchOptions(options, keys, deferred), [options, keys, deferred]);
  const chosenLabels = options.filter((option) => selected.includes(option.name)).map((option) => option.label);

  const pick = (name: string) => {
    onToggle(name);
    if (!multiple && collapsed) {
      setOpen(false);
      setQuery("");
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {collapsed ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onClick={() => setOpen((value) => !value)}
          data-testid="dropdown-toggle"
          className={cn(
            "flex min-h-12 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-base",
            "focus-visible:outline-2 focus-visible:outline-ring",
          )}
        >
          <span className={cn("truncate", chosenLabels.length === 0 && "text-muted-foreground")}>
            {chosenLabels.length > 0 ? chosenLabels.join(", ") : t("choices.choose")}
          </span>
          <ChevronDown className="size-5 shrink-0" aria-hidden />
        </button>
      ) : null}
      {open ? (
        <>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              role="combobox"
              aria-expanded
              aria-controls={listId}
              aria-autocomplete="list"
              aria-labelledby={labelId}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              placeholder={t("choices.search")}
              autoComplete="off"
              className={cn(TOUCH_INPUT, "pl-9")}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <ul
            id={listId}
            role="listbox"
            aria-labelledby={labelId}
            aria-multiselectable={multiple || undefined}
            className="flex max-h-80 flex-col gap-1 overflow-y-auto rounded-md border p-1"
          >
            {shown.map((option) => {
              const chosen = selected.includes(option.name);
              return (
                <li
                  key={option.name}
                  role="option"
                  aria-selected={chosen}
                  tabIndex={0}
                  onClick={() => pick(option.name)}
                  onKeyDown={(event) => {
                    if (event.key !== "Enter" && event.key !== " ") return;
                    event.preventDefault();
                    pick(option.name);
                  }}
                  className={cn(
                    "flex min-h-11 cursor-pointer items-center gap-2 rounded px-3 py-2 text-base",
                    "hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring",
                    chosen && "bg-accent font-medium",
                  )}
                >
                  <Check className={cn("size-4 shrink-0", chosen ? "opacity-100" : "opacity-0")} aria-hidden />
                  <OptionLabel label={option.label} image={option.image} />
                </li>
              );
            })}
            {total === 0 ? <li className="px-3 py-2 text-sm text-muted-foreground">{t("choices.noMatch")}</li> : null}
          </ul>
          {total > shown.length ? (
            <p className="text-sm text-muted-foreground" role="status">
              {t("choices.moreMatches", { count: total - shown.length })}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
