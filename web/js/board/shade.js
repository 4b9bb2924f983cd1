// The shading plug-in of the shared board (board/grid-view.js) for Nurikabe, Heyawake and Bag:
// cells shaded, dotted (unshaded) or unknown with the board's own strokes (left shades,
// right dots, a repeat clears), numbers and "?" in their cells, Heyawake's rooms in thick
// borders, broken rules (the Check toggle) and hints outlined.
import { UNKNOWN, CROSSED } from "./cells.js";
import { MIN_CELL, fitBy, plainSize } from "./fit.js";

/** The lines between cells, thin (Masyu: dashed), stroked. */
export function innerLines(v, ctx, dash = []) {
  const { width: w, height: h } = v.game.puzzle, cs = v.cell;
  ctx.lineWidth = 1;
  ctx.strokeStyle = v.theme.line;
  ctx.setLineDash(dash);
  ctx.beginPath();
  for (let x = 1; x < w; x++) { ctx.moveTo(x * cs + 0.5, 0); ctx.lineTo(x * cs + 0.5, h * cs); }
  for (let y = 1; y < h; y++) { ctx.moveTo(0, y * cs + 0.5); ctx.lineTo(w * cs, y * cs + 0.5); }
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The cells canvas cleared to the ground colour, with the cursor; its context. */
export function ground(v) {
  const ctx = v.cellCanvas.getContext("2d");
  ctx.fillStyle = v.theme.bg;
  ctx.fillRect(0, 0, v.gridW, v.gridH);
  paintCursor(v, ctx);
  return ctx;
}

/** The grid lines: thin between cells, thick around Heyawake's rooms and the board. */
function paintLines(v, ctx) {
  const p = v.game.puzzle, cs = v.cell, t = v.theme, { width: w, height: h } = p;
  innerLines(v, ctx);
  ctx.strokeStyle = t.bold;
  ctx.lineWidth = p.rooms ? Math.max(2, cs / 10) : 1;
  ctx.beginPath();
  const r = p.rooms;
  if (r) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (x + 1 < w && r[i] !== r[i + 1]) { ctx.moveTo((x + 1) * cs + 0.5, y * cs); ctx.lineTo((x + 1) * cs + 0.5, (y + 1) * cs); }
        if (y + 1 < h && r[i] !== r[i + w]) { ctx.moveTo(x * cs, (y + 1) * cs + 0.5); ctx.lineTo((x + 1) * cs, (y + 1) * cs + 0.5); }
      }
    }
  }
  ctx.rect(0.5, 0.5, w * cs, h * cs);
  ctx.stroke();
}

/** Cells outlined in a colour (broken rules, a hint's cells, refused given cells). */
export function outline(ctx, cells, cs, colour, width, dash = []) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  for (const c of cells) ctx.strokeRect((c.column - 1) * cs + 2, (c.row - 1) * cs + 2, cs - 3, cs - 3);
  ctx.setLineDash([]);
}

/** The cursor cell: tinted, and framed while the board has the keyboard, unless a finger plays
 * (board/grid-view.js "by-finger"). */
export function paintCursor(v, ctx) {
  const cs = v.cell, { x, y } = v.cursor;
  ctx.fillStyle = v.theme.tint;
  ctx.fillRect(x * cs, y * cs, cs, cs);
  if (!v.root.classList.contains("focused") || v.root.classList.contains("by-finger")) return;
  ctx.strokeStyle = v.theme.hintMark;
  ctx.lineWidth = 2;
  ctx.strokeRect(x * cs + 1, y * cs + 1, cs - 1, cs - 1);
}

