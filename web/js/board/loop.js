// The loop plug-in of the shared board (board/grid-view.js) for Masyu: the loop runs on cell
// centres along edges (a value per edge: edges.js). Mouse and one finger: drag
// from cell to cell draws segments (a drag that starts on a segment erases); a click near
// an edge, or a right click, toggles a cross (no line). Keys: arrows move, Shift+arrow draws
// or erases a segment, Ctrl+Shift+arrow toggles a cross, Backspace clears a cell's edges.
import { UNKNOWN, CROSSED } from "./cells.js";
import { LINE, edgeIndex, edgeCells } from "./edges.js";
import { ground, innerLines, paintOverlays, plainBoard } from "./shade.js";

const DIRS = { ArrowRight: "e", ArrowLeft: "w", ArrowDown: "s", ArrowUp: "n" };
const STEP = { e: [1, 0], w: [-1, 0], s: [0, 1], n: [0, -1] };
const NAMES = { e: "east", w: "west", s: "south", n: "north" };

function paintCells(v) {
  const ctx = ground(v);
  const p = v.game.puzzle, cs = v.cell, t = v.theme, { width: w, height: h } = p;
  innerLines(v, ctx, [2, 3]);
  ctx.strokeStyle = t.bold;
  ctx.strokeRect(0.5, 0.5, w * cs, h * cs);
  // pearls under the line, named by their colour in either theme (the dark theme's ink is light:
  // a white pearl drawn as the ground in an ink ring looked black there, a black one white)
  const r = cs * 0.32;
  for (const [i, kind] of p.clues) {
    const cx = (i % w) * cs + cs / 2, cy = Math.floor(i / w) * cs + cs / 2;
    ctx.beginPath(); ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = kind === 2 ? t.pearlBlack || t.fill : t.pearlWhite || t.bg;
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, cs / 16);
    ctx.strokeStyle = t.fill;
    ctx.stroke();
  }
  const m = cs * 0.12;
  ctx.lineCap = "round";
  for (let i = 0; i < v.game.cells.length; i++) {
    const val = v.value(i);
    if (val === UNKNOWN) continue;
    const [x1, y1, x2, y2] = edgeCells(p, i);
    const ax = x1 * cs + cs / 2, ay = y1 * cs + cs / 2, bx = x2 * cs + cs / 2, by = y2 * cs + cs / 2;
    if (val === LINE) {
      ctx.strokeStyle = t.accent;
      ctx.lineWidth = Math.max(Math.min(3, cs / 2), cs / 6); // 3 px at least on the board, thinner in a thumbnail
      ctx.beginPath(); ctx.moveTo(ax, ay); ctx.lineTo(bx, by); ctx.stroke();
    } else if (val === CROSSED) {
      const mx = (ax + bx) / 2, my = (ay + by) / 2;
      ctx.strokeStyle = t.cross;
      ctx.lineWidth = Math.max(1.5, cs / 18);
      ctx.beginPath();
      ctx.moveTo(mx - m, my - m); ctx.lineTo(mx + m, my + m); ctx.moveTo(mx + m, my - m); ctx.lineTo(mx - m, my + m);
      ctx.stroke();
    }
  }
  ctx.lineCap = "butt";
  paintOverlays(v, ctx);
}

/** The edge a click at (px, py) in cell units names: near a side and away from corners. */
function nearEdge(p, px, py) {
  const x = Math.floor(px), y = Math.floor(py), fx = px - x, fy = py - y;
  const d = Math.min(fx, 1 - fx, fy, 1 - fy);
  if (d > 0.22) return -1;
  const dir = d === fx ? "w" : d === 1 - fx ? "e" : d === fy ? "n" : "s";
  return edgeIndex(p, Math.min(Math.max(x, 0), p.width - 1), Math.min(Math.max(y, 0), p.height - 1), dir);
}

function toggle(v, i, value, label) {
  if (i < 0) return;
  v.setCells([[i, v.game.cells[i] === value ? UNKNOWN : value]], label);
}

