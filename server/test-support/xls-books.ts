import CFB from "cfb";
import type { FormattedCell, SheetCells } from "./xlsform-books.ts";

/**
 * Builds legacy .xls files (BIFF8 in a compound file) by hand, record by record, for the .xls reader's tests: the
 * cells Excel 97–2003 writes (shared strings split over CONTINUE records, RK and MULRK numbers, dates under
 * built-in and custom formats, logical cells, formulas with a cached text), and the files it cannot read.
 */

/** A formula whose cached result is a text. */
export interface FormulaText {
  formulaText: string;
}

export type XlsCell = SheetCells[number][number] | FormulaText;

export interface XlsOptions {
  /** Texts as LABEL records in the cells instead of the shared strings table. */
  inlineStrings?: boolean;
  date1904?: boolean;
  /** A FILEPASS record: the workbook is encrypted. */
  password?: boolean;
  /** BIFF5 (Excel 95): a `Book` stream of version 0x0500. */
  excel95?: boolean;
}

const MAX_RECORD_DATA = 8224;
/** Built-in formats Excel does not write out as FORMAT records. */
const BUILT_IN_FORMATS: Readonly<Record<string, number>> = { "m/d/yy": 14, "h:mm": 20, "m/d/yy h:mm": 22 };

class Bytes {
  private readonly parts: number[] = [];
  get length(): number {
    return this.parts.length;
  }
  u8(value: number): this {
    this.parts.push(value & 0xff);
    return this;
  }
  u16(value: number): this {
    return this.u8(value).u8(value >> 8);
  }
  u32(value: number): this {
    return this.u16(value & 0xffff).u16(value >>> 16);
  }
  f64(value: number): this {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value, true);
    for (let index = 0; index < 8; index++) this.u8(view.getUint8(index));
    return this;
  }
  chars(text: string, wide: boolean): this {
    for (const unit of Array.from({ length: text.length }, (_, index) => text.charCodeAt(index)))
      if (wide) this.u16(unit);
      else this.u8(unit);
    return this;
  }
  /** XLUnicodeString: 2-byte length, flags, characters. */
  unicode(text: string, lengthBytes: 1 | 2 = 2): this {
    const wide = isWide(text);
    if (lengthBytes === 1) this.u8(text.length);
    else this.u16(text.length);
    return this.u8(wide ? 1 : 0).chars(text, wide);
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

function isWide(text: string): boolean {
  return [...text].some((char) => char.charCodeAt(0) > 0xff);
}

function record(type: number, data: Bytes | Uint8Array): Uint8Array {
  const body = data instanceof Bytes ? data.bytes() : data;
  return Uint8Array.from([type & 0xff, type >> 8, body.length & 0xff, body.length >> 8, ...body]);
}

/** The SST and its CONTINUE records: a text split between records restates its width in the continuation. */
function sharedStrings(strings: readonly string[]): Uint8Array[] {
  const segments: Bytes[] = [new Bytes().u32(strings.length).u32(strings.length)];
  const current = () => segments[segments.length - 1]!;
  for (const text of strings) {
    const wide = isWide(text);
    if (current().length + 3 > MAX_RECORD_DATA) segments.push(new Bytes());
    current()
      .u16(text.length)
      .u8(wide ? 1 : 0);
    let written = 0;
    while (written < text.length) {
      let room = Math.floor((MAX_RECORD_DATA - current().length) / (wide ? 2 : 1));
      if (room === 0) {
        segments.push(new Bytes().u8(wide ? 1 : 0));
        room = Math.floor((MAX_RECORD_DATA - 1) / (wide ? 2 : 1));
      }
      const part = text.slice(written, written + room);
      current().chars(part, wide);
      written += part.length;
    }
  }
  return segments.map((segment, index) => record(index === 0 ? 0x00fc : 0x003c, segment));
}

function isFormatted(value: unknown): value is FormattedCell {
  return typeof value === "object" && value !== null && "numFmt" in value;
}

function isFormula(value: unknown): value is FormulaText {
  return typeof value === "object" && value !== null && "formulaText" in value;
}

/** A number's RK form when it has one (a 30-bit integer, or one once multiplied by 100). */
function rk(value: number): number | null {
  const fits = (integer: number) => Number.isInteger(integer) && integer >= -(2 ** 29) && integer < 2 ** 29;
  if (fits(value)) return ((value << 2) | 2) >>> 0;
  if (fits(Math.round(value * 100)) && Math.round(value * 100) / 100 === value)
    return ((Math.round(value * 100) << 2) | 3) >>> 0;
  return null;
}

function serial(value: Date | number, date1904: boolean): number {
  if (typeof value === "number") return value;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return (value.getTime() - epoch) / 86_400_000;
}

export function buildXls(sheets: Readonly<Record<string, readonly (readonly XlsCell[])[]>>, options: XlsOptions = {}) {
  const date1904 = options.date1904 ?? false;
  const strings: string[] = [];
  const stringIndex = (text: string) => {
    const found = strings.indexOf(text);
    if (found >= 0) return found;
    strings.push(text);
    return strings.length - 1;
  };
  // XF 0 is General; each number format gets an XF of its own.
  const formats: string[] = [];
  const xfOf = (numFmt: string) => {
    if (!formats.includes(numFmt)) formats.push(numFmt);
    return formats.indexOf(numFmt) + 1;
  };

  const sheetStreams = Object.values(sheets).map((rows) => {
    const parts: Uint8Array[] = [record(0x0809, new Bytes().u16(0x0600).u16(0x0010).u32(0).u32(0).u32(0))];
    rows.forEach((row, rowIndex) => {
      for (let column = 0; column < row.length; column++) {
        const value = row[column];
        const at = () => new Bytes().u16(rowIndex).u16(column);
        if (value === null || value === undefined) continue;
        if (typeof value === "string") {
          if (options.inlineStrings) parts.push(record(0x0204, at().u16(0).unicode(value)));
          else parts.push(record(0x00fd, at().u16(0).u32(stringIndex(value))));
        } else if (typeof value === "boolean") {
          parts.push(
            record(
              0x0205,
              at()
                .u16(0)
                .u8(value ? 1 : 0)
                .u8(0),
            ),
          );
        } else if (typeof value === "number") {
          // A run of numbers with RK forms is one MULRK, as Excel writes it.
          let end = column;
          while (typeof row[end + 1] === "number" && rk(row[end + 1] as number) !== null) end++;
          if (rk(value) !== null && end > column) {
            const mulrk = at();
            for (let index = column; index <= end; index++) mulrk.u16(0).u32(rk(row[index] as number)!);
            parts.push(record(0x00bd, mulrk.u16(end)));
            column = end;
          } else if (rk(value) !== null) parts.push(record(0x027e, at().u16(0).u32(rk(value)!)));
          else parts.push(record(0x0203, at().u16(0).f64(value)));
        } else if (isFormatted(value)) {
          parts.push(record(0x0203, at().u16(xfOf(value.numFmt)).f64(serial(value.value, date1904))));
        } else if (isFormula(value)) {
          const cached = at().u16(0).u8(0).u8(0).u8(0).u8(0).u8(0).u8(0).u16(0xffff);
          parts.push(record(0x0006, cached.u16(0).u32(0).u16(0)));
          parts.push(record(0x0207, new Bytes().unicode(value.formulaText)));
        }
      }
    });
    parts.push(record(0x000a, new Bytes()));
    return concat(parts);
  });

  const globals = (offsets: readonly number[]) => {
    const parts: Uint8Array[] = [
      record(
        0x0809,
        new Bytes()
          .u16(options.excel95 ? 0x0500 : 0x0600)
          .u16(0x0005)
          .u32(0)
          .u32(0)
          .u32(0),
      ),
    ];
    if (options.password) parts.push(record(0x002f, new Bytes().u16(0).u16(0).u16(0)));
    parts.push(record(0x0022, new Bytes().u16(date1904 ? 1 : 0)));
    formats.forEach((numFmt, index) => {
      if (BUILT_IN_FORMATS[numFmt] === undefined)
        parts.push(record(0x041e, new Bytes().u16(164 + index).unicode(numFmt)));
    });
    const xf = (format: number) => record(0x00e0, new Bytes().u16(0).u16(format).u16(0).u16(0).u32(0).u32(0).u32(0));
    parts.push(xf(0));
    formats.forEach((numFmt, index) => parts.push(xf(BUILT_IN_FORMATS[numFmt] ?? 164 + index)));
    Object.keys(sheets).forEach((name, index) =>
      parts.push(
        record(
          0x0085,
          new Bytes()
            .u32(offsets[index] ?? 0)
            .u8(0)
            .u8(0)
            .unicode(name, 1),
        ),
      ),
    );
    if (!options.inlineStrings) parts.push(...sharedStrings(strings));
    parts.push(record(0x000a, new Bytes()));
    return concat(parts);
  };
  const globalsLength = globals([]).length;
  const offsets = sheetStreams.map(
    (_, index) => globalsLength + sheetStreams.slice(0, index).reduce((sum, stream) => sum + stream.length, 0),
  );
  const stream = concat([globals(offsets), ...sheetStreams]);

  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, options.excel95 ? "Book" : "Workbook", stream);
  return Buffer.from(CFB.write(container, { type: "buffer" }) as Uint8Array);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}
