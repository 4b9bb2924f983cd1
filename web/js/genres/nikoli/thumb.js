// A Nikoli library card's picture: the puzzle's clues drawn small (numbers, pearls,
// Heyawake's rooms) so a player sees which puzzle it is, with the player's progress over
// them (shaded cells, or Masyu's line). Numbers too small to read become dots.
import { thumbCanvas, gridLines } from "../../library/thumb.js";
import { LINE, SHADED, edgeCells } from "./game.js";

const INK = "#1d1d1f", ROOM = "#5a574f", LOOP = "#2458c6", DOT = "#b9b5aa", PAPER = "#fbfaf7";
const READABLE = 7; // CSS pixels per cell from which numbers are drawn as digits

/** e: an index entry ({family, width, height, board: {clues: [[x, y, n]...], rooms}});
 * rec: a saved game ({cells, solved}) or null for a puzzle never played. */
export function drawNikoliThumb(canvas, e, rec) {
  const { width: w, height: h, family } = e, board = e.board || { clues: [], rooms: null };
  const { ctx, cs } = thumbCanvas(canvas, w, h);
  gridLines(ctx, w, h, cs, 1);
  if (board.rooms) rooms(ctx, board.rooms, w, h, cs);
  const cells = rec && typeof rec.cells === "string" ? rec.cells : "";
  const value = (i) => cells.charCodeAt(i) - 48;
  if (family === "masyu") {
    pearls(ctx, board.clues, cs);
    const p = { width: w, height: h };
    if (cells.length === (w - 1) * h + w * (h - 1)) loop(ctx, p, value, cs);
    return;
  }
  const shaded = cells.length === w * h ? (i) => value(i) === SHADED : () => false;
  for (let i = 0; i < cells.length && cells.length === w * h; i++) {
    const x = (i % w) * cs, y = Math.floor(i / w) * cs;
    if (shaded(i)) { ctx.fillStyle = INK; ctx.fillRect(x, y, cs + 0.3, cs + 0.3); } // the overlap hides seams
    else if (value(i) === 1 && !rec.solved) { ctx.fillStyle = DOT; const d = Math.max(1, cs / 4); ctx.fillRect(x + (cs - d) / 2, y + (cs - d) / 2, d, d); }
  }
  numbers(ctx, board.clues, w, cs, shaded);
}

/** Room borders (Heyawake): a line wherever two neighbouring cells lie in different rooms. */
function rooms(ctx, r, w, h, cs) {
  ctx.strokeStyle = ROOM;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x + 1 < w && r[i] !== r[i + 1]) { const X = Math.round((x + 1) * cs) + 0.5; ctx.moveTo(X, y * cs); ctx.lineTo(X, (y + 1) * cs); }
      if (y + 1 < h && r[i] !== r[i + w]) { const Y = Math.round((y + 1) * cs) + 0.5; ctx.moveTo(x * cs, Y); ctx.lineTo((x + 1) * cs, Y); }
    }
  }
  ctx.stroke();
}

/** Numbers (and "?") in their cells, light on a shaded cell. */
function numbers(ctx, clues, w, cs, shaded) {
  ctx.font = `600 ${Math.round(cs * 0.75)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const [x, y, n] of clues) {
    ctx.fillStyle = shaded(y * w + x) ? PAPER : INK;
    const cx = x * cs + cs / 2, cy = y * cs + cs / 2;
    if (cs >= READABLE) ctx.fillText(n === -2 ? "?" : String(n), cx, cy + 0.5, cs);
    else { ctx.beginPath(); ctx.arc(cx, cy, cs * 0.3, 0, Math.PI * 2); ctx.fill(); }
  }
}

/** Masyu's pearls: 1 white (an outlined circle), 2 black. */
function pearls(ctx, clues, cs) {
  ctx.lineWidth = Math.max(0.75, cs / 10);
  for (const [x, y, kind] of clues) {
    ctx.beginPath(); ctx.arc(x * cs + cs / 2, y * cs + cs / 2, cs * 0.33, 0, Math.PI * 2);
    ctx.fillStyle = kind === 2 ? INK : PAPER;
    ctx.fill();
    ctx.strokeStyle = INK;
    ctx.stroke();
  }
}

/** The line segments the player drew, over the pearls. */
function loop(ctx, p, value, cs) {
  const n = (p.width - 1) * p.height + p.width * (p.height - 1);
  ctx.strokeStyle = LOOP;
  ctx.lineWidth = Math.max(1, cs / 5);
  ctx.lineCap = "round";
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    if (value(i) !== LINE) continue;
    const [x1, y1, x2, y2] = edgeCells(p, i);
    ctx.moveTo(x1 * cs + cs / 2, y1 * cs + cs / 2);
    ctx.lineTo(x2 * cs + cs / 2, y2 * cs + cs / 2);
  }
  ctx.stroke();
}
