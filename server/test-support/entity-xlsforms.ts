/** XLSForms with entities as ODK's documentation writes them (test code only): register trees, then visit them. */
import type { SheetCells } from "./xlsform-books.ts";

/** Each record creates a tree of `trees`, labelled by an expression, placed by its geopoint. */
export const TREE_REGISTRATION: Record<string, SheetCells> = {
  survey: [
    ["type", "name", "label", "save_to"],
    ["geopoint", "location", "Location", "geometry"],
    ["text", "species", "Species", "species"],
    ["integer", "circumference", "Circumference (cm)", "circumference_cm"],
    ["date", "planted", "Planted on", "planted"],
    ["text", "notes", "Notes", null],
  ],
  entities: [
    ["list_name", "label"],
    ["trees", 'concat(${species}, " ", ${circumference}, "cm")'],
  ],
  settings: [["form_title"], ["Tree registration"]],
};

/** Picks a tree of `trees` and saves a new circumference to it (its update_if has no Campo twin). */
export const TREE_FOLLOW_UP: Record<string, SheetCells> = {
  survey: [
    ["type", "name", "label", "save_to", "appearance", "calculation"],
    ["select_one_from_file trees.csv", "tree", "Tree", null, "search", null],
    ["calculate", "species", null, null, null, "instance('trees')/root/item[name=${tree}]/species"],
    ["integer", "circumference", "New circumference", "circumference_cm", null, null],
  ],
  entities: [
    ["list_name", "entity_id", "update_if"],
    ["trees", "${tree}", "${circumference} > 0"],
  ],
  settings: [["form_title"], ["Tree follow-up"]],
};
