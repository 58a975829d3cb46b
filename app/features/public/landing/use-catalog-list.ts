import { useTranslation } from "react-i18next";

/** A list kept in the public catalog (`returnObjects`); an absent or malformed entry reads as an empty list. */
export function useCatalogList<Item>(key: string, isItem: (value: unknown) => value is Item): Item[] {
  const { t } = useTranslation("public");
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? value.filter(isItem) : [];
}

export function isText(value: unknown): value is string {
  return typeof value === "string";
}

/** An object whose listed keys all hold text, as the catalog's figures and testimonials are. */
export function hasTextFields<Key extends string>(...keys: Key[]) {
  return (value: unknown): value is Record<Key, string> =>
    typeof value === "object" &&
    value !== null &&
    keys.every((key) => typeof (value as Record<string, unknown>)[key] === "string");
}
