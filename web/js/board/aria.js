// The board for screen readers: a WAI-ARIA grid whose active descendant is a fresh gridcell
// element for each cell the cursor visits (a distinct id, so every move is announced), and a
// polite live region that repeats the move's description for readers that ignore the change;
// the words for a cell come from the board's plug-in (view.describeCell).
import { el } from "../shell/dom.js";

let boards = 0; // each board's cells get ids of their own (Play's and Create's boards share the page)

export class BoardAria {
  constructor(cellsWrap) {
    this.idPrefix = `board-${++boards}-cell`;
    this.grid = el("div", { className: "aria-grid" });
    this.grid.setAttribute("role", "grid");
    this.grid.tabIndex = 0;
    this.row = el("div", { className: "aria-row" });
    this.row.setAttribute("role", "row");
    this.cell = null;
    this.grid.append(this.row);
    this.live = el("div", { className: "sr-only board-live" });
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("aria-atomic", "true");
    cellsWrap.append(this.grid, this.live);
    this.lastSaid = "";
  }

  setPuzzle(p) {
    this.grid.setAttribute("aria-rowcount", p.height);
    this.grid.setAttribute("aria-colcount", p.width);
    // the genre said once, with the grid, not after every cell's words
    this.grid.setAttribute("aria-label", `${p.genreName || "Puzzle"} grid, ${p.width} columns by ${p.height} rows`);
    this.lastSaid = "";
    this.cellKey = "";
  }

  /** Point the grid at the cursor's cell (a new element when the cell changed) and say it. */
  update(view) {
    const { x, y } = view.cursor, cs = view.cell, p = view.game.puzzle;
    const key = `${y + 1}-${x + 1}`;
    if (key !== this.cellKey) {
      this.cellKey = key;
      const cell = el("div", { className: "aria-cell" });
      cell.setAttribute("role", "gridcell");
      cell.id = `${this.idPrefix}-${key}`;
      cell.setAttribute("aria-colindex", x + 1);
      cell.setAttribute("aria-selected", "true");
      this.row.setAttribute("aria-rowindex", y + 1);
      if (this.cell) this.cell.replaceWith(cell); else this.row.append(cell);
      this.cell = cell;
      this.grid.setAttribute("aria-activedescendant", cell.id);
    }
    const text = view.describeCell(x, y);
    this.cell.setAttribute("aria-readonly", String(view.locked(y * p.width + x)));
    this.cell.textContent = text;
    Object.assign(this.cell.style, { left: `${x * cs}px`, top: `${y * cs}px`, width: `${cs + 1}px`, height: `${cs + 1}px` });
    if (text !== this.lastSaid && document.activeElement === this.grid) this.live.textContent = text;
    this.lastSaid = text;
  }
}
