/**
 * A lexer shared by both directions of the XLSForm translation (XPath ↔ Campo expressions). The two languages use
 * the same tokens except for a few names and operators, so each token keeps the blank space in front of it and a
 * translation rewrites token texts only: the author's spacing survives a round trip.
 */
export type TokenKind =
  "ref" | "string" | "number" | "name" | "operator" | "open" | "close" | "comma" | "dot" | "other";

export interface Token {
  kind: TokenKind;
  text: string;
  /** Blank space before the token, kept verbatim. */
  space: string;
}

const PATTERNS: readonly [TokenKind, RegExp][] = [
  ["ref", /^\$\{[^}]*\}/],
  ["string", /^'[^']*'|^"[^"]*"/],
  ["number", /^\d+(\.\d+)?|^\.\d+/],
  ["name", /^[A-Za-z_][A-Za-z0-9_:.-]*[A-Za-z0-9_]|^[A-Za-z_]/],
  ["operator", /^(!=|<=|>=|==|=|<|>|\+|-|\*|\/\/?|\||\.\.)/],
  ["open", /^\(/],
  ["close", /^\)/],
  ["comma", /^,/],
  ["dot", /^\./],
];

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let rest = source;
  while (rest.length > 0) {
    const space = /^\s*/.exec(rest)?.[0] ?? "";
    rest = rest.slice(space.length);
    if (rest.length === 0) {
      if (space !== "") tokens.push({ kind: "other", text: "", space });
      break;
    }
    const match = PATTERNS.map(([kind, pattern]) => ({ kind, text: pattern.exec(rest)?.[0] })).find(
      (candidate) => candidate.text !== undefined,
    );
    const token: Token = match?.text
      ? { kind: match.kind, text: match.text, space }
      : { kind: "other", text: rest[0] ?? "", space };
    tokens.push(token);
    rest = rest.slice(token.text.length);
  }
  return tokens;
}

export function joinTokens(tokens: readonly Token[]): string {
  return tokens.map((token) => token.space + token.text).join("");
}

/** The name inside `${name}`; `${last-saved#name}` (the last saved record's answer) names the same field. */
export function refName(token: Token): string {
  return token.text
    .slice(2, -1)
    .trim()
    .replace(/^last-saved#/, "");
}

/** The text inside a string literal's quotes. */
export function stringValue(token: Token): string {
  return token.text.slice(1, -1);
}

/** A string literal with the same quotes as `like` when they fit, else the other kind. */
export function quoted(value: string, like = "'"): string {
  const quote = value.includes(like) ? (like === "'" ? '"' : "'") : like;
  return `${quote}${value}${quote}`;
}
