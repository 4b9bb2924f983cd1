// The editor's document: size, palette, the painted goal (colour indices), given cells and
// metadata, edited through the Create frame's one undo history (create/history.js): its values
// are the cells' colours, then a flag a cell (given: shown to the player at the start), so a
// paint or a Fix's given cells are moves of values; a resize, the palette, an import or New
// change the whole state. No puzzle logic here: clues, checks and fixes come from the engine worker.
import { History } from "../../../create/history.js";

export const MAX_SIZE = 200;

export const BACKGROUND = { name: "white", char: ".", rgb: "FFFFFF" };
export const BLACK = { name: "black", char: "#", rgb: "000000" };
// a colour's `auto`: its name is the editor's (its colour's word), not one the author typed; it
// follows the colour (palette.js)
const SPARE_CHARS = "abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWYZ0123456789%*+@&$";

const clampSize = (n) => Math.max(1, Math.min(MAX_SIZE, Math.floor(Number(n)) || 1));

export class EditorDoc {
  /** The document of `state`, edited through `history` (the frame's; it starts empty). */
  constructor(state = {}, history = new History()) {
    this.load(state);
    this.history = history;
    history.reset(this);
  }

  /** Replace the whole state (no history entry). */
  load(state) {
    // only a missing size defaults to 10; 0 clamps to 1 like any other size out of range
    this.width = clampSize(state.width ?? 10);
    this.height = clampSize(state.height ?? 10);
    this.colors = (state.colors || [BACKGROUND, { ...BLACK, auto: true }])
      .map((c) => ({ name: String(c.name), char: String(c.char), rgb: String(c.rgb), auto: c.auto === true }));
    const n = this.width * this.height;
    this.values = new Uint8Array(2 * n);
    this.cells = this.values.subarray(0, n);   // colour indices
    this.shown = this.values.subarray(n);      // 1: a given cell
    if (state.cells) this.cells.set(Array.from(state.cells).slice(0, n).map((v) => (v < this.colors.length ? v : 0)));
    for (const i of state.givens || []) if (i >= 0 && i < n) this.shown[i] = 1;
    this.meta = { title: "", author: "", copyright: "", license: "", description: "", ...(state.meta || {}) };
  }

  /** The whole state (a whole-document move's before and after; the draft's picture). */
  state() {
    return {
      width: this.width, height: this.height, colors: this.colors.map((c) => ({ ...c })),
      cells: this.cells.slice(), givens: [...this.givens], meta: { ...this.meta },
    };
  }

  /** The given cells' indices. */
  get givens() {
    const out = new Set();
    this.shown.forEach((v, i) => { if (v) out.add(i); });
    return out;
  }

  get isColor() { return this.colors.length > 2; }
  index(x, y) { return y * this.width + x; }
  get(x, y) { return this.cells[y * this.width + x]; }

  /** Paint [[index, colour], ...] as one move; returns the move or null. */
  paint(changes, label = "paint") {
    const n = this.cells.length, k = this.colors.length;
    return this.history.apply(changes.filter(([i, v]) => i >= 0 && i < n && v >= 0 && v < k), label);
  }

  /** Show (true) or hide (false) cells at the start of play, as one move. */
  setGivens(indices, on = true, label = "given") {
    const n = this.cells.length;
    return this.history.apply(indices.filter((i) => i >= 0 && i < n).map((i) => [n + i, on ? 1 : 0]), label);
  }

  /** Any larger change (resize, palette, import, new) as one whole-document move. */
  replace(next, label) { return this.history.replace({ ...this.state(), ...next }, label); }

  /** Resize keeping the top-left part of the picture. */
  resize(width, height) {
    width = clampSize(width); height = clampSize(height);
    if (width === this.width && height === this.height) return null;
    const cells = new Uint8Array(width * height);
    const givens = [];
    for (let y = 0; y < Math.min(height, this.height); y++) {
      for (let x = 0; x < Math.min(width, this.width); x++) {
        cells[y * width + x] = this.get(x, y);
        if (this.shown[this.index(x, y)]) givens.push(y * width + x);
      }
    }
    return this.replace({ width, height, cells, givens }, "resize");
  }

  /** Add a colour named `name` (`auto`: by the editor); returns its index or null. */
  addColor(rgb, name, auto = false) {
    const used = new Set(this.colors.map((c) => c.char));
    const char = [...SPARE_CHARS].find((ch) => !used.has(ch));
    if (!char) return null;
    const colors = [...this.colors, { name: name || `colour ${this.colors.length}`, char, rgb, auto: auto || !name }];
    this.replace({ colors }, "add colour");
    return this.colors.length - 1;
  }

  /** Rename or recolour colour k (names must stay distinct and non-empty; `auto`: the name is
   * the editor's, else the author's). */
  editColor(k, { name, rgb, auto = false }) {
    if (k <= 0 || k >= this.colors.length) return null;
    const colors = this.colors.map((c) => ({ ...c }));
    if (name !== undefined) {
      name = String(name).trim();
      if (!name || colors.some((c, i) => i !== k && c.name === name)) return null;
      colors[k].name = name;
      colors[k].auto = auto;
    }
    if (rgb !== undefined) colors[k].rgb = rgb;
    return this.replace({ colors }, "edit colour");
  }

  /** Remove colour k: its cells become background, later colours shift down. */
  removeColor(k) {
    if (k <= 0 || k >= this.colors.length || this.colors.length <= 2) return null;
    const colors = this.colors.filter((_, i) => i !== k);
    const cells = Array.from(this.cells, (v) => (v === k ? 0 : v > k ? v - 1 : v));
    return this.replace({ colors, cells }, "remove colour");
  }

  /** Goal row strings in the puzzle's colour characters. */
  goalRows() {
    const rows = [];
    for (let y = 0; y < this.height; y++) {
      let s = "";
      for (let x = 0; x < this.width; x++) s += this.colors[this.get(x, y)].char;
      rows.push(s);
    }
    return rows;
  }

  /** The pysolver JSON dict without clues: the engine derives them from the goal. */
  toDict() {
    const d = { format: "pysolver", version: 1 };
    for (const [k, v] of Object.entries(this.meta)) if (v) d[k] = String(v);
    const colors = this.colors.map(({ name, char, rgb }) => ({ name, char, rgb }));
    return { ...d, width: this.width, height: this.height, colors, goal: this.goalRows() };
  }

  /** From a puzzle dict with a goal (any colour characters). */
  static fromPuzzle(dict) {
    const colors = dict.colors.map((c) => ({ name: c.name, char: c.char, rgb: c.rgb }));
    const index = new Map(colors.map((c, i) => [c.char, i]));
    if (colors.length === 2) {
      // black and white: the editor's own characters, whatever the file used
      index.set("#", 1);
      index.set("X", 1);
      colors[0].char = ".";
      colors[1].char = "#";
    }
    const cells = [];
    for (const row of dict.goal) for (const ch of row) cells.push(index.get(ch) ?? 0);
    const meta = {};
    for (const k of ["title", "author", "copyright", "license", "description"]) if (dict[k]) meta[k] = dict[k];
    const givens = (Array.isArray(dict.givens) ? dict.givens : [])
      .filter((g) => g.row >= 1 && g.row <= dict.height && g.column >= 1 && g.column <= dict.width)
      .map((g) => (g.row - 1) * dict.width + g.column - 1);
    return { width: dict.width, height: dict.height, colors, cells, givens, meta };
  }
}
