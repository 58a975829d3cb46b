import { useTranslation } from "react-i18next";
import type { OptionImages } from "../../../../shared/fields/option-images.ts";

/** The form's attached images and which one each option shows (by option, as the config keys them). */
export interface OptionImagesDraft {
  files: readonly string[];
  chosen: OptionImages;
  onChange: (chosen: OptionImages) => void;
}

/**
 * Which attached image an option shows, from the form's image files. An imported option naming a file the form
 * does not have yet keeps it listed (the files panel asks for it), so nothing is lost by opening the dialog.
 */
export function OptionImagePicker({ option, images }: { option: string; images: OptionImagesDraft }) {
  const { t } = useTranslation("designer");
  const current = images.chosen[option] ?? "";
  const names = current === "" || images.files.includes(current) ? images.files : [current, ...images.files];
  if (names.length === 0) return null;
  const choose = (name: string) => {
    const { [option]: _previous, ...others } = images.chosen;
    images.onChange(name === "" ? others : { ...others, [option]: name });
  };
  return (
    <select
      aria-label={t("config.optionImage", { option })}
      value={current}
      onChange={(event) => choose(event.target.value)}
      className="h-7 max-w-40 rounded border border-input bg-background px-1 text-xs focus-visible:outline-2 focus-visible:outline-ring"
    >
      <option value="">{t("config.noOptionImage")}</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}
