export interface Datum {
  name: string;
  value: number;
}

export interface PieSlices {
  /** Each slice keeps the colour of its option's place in the form, whatever else is left out. */
  slices: (Datum & { fill: string })[];
  /** The border between slices; none when one slice is the whole pie. */
  stroke: string;
}

/**
 * A pie draws only what it counts: zero-count options would be zero-angle wedges whose labels pile up on their
 * neighbour, and one slice alone is drawn as a 359.999° sector whose white border is a radius cut into the disc.
 */
export function pieSlices(data: Datum[], colors: readonly [string, ...string[]], border: string): PieSlices {
  const slices = data
    .map((datum, index) => ({ ...datum, fill: colors[index % colors.length] ?? colors[0] }))
    .filter((datum) => datum.value > 0);
  return { slices, stroke: slices.length > 1 ? border : "none" };
}
