/**
 * Whether a closed ring crosses or touches itself (a figure eight, a pinch, a spike that doubles back). Segments are
 * placed in a grid of about √n × √n cells and only segments sharing a cell are compared, so a walked boundary of
 * thousands of vertices costs about n instead of n². Planar on longitude/latitude, which is exact enough for a
 * crossing test on shapes far smaller than a hemisphere (rings across the antimeridian are not supported).
 * Own check rather than turf's kinks: kinks compares every pair and misses collinear overlaps.
 */
type Point = readonly [number, number, ...number[]];

interface Segment {
  index: number;
  a: Point;
  b: Point;
}

function orientation(p: Point, q: Point, r: Point): number {
  const value = (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1]);
  return value === 0 ? 0 : value > 0 ? 1 : -1;
}

/** r lies within the bounding box of p–q (used once p, q, r are known to be collinear). */
function onSegment(p: Point, q: Point, r: Point): boolean {
  return (
    Math.min(p[0], q[0]) <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) &&
    Math.min(p[1], q[1]) <= r[1] &&
    r[1] <= Math.max(p[1], q[1])
  );
}

function segmentsIntersect(s: Segment, t: Segment): boolean {
  const o1 = orientation(s.a, s.b, t.a);
  const o2 = orientation(s.a, s.b, t.b);
  const o3 = orientation(t.a, t.b, s.a);
  const o4 = orientation(t.a, t.b, s.b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(s.a, s.b, t.a)) ||
    (o2 === 0 && onSegment(s.a, s.b, t.b)) ||
    (o3 === 0 && onSegment(t.a, t.b, s.a)) ||
    (o4 === 0 && onSegment(t.a, t.b, s.b))
  );
}

/** Neighbours share a vertex by construction; they only conflict when the second turns straight back over the first. */
function neighboursOverlap(first: Segment, second: Segment): boolean {
  const [p, shared, r] = [first.a, first.b, second.b];
  if (orientation(p, shared, r) !== 0) return false;
  return (p[0] - shared[0]) * (r[0] - shared[0]) + (p[1] - shared[1]) * (r[1] - shared[1]) > 0;
}

interface Grid {
  minX: number;
  minY: number;
  cellWidth: number;
  cellHeight: number;
  size: number;
}

function gridOf(ring: readonly Point[], count: number): Grid {
  const xs = ring.map((point) => point[0]);
  const ys = ring.map((point) => point[1]);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const size = Math.max(1, Math.ceil(Math.sqrt(count)));
  // A flat extent (all on one meridian) still gets cells of non-zero size.
  const cellWidth = (Math.max(...xs) - minX) / size || 1;
  const cellHeight = (Math.max(...ys) - minY) / size || 1;
  return { minX, minY, cellWidth, cellHeight, size };
}

function clampCell(value: number, size: number): number {
  return Math.min(size - 1, Math.max(0, Math.floor(value)));
}

/** The cells a segment passes through: per grid column, the rows its stretch in that column spans (a little widened). */
function cellsOf(segment: Segment, grid: Grid): number[] {
  const { a, b } = segment;
  const [x0, x1] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
  const firstColumn = clampCell((x0 - grid.minX) / grid.cellWidth, grid.size);
  const lastColumn = clampCell((x1 - grid.minX) / grid.cellWidth, grid.size);
  const yAt = (x: number) => (a[0] === b[0] ? a[1] : a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0]));
  const slack = grid.cellHeight * 1e-6;
  const cells: number[] = [];
  for (let column = firstColumn; column <= lastColumn; column++) {
    const left = Math.max(x0, grid.minX + column * grid.cellWidth);
    const right = Math.min(x1, grid.minX + (column + 1) * grid.cellWidth);
    const [yLeft, yRight] = a[0] === b[0] ? [a[1], b[1]] : [yAt(left), yAt(right)];
    const low = clampCell((Math.min(yLeft, yRight) - slack - grid.minY) / grid.cellHeight, grid.size);
    const high = clampCell((Math.max(yLeft, yRight) + slack - grid.minY) / grid.cellHeight, grid.size);
    for (let row = low; row <= high; row++) cells.push(column * grid.size + row);
  }
  return cells;
}

/** `ring` is closed (first vertex repeated last) and holds no vertex repeated in a row. */
export function ringSelfIntersects(ring: readonly Point[]): boolean {
  const count = ring.length - 1;
  const segments: Segment[] = Array.from({ length: count }, (_, index) => ({
    index,
    a: ring[index] as Point,
    b: ring[index + 1] as Point,
  }));
  if (segments.some((segment, index) => neighboursOverlap(segment, segments[(index + 1) % count] as Segment)))
    return true;
  const grid = gridOf(ring, count);
  const cells = new Map<number, Segment[]>();
  for (const segment of segments) {
    for (const cell of cellsOf(segment, grid)) {
      const here = cells.get(cell) ?? [];
      for (const other of here) {
        const gap = Math.abs(segment.index - other.index);
        if (gap !== 1 && gap !== count - 1 && segmentsIntersect(segment, other)) return true;
      }
      here.push(segment);
      cells.set(cell, here);
    }
  }
  return false;
}
