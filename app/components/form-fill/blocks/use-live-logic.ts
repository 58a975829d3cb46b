import { useMemo } from "react";
import type { FormShape } from "../logic/form-structure.ts";
import type { FormValues } from "../logic/form-values.ts";
import { evaluateLive, type LiveLogic } from "../logic/record-rules.ts";

/** The form logic at the current values, evaluated once per change (every keystroke: it must stay cheap). */
export function useLiveLogic(shape: FormShape, values: FormValues): LiveLogic {
  return useMemo(() => evaluateLive(shape, values, new Date()), [shape, values]);
}
