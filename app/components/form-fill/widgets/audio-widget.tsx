import { Mic, Square } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { mediaFileError } from "../../../../shared/fields/media-rules.ts";
import { useAudioRecorder, type Recording } from "../hooks/use-audio-recorder.ts";
import { MediaLimits, RemoveMediaButton, useMediaRefusal, useMediaSource } from "./media-parts.tsx";
import { groupAria, type WidgetProps } from "./widget-props.ts";

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Records with the microphone (stops by itself at the question's length), plays back, records again or removes. */
export function AudioWidget({ field, value, onChange, control }: WidgetProps<"audio">) {
  const { t } = useTranslation("collect");
  const refuse = useMediaRefusal();
  const { media, url } = useMediaSource(value);
  const { maxSize, maxDuration } = field.config;

  const keep = ({ blob, contentType }: Recording) => {
    const problem = mediaFileError(field, { contentType, bytes: blob.size });
    if (problem) refuse(problem);
    else onChange({ kind: "blob", blob, contentType });
  };
  const { state, start, stop } = useAudioRecorder(maxDuration, keep);
  const recording = state.stage === "recording";

  return (
    <div role="group" {...groupAria(control)} className="flex flex-col gap-3">
      {url && !recording ? (
        <audio controls src={url} className="w-full" aria-label={t("audio.playback", { label: field.label })} />
      ) : null}
      {recording ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <span className="size-2 animate-pulse rounded-full bg-destructive" aria-hidden />
          {t("audio.recording", { elapsed: clock(state.seconds), max: clock(maxDuration) })}
        </p>
      ) : null}
      {state.stage === "requesting" ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t("audio.requesting")}
        </p>
      ) : null}
      {state.stage === "error" ? (
        <p role="alert" className="text-sm text-destructive">
          {t(`audio.errors.${state.error}`)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {recording ? (
          <Button variant="destructive" size="lg" className="flex-1" onClick={stop}>
            <Square aria-hidden />
            {t("audio.stop")}
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="lg"
            className="flex-1"
            disabled={state.stage === "requesting"}
            onClick={() => void start()}
          >
            <Mic aria-hidden />
            {media ? t("audio.rerecord") : t("audio.record")}
          </Button>
        )}
        {media && !recording ? <RemoveMediaButton onRemove={() => onChange(null)} /> : null}
      </div>
      <MediaLimits maxSize={maxSize} maxDuration={maxDuration} />
    </div>
  );
}
