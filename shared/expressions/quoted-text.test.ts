import { describe, expect, it } from "vitest";
import { parseExpression } from "./index.ts";
import { evaluateSource as run } from "./test-evaluate.ts";
import { readQuotedText, straightenQuotes } from "./quoted-text.ts";

describe("typographic quotes in expressions", () => {
  it.each([
    ["${x} = ‘yes’", "yes"],
    ["${x} = ’yes’", "yes"],
    ["${x} = “yes”", "yes"],
    ["${x} = ”yes”", "yes"],
    ["${x} = ’yes'", "yes"],
    ['${x} = ”yes"', "yes"],
    ['${x} = "yes”', "yes"],
    ["${x} = 'yes’", "yes"],
    ["${x} = ‘Mary’s’", "Mary’s"],
    ["${x} = 'Mary’s'", "Mary’s"],
    ["${x} = 'rock ’n’ roll'", "rock ’n’ roll"],
    ["${x} = “say ‘hi’”", "say ‘hi’"],
    ["${x} = ‘’", ""],
  ])("%s compares with %j", (source, value) => {
    expect(run(source, { x: value })).toBe(true);
    expect(run(source, { x: `${value}!` })).toBe(false);
  });

  it("reads them in functions and keeps parentheses inside them out of the nesting count", () => {
    expect(run("selected(${f}, ‘b’)", { f: ["a", "b"] })).toBe(true);
    expect(run("concat(“(”, ‘a’, '’)')")).toBe("(a’)");
  });

  it("refuses a literal that never closes", () => {
    expect(parseExpression("${x} = ‘yes").ok).toBe(false);
    expect(readQuotedText("“yes’", 0)).toBeNull();
  });

  it.each([
    ["${x}=’rsavoye’", "${x}='rsavoye'"],
    ["${a} = ‘yes’ and ${b} = “no”", "${a} = 'yes' and ${b} = 'no'"],
    ['${x}=”" or ${y}=’’', "${x}='' or ${y}=''"],
    ["‘Mary's’", '"Mary\'s"'],
    ["'Mary’s' = ${x}", "'Mary’s' = ${x}"],
    ['‘it\'s "x"’', '‘it\'s "x"’'],
    ["instance('cities’)/root/item[name = ‘a’]/label", "instance('cities')/root/item[name = 'a']/label"],
    ["regex(., ‘^\\d+$’)", "regex(., ‘^\\d+$’)"],
    ["‘open", "‘open"],
  ])("straightens %s", (source, straight) => {
    expect(straightenQuotes(source)).toBe(straight);
  });
});
