import { describe, expect, it } from "vitest";
import { buildXlsx, SKIP_LOGIC_FORM } from "../../test-support/xlsform-books.ts";
import { readZipEntries, writeZip, xlsxBomb } from "../../test-support/zip-bomb.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";
import { checkInflatedSize } from "./zip-inflated-size.ts";

const MB = 1024 * 1024;

describe("checkInflatedSize", () => {
  it("passes a workbook within the cap whatever its headers declare, one that ExcelJS reads", async () => {
    const book = await buildXlsx(SKIP_LOGIC_FORM);
    const padded = await xlsxBomb(book, 64 * 1024, null);
    expect(checkInflatedSize(padded, MB)).toBe("ok");
    expect((await readXlsFormBook(padded)).survey?.rows.length).toBeGreaterThan(0);
    expect(checkInflatedSize(await xlsxBomb(book, 64 * 1024, 1), MB)).toBe("ok");
  });

  it("counts what really inflates: past the cap in one entry or over several, the file is too large", async () => {
    const book = await buildXlsx(SKIP_LOGIC_FORM);
    expect(checkInflatedSize(await xlsxBomb(book, 2 * MB), MB)).toBe("tooLarge");
    const blanks = Buffer.alloc(MB / 2, 0x20);
    const spread = await writeZip(
      ["a", "b", "c"].map((name) => ({ name, chunks: [blanks] })),
      10,
    );
    expect(checkInflatedSize(spread, MB)).toBe("tooLarge");
    expect(checkInflatedSize(spread, 2 * MB)).toBe("ok");
  });

  it("refuses what ExcelJS could read differently or not at all", async () => {
    const book = new Uint8Array(await buildXlsx(SKIP_LOGIC_FORM));
    expect(checkInflatedSize(book, MB)).toBe("ok");
    // Bytes before the archive shift every offset JSZip would correct for.
    expect(checkInflatedSize(new Uint8Array([...new Uint8Array(64), ...book]), MB)).toBe("unreadable");
    expect(checkInflatedSize(book.subarray(0, book.length - 30), MB)).toBe("unreadable");
    expect(checkInflatedSize(new TextEncoder().encode("type,name\ntext,a\n"), MB)).toBe("unreadable");
    expect(readZipEntries(book).length).toBeGreaterThan(3);
  });
});
