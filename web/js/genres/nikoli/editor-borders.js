// Heyawake's room borders in the editor (genres/nikoli/editor.js), without the DOM (Node-tested:
// tests/js/create-borders.test.mjs). As the best editors do it (puzz.link's): a stroke runs along
// the grid lines from grid point to grid point, and every side it passes is drawn, or erased
// when the first side it passed was drawn; one undoable move per stroke. A press that draws
// nothing is a tap: it toggles the side it lands near (a finger's zone is wider than a mouse's).
// Positions are in cell units from the grid's top left corner; a border is [x, y, side], side
// "e" (between cells (x, y) and (x + 1, y)) or "s" (between (x, y) and (x, y + 1)).

/** How near a side (in cells) a tap toggles it: a mouse's, and a finger's (a coarse pointer). */
export const TAP_ZONE = { mouse: 0.2, touch: 0.28 };
/** How near a grid point (in cells) the pointer must come to reach it: a side is drawn once the
 * pointer reaches the point at its far end, so a finger may wander a little off the line. */
export const REACH = 0.4;

/** The border between two neighbouring grid points, or null: not neighbours, or the grid's outer edge. */
export function sideBetween(a, b, width, height) {
  const [x1, y1] = a, [x2, y2] = b;
  if (y1 === y2 && Math.abs(x1 - x2) === 1) { // along a row of points: the side below a cell
    const x = Math.min(x1, x2);
    return y1 > 0 && y1 < height && x >= 0 && x < width ? [x, y1 - 1, "s"] : null;
  }
  if (x1 === x2 && Math.abs(y1 - y2) === 1) { // down a column of points: the side right of a cell
    const y = Math.min(y1, y2);
    return x1 > 0 && x1 < width && y >= 0 && y < height ? [x1 - 1, y, "e"] : null;
  }
  return null;
}

/** The grid point within REACH of (px, py), or null. */
export function pointNear(px, py, width, height) {
  const x = Math.round(px), y = Math.round(py);
  if (x < 0 || y < 0 || x > width || y > height) return null;
  return Math.hypot(px - x, py - y) <= REACH ? [x, y] : null;
}

/** The inner side a tap at (px, py) toggles: the nearest side of the cell it lands in, when
 * within `zone` of it; null in the cell's middle or on the grid's outer edge. */
export function sideNear(px, py, width, height, zone) {
  const x = Math.floor(px), y = Math.floor(py);
  if (x < 0 || y < 0 || x >= width || y >= height) return null;
  const fx = px - x, fy = py - y, near = Math.min(fx, 1 - fx, fy, 1 - fy);
  if (near > zone) return null;
  const [bx, by, side] = near === 1 - fx ? [x, y, "e"] : near === fx ? [x - 1, y, "e"] : near === 1 - fy ? [x, y, "s"] : [x, y - 1, "s"];
  if (bx < 0 || by < 0 || (side === "e" && bx >= width - 1) || (side === "s" && by >= height - 1)) return null;
  return [bx, by, side];
}

const key = ([x, y, side]) => `${x},${y},${side}`;

/** One stroke of the pointer: the borders it draws or erases, and whether it was a tap. */
export class BorderStroke {
  /** `drawn(x, y, side)`: whether that border is drawn now; the stroke starts at (px, py). */
  constructor(width, height, drawn, px, py) {
    Object.assign(this, { width, height, drawn, x0: px, y0: py });
    this.at = pointNear(px, py, width, height); // the last grid point reached (null: none yet)
    this.draw = null;                          // true: drawing, false: erasing (the first side decides)
    this.sides = new Map();                    // key -> [x, y, side]: what the stroke changes
    this.moved = false;
  }

  /** The pointer at (px, py): true when the stroke's sides changed. */
  move(px, py) {
    if (Math.hypot(px - this.x0, py - this.y0) > 0.3) this.moved = true; // a tap's wobble is not a drag
    const to = pointNear(px, py, this.width, this.height);
    if (!to) return false;
    if (!this.at) { this.at = to; return false; }
    let changed = false;
    // a fast drag skips points between two pointer events: walk to it, the longer way first
    while (this.at[0] !== to[0] || this.at[1] !== to[1]) {
      const dx = to[0] - this.at[0], dy = to[1] - this.at[1];
      const next = Math.abs(dx) >= Math.abs(dy) ? [this.at[0] + Math.sign(dx), this.at[1]] : [this.at[0], this.at[1] + Math.sign(dy)];
      const side = sideBetween(this.at, next, this.width, this.height);
      this.at = next;
      if (!side || this.sides.has(key(side))) continue;
      if (this.draw === null) this.draw = !this.drawn(...side);
      this.sides.set(key(side), side);
      changed = true;
    }
    return changed;
  }

  /** Whether the border is drawn as the stroke leaves it (for the board while it is drawn). */
  shows(x, y, side) {
    return this.sides.has(key([x, y, side])) ? this.draw : this.drawn(x, y, side);
  }

  /** The stroke's borders that change, [[x, y, side, drawn], ...]: the sides it passed, or, for
   * a tap, the side it landed near (toggled); `zone`: TAP_ZONE's for the pointer. */
  changes(zone) {
    if (this.sides.size) return [...this.sides.values()].filter((s) => this.drawn(...s) !== this.draw).map((s) => [...s, this.draw]);
    if (this.moved) return [];
    const side = sideNear(this.x0, this.y0, this.width, this.height, zone);
    return side ? [[...side, !this.drawn(...side)]] : [];
  }
}
