// Heyawake's room borders in Create (web/js/genres/nikoli/editor-borders.js): a stroke along the
// grid lines draws every inner side it passes, or erases when the first one was drawn; a fast
// drag's skipped points are walked; the outer edge is no border; a press that passes no side is
// a tap, which toggles the side it lands near, in a wider zone for a finger than for a mouse.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BorderStroke, sideBetween, sideNear, pointNear, TAP_ZONE, REACH } from "../../web/js/genres/nikoli/editor-borders.js";

/** Borders of a w×h grid as a set of "x,y,side"; `drawn` for a stroke. */
function grid(w, h, ...walls) {
  const set = new Set(walls);
  return { w, h, set, drawn: (x, y, side) => set.has(`${x},${y},${side}`) };
}

/** A stroke through the points (in cell units); its changes as "x,y,side=0|1". */
function stroke(g, points, zone = TAP_ZONE.mouse) {
  const [first, ...rest] = points;
  const s = new BorderStroke(g.w, g.h, g.drawn, ...first);
  for (const p of rest) s.move(...p);
  return s.changes(zone).map(([x, y, side, on]) => `${x},${y},${side}=${on ? 1 : 0}`).sort();
}

test("the side between two grid points, none on the outer edge", () => {
  assert.deepEqual(sideBetween([1, 0], [1, 1], 3, 2), [0, 0, "e"]);
  assert.deepEqual(sideBetween([2, 1], [1, 1], 3, 2), [1, 0, "s"]);
  assert.equal(sideBetween([0, 0], [0, 1], 3, 2), null);   // the left edge
  assert.equal(sideBetween([0, 2], [1, 2], 3, 2), null);   // the bottom edge
  assert.equal(sideBetween([3, 0], [3, 1], 3, 2), null);   // the right edge
  assert.equal(sideBetween([1, 1], [2, 2], 3, 2), null);   // not neighbours
});

test("a grid point is reached within REACH of it", () => {
  assert.deepEqual(pointNear(1.1, 0.95, 3, 3), [1, 1]);
  assert.equal(pointNear(0.5, 0.5, 3, 3), null);            // a cell's middle: no point
  assert.equal(pointNear(1 + REACH + 0.01, 1, 3, 3), null);
  assert.equal(pointNear(-0.9, 0, 3, 3), null);
});

test("a drag along a line draws every side it passes, as one set of changes", () => {
  const g = grid(4, 4);
  // from the point (0, 2) along the row of points to (4, 2): the four sides below row 1; the two ends are the edge
  assert.deepEqual(stroke(g, [[0.05, 2.02], [0.9, 2.1], [2.1, 1.95], [3.05, 2], [3.96, 2.03]]),
    ["0,1,s=1", "1,1,s=1", "2,1,s=1", "3,1,s=1"]);
  // down a column and round a corner
  assert.deepEqual(stroke(g, [[1, 0], [1, 1], [1.1, 2], [2, 2]]), ["0,0,e=1", "0,1,e=1", "1,1,s=1"]);
});

test("a fast drag's skipped points are walked, the longer way first", () => {
  const g = grid(5, 5);
  assert.deepEqual(stroke(g, [[1, 1], [4, 1]]), ["1,0,s=1", "2,0,s=1", "3,0,s=1"]);
  assert.deepEqual(stroke(g, [[1, 1], [3, 2]]), ["1,0,s=1", "2,0,s=1", "2,1,e=1"]);
});

test("a stroke whose first side is drawn erases, and leaves undrawn sides alone", () => {
  const g = grid(4, 4, "0,1,s", "1,1,s", "3,1,s");
  assert.deepEqual(stroke(g, [[0, 2], [1, 2], [2, 2], [3, 2], [4, 2]]), ["0,1,s=0", "1,1,s=0", "3,1,s=0"]);
  // the first side not drawn: it draws, and the drawn ones stay (no change)
  assert.deepEqual(stroke(g, [[4, 2], [3, 2]]), ["3,1,s=0"]);
  assert.deepEqual(stroke(g, [[2, 2], [3, 2], [4, 2]]), ["2,1,s=1"]);
  // going back over a side does not undo it
  assert.deepEqual(stroke(grid(3, 3), [[1, 1], [2, 1], [1, 1], [2, 1]]), ["1,0,s=1"]);
});

test("what the board shows while the stroke is drawn", () => {
  const g = grid(3, 3, "0,0,e");
  const s = new BorderStroke(3, 3, g.drawn, 1, 0);
  s.move(1, 1);
  s.move(1, 2);
  assert.equal(s.draw, false);
  assert.equal(s.shows(0, 0, "e"), false);
  assert.equal(s.shows(0, 1, "e"), false);
  assert.equal(s.shows(1, 1, "s"), false);
});

test("a tap toggles the side it lands near; a finger's zone is wider", () => {
  const g = grid(3, 3, "0,0,s");
  assert.deepEqual(stroke(g, [[0.9, 0.5]]), ["0,0,e=1"]);              // near the right side
  assert.deepEqual(stroke(g, [[0.5, 0.88]]), ["0,0,s=0"]);             // a drawn one goes
  assert.deepEqual(stroke(g, [[0.5, 1.1]]), ["0,0,s=0"]);              // from the cell below
  assert.deepEqual(stroke(g, [[0.5, 0.5]]), []);                       // the middle: the cell only
  assert.deepEqual(stroke(g, [[0.05, 0.5]]), []);                      // the outer edge
  assert.deepEqual(stroke(g, [[1.25, 1.5]], TAP_ZONE.mouse), []);
  assert.deepEqual(stroke(g, [[1.25, 1.5]], TAP_ZONE.touch), ["0,1,e=1"]);
  assert.ok(TAP_ZONE.touch > TAP_ZONE.mouse);
  // a finger's wobble is still a tap; a drag that passes no side is not
  assert.deepEqual(stroke(g, [[0.9, 0.5], [0.95, 0.55], [0.88, 0.45]]), ["0,0,e=1"]);
  assert.deepEqual(stroke(g, [[0.9, 0.5], [1.5, 0.5], [2.5, 0.5]]), []);
});

test("sideNear: none outside the grid or on its edge", () => {
  assert.equal(sideNear(-0.1, 0.5, 3, 3, 0.3), null);
  assert.equal(sideNear(2.9, 0.5, 3, 3, 0.3), null);
  assert.deepEqual(sideNear(2.5, 1.9, 3, 3, 0.3), [2, 1, "s"]);
});
