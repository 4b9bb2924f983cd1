// The nonogram editor's board: the shared canvas board (board/grid-view.js) with the plug-in
// Play uses (genres/nonogram/board.js: clue margins, colours, cell painting, touch and mouse
// strokes, keyboard cursor, screen-reader words) over the editor's document (model.js). What
// making a puzzle adds, through the plug-in's hooks rather than a copy of it: a stroke or key
// paints the chosen colour as one move of the document (given cells too: kind.paintsGivens),
// the clues the engine works out after each edit (dimmed and "being worked out" until they
// come), and the check's marks: the cells where another solution differs (their lines tinted,
// as Play's Check tints a line) and the cells a fix would change.
import { GridView } from "../../../board/grid-view.js";
import { UNKNOWN, CROSSED } from "../../../board/cells.js";
import { nonogramBoard, clueLabel } from "../board.js";

// clue slots the margins keep from the start (fewer on a narrow grid): painting a picture
// adds numbers without the board jumping at each stroke
const RESERVE = 3;

/** The document as the board's game: Play's values (0 empty, k + 1 the document's colour k),
 * its given cells as Play's fixed ones; a move of the board paints the document. */
export class PictureGame {
  constructor(doc) {
    this.doc = doc;
    this.clues = null;     // {rows, columns} as the engine wrote them, for the picture or an earlier one
    this.pending = true;   // the clues shown are not yet the picture's
    this.version = 0;      // a new number: new clues or colours (the margins' cached drawing is stale)
    this.reserve = null;   // {width, height, row, col}: the margins' slots, grown only while the size stays
    this.sync();
  }

  /** The document's size, colours, cells and given cells again (after any change). */
  sync() {
    const d = this.doc, n = d.width * d.height;
    const colors = d.colors.map((c) => ({ name: c.name, char: c.char, rgb: `#${c.rgb}` }));
    const key = JSON.stringify([d.width, d.height, colors]);
    if (key !== this.key) { this.key = key; this.version++; }
    const { rows, cols } = this.clueLists(colors);
    const r = this.reserve && this.reserve.width === d.width && this.reserve.height === d.height ? this.reserve
      : { width: d.width, height: d.height, row: Math.min(RESERVE, Math.ceil(d.width / 2)), col: Math.min(RESERVE, Math.ceil(d.height / 2)) };
    r.row = Math.max(r.row, ...rows.map((c) => c.length));
    r.col = Math.max(r.col, ...cols.map((c) => c.length));
    this.reserve = r;
    this.puzzle = { dict: this.version, width: d.width, height: d.height, colors, isColor: colors.length > 2, rows, cols };
    if (!this.cells || this.cells.length !== n) this.cells = new Uint8Array(n);
    for (let i = 0; i < n; i++) this.cells[i] = d.cells[i] ? d.cells[i] + 1 : UNKNOWN;
    this.fixed = new Map([...d.givens].map((i) => [i, d.cells[i] ? d.cells[i] + 1 : CROSSED]));
  }

  /** The engine's clues for the picture (null: being worked out; the last ones stay, dimmed). */
  setClues(clues) {
    this.pending = !clues;
    if (clues) { this.clues = clues; this.version++; this.key = null; }
    this.sync();
  }

  /** The clues as the board's plug-in reads them ({n, c}: c the colour's index), when they fit
   * the picture's size and colours; else every line empty until the engine answers. */
  clueLists(colors) {
    const d = this.doc, c = this.clues, index = new Map(colors.map((col, k) => [col.char, k]));
    const block = (b) => (Array.isArray(b) ? { n: b[0], c: index.get(b[1]) } : { n: b, c: 1 });
    if (c && c.rows.length === d.height && c.columns.length === d.width) {
      const rows = c.rows.map((l) => l.map(block)), cols = c.columns.map((l) => l.map(block));
      if ([...rows, ...cols].every((l) => l.every((b) => b.c > 0))) return { rows, cols };
    }
    return { rows: Array.from({ length: d.height }, () => []), cols: Array.from({ length: d.width }, () => []) };
  }

  get(x, y) { return this.cells[y * this.puzzle.width + x]; }

  /** A stroke or key of the board: Play's values into the document's colours, one paint move. */
  apply(changes, label) {
    const paint = changes.map(([i, v]) => [i, v > CROSSED ? v - 1 : 0]);
    return this.doc.paint(paint, label === "fill" ? "paint" : "erase");
  }

  lineSatisfied() { return !this.pending; } // the clues are the picture's own once worked out
}

