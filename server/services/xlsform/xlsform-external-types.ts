import type { FieldType } from "../../../shared/fields/field-types.ts";
import type { ChoiceList } from "./xlsform-choices.ts";

/**
 * XLSForm types that lean on something outside the form, translated to the Campo question closest to what ODK
 * Collect shows:
 *
 * - `select_one_external list`: Collect reads the list from `itemsets.csv`, which pyxform builds from the
 *   `external_choices` sheet, and filters it with the row's `choice_filter`. Campo holds the same options inline
 *   (a list of up to 10,000 options filters as one types), so it is a single choice over that sheet's list (or the
 *   choices sheet's, where pyxform also finds it), its filter kept.
 * - `osm [tags list]`: Collect hands over to OpenMapKit, which saves the mapped feature as an `.osm` file attached to
 *   the record. Campo has no OpenMapKit; the question becomes a file question accepting `.osm` files (saved from
 *   OpenMapKit, JOSM or iD), and the list of tags to ask, which only OpenMapKit reads, is left.
 */
export type ExternalType =
  | { fieldType: FieldType; list?: ChoiceList; accept?: readonly string[] }
  | { problem: "unsupportedType" }
  | { problem: "unknownList"; list: string };

export const OSM_ACCEPT = [".osm"] as const;

export function externalType(
  word: string,
  second: string | undefined,
  rest: readonly string[],
  lists: { external: ReadonlyMap<string, ChoiceList>; choices: ReadonlyMap<string, ChoiceList> },
): ExternalType | null {
  if (word === "osm")
    return rest.length > 0 ? { problem: "unsupportedType" } : { fieldType: "file", accept: OSM_ACCEPT };
  if (word !== "select_one_external") return null;
  if (second === undefined || rest.length > 0) return { problem: "unsupportedType" };
  const list = lists.external.get(second) ?? lists.choices.get(second);
  return list ? { fieldType: "single_choice", list } : { problem: "unknownList", list: second };
}
