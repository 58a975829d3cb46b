import { useEffect, useMemo } from "react";

const pendingRevokes = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * A blob: URL for previews, revoked when the blob changes or the component goes. The revoke waits a tick so
 * StrictMode's simulated unmount and remount keeps the same URL alive.
 */
export function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => {
    if (!url) return;
    clearTimeout(pendingRevokes.get(url));
    pendingRevokes.delete(url);
    return () => {
      pendingRevokes.set(
        url,
        setTimeout(() => {
          pendingRevokes.delete(url);
          URL.revokeObjectURL(url);
        }, 0),
      );
    };
  }, [url]);
  return url;
}
