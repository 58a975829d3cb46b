import { useEffect, useRef, useState } from "react";
import { ImagePlus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { controlClasses } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";
import { SUPPORT_IMAGE_ACCEPT, SUPPORT_IMAGE_TYPES } from "../../../shared/contact/support-schema.ts";

interface ImagePickerProps {
  file: File | undefined;
  onChange: (file: File | undefined) => void;
  /** Already translated. */
  error?: string;
}

/** A data URL needs no revoking, so the preview survives StrictMode's double effects and unmounts cleanly. */
function usePreview(file: File | undefined): string | undefined {
  const [preview, setPreview] = useState<{ file: File; url: string }>();
  useEffect(() => {
    if (!file || !(SUPPORT_IMAGE_TYPES as readonly string[]).includes(file.type)) return;
    const reader = new FileReader();
    reader.onload = () => setPreview({ file, url: String(reader.result) });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview && preview.file === file ? preview.url : undefined;
}

/** The support form's optional screenshot: pick, preview, remove (spec 000 §5: PNG, JPG, JPEG, WEBP, 5 MB). */
export function ImagePicker({ file, onChange, error }: ImagePickerProps) {
  const { t } = useTranslation("support");
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreview(file);

  // The input keeps its own selection; clear it whenever the form drops the file (remove, reset after sending).
  useEffect(() => {
    if (!file && input.current) input.current.value = "";
  }, [file]);

  return (
    <div className="flex flex-col gap-3">
      <FormField label={t("image.label")} description={t("image.hint")} error={error}>
        <input
          ref={input}
          type="file"
          accept={SUPPORT_IMAGE_ACCEPT}
          className={cn(
            controlClasses,
            "h-auto py-2 file:mr-3 file:inline-flex file:items-center file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1 file:text-sm file:font-medium hover:file:bg-muted",
          )}
          onChange={(event) => onChange(event.target.files?.[0])}
        />
      </FormField>
      {file ? (
        <div className="flex items-start gap-3 rounded-md border border-border bg-card p-3">
          {preview ? (
            <img src={preview} alt={t("image.previewAlt")} className="size-24 shrink-0 rounded object-cover" />
          ) : (
            <div className="flex size-24 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground">
              <ImagePlus aria-hidden />
            </div>
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <p className="truncate text-sm font-medium">{file.name}</p>
            <Button variant="outline" size="sm" className="self-start" onClick={() => onChange(undefined)}>
              <X aria-hidden />
              {t("image.remove")}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
