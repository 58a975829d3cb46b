import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { fileChoices, type FileChoice } from "../../../../shared/forms/file-choices.ts";
import { choicesFileOf } from "../../../../shared/forms/file-choices.ts";
import { Input } from "../../ui/input.tsx";
import { useFormFilesView } from "../form-files-context.tsx";
import { groupAria, TOUCH_INPUT, type WidgetProps } from "./widget-props.ts";
import { NATIVE_CONTROL, OPTION_ROW } from "./choice-widgets.tsx";
import { OptionLabel } from "./option-label.tsx";
import { ListMatchesNote } from "./list-matches-note.tsx";

/** Rows drawn at once; a longer list narrows as the collector types. */
const SHOWN_MAX = 50;

/** Case and accents do not matter when searching a list ("sao" finds "São Paulo"). */
function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * A choice list read from an attached file (`select_one_from_file`): thousands of rows, so a search box over the
 * labels and at most SHOWN_MAX rows drawn; the options are those the choice filter offers now (form-nodes.tsx).
 */
export function FileChoiceWidget({
  field,
  value,
  onChange,
  control,
}: WidgetProps<"single_choice"> | WidgetProps<"multiple_choice">) {
  const { t } = useTranslation("collect");
  const { tables, imageUrl } = useFormFilesView();
  const file = choicesFileOf(field) ?? "";
  const hasTable = tables(file) !== undefined;
  const multiple = field.fieldType === "multiple_choice";
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const options = field.config.options;
  const choices = useMemo(() => {
    const table = tables(file);
    return table ? fileChoices(table, options).map((choice) => ({ ...choice, key: searchKey(choice.label) })) : [];
  }, [tables, file, options]);
  const selected = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : typeof value === "string"
      ? [value]
      : [];
  const matches = useMemo(() => {
    const needle = searchKey(deferredQuery.trim());
    return needle === "" ? choices : choices.filter((choice) => choice.key.includes(needle));
  }, [choices, deferredQuery]);

  if (!hasTable) return <p className="text-sm text-destructive">{t("fileChoice.missingFile", { file })}</p>;

  const shown = matches.slice(0, SHOWN_MAX);
  // A picked option stays visible whatever the search shows.
  const pinned = choices.filter((choice) => selected.includes(choice.name) && !shown.includes(choice));
  const pick = (choice: FileChoice) => {
    if (!multiple) return onChange(choice.name);
    const next = selected.includes(choice.name)
      ? selected.filter((name) => name !== choice.name)
      : [...selected, choice.name];
    onChange(options.filter((name) => next.includes(name)));
  };
  return (
    <div className="flex flex-col gap-2">
      <Input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t("fileChoice.search")}
        aria-label={t("fileChoice.search")}
        className={TOUCH_INPUT}
      />
      <div role={multiple ? "group" : "radiogroup"} {...groupAria(control)} className="flex flex-col gap-2">
        {[...pinned, ...shown].map((choice) => {
          const image = choice.image === undefined ? undefined : imageUrl(choice.image);
          return (
            <label key={choice.name} className={OPTION_ROW}>
              <input
                type={multiple ? "checkbox" : "radio"}
                name={control.id}
                value={choice.name}
                checked={selected.includes(choice.name)}
                onChange={() => pick(choice)}
                className={NATIVE_CONTROL}
              />
              <OptionLabel label={choice.label} image={image} />
            </label>
          );
        })}
      </div>
      <ListMatchesNote
        matches={matches.length}
        shown={shown.length}
        none={t("fileChoice.none")}
        showing={t("fileChoice.showing", { shown: shown.length, total: matches.length })}
      />
    </div>
  );
}
