import type { TextExport } from "./text-exports.ts";

/**
 * A pull stream over `chunks`: the next chunk (and so the next page of records) is made only when the client has
 * read the previous one, so a slow download holds one page in memory, not the whole export. Cancelling the
 * download returns the generator, which closes the page reader.
 */
export function pullStream(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** Rows formatted at once: between two turns of the event loop, or as one call of a streamed page's formatter. */
export const SLICE = 100;

/**
 * Rows to bytes: a source calls `format` on its rows a slice at a time, in order (formatters may count rows), and
 * yields one Buffer per page, empty pages left out.
 */
export type PageSource<Row> = (format: (rows: Row[]) => string) => AsyncGenerator<Buffer>;

/**
 * Formats a page a slice at a time, letting the event loop turn in between: the socket of the page being fetched
 * ahead is read meanwhile, so the database streams it instead of stalling on a full socket until we are done.
 * Each slice's text becomes bytes at once: a page's text held whole until its end, made of many small strings, lived
 * long enough for V8 to move it to the old generation, whose garbage grew the server by 100 MB over an export.
 */
export async function formatInSlices<T>(rows: T[], format: (slice: T[]) => string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let start = 0; start < rows.length; start += SLICE) {
    parts.push(Buffer.from(format(rows.slice(start, start + SLICE)), "utf8"));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return Buffer.concat(parts);
}

/** A source over pages read as whole lists (PGlite's JSON pages, entity lists), each formatted in slices. */
export function listedPages<Row>(pages: AsyncGenerator<Row[]>): PageSource<Row> {
  return async function* (format) {
    for await (const rows of pages) {
      const bytes = await formatInSlices(rows, format);
      if (bytes.length > 0) yield bytes;
    }
  };
}

/** A text export's content, one chunk of bytes per page (a ZIP entry's chunks). */
export async function* textParts<Row>(pages: PageSource<Row>, format: TextExport<Row>): AsyncGenerator<Buffer> {
  yield Buffer.from(format.head, "utf8");
  yield* pages(format.page);
  if (format.tail) yield Buffer.from(format.tail, "utf8");
}

export function textExportStream<Row>(pages: PageSource<Row>, format: TextExport<Row>): ReadableStream<Uint8Array> {
  return pullStream(textParts(pages, format));
}

/** The application's name as a file name (no path separators nor control characters), "campo" when nothing is left. */
export function exportFileBase(applicationName: string): string {
  return (
    applicationName
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a header
      .replace(/[\\/:*?"<>|\u0000-\u001F\u007F]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 100) || "campo"
  );
}

/** `Name of the app-2026-05-01.csv`, safe in a header: ASCII fallback plus the UTF-8 name (RFC 6266). */
export function contentDisposition(applicationName: string, extension: string, today = new Date()): string {
  const date = today.toISOString().slice(0, 10);
  const base = exportFileBase(applicationName);
  const utf8Name = `${base}-${date}.${extension}`;
  const asciiBase = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._ -]+/g, "")
    .replace(/\s+/g, "-")
    .replace(/^[.-]+/, "");
  const asciiName = `${asciiBase || "campo"}-${date}.${extension}`;
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(utf8Name)}`;
}
