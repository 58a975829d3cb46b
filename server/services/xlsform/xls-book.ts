import CFB from "cfb";
import { biffRecords, RecordReader, TruncatedRecord, type BiffRecord } from "./biff-records.ts";
import {
  booleanText,
  dateKindOfFormat,
  dateText,
  numberText,
  serialToDate,
  type DateKind,
} from "./spreadsheet-values.ts";
import type { CellGrid } from "./xlsform-sheets.ts";

/**
 * Legacy .xls workbooks (BIFF8, Excel 97–2003), read for what an XLSForm holds: each sheet's cell values as text.
 * The compound file is opened with `cfb` (SheetJS's container reader); the records are read here, so no spreadsheet
 * library with open advisories reads untrusted files. Formatting, formulas themselves and charts are ignored; a
 * formula's cached result is its value.
 */

/** An .xls this reader cannot read: older than Excel 97 (BIFF5 and before) or protected by a password. */
export class LegacyXlsFile extends Error {
  constructor(reason: string) {
    super(reason);
  }
}

/** The first bytes of a compound file (an .xls, and .doc alike). */
const COMPOUND_FILE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function isCompoundFile(bytes: Uint8Array): boolean {
  return COMPOUND_FILE_MAGIC.every((byte, index) => bytes[index] === byte);
}

const BOF = 0x0809;
const EOF = 0x000a;
const FILEPASS = 0x002f;
const DATEMODE = 0x0022;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const FORMAT = 0x041e;
const XF = 0x00e0;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const BOOLERR = 0x0205;
const FORMULA = 0x0006;
const STRING = 0x0207;
const BIFF8 = 0x0600;

/** Built-in number formats that show dates and times ([MS-XLS] 2.4.126; 27–36 and 50–58 are East Asian dates). */
function builtInDateKind(id: number): DateKind | null {
  if ((id >= 14 && id <= 17) || (id >= 27 && id <= 36) || (id >= 50 && id <= 58)) return "date";
  if ((id >= 18 && id <= 21) || (id >= 45 && id <= 47)) return "time";
  if (id === 22) return "datetime";
  return null;
}

const ERRORS: Readonly<Record<number, string>> = {
  0x00: "#NULL!",
  0x07: "#DIV/0!",
  0x0f: "#VALUE!",
  0x17: "#REF!",
  0x1d: "#NAME?",
  0x24: "#NUM!",
  0x2a: "#N/A",
};

