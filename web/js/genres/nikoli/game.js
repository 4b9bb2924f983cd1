// A Nurikabe, Heyawake, Masyu or Bag game on the shared game model (play/game.js, play/play-game.js):
// moves, undo/redo and saves as for nonograms. Shading families keep a value per cell
// (0 unknown, 1 dot: unshaded, 2 shaded; Bag shades the outside); Masyu keeps one per
// edge between two cells (0 unknown, 1 cross: no line, 2 line). Numbered cells of
// Nurikabe and Bag are given as unshaded. The win is the rule checker's (pysolver.nikoli.rules
// in the engine): the page sets it with verified(), never from a stored answer.
import { UNKNOWN, CROSSED } from "../../board/cells.js";
import { PlayGame } from "../../play/play-game.js";
import { hash } from "../../shell/hash.js";
import { LINE, edgeIndex, edgeCells } from "../../board/edges.js";
import { shadeBoard } from "../../board/shade.js";
import { loopBoard } from "../../board/loop.js";

export { LINE, edgeIndex, edgeCells };

/** The puzzle key of a Nikoli game: its URL (FNV-1a), the same however it was opened. */
export function nikoliKey(url) { return `n:${hash(url)}`; }

/** A family's board plug-in: Masyu draws a loop on the cells' sides, the others shade cells. */
export const boardOf = (family) => (family === "masyu" ? loopBoard : shadeBoard);

export const SHADED = 2;
export const FAMILY_NAMES = { nurikabe: "Nurikabe", heyawake: "Heyawake", masyu: "Masyu", bag: "Bag" };
// the source of a puzzle New puzzle made: the library's note on its card, never a credit on the board
export const MADE_HERE = "made by New puzzle";
// the source of a puzzle Create's Play this puzzle opened: untitled, it is "My Nurikabe 7×7"
export const MADE_IN_CREATE = "made in Create";
// a title or author from a link or a file: one line, at most this long (pysolver.nikoli.read MAX_META)
const MAX_NAME = 120;

/** A title or author as one line within MAX_NAME characters ("" when not a string). */
export function nameText(v) { return typeof v === "string" ? v.split(/\s+/).filter(Boolean).join(" ").slice(0, MAX_NAME) : ""; }

/** A share link's fragment: "#n=<pid/W/H/body>", then the title and author (`&t=`, `&a=`: puzz.link's
 * URL carries neither) when `names` has them, then the marks (`&s=`) when given. */
export function nikoliShareHash(url, names = {}, marks = "") {
  const part = (k, v) => (nameText(v) ? `&${k}=${encodeURIComponent(nameText(v))}` : "");
  return `#n=${encodeURIComponent(url.replace(/^.*\?/, ""))}${part("t", names.title)}${part("a", names.author)}${marks ? `&s=${marks}` : ""}`;
}
const COLORS = [{ name: "unshaded", char: ".", rgb: "#ffffff" }, { name: "shaded", char: "#", rgb: "#222222" }];
// Masyu's cell characters (pysolver.nikoli.aspsolve BOX and HALF) by the sides the line leaves on
const BOX = { ew: "─", ns: "│", es: "┌", sw: "┐", en: "└", nw: "┘", w: "╴", e: "╶", n: "╵", s: "╷" };

/** The engine's nikoli_parse answer as the board and the game use it. */
/** The puzzle dict (format "nikoli", family, width, height, clues, rooms, url) of a puzz.link /
 * pzv.jp URL or a family's text, read by the engine (worker protocol `read` among the families). */
export async function readNikoli(engine, text, filename) {
  return (await readNikoliAll(engine, text, filename))[0];
}

/** Every puzzle dict of a text (a file of puzz.link URLs holds one a line). */
export async function readNikoliAll(engine, text, filename) {
  const out = await engine.read(text, filename, Object.keys(FAMILY_NAMES));
  return out.puzzles.map((d) => ({ ...d, format: out.format }));
}

export function nikoliPuzzle(dict) {
  const { width, height, family } = dict;
  const clues = new Map(dict.clues.map(([x, y, n]) => [y * width + x, n]));
  const numbered = family === "nurikabe" || family === "bag";
  const givens = numbered ? dict.clues.map(([x, y]) => ({ row: y + 1, column: x + 1, value: "." })) : [];
  return {
    // link: what the saved game keeps of the puzzle (shell/storage.js linkForm), read again on continuing
    dict: { ...dict, givens, clueCount: dict.clues.length, link: dict.link || dict.url }, family, width, height, clues, rooms: dict.rooms || null,
    cellCount: family === "masyu" ? (width - 1) * height + width * (height - 1) : width * height,
    colors: COLORS, isColor: false, goal: null,
    genreName: FAMILY_NAMES[family],
    title: nameText(dict.title) || `${dict.source === MADE_IN_CREATE ? "My " : ""}${FAMILY_NAMES[family]} ${width}×${height}`,
    author: nameText(dict.author), copyright: "", license: "", description: "",
  };
}

