import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../components/ui/button.tsx";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import { useObjectUrl } from "../hooks/use-object-url.ts";
import { isMediaValue, type FormValue, type MediaValue } from "../logic/form-values.ts";
import { attachmentUrl } from "../../../lib/attachment-url.ts";

/** The answer's media and a URL to play or download it: the new blob on this device, or the stored attachment. */
export function useMediaSource(value: FormValue | undefined): { media: MediaValue | null; url: string | null } {
  const media = isMediaValue(value) ? value : null;
  const blobUrl = useObjectUrl(media?.kind === "blob" ? media.blob : null);
  const url = media?.kind === "ref" ? attachmentUrl(media.ref.attachmentId) : blobUrl;
  return { media, url };
}

/** The name and size a media value shows (a picked file's own name; a recording has none). */
export function mediaDetails(media: MediaValue): { fileName?: string; bytes?: number } {
  return media.kind === "blob"
    ? { fileName: media.fileName, bytes: media.blob.size }
    : { fileName: media.ref.fileName, bytes: media.ref.bytes };
}

/** Tells the collector why a file was not kept, in the words sync would use. */
export function useMediaRefusal() {
  const { t } = useTranslation("fields");
  return (error: FieldError) => toast.error(t(error.key, error.params));
}

function minutesText(seconds: number, t: (key: string, params: Record<string, number>) => string): string {
  return seconds % 60 === 0
    ? t("media.limitMinutes", { count: seconds / 60 })
    : t("media.limitSeconds", { count: seconds });
}

/** The limits the collector sees before recording or picking: size, length, accepted types. */
export function MediaLimits({
  maxSize,
  maxDuration,
  accept,
}: {
  maxSize: number;
  maxDuration?: number;
  accept?: readonly string[];
}) {
  const { t } = useTranslation("collect");
  const parts = [t("media.limitSize", { max: maxSize })];
  if (maxDuration !== undefined) parts.push(minutesText(maxDuration, t));
  if (accept && accept.length > 0) parts.push(accept.join(", "));
  return <p className="text-xs text-muted-foreground">{parts.join(" · ")}</p>;
}

export function RemoveMediaButton({ disabled, onRemove }: { disabled?: boolean; onRemove: () => void }) {
  const { t } = useTranslation("collect");
  return (
    <Button variant="ghost" size="lg" disabled={disabled} onClick={onRemove}>
      <Trash2 aria-hidden />
      {t("media.remove")}
    </Button>
  );
}
