import { use, useMemo } from "react";
import { loadRegexEngine, needsRegexEngine, regexEngineLoaded } from "../../../shared/expressions/index.ts";

/**
 * Suspends until RE2 is loaded when `fields` may call `regex()` (or always, with `true`): the browser loads it on
 * demand (shared/expressions/safe-regex.ts), and evaluating or checking such a form needs it. Call it before anything
 * that evaluates the form.
 */
export function useRegexEngine(fields: unknown): void {
  const needed = useMemo(() => fields === true || needsRegexEngine(fields), [fields]);
  if (needed && !regexEngineLoaded()) use(loadRegexEngine());
}
