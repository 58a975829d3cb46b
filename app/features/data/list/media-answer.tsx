import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../../components/form-fill/logic/format-bytes.ts";
import type { MediaFieldType } from "../../../../shared/fields/media-rules.ts";
import type { MediaRef } from "../../../../shared/records/answer-format.ts";
import { attachmentUrl } from "../../../lib/attachment-url.ts";

/**
 * A recording as a player, any answer of a media question as a download link with its name and size. The link's
 * `download` name is the file's own: the server serves anything but audio, video and images as a download anyway.
 */
export function MediaAnswer({
  fieldType,
  label,
  media,
  compact,
}: {
  fieldType: MediaFieldType;
  label: string;
  media: MediaRef;
  compact: boolean;
}) {
  const { t, i18n } = useTranslation("data");
  const src = attachmentUrl(media.attachmentId);
  const name = media.fileName ?? t(`detail.mediaName.${fieldType}`);
  const link = (
    <a href={src} download={media.fileName ?? true} className="inline-flex items-center gap-1.5 text-primary underline">
      <Download className="size-4" aria-hidden />
      <span className="break-all">{name}</span>
      {media.bytes !== undefined ? (
        <span className="text-muted-foreground">({formatBytes(media.bytes, i18n.language)})</span>
      ) : null}
    </a>
  );
  if (compact || fieldType === "file") return link;
  return (
    <div className="flex flex-col gap-1.5">
      {fieldType === "audio" ? (
        <audio controls preload="metadata" src={src} className="w-full max-w-md" aria-label={label} />
      ) : (
        <video
          controls
          playsInline
          preload="metadata"
          src={src}
          className="max-h-64 rounded border"
          aria-label={label}
        />
      )}
      {link}
    </div>
  );
}
