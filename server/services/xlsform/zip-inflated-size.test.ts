import { describe, expect, it } from "vitest";
import { buildXlsx, SKIP_LOGIC_FORM } from "../../test-support/xlsform-books.ts";
import { readZipEntries, writeZip, xlsxBomb } from "../../test-support/zip-bomb.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";
import { inflatedSize } from "./zip-inflated-size.ts";

const MB = 1024 * 1024;

describe("inflatedSize", () => {
  it("passes a workbook within the cap whatever its headers declare, one that ExcelJS reads", async () => {
    const book = await buildXlsx(SKIP_LOGIC_FORM);
    const padded = await xlsxBomb(book, 64 * 1024, null);
    expect(await inflatedSize(padded, MB)).toBeGreaterThan(64 * 1024);
    expect((await readXlsFormBook(padded)).survey?.rows.length).toBeGreaterThan(0);
    expect(await inflatedSize(await xlsxBomb(book, 64 * 1024, 1), MB)).toBeGreaterThan(64 * 1024);
  });

  it("counts what really inflates: past the cap in one entry or over several, the file is too large", async () => {
    const book = await buildXlsx(SKIP_LOGIC_FORM);
    expect(await inflatedSize(await xlsxBomb(book, 2 * MB), MB)).toBe("tooLarge");
    const blanks = Buffer.alloc(MB / 2, 0x20);
    const spread = await writeZip(
      ["a", "b", "c"].map((name) => ({ name, chunks: [blanks] })),
      10,
    );
    expect(await inflatedSize(spread, MB)).toBe("tooLarge");
    expect(await inflatedSize(spread, 2 * MB)).toBe(1.5 * MB);
  });

  it("refuses what ExcelJS could read differently or not at all", async () => {
    const book = new Uint8Array(await buildXlsx(SKIP_LOGIC_FORM));
    expect(await inflatedSize(book, MB)).toBeTypeOf("number");
    // Bytes before the archive shift every offset JSZip would correct for.
    expect(await inflatedSize(new Uint8Array([...new Uint8Array(64), ...book]), MB)).toBe("unreadable");
    expect(await inflatedSize(book.subarray(0, book.length - 30), MB)).toBe("unreadable");
    expect(await inflatedSize(new TextEncoder().encode("type,name\ntext,a\n"), MB)).toBe("unreadable");
    expect(readZipEntries(book).length).toBeGreaterThan(3);
  });
});
