/**
 * Puts a media answer where its field lives: `fieldId` at the top of the answers, `repeatId.index.childId` inside a
 * repeat entry (answers[repeatId][index][childId]). Returns new objects; the given answers are not changed.
 */
export function placeAnswer(answers: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [repeatId, index, childId] = path.split(".");
  if (repeatId === undefined || index === undefined || childId === undefined) return { ...answers, [path]: value };
  const entries = answers[repeatId];
  const at = Number(index);
  if (!Array.isArray(entries) || !Number.isInteger(at) || at < 0 || at >= entries.length) return answers;
  const entry: unknown = entries[at];
  const next = [...(entries as unknown[])];
  next[at] = { ...(typeof entry === "object" && entry !== null ? entry : {}), [childId]: value };
  return { ...answers, [repeatId]: next };
}
