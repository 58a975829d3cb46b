/**
 * Text literals as people really type them. Excel and phones with smart punctuation turn `'yes'` into `‘yes’` (or
 * `’yes’`, `“yes”`, even `’yes'`), so a literal may open with any single quote (' ‘ ’) or any double quote (" “ ”) and
 * closes at a quote of the same family. One reading serves the parser (phone, server, designer) and the XLSForm
 * import and export, which write the straight quotes other XLSForm tools read (docs/decisions.md, "Typographic quotes").
 */
const SINGLE_QUOTES = "'‘’";
const DOUBLE_QUOTES = '"“”';
const APOSTROPHES = "’'";
const LETTER = /\p{L}/u;

function familyOf(char: string): string | null {
  if (char === "") return null;
  if (SINGLE_QUOTES.includes(char)) return SINGLE_QUOTES;
  if (DOUBLE_QUOTES.includes(char)) return DOUBLE_QUOTES;
  return null;
}

export function isQuote(char: string): boolean {
  return familyOf(char) !== null;
}

/** In a typographically quoted literal, `’` or `'` between two letters is an apostrophe (`‘Mary’s’`), not its end. */
function isApostrophe(source: string, index: number): boolean {
  return (
    APOSTROPHES.includes(source.charAt(index)) &&
    LETTER.test(source.charAt(index - 1)) &&
    LETTER.test(source.charAt(index + 1))
  );
}

/**
 * Where the literal opening at `start` closes: a straight quote closes only at the same straight quote (XPath's rule,
 * so `'Mary’s'` stays one literal), unless the text holds none, when a typographic one of its family closes it
 * (`'education’`); a typographic quote closes at any quote of its family that is not an apostrophe. A backslash
 * escapes a backslash or the closing quote, and stays otherwise (`'^\d{5}$'` keeps its `\d`).
 */
function closingIndex(source: string, start: number, closes: (index: number) => boolean): number | null {
  for (let index = start + 1; index < source.length; index += 1) {
    const char = source.charAt(index);
    if (char === "\\" && (closes(index + 1) || source.charAt(index + 1) === "\\")) index += 1;
    else if (closes(index)) return index;
  }
  return null;
}

function unescape(raw: string): string {
  return raw.replace(/\\([\\'"‘’“”])/g, "$1");
}

export interface QuotedText {
  /** The text inside the quotes, escapes read. */
  value: string;
  /** The index just past the closing quote. */
  end: number;
  /** Whether either quote is typographic. */
  typographic: boolean;
}

/** Reads the literal whose opening quote is at `start`; null when `start` is no quote or the literal is unclosed. */
export function readQuotedText(source: string, start: number): QuotedText | null {
  const open = source.charAt(start);
  const family = familyOf(open);
  if (family === null) return null;
  const closesTypographic = (index: number) => family.includes(source.charAt(index)) && !isApostrophe(source, index);
  const close =
    open === "'" || open === '"'
      ? (closingIndex(source, start, (index) => source.charAt(index) === open) ??
        closingIndex(source, start, closesTypographic))
      : closingIndex(source, start, closesTypographic);
  if (close === null) return null;
  return {
    value: unescape(source.slice(start + 1, close)),
    end: close + 1,
    typographic: open !== source.charAt(close) || !(open === "'" || open === '"'),
  };
}

/**
 * The expression with every typographically quoted literal rewritten in straight quotes (`'` unless the text holds
 * one, then `"`); a text holding both keeps its quotes, as no XPath literal can hold it. Nothing else changes.
 */
export function straightenQuotes(source: string): string {
  let output = "";
  let index = 0;
  while (index < source.length) {
    const char = source.charAt(index);
    const literal = isQuote(char) ? readQuotedText(source, index) : null;
    if (!literal) {
      // `${name}` may hold no quote, but skipping it whole keeps a stray one inside from starting a literal.
      const reference = char === "$" && source.charAt(index + 1) === "{" ? source.indexOf("}", index) : -1;
      const next = reference === -1 ? index + 1 : reference + 1;
      output += source.slice(index, next);
      index = next;
      continue;
    }
    const raw = source.slice(index, literal.end);
    const quote = literal.value.includes("'") ? (literal.value.includes('"') ? null : '"') : "'";
    output += literal.typographic && quote !== null && !/\\/.test(raw) ? quote + literal.value + quote : raw;
    index = literal.end;
  }
  return output;
}
