/** Distinct on the light and the dark base map, and apart for the common colour blindnesses (Okabe–Ito first). */
const PALETTE = [
  "#e69f00",
  "#0072b2",
  "#009e73",
  "#cc79a7",
  "#d55e00",
  "#56b4e9",
  "#7c3aed",
  "#b45309",
  "#be123c",
  "#0f766e",
];

/** An application's colour on the overview map and its legend: by its place in the (name-ordered) list. */
export function applicationColor(index: number): string {
  return PALETTE[index % PALETTE.length] ?? "#e69f00";
}
