/**
 * XLSForm's path into an attached table, `instance('cities')/root/item[state = ${state}]/label`, read as one token
 * (the expression language has no paths otherwise). Only this shape is supported: one file, its items, an optional
 * filter in brackets and the column to return.
 */
const HEAD = /instance\(\s*(['"])([A-Za-z0-9][A-Za-z0-9._-]{0,99})\1\s*\)\s*\/\s*root\s*\/\s*item/y;
const COLUMN = /\s*\/\s*([A-Za-z_][A-Za-z0-9_.:-]{0,63})/y;

export interface InstancePath {
  /** The attached file's name without its extension is how XLSForm names the instance; kept as written. */
  instance: string;
  /** The bracketed filter's source, null without brackets. */
  filter: string | null;
  column: string;
  end: number;
}

/** Index just past the `]` closing the bracket at `start`, skipping quoted text; -1 when it is never closed. */
function closingBracket(source: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let index = start; index < source.length; index += 1) {
    const char = source.charAt(index);
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === "[") depth += 1;
    else if (char === "]" && --depth === 0) return index + 1;
  }
  return -1;
}

/** The path starting at `start`, or null when the source there is not one. */
export function readInstancePath(source: string, start: number): InstancePath | null {
  HEAD.lastIndex = start;
  const head = HEAD.exec(source);
  if (!head?.[2]) return null;
  let index = start + head[0].length;
  let filter: string | null = null;
  if (source.charAt(index) === "[") {
    const end = closingBracket(source, index);
    if (end < 0) return null;
    filter = source.slice(index + 1, end - 1);
    index = end;
  }
  COLUMN.lastIndex = index;
  const column = COLUMN.exec(source);
  if (!column?.[1]) return null;
  return { instance: head[2], filter, column: column[1], end: index + column[0].length };
}
