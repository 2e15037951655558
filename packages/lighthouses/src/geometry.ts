/** Integer geometry of connections and triangles (all exact). */

/** orient(a, b, c) = (bx − ax)(cy − ay) − (cx − ax)(by − ay); > 0 when c is left of a→b (y up). */
export function orient(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
): number {
  return (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
}

/**
 * True when segments PQ and RS properly cross: both orientation products strictly negative, so
 * touching, shared endpoints and collinear overlap do not count.
 */
export function segmentsCross(
  px: number,
  py: number,
  qx: number,
  qy: number,
  rx: number,
  ry: number,
  sx: number,
  sy: number,
): boolean {
  return (
    orient(rx, ry, sx, sy, px, py) * orient(rx, ry, sx, sy, qx, qy) < 0 &&
    orient(px, py, qx, qy, rx, ry) * orient(px, py, qx, qy, sx, sy) < 0
  );
}

/** True when point L lies on segment AB: inside its bounding box (inclusive) and collinear. */
export function onSegment(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  lx: number,
  ly: number,
): boolean {
  return (
    lx >= Math.min(ax, bx) &&
    lx <= Math.max(ax, bx) &&
    ly >= Math.min(ay, by) &&
    ly <= Math.max(ay, by) &&
    orient(ax, ay, bx, by, lx, ly) === 0
  );
}

/**
 * Calls `visit(x, y)` for every integer point inside triangle (a, b, c) under the top-left fill
 * rule in y-up coordinates (the statement's OpenGL rule, as the original's rasteriser does it):
 * a point on an edge counts only for top edges (horizontal, interior below) and left edges
 * (going down on the counter-clockwise triangle).
 */
export function triangleCells(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  visit: (x: number, y: number) => void,
): void {
  // Make the triangle counter-clockwise (swap the first two vertices if clockwise).
  if (orient(ax, ay, bx, by, cx, cy) < 0) {
    const tx = ax;
    const ty = ay;
    ax = bx;
    ay = by;
    bx = tx;
    by = ty;
  }
  const xs = [ax, bx, cx];
  const ys = [ay, by, cy];
  const bias = [0, 0, 0];
  for (let e = 0; e < 3; e++) {
    const x0 = xs[e]!;
    const y0 = ys[e]!;
    const x1 = xs[(e + 1) % 3]!;
    const y1 = ys[(e + 1) % 3]!;
    const top = y0 === y1 && x0 > x1;
    const left = y0 > y1;
    bias[e] = top || left ? 0 : -1;
  }
  const minX = Math.min(ax, bx, cx);
  const maxX = Math.max(ax, bx, cx);
  const minY = Math.min(ay, by, cy);
  const maxY = Math.max(ay, by, cy);
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      if (
        orient(ax, ay, bx, by, x, y) + bias[0]! >= 0 &&
        orient(bx, by, cx, cy, x, y) + bias[1]! >= 0 &&
        orient(cx, cy, ax, ay, x, y) + bias[2]! >= 0
      ) {
        visit(x, y);
      }
    }
  }
}
