import { ApiClientError, NetworkError } from "../../../lib/api-client.ts";
import type { ErrorBody } from "../../../../shared/errors.ts";
import type { ExportFormat } from "../../../../shared/records/record-filter.ts";

export interface ExportProgress {
  bytes: number;
  /** Records written so far (counted from the stream's record markers; not countable inside a .xlsx or .zip). */
  records: number | null;
  total: number;
}

/** What ends one record in each text format: counting them gives the progress against X-Total-Records. */
const RECORD_MARKERS: Partial<Record<ExportFormat, string>> = {
  csv: "\r\n",
  geojson: '{"type":"Feature"',
  kml: "<Placemark ",
};

function countMarker(text: string, marker: string): number {
  let count = 0;
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length)) count++;
  return count;
}

function filenameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition ? /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] : undefined;
  if (encoded) return decodeURIComponent(encoded);
  const plain = disposition ? /filename="([^"]+)"/i.exec(disposition)?.[1] : undefined;
  return plain ?? fallback;
}

/**
 * Downloads a streamed export while reporting progress, then saves it through a blob link. The body is read chunk
 * by chunk (the server streams it), so the bar moves as the records arrive.
 */
export async function downloadExport(
  url: string,
  format: ExportFormat,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", signal });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => undefined)) as ErrorBody | undefined;
    throw new ApiClientError(response.status, body?.error ?? { code: "INTERNAL", message: response.statusText });
  }
  const total = Number(response.headers.get("x-total-records") ?? "0");
  // A form with repeats exports CSV as a ZIP of tables: its bytes are compressed, so records cannot be counted.
  const marker = response.headers.get("content-type") === "application/zip" ? undefined : RECORD_MARKERS[format];
  const decoder = new TextDecoder();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  let bytes = 0;
  let markers = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
    bytes += next.value.byteLength;
    // A marker split across two chunks is missed; the count only drives a progress bar.
    if (marker) markers += countMarker(decoder.decode(next.value, { stream: true }), marker);
    // The CSV header line ends with the same marker as a record.
    const records = marker ? Math.min(total, Math.max(0, format === "csv" ? markers - 1 : markers)) : null;
    onProgress({ bytes, records, total });
  }
  const filename = filenameOf(response.headers.get("content-disposition"), `campo.${format}`);
  const blob = new Blob(chunks, { type: response.headers.get("content-type") ?? "application/octet-stream" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return filename;
}