export function paintOverlays(v, ctx) {
  const cs = v.cell, t = v.theme, { hint, check, refused } = v.overlays;
  if (check) outline(ctx, check.cells, cs, t.error, Math.max(2, cs / 9));
  if (hint) outline(ctx, hint.cells, cs, t.hintMark, Math.max(2, cs / 12), [Math.max(2, cs / 8), Math.max(2, cs / 10)]);
  if (hint && hint.marks) { // what a hint would mark: a small square for shaded, a dot for the other mark
    ctx.fillStyle = t.hintMark;
    const { width: w, clues } = v.game.puzzle;
    for (const c of hint.marks) {
      const [mx, my, k] = markSpot(c.column - 1, c.row - 1, cs, clues.has((c.row - 1) * w + c.column - 1));
      if (c.value === "#") ctx.fillRect(mx - cs * 0.14 * k, my - cs * 0.14 * k, cs * 0.28 * k, cs * 0.28 * k);
      else { ctx.beginPath(); ctx.arc(mx, my, Math.max(1.5, cs / 9 * k), 0, Math.PI * 2); ctx.fill(); }
    }
  }
  if (refused) outline(ctx, refused, cs, t.error, Math.max(2, cs / 8));
}

/** Where a cell's dot or small square goes: [x, y, scale]; a numbered cell's in its corner, smaller. */
function markSpot(x, y, cs, numbered) {
  return numbered ? [x * cs + cs * 0.82, y * cs + cs * 0.82, 0.7] : [x * cs + cs / 2, y * cs + cs / 2, 1];
}

function paintCells(v) {
  const ctx = ground(v);
  const p = v.game.puzzle, cs = v.cell, t = v.theme, { width: w, height: h } = p;
  ctx.font = `600 ${Math.round(cs * (t.digits || 0.55))}px system-ui, sans-serif`; // thumbnails: larger digits
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x, val = v.value(i), clue = p.clues.get(i);
      if (val !== UNKNOWN && val !== CROSSED) { ctx.fillStyle = t.fill; ctx.fillRect(x * cs + 1, y * cs + 1, cs - 1, cs - 1); }
      if (clue !== undefined) {
        ctx.fillStyle = val !== UNKNOWN && val !== CROSSED ? t.bg : t.text;
        if (cs >= MIN_CELL) ctx.fillText(clue === -2 ? "?" : String(clue), x * cs + cs / 2, y * cs + cs / 2 + 1, cs - 4);
        else { ctx.beginPath(); ctx.arc(x * cs + cs / 2, y * cs + cs / 2, cs * 0.3, 0, Math.PI * 2); ctx.fill(); } // too small to read (thumbnails)
        // a Heyawake number marked unshaded (Nurikabe's and Bag's come so): its dot in the
        // corner, clear of the number (drawn nowhere, the mark was invisible)
        if (val === CROSSED && p.rooms && cs >= MIN_CELL) {
          const [mx, my, k] = markSpot(x, y, cs, true);
          ctx.fillStyle = t.cross;
          ctx.beginPath(); ctx.arc(mx, my, Math.max(1.5, cs / 10 * k), 0, Math.PI * 2); ctx.fill();
        }
      } else if (val === CROSSED) {
        ctx.fillStyle = t.cross;
        ctx.beginPath(); ctx.arc(x * cs + cs / 2, y * cs + cs / 2, Math.max(1.5, cs / 10), 0, Math.PI * 2); ctx.fill();
      }
    }
  }
  paintLines(v, ctx);
  paintOverlays(v, ctx);
}

function describe(v, x, y) {
  const g = v.game, p = g.puzzle, i = y * p.width + x, val = g.cells[i], clue = p.clues.get(i);
  const bag = p.family === "bag";
  const state = val === UNKNOWN ? "unknown" : val === CROSSED ? (bag ? "marked inside" : "marked unshaded")
    : (bag ? "shaded (outside)" : "shaded");
  const parts = [`Row ${y + 1}, column ${x + 1}: ${state}`];
  if (clue !== undefined) parts.push(clue === -2 ? "a question mark clue" : `number ${clue}`);
  if (p.rooms) parts.push(`room ${p.rooms[i] + 1}`);
  return `${parts.join(", ")}.`;
}

/** What the Nikoli kinds share: no margins, nothing measured per puzzle. */
export const plainBoard = {
  prepare() {},
  size: (v, cs) => plainSize(v.game.puzzle, cs),
  fit: (v, width, height) => fitBy((cs) => plainSize(v.game.puzzle, cs), width, height),
  paintMargins() {},
};

export const shadeBoard = { ...plainBoard, name: "shade", paintCells, describe };
