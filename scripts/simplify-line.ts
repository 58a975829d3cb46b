/** Douglas–Peucker line simplification and coordinate rounding for the packaged base map data the scripts write. */
export type Position = [number, number];

function distanceToSegment([x, y]: Position, [x1, y1]: Position, [x2, y2]: Position): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / lengthSquared));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

function pointAt(line: Position[], index: number): Position {
  const point = line[index];
  if (!point) throw new RangeError(`No point ${index} in a line of ${line.length}`);
  return point;
}

/** Douglas–Peucker, iterative (long rings would overflow a recursive one); `tolerance` in degrees. */
export function simplifyLine(line: Position[], tolerance: number, decimals: number): Position[] {
  const factor = 10 ** decimals;
  const round = ([x, y]: Position): Position => [Math.round(x * factor) / factor, Math.round(y * factor) / factor];
  if (line.length < 3) return line.map(round);
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    let farthest = -1;
    let farthestDistance = tolerance;
    for (let index = first + 1; index < last; index++) {
      const distance = distanceToSegment(pointAt(line, index), pointAt(line, first), pointAt(line, last));
      if (distance > farthestDistance) [farthest, farthestDistance] = [index, distance];
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return line.filter((_, index) => keep[index] === 1).map(round);
}
