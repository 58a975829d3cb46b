import { useState } from "react";
import { FolderOpen, Loader2, Video } from "lucide-react";
import { useTranslation } from "react-i18next";
import { canonicalContentType, mediaFileError } from "../../../../shared/fields/media-rules.ts";
import { mediaDurationOf } from "../logic/media-duration.ts";
import { MediaLimits, RemoveMediaButton, useMediaRefusal, useMediaSource } from "./media-parts.tsx";
import { CaptureButtons } from "./capture-buttons.tsx";
import { groupAria, type WidgetProps } from "./widget-props.ts";

/**
 * Records with the phone's own camera app (the capture input) or picks a video, then plays it back. A video longer
 * than the question's length is refused by its metadata; size and type by the shared rules the server applies.
 */
export function VideoWidget({ field, value, onChange, control }: WidgetProps<"video">) {
  const { t } = useTranslation("collect");
  const refuse = useMediaRefusal();
  const { media, url } = useMediaSource(value);
  const [checking, setChecking] = useState(false);
  const { maxSize, maxDuration, captureMode } = field.config;

  const accept = async (file: File) => {
    const contentType = canonicalContentType(file.type);
    const problem = mediaFileError(field, { contentType, bytes: file.size });
    if (problem) return refuse(problem);
    if (maxDuration !== undefined) {
      setChecking(true);
      const seconds = await mediaDurationOf(file, "video");
      setChecking(false);
      if (seconds !== null && seconds > maxDuration)
        return refuse({ key: "mediaTooLong", params: { max: maxDuration } });
    }
    onChange({ kind: "blob", blob: file, contentType });
  };

  return (
    <div role="group" {...groupAria(control)} className="flex flex-col gap-3">
      {url ? (
        <video
          controls
          playsInline
          src={url}
          className="max-h-72 w-full rounded-md border bg-black"
          aria-label={t("video.playback", { label: field.label })}
        />
      ) : null}
      {checking ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {t("video.checking")}
        </p>
      ) : null}
      <CaptureButtons
        mode={captureMode}
        accept="video/*"
        disabled={checking}
        camera={{ label: media ? t("video.rerecord") : t("video.record"), icon: <Video aria-hidden /> }}
        gallery={{ label: t("video.pick"), icon: <FolderOpen aria-hidden /> }}
        onFile={(file) => void accept(file)}
      >
        {media ? <RemoveMediaButton disabled={checking} onRemove={() => onChange(null)} /> : null}
      </CaptureButtons>
      <MediaLimits maxSize={maxSize} maxDuration={maxDuration} />
    </div>
  );
}
