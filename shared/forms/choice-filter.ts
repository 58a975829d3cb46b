import type { Expression, EvaluationScope } from "../expressions/index.ts";
import { runFilterPlan, type OptionProperties } from "./filter-plan.ts";

/** One object for every field without properties, so that a filter's plan (filter-plan.ts) is kept between runs. */
const NO_PROPERTIES: OptionProperties = Object.freeze({});

/** A choice field's option properties (`config.optionProperties`), empty for any other field. */
export function optionPropertiesOf(field: { config: object }): OptionProperties {
  const value: unknown = Reflect.get(field.config, "optionProperties");
  return typeof value === "object" && value !== null ? (value as OptionProperties) : NO_PROPERTIES;
}

/**
 * The options a choice filter keeps, in the designer's order. The filter is evaluated once per option with bare
 * words reading that option: `name` is the option itself, any other word its property of that name (compared
 * case-insensitively, empty when the option lacks it) — XLSForm's `state=${state}` reads as written.
 */
export function filterOptions(
  options: readonly string[],
  properties: OptionProperties,
  filter: Expression,
  scope: EvaluationScope,
): string[] {
  return runFilterPlan(options, properties, filter, scope);
}
