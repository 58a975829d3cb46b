import { promisify } from "node:util";
import { inflateRaw } from "node:zlib";

/** The bytes the archive really unpacks to, or why it is refused. */
export type InflatedSize = number | "tooLarge" | "unreadable";

/** zlib's own async inflate: it runs on libuv's thread pool, so the event loop never does the unpacking. */
const inflate = promisify(inflateRaw);

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** Node's code when an inflate passes its maxOutputLength (it stops there, before producing more). */
const OUTPUT_TOO_LARGE = "ERR_BUFFER_TOO_LARGE";

/** The offset of the last end-of-central-directory record (as JSZip finds it), or -1. */
function endRecordOffset(view: DataView): number {
  // The end record is 22 bytes plus a comment of at most 65 535 bytes.
  const earliest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let offset = view.byteLength - 22; offset >= earliest; offset -= 1)
    if (view.getUint32(offset, true) === END_SIGNATURE) return offset;
  return -1;
}

/**
 * Inflates every entry of a zip archive, counting the bytes it really produces, and stops as soon as the total
 * passes `maxBytes`. The sizes a zip declares are the uploader's to write (a 300 KB file that says 1 KB unpacks to
 * 300 MB), so none is believed. Entries are located as JSZip (inside ExcelJS) locates them — the central directory
 * read up to the end record, each entry's local header, the compressed length the directory gives — and anything
 * it could read differently (ZIP64, bytes prepended or between the directory and its end record, other compression
 * methods) is refused: what ExcelJS unpacks afterwards is exactly what was counted here (entries pointing at the
 * same data are counted once per entry, as they are unpacked).
 */
export async function inflatedSize(bytes: Uint8Array, maxBytes: number): Promise<InflatedSize> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endRecordOffset(view);
  if (end < 0) return "unreadable";
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  const zip64 = [4, 6, 8, 10].some((field) => view.getUint16(end + field, true) === 0xffff);
  if (zip64 || directorySize === 0xffffffff || directoryOffset + directorySize !== end) return "unreadable";

  let total = 0;
  let offset = directoryOffset;
  while (offset < end) {
    if (offset + 46 > end || view.getUint32(offset, true) !== ENTRY_SIGNATURE) return "unreadable";
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const localOffset = view.getUint32(offset + 42, true);
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) return "unreadable";
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== LOCAL_SIGNATURE) return "unreadable";
    const dataStart =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (dataStart + compressedSize > bytes.length) return "unreadable";
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (method === STORED) total += compressedSize;
    else if (method === DEFLATED) {
      try {
        total += (await inflate(data, { maxOutputLength: Math.max(1, maxBytes - total) })).length;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === OUTPUT_TOO_LARGE ? "tooLarge" : "unreadable";
      }
    } else return "unreadable";
    if (total > maxBytes) return "tooLarge";
    offset +=
      46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return offset === end ? total : "unreadable";
}