const stroke = {
  start(v, e) {
    const { x, y, inside } = v.cellAt(e);
    if (!inside || e.target !== v.cellCanvas) return;
    e.preventDefault();
    v.aria.focus({ preventScroll: true });
    try { v.root.setPointerCapture(e.pointerId); } catch { /* pointer already gone */ }
    const r = v.cellCanvas.getBoundingClientRect();
    const at = [(e.clientX - r.left) / v.cell, (e.clientY - r.top) / v.cell];
    v.cursor = { x, y };
    if (e.button === 2) { toggle(v, nearEdge(v.game.puzzle, ...at), CROSSED, "cross"); return; }
    v.stroke = { x, y, at, value: null, moved: false };
    v.preview = new Map();
    v.draw();
  },
  move(v, e) {
    const s = v.stroke, { x, y } = v.cellAt(e), p = v.game.puzzle;
    // one cell at a time towards the pointer, so a fast drag leaves no gap
    while (s.x !== x || s.y !== y) {
      const dir = s.x !== x ? (x > s.x ? "e" : "w") : (y > s.y ? "s" : "n");
      const i = edgeIndex(p, s.x, s.y, dir);
      if (s.value === null) s.value = (v.preview.get(i) ?? v.game.cells[i]) === LINE ? UNKNOWN : LINE;
      v.preview.set(i, s.value);
      s.x += STEP[dir][0]; s.y += STEP[dir][1];
      s.moved = true;
    }
    v.cursor = { x, y };
    v.dispatchEvent(new CustomEvent("stroke", { detail: { count: v.preview.size, action: "line" } }));
    v.draw();
  },
  end(v) {
    const s = v.stroke, changes = [...v.preview.entries()];
    v.stroke = null;
    v.preview = null;
    v.dispatchEvent(new CustomEvent("stroke", { detail: null }));
    if (s.moved) v.setCells(changes, s.value === LINE ? "line" : "erase");
    else toggle(v, nearEdge(v.game.puzzle, ...s.at), CROSSED, "cross");
    v.draw();
  },
  cancel(v) {
    v.stroke = null;
    v.preview = null;
    v.dispatchEvent(new CustomEvent("stroke", { detail: null }));
    v.draw();
  },
};

/** Shift+arrow draws (Ctrl+Shift+arrow crosses) the cursor's edge that way and moves along;
 * Backspace clears the cursor cell's edges; the nonogram keys that mark a cell do nothing here. */
function key(v, e) {
  const p = v.game.puzzle, { x, y } = v.cursor, dir = DIRS[e.key];
  if (dir && e.shiftKey) {
    e.preventDefault();
    const cross = e.ctrlKey || e.metaKey;
    toggle(v, edgeIndex(p, x, y, dir), cross ? CROSSED : LINE, cross ? "cross" : "line");
    if (!cross) v.moveCursor(x + STEP[dir][0], y + STEP[dir][1]);
    return true;
  }
  if (e.key === "Backspace" || e.key === "Delete") {
    e.preventDefault();
    const changes = ["e", "w", "n", "s"].map((d) => [edgeIndex(p, x, y, d), UNKNOWN]).filter(([i]) => i >= 0);
    v.setCells(changes, "clear");
    return true;
  }
  return !dir && [" ", "Enter", "f", "F", "x", "X", "c", "C"].includes(e.key);
}

function describe(v, x, y) {
  const g = v.game, p = g.puzzle, kind = p.clues.get(y * p.width + x);
  const pearl = kind === 1 ? ", white pearl" : kind === 2 ? ", black pearl" : "";
  const on = g.sides(x, y, LINE).map((d) => NAMES[d]), off = g.sides(x, y, CROSSED).map((d) => NAMES[d]);
  return `Row ${y + 1}, column ${x + 1}${pearl}: ` + (on.length ? `line to the ${on.join(" and ")}` : "no line") +
    (off.length ? `; crossed to the ${off.join(" and ")}` : "") + ".";
}

export const loopBoard = { ...plainBoard, name: "loop", paintCells, describe, stroke, key };
