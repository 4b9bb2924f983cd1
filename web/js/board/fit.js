// The board's measures: clue font and slot sizes for a cell size, and the largest cell size
// at which the whole board (clues included) fits a box. Measured from the box the layout
// gives the board, never from the board drawn before.

export const MIN_CELL = 6;
export const MAX_CELL = 64;
const FIT_MAX = 40; // a comfortable largest cell when fitting
const FIT_MIN = 10; // below this a fit stops shrinking: the board scrolls, clues sticky
// on a touch screen a fit stops at a finger-sized cell: the board pans under the finger instead;
// but a board that fits whole at NEAR_TOUCH is fitted there, not panned for its last column or two
// (a 20x20 Nikoli board on a 390 px phone)
const TOUCH_MIN = 20;
const NEAR_TOUCH = 18;
export const coarse = () => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
const fitFloor = () => (coarse() ? TOUCH_MIN : FIT_MIN);
const nearFloor = () => (coarse() ? NEAR_TOUCH : FIT_MIN);
export const PAD = 4; // space around the clue numbers, each side
// a column's clue numbers have the cell's width: a fit stops shrinking where its widest
// number would be squeezed below this share of its width ("12" over "13" at 10 px cells)
const SQUEEZE = 0.8;
// the row clues' largest share of the board's box (issue 32: a 60x60 zoomed in on a phone);
// beyond it their gaps tighten, then their numbers shrink, to READABLE px at the least
const ROW_SHARE = 1 / 3;
const READABLE = 11;
const TIGHT_GAP = 2;

let measurer = null;

/** Width of the widest clue number in `lines` at `font` px (canvas text metrics). */
function textWidth(lines, font, weight) {
  measurer = measurer || document.createElement("canvas").getContext("2d");
  measurer.font = `${weight} ${font}px system-ui, sans-serif`;
  let widest = "0";
  for (const clue of lines) for (const b of clue) if (String(b.n).length > widest.length) widest = String(b.n);
  return measurer.measureText(widest.replace(/\d/g, "0")).width;
}

/** The width a clue number may take in a slot `w` px wide (a wider one is squeezed into it). */
export const slotRoom = (w) => w - (w >= 12 ? 4 : 2);

/** Clue layout for cell size `cs`: numbers at least 11 px where the cell allows; below that a
 * compact (bold, squeezed) style. Row-clue slots are as wide as the widest number plus a gap,
 * so "10 13" never runs together. */
export function clueMetrics(p, cs, font = Math.max(8, Math.min(17, Math.max(READABLE, Math.round(cs * 0.56)), cs - 1)),
  gap = Math.max(4, Math.round(font * 0.45))) {
  const compact = font < READABLE;
  const weight = compact ? 600 : 400;
  const rowSlot = Math.ceil(textWidth(p.rows, font, weight) + gap);
  const colSlot = Math.ceil(font * 1.15 + 2);
  // tight: the row clues' numbers stand TIGHT_GAP apart, too close to read apart by the gap
  // alone (the painter sets every other one on a ground of its own)
  return { font, compact, weight, rowSlot, colSlot, tight: gap <= TIGHT_GAP };
}

/** Sizes of the board's parts at cell size `cs` in a box `boxW` px wide: row clues wider than
 * ROW_SHARE of it get tighter gaps, then smaller numbers (never below READABLE px). */
export function boardSize(p, cs, maxRow, maxCol, boxW = Infinity) {
  const rowWidth = (m) => maxRow * m.rowSlot + 2 * PAD;
  let m = clueMetrics(p, cs);
  for (let font = m.font; rowWidth(m) > boxW * ROW_SHARE && font >= READABLE; font--) {
    m = clueMetrics(p, cs, font, TIGHT_GAP);
  }
  const rowW = rowWidth(m), colH = maxCol * m.colSlot + 2 * PAD;
  const gridW = p.width * cs + 1, gridH = p.height * cs + 1;
  return { ...m, rowW, colH, gridW, gridH, totalW: rowW + gridW + 2, totalH: colH + gridH + 2 };
}

/** The smallest cell size from `floor` at which the column clues' widest number stays legible. */
function legibleFloor(p, floor) {
  for (let cs = floor; cs < FIT_MAX; cs++) {
    const m = clueMetrics(p, cs);
    if (textWidth(p.cols, m.font, m.weight) * SQUEEZE <= slotRoom(cs)) return cs;
  }
  return FIT_MAX;
}

/** The largest cell size (`least`..FIT_MAX) at which a board measured by size(cs) fits a
 * width x height box, else `floor` (FIT_MIN, or TOUCH_MIN on a touch screen: the board scrolls
 * or pans); `least` is below `floor` only on a touch screen (NEAR_TOUCH). */
export function fitBy(size, width, height, floor = fitFloor(), least = Math.min(floor, nearFloor())) {
  for (let cs = FIT_MAX; cs >= least; cs--) {
    const s = size(cs);
    if (s.totalW <= width && s.totalH <= height) return cs;
  }
  return floor;
}

export function fitCell(p, maxRow, maxCol, width, height) {
  return fitBy((cs) => boardSize(p, cs, maxRow, maxCol, width), width, height,
    legibleFloor(p, fitFloor()), legibleFloor(p, nearFloor()));
}

/** Sizes of a board with no margins (the Nikoli families: clues sit in the cells). */
export function plainSize(p, cs) {
  const gridW = p.width * cs + 1, gridH = p.height * cs + 1;
  return { rowW: 0, colH: 0, gridW, gridH, totalW: gridW + 2, totalH: gridH + 2 };
}

// a clue margin wider (taller) than this share of the board's box keeps only that much in view
// while the board pans: its part nearest the grid stays (sticky at a negative offset), the rest
// shows at the board's left (top) edge (an 80x80 whose rows hold 22 numbers: its row clues took a
// phone's whole width, and no cell showed)
export const MARGIN_SHARE = 0.45;

/** The px of a margin `size` px wide that stay in view in a box `box` px wide (0: not measured). */
export const stuckPart = (size, box) => (box ? Math.min(size, Math.round(box * MARGIN_SHARE)) : size);

// the overflow cue's fade at the box's right and bottom edges (app.css .board.more-right):
// a cell scrolled to is shown clear of it (a hint's wrong mark there was a faint corner)
export const CUE = 28;

/** The scroll [left, top] that brings board v's cursor cell into a width x height view scrolled
 * to (left, top), past the clue margins (the part of them that stays in view: rowStick, colStick
 * px), and `cue` px clear of the right and bottom edges (as far as the view allows); the same
 * pair when it is shown. */
export function scrollShowing(v, width, height, left, top, cue = 0) {
  const cs = v.cell, x = v.cursor.x * cs, y = v.cursor.y * cs;
  const cx = Math.max(0, Math.min(cue, width - v.rowStick - cs)), cy = Math.max(0, Math.min(cue, height - v.colStick - cs));
  if (v.rowW + x - v.rowStick < left) left = v.rowW + x - v.rowStick;
  else if (v.rowW + x + cs + cx > left + width) left = v.rowW + x + cs + cx - width;
  if (v.colH + y - v.colStick < top) top = v.colH + y - v.colStick;
  else if (v.colH + y + cs + cy > top + height) top = v.colH + y + cs + cy - height;
  return [left, top];
}
