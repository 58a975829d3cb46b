/**
 * A number's least and greatest value as XLSForm writes them: the leading part of the `constraint` expression
 * (`. >= 0 and . <= 120`), so that ODK, Kobo and pyxform check the same bounds Campo does. The field's own
 * constraint follows in parentheses (`… and (. != 99)`).
 */
export interface NumberBounds {
  minValue?: number | undefined;
  maxValue?: number | undefined;
}

const NUMBER = "(-?\\d+(?:\\.\\d+)?)";
const LEADING_BOUNDS = new RegExp(
  `^\\.\\s*>=\\s*${NUMBER}(?:\\s+and\\s+\\.\\s*<=\\s*${NUMBER})?|^\\.\\s*<=\\s*${NUMBER}`,
);

function boundsConstraint({ minValue, maxValue }: NumberBounds): string {
  const parts = [
    ...(minValue === undefined ? [] : [`. >= ${minValue}`]),
    ...(maxValue === undefined ? [] : [`. <= ${maxValue}`]),
  ];
  return parts.join(" and ");
}

/** Rules that all must hold, as one constraint: the standard ones first, then the field's own in parentheses. */
export function joinConstraints(standard: readonly string[], own: string): string {
  const leading = standard.filter((part) => part !== "");
  if (leading.length === 0) return own;
  return own === "" ? leading.join(" and ") : `${leading.join(" and ")} and (${own})`;
}

/** A number's constraint: its bounds, then its own rule, which is wrapped when it reads like bounds itself. */
export function numberConstraint(bounds: NumberBounds, own: string): string {
  const leading = boundsConstraint(bounds);
  if (leading === "" && LEADING_BOUNDS.test(own.trim())) return `(${own})`;
  return joinConstraints([leading], own);
}

/** Whether `text` is `(…)` with the first parenthesis closed by the last character. */
function isOneGroup(text: string): boolean {
  if (!text.startsWith("(") || !text.endsWith(")")) return false;
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === "'" || character === '"') {
      const close = text.indexOf(character, index + 1);
      if (close < 0) return false;
      index = close;
    } else if (character === "(") depth += 1;
    else if (character === ")") {
      depth -= 1;
      if (depth === 0) return index === text.length - 1;
    }
  }
  return false;
}

/**
 * The bounds a number's constraint starts with and the rest of it, when it has the shape the export writes. With
 * a constraint message and nothing else to check, the bounds stay an expression: Campo shows its own text for a
 * broken bound, and the form's message would be lost.
 */
function splitBounds(constraint: string, hasMessage: boolean): NumberBounds & { rest: string } {
  const none = { rest: constraint };
  const inner = constraint.trim().slice(1, -1).trim();
  if (isOneGroup(constraint.trim()) && LEADING_BOUNDS.test(inner)) return { rest: inner };
  const match = LEADING_BOUNDS.exec(constraint.trim());
  if (!match) return none;
  const after = constraint.trim().slice(match[0].length).trim();
  let rest: string;
  if (after === "") rest = "";
  else {
    const group = /^and\s+/.exec(after);
    const tail = group ? after.slice(group[0].length).trim() : "";
    if (!isOneGroup(tail)) return none;
    rest = tail.slice(1, -1).trim();
  }
  if (rest === "" && hasMessage) return none;
  const [, min, minMax, max] = match;
  const bounds = {
    ...(min === undefined ? {} : { minValue: Number(min) }),
    ...(minMax === undefined && max === undefined ? {} : { maxValue: Number(minMax ?? max) }),
  };
  // Bounds that no answer meets are no bounds Campo stores; they stay the (odd) rule they are.
  if (bounds.minValue !== undefined && bounds.maxValue !== undefined && bounds.minValue > bounds.maxValue) return none;
  return { ...bounds, rest };
}

/**
 * Whether Campo's export must also name the bounds in `campo_settings`: with a constraint message and no rule of
 * its own, the import would otherwise keep the bounds as a rule (see splitBounds).
 */
export function boundsNeedSettings(config: NumberBounds & { constraint?: string; constraintMessage?: string }) {
  const bounded = config.minValue !== undefined || config.maxValue !== undefined;
  return bounded && config.constraintMessage !== undefined && config.constraint === undefined;
}

/**
 * Moves a number's leading bounds into its config and answers the rest of its constraint. Bounds that
 * `campo_settings` names as well are taken whatever the message, so that they are not applied twice.
 */
export function takeBounds(
  constraint: string,
  hasMessage: boolean,
  settings: string,
  config: Record<string, unknown>,
): string {
  const { rest, ...bounds } = splitBounds(constraint, hasMessage && !/"(minValue|maxValue)"/.test(settings));
  Object.assign(config, bounds);
  return rest;
}
