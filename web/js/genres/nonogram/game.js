// The nonogram genre's game: the clues read from the engine's puzzle dict, the win (every
// line's filled cells spell its clue), the state rows the engine reads (colour characters),
// and the keys that find a puzzle's saved game whichever way its file spelled the clues.
import { UNKNOWN, CROSSED } from "../../board/cells.js";
import { PlayGame } from "../../play/play-game.js";
import { hash } from "../../shell/hash.js";
import { loadGame, savedGames } from "../../shell/storage.js";

/** The pysolver JSON puzzle dict turned into what the view needs (no validation: the engine does that). */
export function normalizePuzzle(dict) {
  const colors = dict.colors.map((c) => ({ name: String(c.name), char: String(c.char), rgb: "#" + String(c.rgb) }));
  const index = new Map(colors.map((c, i) => [c.char, i]));
  const clue = (line) => line.map((b) => (Array.isArray(b) ? { n: b[0], c: index.get(b[1]) } : { n: b, c: 1 }));
  return {
    dict,
    width: dict.width ?? dict.columns.length,
    height: dict.height ?? dict.rows.length,
    colors,
    isColor: colors.length > 2,
    rows: dict.rows.map(clue),
    cols: dict.columns.map(clue),
    title: String(dict.title || ""),
    author: String(dict.author || ""),
    copyright: String(dict.copyright || ""),
    license: String(dict.license || ""),
    description: String(dict.description || ""),
    goal: dict.goal || null,
  };
}

export function runsOf(values) {
  const out = [];
  let prev = 0;
  for (const v of values) {
    const c = v >= 2 ? v - 1 : 0;
    if (c && c === prev) out[out.length - 1].n++;
    else if (c) out.push({ n: 1, c });
    prev = c;
  }
  return out;
}

function sameClue(a, b) {
  return a.length === b.length && a.every((x, i) => x.n === b[i].n && x.c === b[i].c);
}

/** Given cells as sorted "row,column,value" strings (undefined when there are none). */
function givensKey(dict) {
  if (!Array.isArray(dict.givens) || !dict.givens.length) return undefined;
  return dict.givens.map((g) => `${g.row},${g.column},${g.value ?? ""}`).sort();
}

/** FNV-1a over the puzzle JSON: a stable key for puzzles that are not built in. */
export function puzzleKey(dict) {
  // givens only count when present, so the keys of puzzles without any are unchanged
  return `p:${hash(JSON.stringify({ r: dict.rows, c: dict.columns, k: dict.colors, g: givensKey(dict) }))}`;
}

/** The clues in a form that does not depend on how a file spelled them (block as int or [n, "#"], rgb case). */
function signature(dict) {
  const p = normalizePuzzle(dict);
  const clue = (line) => line.map((b) => [b.n, b.c]);
  return JSON.stringify({ w: p.width, h: p.height, k: p.colors.map((c) => c.rgb.toUpperCase()),
    r: p.rows.map(clue), c: p.cols.map(clue), g: givensKey(dict) });
}

/** The key of the most recent saved game of the same puzzle (a built-in one too), or null. */
export function findSaved(dict) {
  let sig;
  try { sig = signature(dict); } catch { return null; }
  const own = puzzleKey(dict);
  for (const { key } of savedGames()) {
    const rec = loadGame(key);
    // a game stored as its share link (shell/storage.js linkForm) is this puzzle's when its key is
    if (rec && rec.puzzle && rec.puzzle.partial) { if (key === own) return key; continue; }
    try { if (rec && rec.puzzle && signature(rec.puzzle) === sig) return key; } catch { /* a damaged record */ }
  }
  return null;
}

export class NonogramGame extends PlayGame {
  line(axis, i) {
    const { width, height } = this.puzzle;
    const out = [];
    if (axis === "row") for (let x = 0; x < width; x++) out.push(this.cells[i * width + x]);
    else for (let y = 0; y < height; y++) out.push(this.cells[y * width + i]);
    return out;
  }

  /** Any grid whose filled cells satisfy every clue wins (unknown counts as empty). */
  isSolved() {
    const { width, height } = this.puzzle;
    for (let y = 0; y < height; y++) if (!this.lineSatisfied("row", y)) return false;
    for (let x = 0; x < width; x++) if (!this.lineSatisfied("column", x)) return false;
    return true;
  }

  /** Whether line i's filled cells spell its clue exactly (unknown counts as empty). */
  lineSatisfied(axis, i) {
    return sameClue(runsOf(this.line(axis, i)), (axis === "row" ? this.puzzle.rows : this.puzzle.cols)[i]);
  }

  valueChar(v) {
    if (v === UNKNOWN) return "?";
    if (v === CROSSED) return ".";
    return this.puzzle.isColor ? this.puzzle.colors[v - 1].char : "#";
  }

  charValue(ch) {
    if (ch === "?") return UNKNOWN;
    if (ch === ".") return CROSSED;
    if (!this.puzzle.isColor) return 2;
    const i = this.puzzle.colors.findIndex((c) => c.char === ch);
    return i >= 1 ? i + 1 : UNKNOWN;
  }

  /** State text rows for the engine: ? unknown, . crossed, # or the colour char filled. */
  stateRows() {
    const { width, height } = this.puzzle;
    const rows = [];
    for (let y = 0; y < height; y++) {
      let s = "";
      for (let x = 0; x < width; x++) s += this.valueChar(this.cells[y * width + x]);
      rows.push(s);
    }
    return rows;
  }

  /** State rows with only the given cells known, or undefined without givens: every
   * solver of the Solve panel starts from them, as the editor's Check does. */
  givenState() {
    if (!this.fixed.size) return undefined;
    const { width, height } = this.puzzle;
    const rows = [];
    for (let y = 0; y < height; y++) {
      let s = "";
      for (let x = 0; x < width; x++) { const i = y * width + x; s += this.fixed.has(i) ? this.valueChar(this.fixed.get(i)) : "?"; }
      rows.push(s);
    }
    return rows;
  }
}
