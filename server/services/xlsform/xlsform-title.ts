import { APP_NAME_MAX } from "../../../shared/fields/field-config.ts";

/**
 * A form_title longer than an application name may be (RAMOP's bilingual title has 132 characters) is cut at the
 * last word that fits, so the import goes through; the importer is told the title it had (`shortenedFrom`).
 */
export function fitTitle(title: string): { name: string; shortenedFrom?: string } {
  const trimmed = title.trim();
  if ([...trimmed].length <= APP_NAME_MAX) return { name: trimmed };
  const head = [...trimmed].slice(0, APP_NAME_MAX + 1).join("");
  const atWord = head.slice(0, head.search(/\s\S*$/)).trim();
  const cut = atWord === "" ? [...trimmed].slice(0, APP_NAME_MAX).join("") : atWord;
  return { name: cut.replace(/[\s,;:/|–—-]+$/u, ""), shortenedFrom: trimmed };
}
