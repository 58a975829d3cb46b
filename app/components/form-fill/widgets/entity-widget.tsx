import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { searchEntities } from "../../../../shared/entities/entity-search.ts";
import { Input } from "../../ui/input.tsx";
import { useEntityPicker } from "../entity-picker-context.tsx";
import type { FormValue } from "../logic/form-values.ts";
import { groupAria, TOUCH_INPUT, type WidgetProps } from "./widget-props.ts";
import { NATIVE_CONTROL, OPTION_ROW } from "./choice-widgets.tsx";
import { ListMatchesNote } from "./list-matches-note.tsx";

/** Rows drawn at once; a longer list narrows as the collector types. */
const SHOWN_MAX = 30;

interface EntityWidgetProps extends WidgetProps<"entity"> {
  /** Sets another question's answer: picking an entity prefills the questions saved to its properties. */
  onPrefill: (path: string, value: FormValue) => void;
}

/**
 * Picks the entity a follow-up record visits (a tree, a household) from the form's list kept on the device: a
 * search box over the labels, the nearest first when the device knows where it is, and the picked one's known
 * values filled into the questions that update them.
 */
export function EntityWidget({ value, onChange, onPrefill, control }: EntityWidgetProps) {
  const { t } = useTranslation("collect");
  const { entities, here, prefill } = useEntityPicker();
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => searchEntities(entities ?? [], deferredQuery, here), [entities, deferredQuery, here]);
  if (entities === null) return <p className="text-sm text-destructive">{t("entity.noList")}</p>;

  const shown = matches.slice(0, SHOWN_MAX);
  const picked = entities.find((entity) => entity.id === value);
  // The picked entity stays visible whatever the search shows.
  const rows = picked && !shown.includes(picked) ? [picked, ...shown] : shown;
  return (
    <div className="flex flex-col gap-2">
      <Input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t("entity.search")}
        aria-label={t("entity.search")}
        className={TOUCH_INPUT}
      />
      <div role="radiogroup" {...groupAria(control)} className="flex flex-col gap-2">
        {rows.map((entity) => (
          <label key={entity.id} className={OPTION_ROW}>
            <input
              type="radio"
              name={control.id}
              value={entity.id}
              checked={entity.id === value}
              onChange={() => {
                onChange(entity.id);
                for (const [path, answer] of prefill(entity)) onPrefill(path, answer);
              }}
              className={NATIVE_CONTROL}
            />
            <span className="text-base">{entity.label}</span>
          </label>
        ))}
      </div>
      <ListMatchesNote
        matches={matches.length}
        shown={shown.length}
        none={t("entity.none")}
        showing={t("entity.showing", { shown: shown.length, total: matches.length })}
      />
      {picked === undefined && typeof value === "string" && value !== "" ? (
        <p className="text-sm text-destructive">{t("entity.unknown")}</p>
      ) : null}
    </div>
  );
}
