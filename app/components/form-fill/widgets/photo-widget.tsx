import { useEffect, useState } from "react";
import { Camera, ImageIcon, Loader2, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../components/ui/button.tsx";
import { useObjectUrl } from "../hooks/use-object-url.ts";
import { formatBytes } from "../logic/format-bytes.ts";
import { isMediaValue } from "../logic/form-values.ts";
import {
  compressPhoto,
  exceedsMaxSize,
  isAcceptedPhotoType,
  shouldShowCompressionNotice,
} from "../logic/photo-compression.ts";
import { CaptureButtons } from "./capture-buttons.tsx";
import { groupAria, type WidgetProps } from "./widget-props.ts";
import { attachmentUrl } from "../../../lib/attachment-url.ts";

/** Spec 001 §4: a captured photo cannot be replaced for 3 s (a second change event from the camera must not overwrite it). */
export const PHOTO_PROTECTION_MS = 3000;

type Notice = { original: number; compressed: number } | null;

export function PhotoWidget({ field, value, onChange, control }: WidgetProps<"photo">) {
  const { t, i18n } = useTranslation("collect");
  const [processing, setProcessing] = useState(false);
  const [protectedUntil, setProtectedUntil] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const media = isMediaValue(value) ? value : null;
  const blobUrl = useObjectUrl(media?.kind === "blob" ? media.blob : null);
  const previewUrl = media?.kind === "ref" ? attachmentUrl(media.ref.attachmentId) : blobUrl;
  const isProtected = protectedUntil > 0;

  useEffect(() => {
    if (!isProtected) return;
    const timer = setTimeout(() => setProtectedUntil(0), Math.max(0, protectedUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [isProtected, protectedUntil]);

  const accept = async (file: File) => {
    if (Date.now() < protectedUntil) return;
    if (!isAcceptedPhotoType(file.type)) {
      toast.error(t("photo.invalidFile"), { description: t("photo.invalidFileDetail") });
      return;
    }
    setProcessing(true);
    try {
      const result = await compressPhoto(file);
      if (exceedsMaxSize(result.blob.size, field.config.maxSize)) {
        toast.error(t("photo.tooLarge", { max: field.config.maxSize }));
        return;
      }
      onChange({ kind: "blob", blob: result.blob, contentType: result.contentType });
      setNotice(
        result.compressed && shouldShowCompressionNotice(result.originalBytes, result.blob.size)
          ? { original: result.originalBytes, compressed: result.blob.size }
          : null,
      );
      setProtectedUntil(Date.now() + PHOTO_PROTECTION_MS);
    } catch {
      toast.error(t("photo.captureError"));
    } finally {
      setProcessing(false);
    }
  };

  const mode = field.config.captureMode;
  const busy = processing || isProtected;
  const pickLabel = media ? t("photo.retake") : t("photo.take");
  return (
    <div role="group" {...groupAria(control)} className="flex flex-col gap-3">
      {previewUrl ? (
        <figure className="overflow-hidden rounded-md border bg-muted">
          <img
            src={previewUrl}
            alt={t("photo.previewAlt", { label: field.label })}
            className="max-h-72 w-full object-contain"
          />
          {notice ? (
            <figcaption className="border-t px-3 py-2 text-xs text-muted-foreground" role="status">
              {t("photo.compressed", {
                original: formatBytes(notice.original, i18n.language),
                compressed: formatBytes(notice.compressed, i18n.language),
                percent: Math.round((1 - notice.compressed / notice.original) * 100),
              })}
            </figcaption>
          ) : null}
        </figure>
      ) : null}
      {processing ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {t("photo.processing")}
        </p>
      ) : null}
      <CaptureButtons
        mode={mode}
        accept="image/*"
        disabled={busy}
        camera={{ label: mode === "both" ? t("photo.camera") : pickLabel, icon: <Camera aria-hidden /> }}
        gallery={{ label: mode === "both" ? t("photo.gallery") : pickLabel, icon: <ImageIcon aria-hidden /> }}
        onFile={(file) => void accept(file)}
      >
        {media ? (
          <Button
            variant="ghost"
            size="lg"
            disabled={busy}
            onClick={() => {
              onChange(null);
              setNotice(null);
            }}
          >
            <Trash2 aria-hidden />
            {t("photo.remove")}
          </Button>
        ) : null}
      </CaptureButtons>
      {isProtected ? <p className="text-xs text-muted-foreground">{t("photo.protected")}</p> : null}
    </div>
  );
}
