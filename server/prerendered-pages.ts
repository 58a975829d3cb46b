import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Context } from "hono";
import { LANGUAGES, type Language } from "../shared/i18n/languages.ts";
import type { PrerenderedPage } from "../shared/prerendered-pages.ts";
import { negotiateEncoding, type ContentCoding } from "./lib/accept-encoding.ts";
import { negotiateLanguage } from "./lib/accept-language.ts";

/** Where scripts/prerender.ts writes the pages it renders at build time, inside the web app's dist folder. */
export const PRERENDERED_DIR = "prerendered";

export function prerenderedFileName(page: PrerenderedPage, language: Language): string {
  return `${page}.${language}.html`;
}

/** The script that sets the theme before the first paint; the built pages carry it inline (one request fewer). */
export const THEME_BOOT_FILE = "theme-boot.js";

/**
 * The CSP source that lets the inline theme script of the prerendered pages and of the app's index.html run (the CSP
 * allows no other inline script): the hash of the built theme-boot.js, which scripts/prerender.ts inlines byte for
 * byte. None without a build.
 */
export function inlineThemeBootHashes(distDir: string | undefined): string[] {
  const file = distDir && path.join(distDir, THEME_BOOT_FILE);
  if (!file || !existsSync(file)) return [];
  return [`'sha256-${createHash("sha256").update(readFileSync(file)).digest("base64")}'`];
}

interface Encoded {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readEncoded(file: string): Encoded | undefined {
  if (!existsSync(file)) return undefined;
  const optional = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  return { identity: readFileSync(file), br: optional(".br"), gzip: optional(".gz") };
}

/**
 * A page prerendered in every language, answered in the one the browser asks for (Accept-Language) and in the
 * smallest encoding it accepts. Undefined when the build wrote no such page (a dist built without the prerender
 * step): the caller then serves the app's plain index.html as before.
 */
export function prerenderedPage(distDir: string, page: PrerenderedPage) {
  const versions = new Map<Language, Encoded>();
  for (const language of LANGUAGES) {
    const encoded = readEncoded(path.join(distDir, PRERENDERED_DIR, prerenderedFileName(page, language)));
    if (!encoded) return undefined;
    versions.set(language, encoded);
  }
  return (c: Context) => {
    const language = negotiateLanguage(c.req.header("accept-language"));
    const encoded = versions.get(language)!;
    const offered = (["br", "gzip"] as const).filter((coding) => encoded[coding]);
    const coding: ContentCoding | undefined = negotiateEncoding(c.req.header("accept-encoding"), offered);
    const body = coding ? encoded[coding]! : encoded.identity;
    c.header("Content-Type", "text/html; charset=UTF-8");
    c.header("Content-Language", language);
    c.header("Cache-Control", "no-cache");
    c.header("Vary", "Accept-Encoding, Accept-Language, Cookie");
    if (coding) c.header("Content-Encoding", coding);
    return c.body(new Uint8Array(body));
  };
}