/** A solution's rows (the solve output's characters) as the value of every cell or edge of
 * `p` (nikoliPuzzle): a played game's, the Solve panel's and the rules example's pictures. */
export function cellsFromRows(p, rows) {
  const out = new Uint8Array(p.cellCount);
  if (p.family !== "masyu") {
    rows.forEach((row, y) => [...row].forEach((ch, x) => { out[y * p.width + x] = ch === "#" ? SHADED : CROSSED; }));
    return out;
  }
  out.fill(CROSSED);
  rows.forEach((row, y) => [...row].forEach((ch, x) => {
    const key = (Object.entries(BOX).find(([, c]) => c === ch) || [""])[0];
    for (const d of key) { const i = edgeIndex(p, x, y, d); if (i >= 0) out[i] = LINE; }
  }));
  return out;
}

export class NikoliGame extends PlayGame {
  constructor(puzzle, key, saved) {
    super(puzzle, key, saved);
    this.verdict = saved && saved.solved && typeof saved.cells === "string" ? saved.cells : null;
    this.solved = this.isSolved();
  }

  /** Solved when the rule checker passed this very grid (verified()). */
  isSolved() { return this.verdict !== undefined && this.verdict !== null && this.verdict === this.serialCells(); }

  serialCells() { return Array.from(this.cells, (v) => String.fromCharCode(48 + v)).join(""); }

  /** The rule checker found the grid `cells` (serialCells) complete and breaking no rule. */
  verified(cells) {
    if (cells !== this.serialCells() || this.solved) return false;
    this.verdict = cells;
    this.solved = true;
    this.dispatchEvent(new CustomEvent("change", { detail: { kind: "solved" } }));
    return true;
  }

  /** Directions ("e", "w", "n", "s") around a Masyu cell whose edge holds `value`. */
  sides(x, y, value, cells = this.cells) {
    return ["e", "n", "s", "w"].filter((d) => { const i = edgeIndex(this.puzzle, x, y, d); return i >= 0 && cells[i] === value; });
  }

  /** State rows for the engine (`pysolver hint --state`): shading '#', '.', '?'; Masyu the
   * line's box characters, half lines, '.' (no line can pass) and '?'. `complete`: unknown
   * counts as unshaded (Bag: inside) or no line, the grid as the player would hand it in. */
  stateRows(complete = false) {
    const p = this.puzzle, rows = [];
    for (let y = 0; y < p.height; y++) {
      let s = "";
      for (let x = 0; x < p.width; x++) s += p.family === "masyu" ? this.loopChar(x, y, complete) : this.shadeChar(x, y, complete);
      rows.push(s);
    }
    return rows;
  }

  shadeChar(x, y, complete) {
    const v = this.get(x, y);
    return v === SHADED ? "#" : v === CROSSED || complete ? "." : "?";
  }

  loopChar(x, y, complete) {
    const on = this.sides(x, y, LINE);
    if (on.length > 2) return "?"; // a branch: no character says it (the page reports it)
    if (on.length) return BOX[on.join("")]; // one line: a half line (its other sides may still come)
    return complete || !this.sides(x, y, UNKNOWN).length ? "." : "?";
  }

  /** Masyu joins marked "no line" that state rows cannot say (a cell's '.' needs all its
   * sides crossed): [{row, column, to_row, to_column}], 1-based, for the hint task. */
  crosses() {
    const p = this.puzzle, out = [];
    if (p.family !== "masyu") return out;
    this.cells.forEach((v, i) => {
      if (v !== CROSSED) return;
      const [x1, y1, x2, y2] = edgeCells(p, i);
      out.push({ row: y1 + 1, column: x1 + 1, to_row: y2 + 1, to_column: x2 + 1 });
    });
    return out;
  }

  /** Masyu cells where the line branches (three or four lines meet): [{row, column}]. */
  branches() {
    const p = this.puzzle, out = [];
    if (p.family !== "masyu") return out;
    for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) if (this.sides(x, y, LINE).length > 2) out.push({ row: y + 1, column: x + 1 });
    return out;
  }

  /** A solution's rows (the solve output's characters) as the value of every cell or edge. */
  cellsFromRows(rows) { return cellsFromRows(this.puzzle, rows); }

  /** A hint's cells as changes: shading cells by state character; Masyu edges
   * ({row, column, to_row, to_column, value: "line" | "no line"}). */
  hintChanges(cells) {
    const p = this.puzzle;
    return cells.map((c) => {
      const x = c.column - 1, y = c.row - 1;
      if (p.family !== "masyu") return [y * p.width + x, c.value === "#" ? SHADED : CROSSED];
      const dir = c.to_column > c.column ? "e" : c.to_column < c.column ? "w" : c.to_row > c.row ? "s" : "n";
      return [edgeIndex(p, x, y, dir), c.value === "line" ? LINE : CROSSED];
    }).filter(([i]) => i >= 0);
  }
}
