// The nonogram editor's board: the shared canvas board (board/grid-view.js) with the plug-in
// Play uses (genres/nonogram/board.js: clue margins, colours, cell painting, touch and mouse
// strokes, keyboard cursor, screen-reader words) over the editor's document (model.js). What
// making a puzzle adds, through the plug-in's hooks rather than a copy of it: a stroke or key
// paints the chosen colour as one move of the document (given cells too: kind.paintsGivens),
// the clues the engine works out after each edit (dimmed and "being worked out" until they
// come), and the check's marks: the cells where another solution differs (their lines tinted,
// as Play's Check tints a line) and the cells a fix would change.
import { GridView } from "../../../board/grid-view.js";
import { drawBoardThumb } from "../../../board/thumb.js";
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
    // a picture in one colour reads as black and white (plain numbers): its clues in that colour
    const used = new Set(d.cells);
    used.delete(0);
    const plain = used.size === 1 ? [...used][0] : 1;
    const block = (b) => (Array.isArray(b) ? { n: b[0], c: index.get(b[1]) } : { n: b, c: plain });
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
      ctx.save();
      ctx.beginPath();
      ctx.rect(x + 1, y + 1, cs - 1, cs - 1);
      ctx.clip();
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let k = cs / 4; k < 2 * cs; k += cs / 4) { ctx.moveTo(x, y + k); ctx.lineTo(x + k, y); }
      ctx.stroke();
      ctx.restore();
    }
  }
}

export const pictureBoard = {
  ...nonogramBoard,
  name: "nonogram-edit",
  paintsGivens: true,
  freehand: true, // a drag paints every cell it crosses: pictures are drawn, not lines
  prepare(v) { v.maxRow = v.game.reserve.row; v.maxCol = v.game.reserve.col; },
  paintCells(v) { nonogramBoard.paintCells(v); paintMarks(v); },
  describe,
};

/** A picture ({width, height, colors, cells} as the document's state) drawn small by the one
 * thumbnail painter through Play's plug-in, as a card shows a solved puzzle: the import's
 * preview, Check's other solution (`differ`: its cells [{row, column}] that differ, marked as
 * the Solve panel marks a solution's differences). */
export function drawPicture(canvas, picture, { box, differ = [] } = {}) {
  const { kind, puzzle, cells } = pictureThumb(picture);
  drawBoardThumb(canvas, kind, puzzle, cells, { picture: true, box, overlays: differ.length ? { check: { cells: differ } } : {} });
}

/** A picture ({width, height, colors, cells: colour indices}) as the thumbnail painter
 * (board/thumb.js) draws it: Play's nonogram plug-in, its puzzle and values. */
export function pictureThumb({ width, height, colors, cells }) {
  const puzzle = { width, height, colors: colors.map((c) => ({ ...c, rgb: `#${c.rgb}` })), isColor: colors.length > 2, rows: [], cols: [] };
  return { kind: nonogramBoard, puzzle, cells: Uint8Array.from(cells, (v) => (v ? v + 1 : UNKNOWN)) };
}

/** The board in `root` showing an editor document, its clues and the check's marks, and the
 * colour strokes and keys paint (the palette's: a "color" event when it changes). The board
 * (a GridView) is made the first time it shows: it measures its box, and a page that never
 * opens Create has one board, Play's. */
export class PictureBoard extends EventTarget {
  constructor(root) {
    super();
    this.root = root;
    this.view = null;
    this.game = null;
    this.marks = new Map(); // index -> "diff" | "suggest"
    this.chosen = 1;
  }

  get color() { return this.chosen; }

  set color(k) { this.chosen = k; if (this.view) this.view.color = k; }

  setColor(k) {
    this.color = k;
    this.dispatchEvent(new CustomEvent("color", { detail: k }));
  }

  setDoc(doc) {
    this.game = new PictureGame(doc);
    this.marks = new Map();
    this.showPending();
    this.boxShape();
    if (this.view) this.attach();
  }

  /** The board on screen: made the first time, then drawn as the document is; the keyboard on it. */
  show() {
    if (!this.view) {
      this.view = new GridView(this.root, pictureBoard);
      this.view.addEventListener("color", (e) => this.setColor(e.detail)); // keys 1–9
      this.attach();
    }
    this.render();
    this.view.focus();
  }

  attach() {
    this.view.setGame(this.game, pictureBoard);
    this.view.color = this.chosen;
    this.shape = this.shapeKey();
    this.setMarks(this.marks);
  }

  shapeKey() { const g = this.game; return `${g.puzzle.width}x${g.puzzle.height}:${g.reserve.row}:${g.reserve.col}`; }

  /** The box takes the shape of the grid and its margins (editor.css: --cols, --rows, in cells). */
  boxShape() {
    const g = this.game;
    this.root.style.setProperty("--cols", (g.puzzle.width + 0.8 * g.reserve.row).toFixed(1));
    this.root.style.setProperty("--rows", (g.puzzle.height + 0.62 * g.reserve.col).toFixed(1));
  }

  /** The document changed: draw it again (measured again when its size or margins changed). */
  render() {
    this.game.sync();
    const shape = this.shapeKey();
    if (shape !== this.shape) this.boxShape();
    if (!this.view) return;
    if (shape !== this.shape) { this.shape = shape; this.view.reshape(); } else this.view.draw();
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
    if (!this.view) return;
    const w = this.game.puzzle.width, rows = new Set(), cols = new Set();
    for (const [i, kind] of marks) if (kind === "diff") { rows.add(Math.floor(i / w) + 1); cols.add((i % w) + 1); }
    const lines = [...[...rows].map((index) => ({ axis: "row", index })), ...[...cols].map((index) => ({ axis: "column", index }))];
    this.view.overlays.check = lines.length ? { lines } : null;
    this.view.setOverlay("marks", marks);
  }
}
