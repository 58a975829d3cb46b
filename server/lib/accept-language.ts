import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from "../../shared/i18n/languages.ts";

/**
 * The language a browser sending this Accept-Language header gets on its first visit, chosen as the web app's
 * detector does from `navigator.languages` (the same list): the most preferred entry that is supported, any `pt*`
 * being pt-BR; pt-BR when none is.
 */
export function negotiateLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = normalizeLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
