import { evaluateExpression, isTruthy, type Expression, type EvaluationScope } from "../expressions/index.ts";

type OptionProperties = Record<string, Record<string, string>>;

/** A choice field's option properties (`config.optionProperties`), empty for any other field. */
export function optionPropertiesOf(field: { config: object }): OptionProperties {
  const value: unknown = Reflect.get(field.config, "optionProperties");
  return typeof value === "object" && value !== null ? (value as OptionProperties) : {};
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
  return options.filter((option) => {
    const own = properties[option] ?? {};
    const read = (name: string) => {
      const key = name.toLowerCase();
      if (key === "name") return option;
      const found = Object.entries(own).find(([property]) => property.toLowerCase() === key);
      return found ? found[1] : null;
    };
    return isTruthy(evaluateExpression(filter, { ...scope, option: read }));
  });
}
