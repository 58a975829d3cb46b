import ts from "typescript";
import { describe, expect, it } from "vitest";
import { parseSource, sourceFiles, whereIs } from "../testing/source-files.ts";

/** Elements with no role of their own: ARIA forbids naming them, and axe reports `aria-prohibited-attr`. */
const GENERIC = new Set(["div", "span"]);

function namedGenericElements(file: string): string[] {
  const source = parseSource(file);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && GENERIC.has(node.tagName.getText())) {
      const names = node.attributes.properties.map((attribute) => attribute.name?.getText());
      if (names.includes("aria-label") && !names.includes("role")) {
        found.push(whereIs(source, node));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("aria-label", () => {
  // A loading placeholder named with aria-label on a plain div failed the settings page's axe check whenever the
  // check ran before the list came in: the name needs a role that takes one (status, region, group...).
  it("names no element that has no role", () => {
    const components = sourceFiles("app").filter((file) => file.endsWith(".tsx"));
    expect(components.flatMap(namedGenericElements)).toEqual([]);
  });
});
