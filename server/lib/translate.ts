import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../project-root.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from "../../shared/i18n/languages.ts";

type Catalog = Record<string, unknown>;
const localesDir = path.join(PROJECT_ROOT, "shared", "i18n", "locales");
const cache = new Map<string, Catalog>();

function catalog(language: Language, namespace: string): Catalog {
  const id = `${language}/${namespace}`;
  let found = cache.get(id);
  if (!found) {
    const files = readdirSync(path.join(localesDir, language));
    found = files.includes(`${namespace}.json`)
      ? (JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), "utf8")) as Catalog)
      : {};
    cache.set(id, found);
  }
  return found;
}

function lookup(tree: Catalog, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Catalog)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Server-side translation for e-mails, from the same catalogs as the web; falls back to pt-BR like the web does. */
export function translate(
  language: string | undefined,
  key: `${string}:${string}`,
  params: Record<string, string | number> = {},
): string {
  const [namespace, path_] = key.split(":") as [string, string];
  const lang = normalizeLanguage(language) ?? DEFAULT_LANGUAGE;
  const text = lookup(catalog(lang, namespace), path_) ?? lookup(catalog(DEFAULT_LANGUAGE, namespace), path_) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ""));
}