interface Globals {
  sheets: { name: string; offset: number }[];
  strings: string[];
  /** The date kind of each cell format (XF), by its index. */
  xfDateKinds: (DateKind | null)[];
  date1904: boolean;
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function readGlobals(records: readonly BiffRecord[]): Globals {
  const first = records[0];
  if (!first || first.type !== BOF || first.data.length < 4) throw new TruncatedRecord();
  if (view(first.data).getUint16(0, true) !== BIFF8) throw new LegacyXlsFile("BIFF before Excel 97");
  const globals: Globals = { sheets: [], strings: [], xfDateKinds: [], date1904: false };
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  for (const record of records.slice(1)) {
    if (record.type === EOF) break;
    const reader = new RecordReader(record);
    switch (record.type) {
      case FILEPASS:
        throw new LegacyXlsFile("password protected");
      case DATEMODE:
        globals.date1904 = reader.u16() === 1;
        break;
      case BOUNDSHEET: {
        const offset = reader.u32();
        reader.u8(); // visibility: hidden sheets are read too, as pyxform does
        const kind = reader.u8();
        const name = reader.unicodeString(1);
        if (kind === 0) globals.sheets.push({ name, offset });
        break;
      }
      case SST: {
        reader.u32(); // total references
        const unique = reader.u32();
        for (let index = 0; index < unique && !reader.done; index++) globals.strings.push(reader.unicodeString(2));
        break;
      }
      case FORMAT: {
        const id = reader.u16();
        formats.set(id, reader.unicodeString(2));
        break;
      }
      case XF:
        reader.u16(); // font
        xfFormats.push(reader.u16());
        break;
    }
  }
  globals.xfDateKinds = xfFormats.map((id) => {
    const custom = formats.get(id);
    return custom === undefined ? builtInDateKind(id) : dateKindOfFormat(custom);
  });
  return globals;
}

/** RK: a number packed in 4 bytes, either a 30-bit integer or the high bits of a double, optionally × 100. */
function rkNumber(rk: number): number {
  const value = rk & 0x02 ? rk >> 2 : doubleFromHigh(rk & 0xfffffffc);
  return rk & 0x01 ? value / 100 : value;
}

function doubleFromHigh(high: number): number {
  const bytes = new DataView(new ArrayBuffer(8));
  bytes.setUint32(4, high >>> 0, true);
  return bytes.getFloat64(0, true);
}

/** One sheet's cells, by 1-based row and column, from its BOF to its EOF. */
function readSheetCells(records: readonly BiffRecord[], start: number, globals: Globals): CellGrid {
  const grid = new Map<number, Map<number, string>>();
  const put = (row: number, column: number, text: string) => {
    const cells = grid.get(row + 1) ?? new Map<number, string>();
    cells.set(column + 1, text);
    grid.set(row + 1, cells);
  };
  const numberAt = (value: number, xf: number) => {
    const kind = globals.xfDateKinds[xf] ?? null;
    return kind ? dateText(serialToDate(value, globals.date1904), kind, globals.date1904) : numberText(value);
  };
  for (let index = start + 1; index < records.length; index++) {
    const record = records[index]!;
    if (record.type === EOF) break;
    const reader = new RecordReader(record);
    switch (record.type) {
      case LABELSST: {
        const [row, column] = [reader.u16(), reader.u16(), reader.u16()];
        put(row, column, globals.strings[reader.u32()] ?? "");
        break;
      }
      case LABEL: {
        const [row, column] = [reader.u16(), reader.u16(), reader.u16()];
        put(row, column, reader.unicodeString(2));
        break;
      }
      case NUMBER:
        if (record.data.length >= 14) {
          const data = view(record.data);
          put(
            data.getUint16(0, true),
            data.getUint16(2, true),
            numberAt(data.getFloat64(6, true), data.getUint16(4, true)),
          );
        }
        break;
      case RK: {
        const [row, column, xf] = [reader.u16(), reader.u16(), reader.u16()];
        put(row, column, numberAt(rkNumber(reader.u32()), xf));
        break;
      }
      case MULRK: {
        const row = reader.u16();
        const first = reader.u16();
        const count = Math.floor((record.data.length - 6) / 6);
        for (let offset = 0; offset < count; offset++) {
          const xf = reader.u16();
          put(row, first + offset, numberAt(rkNumber(reader.u32()), xf));
        }
        break;
      }
      case BOOLERR: {
        const [row, column] = [reader.u16(), reader.u16(), reader.u16()];
        const value = reader.u8();
        put(row, column, reader.u8() === 1 ? (ERRORS[value] ?? "#N/A") : booleanText(value === 1));
        break;
      }
      case FORMULA:
        if (record.data.length >= 14) {
          const text = formulaResult(record.data, records, index, numberAt);
          const data = view(record.data);
          if (text !== null) put(data.getUint16(0, true), data.getUint16(2, true), text);
        }
        break;
    }
  }
  return grid;
}

/** A formula's cached result: a number, or a marker whose text is in the STRING record that follows. */
function formulaResult(
  data: Uint8Array,
  records: readonly BiffRecord[],
  index: number,
  numberAt: (value: number, xf: number) => string,
): string | null {
  const fields = view(data);
  if (fields.getUint16(12, true) !== 0xffff) return numberAt(fields.getFloat64(6, true), fields.getUint16(4, true));
  switch (data[6]) {
    case 0: {
      // Shared and array formulas may sit between the FORMULA and its STRING.
      const string = records.slice(index + 1, index + 4).find((record) => record.type === STRING);
      return string ? new RecordReader(string).unicodeString(2) : null;
    }
    case 1:
      return booleanText(data[8] === 1);
    case 2:
      return ERRORS[data[8] ?? -1] ?? "#N/A";
    default:
      return null;
  }
}

/** The workbook's sheets by name, each read when asked for (an XLSForm needs three of them at most). */
export function readXlsSheets(bytes: Uint8Array): { name: string; cells: () => CellGrid }[] {
  const container = CFB.read(Buffer.from(bytes), { type: "buffer" });
  const stream = CFB.find(container, "Workbook");
  if (!stream) {
    if (CFB.find(container, "Book")) throw new LegacyXlsFile("BIFF5 workbook");
    throw new TruncatedRecord();
  }
  const records = biffRecords(Uint8Array.from(stream.content));
  const globals = readGlobals(records);
  return globals.sheets.map(({ name, offset }) => ({
    name,
    cells: () => {
      const start = records.findIndex((record) => record.offset === offset && record.type === BOF);
      if (start < 0) throw new TruncatedRecord();
      return readSheetCells(records, start, globals);
    },
  }));
}
