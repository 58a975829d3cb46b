/**
 * The record layer of a BIFF8 workbook stream (the `Workbook` stream of a legacy .xls, [MS-XLS] 2.1.4): records of
 * a 2-byte type, a 2-byte size and their data, and the strings that may run on into CONTINUE records.
 */

export interface BiffRecord {
  type: number;
  /** Where the record starts in the stream (BOUNDSHEET8 points at a sheet's BOF by this offset). */
  offset: number;
  data: Uint8Array;
  /** The data of the CONTINUE records right after it. */
  continues: Uint8Array[];
}

export const CONTINUE = 0x003c;

/** Every record of the stream in order, CONTINUE records attached to the one they continue. */
export function biffRecords(stream: Uint8Array): BiffRecord[] {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const records: BiffRecord[] = [];
  for (let offset = 0; offset + 4 <= stream.length;) {
    const type = view.getUint16(offset, true);
    const size = view.getUint16(offset + 2, true);
    const data = stream.subarray(offset + 4, Math.min(stream.length, offset + 4 + size));
    const previous = records[records.length - 1];
    if (type === CONTINUE && previous) previous.continues.push(data);
    else records.push({ type, offset, data, continues: [] });
    offset += 4 + size;
  }
  return records;
}

/** Thrown on data that ends before what it declares: the file is refused as unreadable. */
export class TruncatedRecord extends Error {
  constructor() {
    super("BIFF record ends early");
  }
}

const latin1 = new TextDecoder("latin1");
const utf16 = new TextDecoder("utf-16le");

/**
 * Reads a record's data and its continuations as one sequence of bytes, except inside a string's characters: a
 * CONTINUE that splits them starts with a byte telling the width (8 or 16 bits) of the characters that follow.
 */
export class RecordReader {
  private segment = 0;
  private position = 0;
  private readonly segments: readonly Uint8Array[];

  constructor(record: Pick<BiffRecord, "data" | "continues">) {
    this.segments = [record.data, ...record.continues];
  }

  get done(): boolean {
    return this.remainingHere() === 0 && this.segment >= this.segments.length - 1;
  }

  private remainingHere(): number {
    return (this.segments[this.segment]?.length ?? 0) - this.position;
  }

  private nextSegment(): void {
    if (this.segment >= this.segments.length - 1) throw new TruncatedRecord();
    this.segment += 1;
    this.position = 0;
  }

  u8(): number {
    while (this.remainingHere() === 0) this.nextSegment();
    const value = this.segments[this.segment]![this.position]!;
    this.position += 1;
    return value;
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(count: number): void {
    let left = count;
    while (left > 0) {
      if (this.remainingHere() === 0) this.nextSegment();
      const step = Math.min(left, this.remainingHere());
      this.position += step;
      left -= step;
    }
  }

  /** `count` characters, 8-bit (Latin-1) or UTF-16; a CONTINUE in between restates the width. */
  characters(count: number, highByte: boolean): string {
    let text = "";
    let wide = highByte;
    let left = count;
    while (left > 0) {
      if (this.remainingHere() === 0) {
        this.nextSegment();
        wide = (this.u8() & 1) === 1;
      }
      const width = wide ? 2 : 1;
      const take = Math.min(left, Math.floor(this.remainingHere() / width));
      if (take === 0) throw new TruncatedRecord();
      const bytes = this.segments[this.segment]!.subarray(this.position, this.position + take * width);
      text += (wide ? utf16 : latin1).decode(bytes);
      this.position += take * width;
      left -= take;
    }
    return text;
  }

  /**
   * A unicode string ([MS-XLS] XLUnicodeString, and XLUnicodeRichExtendedString in the shared strings): its length
   * in 1 or 2 bytes, flags, then optional rich-text runs and phonetic data, which are skipped.
   */
  unicodeString(lengthBytes: 1 | 2): string {
    const count = lengthBytes === 1 ? this.u8() : this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const extension = flags & 0x04 ? this.u32() : 0;
    const text = this.characters(count, (flags & 0x01) === 1);
    this.skip(runs * 4 + extension);
    return text;
  }
}
