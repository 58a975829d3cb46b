/** The most of a user-written value (an application's name, a message's subject) a subject line quotes. */
export const SUBJECT_TEXT_MAX = 40;

/**
 * A user-written value made fit to quote in a subject line: control characters (newlines included, so no header can
 * be smuggled in) and runs of spaces become one space, and it is cut to SUBJECT_TEXT_MAX characters. Text chosen by
 * whoever triggers an e-mail to somebody else's address stays out of subjects altogether (invite, welcome).
 */
export function subjectText(value: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, " ").trim();
  return flat.length > SUBJECT_TEXT_MAX ? `${flat.slice(0, SUBJECT_TEXT_MAX - 1).trimEnd()}…` : flat;
}
