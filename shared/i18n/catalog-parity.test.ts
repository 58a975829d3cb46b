import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.ts";

const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), "locales");

/**
 * Every leaf of a catalog with its dotted path ("layout.themes.dark"; list items by index, "items.0"). A key may hold
 * a dot itself (webhook event names such as "record.created"), so values are collected here, not looked up by path.
 */
function leaves(node: unknown, prefix = ""): [string, unknown][] {
  if (typeof node !== "object" || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

function leafKeys(node: unknown): string[] {
  return leaves(node).map(([key]) => key);
}

function namespacesOf(language: string): string[] {
  return readdirSync(path.join(LOCALES, language))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

function keysOf(language: string, namespace: string): Set<string> {
  return new Set(leafKeys(JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8"))));
}

const languageFolders = readdirSync(LOCALES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const allNamespaces = [...new Set(languageFolders.flatMap(namespacesOf))].sort();

/** The texts of a namespace, in every language, that match: as `language/namespace.json: key`. */
function textsWhere(namespace: string, matches: (value: string) => boolean): string[] {
  return languageFolders
    .filter((language) => namespacesOf(language).includes(namespace))
    .flatMap((language) => {
      const catalog: unknown = JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8"));
      return leaves(catalog)
        .filter(([, value]) => typeof value === "string" && matches(value))
        .map(([key]) => `${language}/${namespace}.json: ${key}`);
    });
}

describe("translation catalogs", () => {
  it("exist for exactly the supported languages", () => {
    expect(languageFolders).toEqual([...LANGUAGES].sort());
  });

  it.each(languageFolders)("%s has every namespace another language has", (language) => {
    expect(namespacesOf(language)).toEqual(allNamespaces);
  });

  it.each(allNamespaces)("namespace %s has the same keys in every language", (namespace) => {
    const present = languageFolders.filter((language) => namespacesOf(language).includes(namespace));
    const keys = new Map(present.map((language) => [language, keysOf(language, namespace)]));
    const union = new Set([...keys.values()].flatMap((set) => [...set]));
    const missing = present.flatMap((language) =>
      [...union].filter((key) => !keys.get(language)!.has(key)).map((key) => `${language}/${namespace}.json: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(allNamespaces)("namespace %s has no empty strings", (namespace) => {
    expect(textsWhere(namespace, (value) => value === "")).toEqual([]);
  });

  // Many Linux and Android setups have no emoji font: a "✅" shows as a box. Icons come from lucide instead.
  it.each(allNamespaces)("namespace %s has no emoji", (namespace) => {
    expect(textsWhere(namespace, (value) => /\p{Emoji_Presentation}|\uFE0F/u.test(value))).toEqual([]);
  });
});
