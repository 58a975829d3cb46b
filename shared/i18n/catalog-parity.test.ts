import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.ts";

const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), "locales");

/** Every leaf key of a catalog as a dotted path ("layout.themes.dark"; list items by index, "items.0"). */
function leafKeys(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
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
    const empty = languageFolders
      .filter((language) => namespacesOf(language).includes(namespace))
      .flatMap((language) => {
        const catalog: unknown = JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8"));
        return leafKeys(catalog)
          .filter(
            (key) =>
              key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog) === "",
          )
          .map((key) => `${language}/${namespace}.json: ${key}`);
      });
    expect(empty).toEqual([]);
  });
});
