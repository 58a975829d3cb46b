import { useRef, useState } from "react";
import { ImagePlus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { controlClasses } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import { BLOG_COVER_ACCEPT } from "../../../../shared/blog/cover.ts";
import { imageFileProblem } from "./image-file.ts";

interface CoverFieldProps {
  /** The stored cover, if any. */
  coverUrl: string | null;
  busy: boolean;
  /** Already translated. */
  error?: string;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** The cover: the browser checks size and declared type for a quick answer; the server checks the bytes. */
export function CoverField({ coverUrl, busy, error, onPick, onRemove }: CoverFieldProps) {
  const { t } = useTranslation("blog");
  const input = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string>();
  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return setLocalError(t(problem));
    setLocalError(undefined);
    onPick(file);
  };
  return (
    <div className="flex flex-col gap-3">
      <FormField label={t("editor.cover")} description={t("editor.coverHint")} error={localError ?? error}>
        <input
          ref={input}
          type="file"
          accept={BLOG_COVER_ACCEPT}
          disabled={busy}
          className={cn(
            controlClasses,
            "h-auto py-2 file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1 file:text-sm file:font-medium",
          )}
          onChange={(event) => pick(event.target.files?.[0])}
        />
      </FormField>
      {coverUrl ? (
        <div className="flex items-start gap-3 rounded-md border border-border bg-card p-3">
          <img src={coverUrl} alt={t("editor.coverAlt")} className="h-24 w-40 shrink-0 rounded object-cover" />
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onRemove}>
            <X aria-hidden />
            {t("editor.coverRemove")}
          </Button>
        </div>
      ) : (
        <div className="flex h-24 w-40 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <ImagePlus aria-hidden />
        </div>
      )}
    </div>
  );
}
