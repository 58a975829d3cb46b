import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.ts";

describe("canonicalJson", () => {
  it("sorts object keys at every depth", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it("gives the same text whatever the key order", () => {
    expect(canonicalJson({ x: 1, y: { p: "a", q: "b" } })).toBe(canonicalJson({ y: { q: "b", p: "a" }, x: 1 }));
  });

  it("keeps array order, which carries meaning", () => {
    expect(canonicalJson(["b", "a"])).not.toBe(canonicalJson(["a", "b"]));
  });

  it("follows JSON.stringify for undefined, dates and primitives", () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson([undefined])).toBe("[null]");
    expect(canonicalJson({ at: new Date("2024-05-01T12:00:00.000Z") })).toBe('{"at":"2024-05-01T12:00:00.000Z"}');
    expect(canonicalJson("ç")).toBe('"ç"');
    expect(canonicalJson(undefined)).toBe("null");
  });
});
