/** One satisfiable byte range, both ends inclusive (RFC 9110 §14.1.2). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header against a resource of `size` bytes: `null` means serve the whole resource (no header, a
 * unit other than bytes, several ranges or a malformed one: all may be ignored, RFC 9110 §14.2), "unsatisfiable"
 * means answer 416. A PMTiles reader asks for one range at a time, so several ranges are not worth a multipart body.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, first, last] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
