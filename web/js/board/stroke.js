// A board's strokes (board/grid-view.js; touch.js's one-finger strokes too): a press on a cell
// starts one, a move previews it (locked to the first line it takes, or freehand where the kind
// draws shapes), the release makes it one move; a kind may take strokes over (kind.stroke:
// Masyu's loop). Given cells never change: the preview leaves them out and the end says why.

export function start(v, e) {
  if (!v.game || (e.button !== 0 && e.button !== 2)) return;
  if (v.kind.stroke) { v.kind.stroke.start(v, e); return; }
  const { x, y, inside } = v.cellAt(e);
  // the sticky clues lie over scrolled cells: a press on them is not on a cell
  if (!inside || e.target !== v.cellCanvas) return;
  e.preventDefault();
  v.aria.focus({ preventScroll: true });
  try { v.root.setPointerCapture(e.pointerId); } catch { /* pointer already gone */ }
  const action = e.button === 2 ? "cross" : e.pointerType === "touch" ? v.touchMode : "fill";
  const first = v.game.get(x, y);
  v.stroke = { x0: x, y0: y, axis: null, start: first, value: v.target(action, first), action, fixed: new Map() };
  v.cursor = { x, y };
  paintStroke(v, x, y);
}

/** Drop the stroke being drawn: nothing changes. */
export function cancel(v) {
  v.strokeScroll.stop();
  if (!v.stroke) return;
  if (v.kind.stroke) { v.kind.stroke.cancel(v); return; }
  v.stroke = null;
  v.preview = null;
  v.dispatchEvent(new CustomEvent("stroke", { detail: null }));
  v.draw();
}

export function move(v, e) {
  if (!v.stroke) return;
  if (v.kind.stroke) { v.kind.stroke.move(v, e); return; }
  const { x, y } = v.cellAt(e);
  const s = v.stroke;
  if (v.kind.freehand) { paintPath(v, x, y); return; }
  if (!s.axis && (x !== s.x0 || y !== s.y0)) s.axis = Math.abs(x - s.x0) >= Math.abs(y - s.y0) ? "row" : "column";
  paintStroke(v, s.axis === "column" ? s.x0 : x, s.axis === "row" ? s.y0 : y);
}

/** A freehand stroke (kind.freehand: the picture editor draws shapes, not lines): every
 * cell the pointer crossed, each if it held the start cell's value. */
function paintPath(v, x, y) {
  const s = v.stroke, w = v.game.puzzle.width;
  let { x: cx, y: cy } = s.last || { x: s.x0, y: s.y0 };
  if (cx === x && cy === y) return;
  s.axis = "free"; // moved: a long press no longer turns it into a cross
  // a fast drag skips cells between two pointer events: walk the segment (Bresenham)
  const dx = Math.abs(x - cx), dy = -Math.abs(y - cy), sx = cx < x ? 1 : -1, sy = cy < y ? 1 : -1;
  for (let err = dx + dy; ;) {
    const i = cy * w + cx;
    if (v.game.cells[i] === s.start) (v.locked(i) ? s.fixed : v.preview).set(i, s.value);
    if (cx === x && cy === y) break;
    const e2 = 2 * err;
    if (e2 >= dy) { err += dy; cx += sx; }
    if (e2 <= dx) { err += dx; cy += sy; }
  }
  s.last = { x, y };
  s.count = v.preview.size + s.fixed.size;
  v.cursor = { x, y };
  v.dispatchEvent(new CustomEvent("stroke", { detail: { count: s.count, action: s.action } }));
  v.draw();
}

/** Preview the stroke from its start to (x, y): only cells that held the start cell's value change. */
export function paintStroke(v, x, y) {
  const s = v.stroke, p = v.game.puzzle;
  v.preview = new Map();
  s.fixed.clear();
  const x1 = Math.min(s.x0, x), x2 = Math.max(s.x0, x), y1 = Math.min(s.y0, y), y2 = Math.max(s.y0, y);
  for (let yy = y1; yy <= y2; yy++) {
    for (let xx = x1; xx <= x2; xx++) {
      const i = yy * p.width + xx;
      // given cells never change: the preview leaves them out, and the stroke's end says why
      if (v.game.cells[i] === s.start) (v.locked(i) ? s.fixed : v.preview).set(i, s.value);
    }
  }
  s.count = Math.max(x2 - x1, y2 - y1) + 1;
  v.cursor = { x, y };
  v.dispatchEvent(new CustomEvent("stroke", { detail: { count: s.count, action: s.action } }));
  v.draw();
}

export function end(v) {
  v.strokeScroll.stop();
  if (!v.stroke) return;
  if (v.kind.stroke) { v.kind.stroke.end(v); return; }
  const changes = [...v.preview.entries(), ...v.stroke.fixed.entries()];
  const action = v.stroke.action;
  v.stroke = null;
  v.preview = null;
  v.dispatchEvent(new CustomEvent("stroke", { detail: null }));
  v.setCells(changes, action);
}