/** A cell in words: its colour, whether it is given, its clues, the check's mark on it. */
function describe(v, x, y) {
  const g = v.game, p = g.puzzle, i = y * p.width + x, val = g.cells[i];
  const state = val === UNKNOWN ? "empty" : p.isColor ? `filled ${p.colors[val - 1].name}` : "filled";
  const given = g.fixed.has(i) ? " (given: shown to the player at the start)" : "";
  const clues = g.pending ? "Its clues are being worked out."
    : `Row clue ${clueLabel(p.rows[y], p.colors, p.isColor)}; column clue ${clueLabel(p.cols[x], p.colors, p.isColor)}.`;
  const mark = v.overlays.marks && v.overlays.marks.get(i);
  const note = { diff: " Another solution differs here.", suggest: " The fix shown changes this cell." }[mark] || "";
  return `Row ${y + 1}, column ${x + 1}: ${state}${given}. ${clues}${note}`;
}

/** The check's marks over the cells: a red frame where another solution differs (hatched when
 * the picture leaves the cell empty), a hint-coloured one on the cells a fix would change. */
function paintMarks(v) {
  const marks = v.overlays.marks;
  if (!marks || !marks.size) return;
  const ctx = v.cellCanvas.getContext("2d"), cs = v.cell, t = v.theme, w = v.game.puzzle.width;
  for (const [i, kind] of marks) {
    const x = (i % w) * cs, y = Math.floor(i / w) * cs;
    ctx.strokeStyle = kind === "diff" ? t.error : t.hintMark;
    ctx.lineWidth = Math.max(2, cs / (kind === "diff" ? 9 : 7));
    ctx.strokeRect(x + 2, y + 2, cs - 3, cs - 3);
    if (kind === "diff" && v.value(i) === UNKNOWN) {
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let k = cs / 4; k < 2 * cs; k += cs / 4) {
        ctx.moveTo(x + Math.max(0, k - cs), y + Math.min(cs, k)); ctx.lineTo(x + Math.min(cs, k), y + Math.max(0, k - cs));
      }
      ctx.stroke();
    }
  }
}

export const pictureBoard = {
  ...nonogramBoard,
  name: "nonogram-edit",
  paintsGivens: true,
  prepare(v) { v.maxRow = v.game.reserve.row; v.maxCol = v.game.reserve.col; },
  paintCells(v) { nonogramBoard.paintCells(v); paintMarks(v); },
  describe,
};

/** The board in `root` showing an editor document, its clues and the check's marks. The view
 * (a GridView) is the palette's too: its colour is the one strokes and keys paint. */
export class PictureBoard {
  constructor(root) {
    this.root = root;
    this.view = new GridView(root, pictureBoard);
    this.game = null;
    this.marks = new Map(); // index -> "diff" | "suggest"
  }

  setDoc(doc) {
    this.game = new PictureGame(doc);
    this.marks = new Map();
    this.view.setGame(this.game, pictureBoard);
    this.shape = this.shapeKey();
    this.boxShape();
    this.showPending();
  }

  /** The box takes the shape of the grid and its margins (editor.css: --cols, --rows, in cells). */
  boxShape() {
    const g = this.game;
    this.root.style.setProperty("--cols", (g.puzzle.width + 0.6 * g.reserve.row).toFixed(1));
    this.root.style.setProperty("--rows", (g.puzzle.height + 0.6 * g.reserve.col).toFixed(1));
  }

  shapeKey() { const g = this.game; return `${g.puzzle.width}x${g.puzzle.height}:${g.reserve.row}:${g.reserve.col}`; }

  /** The document changed: draw it again (measured again when its size or margins changed). */
  render() {
    this.game.sync();
    const shape = this.shapeKey();
    if (shape !== this.shape) { this.shape = shape; this.boxShape(); this.view.reshape(); } else this.view.draw();
  }

  /** The engine's clues for the picture ({rows, columns}), or null while they are worked out. */
  setClues(clues) {
    this.game.setClues(clues);
    this.showPending();
    this.render();
  }

  showPending() {
    this.root.classList.toggle("ed-clues-pending", this.game.pending);
    this.root.setAttribute("aria-busy", String(this.game.pending));
  }

  /** The check's marks (Map index -> "diff" | "suggest"; empty clears); the lines of the cells
   * another solution changes are tinted as Play's Check tints a line. */
  setMarks(marks) {
    this.marks = marks;
    const w = this.game.puzzle.width, rows = new Set(), cols = new Set();
    for (const [i, kind] of marks) if (kind === "diff") { rows.add(Math.floor(i / w) + 1); cols.add((i % w) + 1); }
    const lines = [...[...rows].map((index) => ({ axis: "row", index })), ...[...cols].map((index) => ({ axis: "column", index }))];
    this.view.overlays.check = lines.length ? { lines } : null;
    this.view.setOverlay("marks", marks);
  }

  focus() { this.view.focus(); }
}
