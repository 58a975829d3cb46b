import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import type { FormShape } from "../logic/form-structure.ts";
import type { FormValues } from "../logic/form-values.ts";
import { evaluateLive } from "../logic/record-rules.ts";
import { NUMBER_CHECK_DELAY_MS } from "../widgets/number-widget.tsx";

export interface ConstraintCheck {
  /** Failed constraints of the answers the collector has touched, as of the last check. */
  errors: Record<string, FieldError>;
  /** Marks an answer path as touched by the collector (its constraint may now show). */
  touch: (path: string) => void;
  /** Checks now (the form lost focus), instead of waiting for the pause in typing. */
  checkNow: () => void;
}

/**
 * Constraints are checked with the numeric check's timing (spec 001 §5): 400 ms after the last keystroke and on
 * blur, so a message neither flickers while typing nor waits for the save. Only answers the collector touched show
 * a message; the save checks them all.
 */
export function useConstraintCheck(shape: FormShape, values: FormValues): ConstraintCheck {
  const [checked, setChecked] = useState(values);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
    const timer = setTimeout(() => setChecked(values), NUMBER_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values]);

  const touch = useCallback((path: string) => {
    setTouched((previous) => (previous.has(path) ? previous : new Set(previous).add(path)));
  }, []);
  const checkNow = useCallback(() => setChecked(latest.current), []);

  const errors = useMemo(() => {
    const found = evaluateLive(shape, checked, new Date()).constraintErrors;
    return Object.fromEntries(Object.entries(found).filter(([path]) => touched.has(path)));
  }, [shape, checked, touched]);
  return { errors, touch, checkNow };
}
