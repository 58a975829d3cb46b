import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import type { FormShape } from "../logic/form-structure.ts";
import {
  isRepeatEntries,
  type FormValue,
  type FormValues,
  type RepeatEntry,
  valueAt,
  withValueAt,
} from "../logic/form-values.ts";
import { entryWithDefaults, withOfferedChoices, withRequiredEntries, type LiveLogic } from "../logic/record-rules.ts";
import { withoutLiftedRequirements } from "../logic/lifted-requirement.ts";
import { withTriggeredValues } from "../logic/triggered-values.ts";
import type { FormBindings } from "./form-nodes.tsx";
import { useConstraintCheck, type ConstraintCheck } from "./use-constraint-check.ts";
import { useLiveLogic } from "./use-live-logic.ts";

export interface FormFill {
  values: FormValues;
  setValues: (values: FormValues) => void;
  /** Errors the last check highlighted (a save, a page change); constraint messages come on their own. */
  errors: Record<string, FieldError>;
  setErrors: (errors: Record<string, FieldError>) => void;
  live: LiveLogic;
  constraints: ConstraintCheck;
  bindings: FormBindings;
}

/** The answers of a form being filled, with its live logic and error texts: what the collect form and the designer's
 * preview share. */
export function useFormFill(shape: FormShape, initial: () => FormValues): FormFill {
  const { t } = useTranslation("fields");
  const [values, setValues] = useState<FormValues>(() => withRequiredEntries(shape, initial(), new Date()));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const live = useLiveLogic(shape, values);
  const constraints = useConstraintCheck(shape, values);

  const clearError = useCallback((matches: (path: string) => boolean) => {
    setErrors((previous) => {
      const stale = Object.keys(previous).filter(matches);
      if (stale.length === 0) return previous;
      const next = { ...previous };
      for (const path of stale) delete next[path];
      return next;
    });
  }, []);

  const { touch } = constraints;
  const change = useCallback(
    (path: string, value: FormValue) => {
      // A child answer its parent no longer offers (a city of another state) goes as the parent changes.
      // A repeat_count follows the answers it reads: entries are added or taken from the end to match.
      // Questions this one triggers get their values first (logic/triggered-values.ts).
      setValues((previous) => {
        const now = new Date();
        const changed = withTriggeredValues(shape, withValueAt(previous, path, value), path, now);
        return withRequiredEntries(shape, withOfferedChoices(shape, changed, now), now);
      });
      clearError((stale) => stale === path);
      touch(path);
    },
    [clearError, touch, shape],
  );

  const changeEntries = useCallback(
    (repeatPath: string, update: (entries: RepeatEntry[]) => RepeatEntry[]) => {
      setValues((previous) => {
        const current = valueAt(previous, repeatPath);
        const next = withValueAt(previous, repeatPath, update(isRepeatEntries(current) ? current : []));
        return withRequiredEntries(shape, next, new Date());
      });
      // Entry errors are keyed by position, which adding, removing or moving changes.
      clearError((stale) => stale === repeatPath || stale.startsWith(`${repeatPath}.`));
    },
    [clearError, shape],
  );

  const check = useCallback((path: string, fieldError: FieldError | null) => {
    setErrors((previous) => {
      if (!fieldError) {
        if (!(path in previous)) return previous;
        const next = { ...previous };
        delete next[path];
        return next;
      }
      return { ...previous, [path]: fieldError };
    });
  }, []);

  // A required error goes as soon as its condition stops requiring the answer, the form's summary with it.
  const liveErrors = useMemo(
    () => withoutLiftedRequirements(shape, live.view, values, errors),
    [shape, live.view, values, errors],
  );
  const shownErrors = { ...constraints.errors, ...liveErrors };
  const bindings: FormBindings = {
    values,
    view: live.view,
    errorText: (path) => {
      const fieldError = shownErrors[path];
      return fieldError ? t(fieldError.key, fieldError.params) : undefined;
    },
    onChange: change,
    onCheck: check,
    onEntries: changeEntries,
    newEntry: (repeatPath) => entryWithDefaults(shape, values, repeatPath, new Date()),
  };
  return { values, setValues, errors: liveErrors, setErrors, live, constraints, bindings };
}
