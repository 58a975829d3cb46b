/**
 * A line of a record's first answers for a list that mixes forms: text, numbers, yes/no and picked options, in the
 * record's stored order; media and locations (objects) are left to the record's own page.
 */
export function answerSummary(answers: Record<string, unknown>, words: { yes: string; no: string }, count = 3): string {
  const parts: string[] = [];
  for (const value of Object.values(answers)) {
    if (parts.length >= count) break;
    if (typeof value === "string" && value.trim()) parts.push(value.trim());
    else if (typeof value === "number" && Number.isFinite(value)) parts.push(String(value));
    else if (typeof value === "boolean") parts.push(value ? words.yes : words.no);
    else if (Array.isArray(value) && value.length && value.every((item) => typeof item === "string")) parts.push(value.join(", "));
  }
  return parts.join(" · ");
}
