import type { Token } from "./expression-tokens.ts";

/**
 * A comparison naming an option its list lacks (`selected(${q}, 'historic')`, `${q} = 'head'`): ODK Validate accepts
 * it and ODK Collect evaluates it as never matching, since no answer holds a name the list lacks. Campo compares
 * labels, so keeping the literal could match an option labelled so; the import writes the comparison's constant
 * instead. The answer says how many tokens around the literal (at `index`) the constant replaces: `before` already
 * emitted, `after` still to come; undefined when the literal is not one of these three shapes.
 */
export function unknownOptionComparison(
  tokens: readonly Token[],
  index: number,
): { before: number; after: number; value: boolean } | undefined {
  const [before, after] = [tokens[index - 1], tokens[index + 1]];
  if (isSelectedOption(tokens, index)) return { before: 4, after: 1, value: false };
  if (before?.kind === "operator" && isEquality(before.text))
    return { before: 2, after: 0, value: before.text === "!=" };
  if (after?.kind === "operator" && isEquality(after.text)) return { before: 0, after: 2, value: after.text === "!=" };
  return undefined;
}

function isEquality(operator: string): boolean {
  return operator === "=" || operator === "==" || operator === "!=";
}

/** Whether the literal at `index` is the option of `selected(${q}, 'x')`. */
export function isSelectedOption(tokens: readonly Token[], index: number): boolean {
  const call = tokens[index - 4];
  return (
    tokens[index - 1]?.kind === "comma" &&
    tokens[index - 3]?.kind === "open" &&
    call?.kind === "name" &&
    call.text === "selected" &&
    tokens[index + 1]?.kind === "close"
  );
}
