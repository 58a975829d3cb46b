/**
 * A ZIP archive written as it goes (deflate, sizes in data descriptors, UTF-8 names), for the Excel export and the
 * CSV export of a form with repeats (main CSV plus one per repeat).
 * Each entry is compressed chunk by chunk with synchronous deflate ending in a sync flush, so the entry's chunks
 * join into one valid deflate stream and the caller decides when the next chunk is made: memory holds one chunk.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;
/** Without ZIP64 records, sizes and offsets must stay under 4 GiB. */
const MAX_32 = 0xffffffff;

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  size: number;
  compressedSize: number;
}

function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function checked(value: number): number {
  if (value >= MAX_32) throw new Error("ZIP archive over 4 GiB (ZIP64 is not written)");
  return value;
}

export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosDateTime(new Date());

  /** One entry whose content arrives as `chunks`; yields the archive's bytes for it. */
  async *entry(
    name: string,
    chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  ): AsyncGenerator<Buffer> {
    const entry: Entry = { name: Buffer.from(name, "utf8"), offset: this.offset, crc: 0, size: 0, compressedSize: 0 };
    yield this.emit(this.localHeader(entry));
    for await (const chunk of chunks) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      const compressed = deflateRawSync(bytes, { level: 6, finishFlush: constants.Z_SYNC_FLUSH });
      entry.compressedSize += compressed.length;
      yield this.emit(compressed);
    }
    const last = deflateRawSync(Buffer.alloc(0), { finishFlush: constants.Z_FINISH });
    entry.compressedSize += last.length;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(checked(entry.compressedSize), 8);
    descriptor.writeUInt32LE(checked(entry.size), 12);
    yield this.emit(Buffer.concat([last, descriptor]));
    this.entries.push(entry);
  }

  /** The central directory and its end record: the archive's last bytes. */
  finish(): Buffer {
    const start = this.offset;
    const headers = this.entries.map((entry) => this.centralHeader(entry));
    const directory = Buffer.concat(headers);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(checked(start), 16);
    return this.emit(Buffer.concat([directory, end]));
  }

  private emit(bytes: Buffer): Buffer {
    this.offset += bytes.length;
    return bytes;
  }

  /** Version needed, flags, method, time and date: the run both headers share. */
  private writeEntryInfo(header: Buffer, at: number): void {
    [VERSION, FLAGS, DEFLATE, this.stamp.time, this.stamp.date].forEach((value, i) =>
      header.writeUInt16LE(value, at + 2 * i),
    );
  }

  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    this.writeEntryInfo(header, 4);
    // CRC and sizes (offsets 14–25) stay zero: the data descriptor carries them.
    header.writeUInt16LE(entry.name.length, 26);
    return Buffer.concat([header, entry.name]);
  }

  private centralHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4); // version made by
    this.writeEntryInfo(header, 6);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressedSize, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(checked(entry.offset), 42);
    return Buffer.concat([header, entry.name]);
  }
}
