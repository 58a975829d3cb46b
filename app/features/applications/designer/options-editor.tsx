import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Plus, X } from "lucide-react";
import { normalizeOptions } from "../../../../shared/fields/field-config.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { OptionImagePicker, type OptionImagesDraft } from "./option-image-picker.tsx";

/** Choice options (spec 000 §5): trimmed, empties and repeats ignored, Enter adds; each may show an attached image. */
export function OptionsEditor({
  options,
  onChange,
  images,
}: {
  options: string[];
  onChange: (options: string[]) => void;
  images: OptionImagesDraft;
}) {
  const { t } = useTranslation(["designer", "fields"]);
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const hintId = useId();

  const add = () => {
    onChange(normalizeOptions([...options, draft]));
    setDraft("");
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t("designer:config.options")}</legend>
      <div className="flex gap-2">
        <Label htmlFor={inputId} className="sr-only">
          {t("designer:config.newOption")}
        </Label>
        <Input
          id={inputId}
          value={draft}
          placeholder={t("designer:config.newOptionPlaceholder")}
          aria-describedby={options.length === 0 ? hintId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            add();
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={draft.trim() === ""}>
          <Plus aria-hidden />
          {t("designer:config.addOption")}
        </Button>
      </div>
      {options.length === 0 ? (
        <p id={hintId} className="rounded-md bg-warning/10 px-3 py-2 text-sm text-warning-text">
          {t("fields:optionsRequired")}
        </p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label={t("designer:config.options")}>
          {options.map((option, index) => (
            <li key={option} className="flex items-center gap-2 rounded-md border bg-background px-3 py-1.5 text-sm">
              <span className="w-5 text-xs text-muted-foreground">{index + 1}.</span>
              <span className="min-w-0 flex-1 truncate">{option}</span>
              <OptionImagePicker option={option} images={images} />
              <button
                type="button"
                onClick={() => onChange(options.filter((_, other) => other !== index))}
                aria-label={t("designer:config.removeOption", { option })}
                className="inline-flex size-7 items-center justify-center rounded text-muted-foreground hover:bg-destructive/10 hover:text-destructive focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
