import { EXPRESSION_MAX } from "../expressions/index.ts";
import { safeString } from "../text/safe-text.ts";

/** XLSForm's `trigger`: one question of the form, `${name}` (shared/forms/triggers.ts gives it its meaning). */
const TRIGGER_PATTERN = /^\$\{\s*[A-Za-z_][A-Za-z0-9_]{0,63}\s*\}$/;

const optionalExpression = safeString()
  .trim()
  .max(EXPRESSION_MAX, "expressionTooLong")
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/**
 * The config of a value set when another question changes (ODK's `trigger`): `trigger` names that question and
 * `calculation` gives the value (empty when absent, which clears the answer). A field without a trigger ignores it.
 */
export const TRIGGER_CONFIG = {
  trigger: safeString()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine((value) => value === undefined || TRIGGER_PATTERN.test(value), { error: "invalidTrigger" }),
  calculation: optionalExpression,
};

/** Whether the field's value comes from its trigger, not from a formula recomputed on every change. */
export function isTriggered(field: { config: object }): boolean {
  const trigger: unknown = Reflect.get(field.config, "trigger");
  return typeof trigger === "string" && trigger.trim() !== "";
}
