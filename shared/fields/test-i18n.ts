import i18next, { type TFunction } from "i18next";
import type { Language } from "../i18n/languages.ts";
import en from "../i18n/locales/en/fields.json";
import ptBR from "../i18n/locales/pt-BR/fields.json";
import es from "../i18n/locales/es/fields.json";

export const FIELDS_CATALOGS: Readonly<Record<Language, Record<string, unknown>>> = { "pt-BR": ptBR, en, es };

/** A real i18next instance over the `fields` catalogs, so tests check keys and interpolation as the web sees them. */
export async function fieldsT(language: Language): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    ns: ["fields"],
    defaultNS: "fields",
    resources: { [language]: { fields: FIELDS_CATALOGS[language] } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.t;
}

/** True when the key names a string in the catalog (i18next would otherwise echo the key back). */
export function hasString(catalog: Record<string, unknown>, key: string): boolean {
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return false;
    node = Reflect.get(node, part);
  }
  return typeof node === "string";
}
