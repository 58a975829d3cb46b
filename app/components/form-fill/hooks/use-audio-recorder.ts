import { useCallback, useEffect, useRef, useState } from "react";

/** Why a recording could not start or finish; each has its own message (collect:audio.errors.*). */
export type RecorderError = "unsupported" | "permissionDenied" | "noMicrophone" | "failed";

export type RecorderState =
  | { stage: "idle" }
  | { stage: "requesting" }
  | { stage: "recording"; seconds: number }
  | { stage: "error"; error: RecorderError };

export interface Recording {
  blob: Blob;
  contentType: string;
}

/** Containers in the order we prefer them: Opus in WebM (Chrome, Firefox), Ogg, then MP4 (Safari). */
const PREFERRED_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"];

function recorderType(): string | undefined {
  return PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

function errorOf(cause: unknown): RecorderError {
  const name = cause instanceof DOMException ? cause.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "permissionDenied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "noMicrophone";
  return "failed";
}

/**
 * Records the microphone with MediaRecorder until `stop()` or `maxSeconds`, then hands the recording to `onDone`.
 * The browser asks for the microphone on `start()`; a refusal, a missing microphone or a browser without
 * MediaRecorder ends in an error state, never a silent nothing. The microphone is released as soon as recording ends.
 */
export function useAudioRecorder(maxSeconds: number, onDone: (recording: Recording) => void) {
  const [state, setState] = useState<RecorderState>({ stage: "idle" });
  const recorder = useRef<MediaRecorder | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  const stop = useCallback(() => {
    if (recorder.current?.state === "recording") recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) {
      setState({ stage: "error", error: "unsupported" });
      return;
    }
    setState({ stage: "requesting" });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (cause) {
      setState({ stage: "error", error: errorOf(cause) });
      return;
    }
    const type = recorderType();
    const media = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    const ticker = setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAt) / 1000);
      if (seconds >= maxSeconds) stop();
      else setState({ stage: "recording", seconds });
    }, 250);
    media.addEventListener("dataavailable", (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    media.addEventListener("stop", () => {
      clearInterval(ticker);
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      const contentType = media.mimeType || type || "audio/webm";
      if (chunks.length === 0) {
        setState({ stage: "error", error: "failed" });
        return;
      }
      setState({ stage: "idle" });
      done.current({ blob: new Blob(chunks, { type: contentType }), contentType });
    });
    media.addEventListener("error", () => setState({ stage: "error", error: "failed" }));
    recorder.current = media;
    media.start(1000);
    setState({ stage: "recording", seconds: 0 });
  }, [maxSeconds, stop]);

  // Leaving the form mid-recording releases the microphone.
  useEffect(
    () => () => {
      const media = recorder.current;
      if (media?.state === "recording") {
        media.stream.getTracks().forEach((track) => track.stop());
        media.stop();
      }
    },
    [],
  );

  return { state, start, stop };
}
