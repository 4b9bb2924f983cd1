// The board for screen readers: a WAI-ARIA grid whose active descendant is a fresh gridcell
// element for each cell the cursor visits (a distinct id, so every move is announced), and a
// polite live region that repeats the move's description for readers that ignore the change;
// the words for a cell come from the board's plug-in (view.describeCell).
import { UNKNOWN, CROSSED } from "../play/game.js";

/** "3 1 (crossed out: 3)": the clue's numbers, and those the board shows crossed out. */
function clueLabel(clue, colors, isColor, done) {
  if (!clue.length) return "0";
  const say = (b) => (isColor ? `${b.n} ${colors[b.c].name}` : String(b.n));
  const crossed = done ? clue.filter((b, k) => done[k]).map(say) : [];
  return clue.map(say).join(" ") + (crossed.length ? ` (crossed out: ${crossed.join(", ")})` : "");
}

/** A nonogram cell for a screen reader: its state, and its row and column clues. */
export function describeNonogramCell(view, x, y) {
  const game = view.game, p = game.puzzle, v = game.get(x, y), done = view.overlays.clues;
  const state = v === UNKNOWN ? "unknown" : v === CROSSED ? "crossed" :
    p.isColor ? `filled ${p.colors[v - 1].name}` : "filled";
  const given = game.fixed.has(y * p.width + x) ? " (given with the puzzle: fixed)" : "";
  const met = (axis, i) => (game.lineSatisfied(axis, i) ? "satisfied" : "not satisfied");
  return `Row ${y + 1}, column ${x + 1}: ${state}${given}. ` +
    `Row clue ${clueLabel(p.rows[y], p.colors, p.isColor, done && done.rows[y])}, ${met("row", y)}; ` +
    `column clue ${clueLabel(p.cols[x], p.colors, p.isColor, done && done.columns[x])}, ${met("column", x)}.`;
}

export class BoardAria {
  constructor(cellsWrap) {
    this.grid = el("div", "aria-grid");
    this.grid.setAttribute("role", "grid");
    this.grid.tabIndex = 0;
    this.row = el("div", "aria-row");
    this.row.setAttribute("role", "row");
    this.cell = null;
    this.grid.append(this.row);
    this.live = el("div", "sr-only board-live");
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("aria-atomic", "true");
    cellsWrap.append(this.grid, this.live);
    this.lastSaid = "";
  }

  setPuzzle(p) {
    this.grid.setAttribute("aria-rowcount", p.height);
    this.grid.setAttribute("aria-colcount", p.width);
    this.grid.setAttribute("aria-label", `Puzzle grid, ${p.width} columns by ${p.height} rows`);
    this.lastSaid = "";
    this.cellKey = "";
  }

  /** Point the grid at the cursor's cell (a new element when the cell changed) and say it. */
  update(view) {
    const { x, y } = view.cursor, cs = view.cell, p = view.game.puzzle;
    const key = `${y + 1}-${x + 1}`;
    if (key !== this.cellKey) {
      this.cellKey = key;
      const cell = el("div", "aria-cell");
      cell.setAttribute("role", "gridcell");
      cell.id = `board-cell-${key}`;
      cell.setAttribute("aria-colindex", x + 1);
      cell.setAttribute("aria-selected", "true");
      this.row.setAttribute("aria-rowindex", y + 1);
      if (this.cell) this.cell.replaceWith(cell); else this.row.append(cell);
      this.cell = cell;
      this.grid.setAttribute("aria-activedescendant", cell.id);
    }
    const text = view.describeCell(x, y);
    this.cell.setAttribute("aria-readonly", String(view.game.fixed.has(y * p.width + x)));
    this.cell.textContent = text;
    Object.assign(this.cell.style, { left: `${x * cs}px`, top: `${y * cs}px`, width: `${cs + 1}px`, height: `${cs + 1}px` });
    if (text !== this.lastSaid && document.activeElement === this.grid) this.live.textContent = text;
    this.lastSaid = text;
  }
}

export function el(tag, cls) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  return e;
}
