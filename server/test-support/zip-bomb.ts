import { once } from "node:events";
import { constants, createDeflateRaw, inflateRawSync } from "node:zlib";

/** One file of a zip archive: its name and its content, as chunks (so a huge content need not exist at once). */
export interface ZipEntryContent {
  name: string;
  chunks: Iterable<Uint8Array>;
}

/** The entries of a zip written by a well-behaved tool (exceljs), read through its central directory. */
export function readZipEntries(bytes: Uint8Array): { name: string; data: Buffer }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end -= 1;
  const entries: { name: string; data: Buffer }[] = [];
  for (let offset = view.getUint32(end + 16, true); offset < end;) {
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const local = view.getUint32(offset + 42, true);
    const name = Buffer.from(bytes.subarray(offset + 46, offset + 46 + nameLength)).toString("utf8");
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(start, start + compressedSize);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/**
 * How entries are compressed: `runs` (run-length matching) packs runs of blanks as tightly as level 9 does, several
 * times faster; `repeats` is zlib's default matching, for repeated text such as a sheet's identical rows.
 */
export type ZipCompression = "runs" | "repeats";

async function deflate(
  chunks: Iterable<Uint8Array>,
  compression: ZipCompression,
): Promise<{ data: Buffer; size: number }> {
  const strategy = compression === "runs" ? constants.Z_RLE : constants.Z_DEFAULT_STRATEGY;
  const stream = createDeflateRaw({ level: 9, strategy });
  const output: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => output.push(chunk));
  const ended = once(stream, "end");
  let size = 0;
  for (const chunk of chunks) {
    size += chunk.length;
    if (!stream.write(chunk)) await once(stream, "drain");
  }
  stream.end();
  await ended;
  return { data: Buffer.concat(output), size };
}

/**
 * A zip archive whose headers and central directory declare `declaredSize` uncompressed bytes for every entry,
 * whatever the entries really inflate to (what an attacker writes to slip past a check of the declared sizes),
 * or their true sizes when it is null. CRCs are left at 0 (ExcelJS's JSZip does not check them; it does
 * compare the size, but only once it has inflated everything).
 */
export async function writeZip(
  entries: readonly ZipEntryContent[],
  declaredSize: number | null,
  compression: ZipCompression = "runs",
): Promise<Uint8Array> {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const { data, size } = await deflate(entry.chunks, compression);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declaredSize ?? size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize ?? size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const endRecord = Buffer.alloc(22);
  endRecord.writeUInt32LE(0x06054b50, 0);
  endRecord.writeUInt16LE(entries.length, 8);
  endRecord.writeUInt16LE(entries.length, 10);
  endRecord.writeUInt32LE(directoryBytes.length, 12);
  endRecord.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directoryBytes, endRecord]));
}

function* spaces(total: number): Generator<Uint8Array> {
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let left = total; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
}

/**
 * A workbook whose first sheet's XML is followed by `padding` bytes of blanks (still well-formed XML, and
 * compressed about a thousand to one), every size in the archive declaring `declaredSize` (1 KB, a lie, unless
 * told otherwise; null for the true sizes).
 */
export async function xlsxBomb(
  xlsx: Uint8Array,
  padding: number,
  declaredSize: number | null = 1024,
): Promise<Uint8Array> {
  const entries = readZipEntries(xlsx).map(({ name, data }) => ({
    name,
    chunks: name === "xl/worksheets/sheet1.xml" ? [data, ...spaces(padding)] : [data],
  }));
  return writeZip(entries, declaredSize);
}
