/**
 * The length in seconds of an audio or video blob, read from its metadata by the browser's own player; null when the
 * browser cannot tell (an unplayable file, or a recording whose header carries no length, as MediaRecorder's WebM).
 */
export function mediaDurationOf(blob: Blob, kind: "audio" | "video"): Promise<number | null> {
  return new Promise((resolve) => {
    const element = document.createElement(kind);
    const url = URL.createObjectURL(blob);
    const finish = (seconds: number | null) => {
      URL.revokeObjectURL(url);
      element.removeAttribute("src");
      resolve(seconds);
    };
    element.preload = "metadata";
    element.addEventListener("loadedmetadata", () =>
      finish(Number.isFinite(element.duration) ? element.duration : null),
    );
    element.addEventListener("error", () => finish(null));
    element.src = url;
  });
}
