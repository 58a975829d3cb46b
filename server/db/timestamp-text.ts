/**
 * PostgreSQL's own text of a timestamptz in a UTC session ("2026-01-01 00:00:01.123456+00") as ISO 8601 with
 * milliseconds ("2026-01-01T00:00:01.123Z"), truncated as to_char's MS is. Casting to text costs the database
 * a fraction of to_char, which matters when an export prints two instants for each of 100k records.
 */
export function isoFromTimestampText(text: string): string {
  if (!text.endsWith("+00")) throw new Error(`timestamp not in UTC: ${text} (the database session must run in UTC)`);
  const fraction = text.charCodeAt(19) === 46 ? text.slice(20, -3) : "";
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${(fraction + "000").slice(0, 3)}Z`;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?\+00$/;

/** Whether a client-returned key (a page cursor) is such a text, so that casting it cannot fail in the database. */
export function isTimestampText(text: string): boolean {
  return TIMESTAMP_TEXT.test(text);
}
