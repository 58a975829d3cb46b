import ts from "typescript";
import { describe, expect, it } from "vitest";
import { parseSource, sourceFiles, whereIs } from "../testing/source-files.ts";

/**
 * Where the web may still write an API path by hand, and why. Every other call goes through its contract
 * (`callApi`, `callUpload`, `queryKeyOf`, `resourceKey` on a contract's path), so a path string that appears anywhere
 * else is a call the contracts do not type. An entry ending in `/` covers a folder.
 */
const ALLOWED: Record<string, string> = {
  "app/lib/api-call.ts": "turns a contract into a request",
  "app/lib/api-client.ts": "sends the request",
  "app/lib/analytics/transport.ts":
    "the prerendered pages count their view with no app loaded: the path is checked against the contract's literal type",
  "app/offline/testing/fake-sync-server.ts": "a test stand-in for the server, which answers requests by their paths",
};

const isAllowed = (file: string) =>
  Object.keys(ALLOWED).some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry));

/** `resourceKey("/api/…")` names a cache prefix that may have no route of its own (the admin area, one application). */
function isResourceKeyPrefix(node: ts.Node): boolean {
  const call = node.parent;
  return (
    ts.isCallExpression(call) &&
    call.arguments[0] === node &&
    ts.isIdentifier(call.expression) &&
    call.expression.text === "resourceKey"
  );
}

/** The string and template literals of a file that start with an API path (comments do not count). */
function apiPathLiterals(file: string, text?: string): string[] {
  const source = parseSource(file, text);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)
        ? node.text
        : null;
    if (literal?.startsWith("/api/") && !isResourceKeyPrefix(node)) {
      found.push(`${whereIs(source, node)} ${literal}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("API paths in the web client", () => {
  it("are written only by the contracts, outside the documented exceptions", () => {
    const strays = sourceFiles("app")
      .filter((file) => !isAllowed(file))
      .flatMap((file) => apiPathLiterals(file));
    expect(strays).toEqual([]);
  });

  it("are found in strings and templates of any quote, but not in comments or resource-key prefixes", () => {
    const text = [
      'api.get("/api/me");',
      "api.get('/api/health');",
      "api.delete(`/api/team/invites/${id}`);",
      "const plain = `/api/usage`;",
      "// GET /api/me is documented here",
      "/** `/api/auth/*` in a doc comment */",
      'const key = resourceKey("/api/admin");',
      'const other = "https://example.org/api/x";',
    ].join("\n");
    expect(apiPathLiterals("sample.ts", text)).toEqual([
      "sample.ts:1 /api/me",
      "sample.ts:2 /api/health",
      "sample.ts:3 /api/team/invites/",
      "sample.ts:4 /api/usage",
    ]);
  });
});
