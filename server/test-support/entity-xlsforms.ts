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
    ["type", "name", "label", "save_to", "appearance", "calculation", "relevant"],
    ["select_one_from_file trees.csv", "tree", "Tree", null, "search", null, null],
    // ODK's way to read the picked entity: the list as an instance, its `name` column the entity's id.
    ["calculate", "species", null, null, null, "instance('trees')/root/item[name=${tree}]/species", null],
    ["note", "species_known", "The list knows this tree's species", null, null, null, "${species} != ''"],
    ["integer", "circumference", "New circumference", "circumference_cm", null, null, null],
  ],
  entities: [
    ["list_name", "entity_id", "update_if"],
    ["trees", "${tree}", "${circumference} > 0"],
  ],
  settings: [["form_title"], ["Tree follow-up"]],
};
