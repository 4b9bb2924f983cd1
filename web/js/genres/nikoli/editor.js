// The editor of a Nikoli family (Nurikabe, Heyawake, Masyu, Bag) in the Create frame
// (create/editor.js; each family's `editor` entry, genres/nikoli/genre.js): the shared board
// (board/grid-view.js) with the family's plug-in in an edit kind: numbers (digits, "?"),
// pearls (a click, Space or Enter cycles none, white, black) and Heyawake's rooms (strokes along
// the grid lines draw or erase borders, a tap near a side toggles it: editor-borders.js). Check, Download, Share link and Play go through
// the engine's reader (nikoli_parse of the family's text format), which also says what is
// wrong with a puzzle it refuses (a blank grid is not shared or played); the title and author
// (the frame's fields, the document's `meta`) go in the share link, Play and the file's comments; Check asks the family's `analyse` task (clingo-wasm): unique?
// how hard? (as data for the frame's one display; when not unique, two of its solutions, drawn
// by the one thumbnail painter, and where they differ, outlined on the board). Generate makes a random unique puzzle of the size (the genre's generator) and
// opens it to play. Every edit is a move of the frame's history (create/history.js) on the
// document (genres/nikoli/draft.js): the frame's Undo and Redo take it back and again, and the
// frame saves the draft after each one.
import { GenreEditor } from "../../create/genre-editor.js";
import { el, button } from "../../shell/dom.js";
import { storage } from "../../shell/storage.js";
import { Latest } from "../../shell/latest.js";
import { shareUrl } from "../../shell/share.js";
import { GridView } from "../../board/grid-view.js";
import { NikoliGame, nikoliPuzzle, readNikoli, readNikoliAll, nikoliShareHash, FAMILY_NAMES, MADE_IN_CREATE } from "./game.js";
import { fileName } from "../../play/view.js";
import { NikoliDraft, MAX_SIDE, hasNikoliDraft, saveNikoliDraft, loadNikoliDraft } from "./draft.js";
import { shadeBoard } from "../../board/shade.js";
import { loopBoard } from "../../board/loop.js";
import { runTask } from "./asp.js";
import { fixFor, noSolutionFix } from "./editor-fix.js";
import { BorderStroke, TAP_ZONE } from "./editor-borders.js";
import { starsText } from "../../library/items.js";
import { inputHelp } from "../../learn/rules.js";

const GENERATE_SIDE = 15; // clingo-wasm grounds afresh for every check: larger takes minutes here
// how to make a puzzle, with a mouse and keyboard or by touch (learn/rules.js picks by device)
const HELP = {
  masyu: { mouse: "Click a cell (or Space on it) for a white pearl, again for a black one, again for none; Backspace clears.",
    touch: "Tap a cell for a white pearl, again for a black one, again for none. Two fingers pan and zoom." },
  heyawake: { mouse: "Drag along the grid lines to draw room borders (a drag along a drawn border erases); click near a cell's side to draw or remove one. Type a room's number (or ?) in one of its cells, or use the number buttons; Backspace clears. Arrows move.",
    touch: "Drag a finger along the grid lines to draw room borders (along a drawn border it erases); tap near a cell's side to draw or remove one. Tap a cell, then a number button: the room's number. Two fingers pan and zoom." },
  shade: { mouse: "Type a number (or ?) in a cell, or use the number buttons; Backspace removes it. Arrows move.",
    touch: "Tap a cell, then a number button (⌫ removes it). Two fingers pan and zoom." },
};

/** Rooms as connected areas between the borders (`wall(x, y, "e" | "s")`: drawn or not). */
export function roomsOf(w, h, wall) {
  const rooms = new Array(w * h).fill(-1);
  let n = 0;
  for (let s = 0; s < w * h; s++) {
    if (rooms[s] >= 0) continue;
    rooms[s] = n;
    const stack = [s];
    while (stack.length) {
      const i = stack.pop(), x = i % w, y = Math.floor(i / w);
      const next = [[x + 1, y, wall(x, y, "e")], [x - 1, y, wall(x - 1, y, "e")], [x, y + 1, wall(x, y, "s")], [x, y - 1, wall(x, y - 1, "s")]];
      for (const [u, v, walled] of next) {
        const j = v * w + u;
        if (u >= 0 && v >= 0 && u < w && v < h && rooms[j] < 0 && !walled) { rooms[j] = n; stack.push(j); }
      }
    }
    n += 1;
  }
  return rooms;
}

/** The editor of `ctx.genre` (a family) for the Create frame (web/README.md "The editor frame"). */
export class Editor extends GenreEditor {
  constructor(ctx) {
    const family = ctx.genre;
    super(ctx, { sides: { min: 2, max: MAX_SIDE, start: 7 }, accept: ".txt", help: inputHelp(HELP[family] || HELP.shade),
      formats: [["url", "puzz.link URL (.txt)"], ["text", `${FAMILY_NAMES[family]} text (.txt)`]] });
    this.family = family;
    this.doc = null;      // the puzzle being made (a NikoliDraft)
    this.generations = new Latest();
    this.generating = false;
    this.board = el("div", { className: "ed-nikoli-board" });
    this.view = null;     // the board (made when first shown: it measures its box)
    this.generateButton = button(`ed-generate-${this.family}`, "Generate", `a random ${FAMILY_NAMES[this.family]} with one solution, of this size (up to ${GENERATE_SIDE}×${GENERATE_SIDE}), to play`);
    this.generateButton.addEventListener("click", () => (this.generating ? this.generations.drop() : this.generate()));
    this.parts = { tools: [this.generateButton, ...(this.family === "masyu" ? [] : [this.numberPad()])] };
    const base = this.family === "masyu" ? loopBoard : shadeBoard;
    this.kind = { ...base, name: "edit", key: (v, e) => this.key(v, e),
      stroke: this.family === "heyawake" ? this.borderStrokes() : { start: (v, e) => this.click(v, e), move() {}, end() {}, cancel() {} } };
    if (this.family === "heyawake") this.kind.paintCells = (v) => this.paintRooms(v);
  }

  // ---- what the frame asks of every genre's editor ----
  /** New: a blank grid of this size, as one undoable move (the first one when none is shown). */
  blank(width, height) {
    if (!this.doc) { this.setDoc(new NikoliDraft(this.family, width, height, this.history)); this.ctx.replaced(); return; }
    this.doc.replace({ width, height }, "new");
  }

  hasDraft() { return hasNikoliDraft(storage(), this.family); }

  loadDraft() {
    const doc = loadNikoliDraft(storage(), this.family, this.history);
    if (!doc) return false;
    this.setDoc(doc);
    return true;
  }

  saveDraft() { return saveNikoliDraft(this.doc, storage()); }

  /** Check: does the puzzle have one solution, and how hard is it (the family's analyse task:
   * the stars and minutes of its hint walk, as the library and the play head show them); when
   * not, two of its solutions and where they differ. The frame's signal stops its clingo run. */
  async check({ signal }) {
    const d = await this.read();
    const r = await runTask(this.engine, this.family, "analyse", { puzzle: d.url }, { signal });
    const res = { status: r.status, count: r.count, exact: false, stars: r.stars, minutes: r.minutes,
      detail: [`clingo (answer sets): ${r.conflicts ?? "?"} conflicts${r.difficulty ? `; the generator's label: ${r.difficulty}` : ""}`] };
    if (r.status === "none") res.fix = noSolutionFix(this.family, this.doc.clues().size);
    if (r.status === "multiple" && Array.isArray(r.solutions) && r.solutions.length === 2) {
      const [a, b] = r.solutions, game = this.boardGame();
      res.differ = [];
      a.forEach((row, y) => [...row].forEach((ch, x) => { if (ch !== b[y][x]) res.differ.push({ row: y + 1, column: x + 1 }); }));
      const kind = this.family === "masyu" ? loopBoard : shadeBoard;
      res.pair = true; // the board shows the clues only: both solutions are drawn
      res.others = [a, b].map((rows) => ({ kind, puzzle: game.puzzle, cells: Uint8Array.from(game.cellsFromRows(rows)) }));
      // how to fix it: a clue one solution keeps and the other breaks (editor-fix.js)
      const doc = this.doc, { width, height } = doc.puzzle;
      const rooms = this.family === "heyawake" ? roomsOf(width, height, (x, y, side) => doc.wall(x, y, side)) : null;
      const fix = fixFor({ family: this.family, width, height, clue: (i) => doc.clue(i), rooms }, [a, b]);
      if (fix) res.fix = { words: fix.words, apply: fix.changes ? () => this.applyFix(fix) : null };
    }
    return res;
  }

  /** A fix from Check, as one undoable move; then Check again. */
  applyFix(fix) {
    if (!this.history.apply(fix.changes, "fix")) return;
    this.ctx.say(`Applied: ${fix.words.split(":")[0]} (Undo takes it back.)`);
    this.ctx.check();
  }

  /** The file: its title and author (comment lines: the engine's writer), then the URL or the text. */
  async download(fmt) {
    const d = await this.read(), { title, author } = this.doc.meta;
    const res = await this.engine.task(this.family, "convert", { puzzle: { url: d.url, title, author }, to: fmt }).promise;
    return { name: title ? fileName(title, "txt") : `${this.family}-${d.width}x${d.height}.txt`, text: res.text };
  }

  /** A link that opens the puzzle, with its title and author, to play on any copy of the site
   * (as the play view's Share link). */
  async shareLink() {
    const d = await this.read(true);
    return shareUrl(nikoliShareHash(d.url, this.doc.meta));
  }

  /** The puzzle to play: its title and author, if given (untitled: "My Nurikabe 7×7", game.js). */
  async playable() {
    const d = await this.read(true), { title, author } = this.doc.meta;
    return { ...d, ...(title ? { title } : {}), ...(author ? { author } : {}), source: MADE_IN_CREATE };
  }

  /** A file (or link) of this family opened to edit: its clues and rooms, as one New. */
  async openText(text, filename) {
    const all = await readNikoliAll(this.engine, text, filename), d = all[0];
    // a file of several URLs (Play opens any of them): the editor takes its first
    const first = all.length > 1 ? `, the first of its ${all.length} puzzles,` : "";
    if (d.family !== this.family) throw new Error(`a ${FAMILY_NAMES[d.family]} puzzle: choose ${FAMILY_NAMES[d.family]} to edit it`);
    if (d.width > MAX_SIDE || d.height > MAX_SIDE) throw new Error(`${d.width}×${d.height} is larger than the editor's ${MAX_SIDE}×${MAX_SIDE}`);
    this.take(d, `open ${filename.slice(0, 60)}`);
    this.ctx.say(`Opened ${filename}${first} to edit.`);
  }

  /** A puzzle dict of this family as the draft: one undoable move, as New (Undo brings the
   * puzzle before back). */
  take(d, label) {
    const doc = new NikoliDraft(this.family, d.width, d.height); // the new state, made aside
    doc.meta = { title: d.title || "", author: d.author || "" }; // a file's comments (the engine's reader)
    for (const [x, y, n] of d.clues) doc.cells[y * d.width + x] = n;
    if (d.rooms) {
      for (let y = 0; y < d.height; y++) {
        for (let x = 0; x < d.width; x++) {
          const r = d.rooms[y * d.width + x];
          if (x + 1 < d.width && d.rooms[y * d.width + x + 1] !== r) doc.cells[doc.wallIndex(x, y, "e")] = 1;
          if (y + 1 < d.height && d.rooms[(y + 1) * d.width + x] !== r) doc.cells[doc.wallIndex(x, y, "s")] = 1;
        }
      }
    }
    this.doc.replace(doc.state(), label);
  }

  show() {
    if (!this.view) this.view = new GridView(this.board, this.kind);
    this.view.setGame(this.boardGame(), this.kind);
    this.view.focus();
  }

  hide() {}

  // ---- the family's own ----
  /** Buttons for the cursor cell's number (a phone has no keys for the board): digits append
   * as typed ones do, "?" and ⌫ (clear). */
  numberPad() {
    const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "?", "⌫"];
    const pad = el("span", { className: "ed-numpad" }, ...keys.map((k) => {
      const b = el("button", { type: "button", textContent: k });
      if (k === "⌫") b.setAttribute("aria-label", "Clear the number");
      b.addEventListener("click", () => {
        if (this.view) this.key(this.view, { key: k === "⌫" ? "Backspace" : k, preventDefault() {} });
      });
      return b;
    }));
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", "Number in the cell");
    return pad;
  }

  setDoc(doc) {
    this.doc = doc;
    this.board.style.setProperty("--cols", doc.puzzle.width); // the board's box takes the grid's shape (editor.css)
    this.board.style.setProperty("--rows", doc.puzzle.height);
    if (this.view) this.show();
  }

  /** A move, an undo or a redo (the frame's history): the board (the frame then saves the draft). */
  changed(move) {
    if (move && move.s) { this.setDoc(this.doc); return; } // New or a file: maybe another size
    if (this.view) {
      const p = nikoliPuzzle(this.dict()), g = this.view.game;
      g.puzzle.clues = p.clues;
      g.puzzle.rooms = p.rooms;
      this.view.draw();
    }
  }

  /** The board's game: the puzzle as drawn (nothing is played on it). */
  boardGame() { return new NikoliGame(nikoliPuzzle(this.dict()), "edit", null); }

  /** The document as nikoli_parse's answer would be (for the board). */
  dict() {
    const d = this.doc, { width, height } = d.puzzle;
    const rooms = d.family === "heyawake" ? roomsOf(width, height, (x, y, side) => d.wall(x, y, side)) : null;
    const clues = [...d.clues()].map(([i, n]) => [i % width, Math.floor(i / width), n]);
    return { format: "nikoli", family: d.family, width, height, clues, rooms, url: "", title: `New ${FAMILY_NAMES[d.family]}` };
  }

  /** A press on a cell: the cursor there (the number buttons and keys edit it); Masyu: the pearl cycles. */
  click(v, e) {
    const { x, y, inside } = v.cellAt(e);
    if (!inside || e.target !== v.cellCanvas) return false;
    e.preventDefault();
    v.aria.focus({ preventScroll: true });
    v.moveCursor(x, y, false);
    const d = this.doc, i = y * d.puzzle.width + x;
    if (d.family === "masyu") this.history.apply([[i, (d.clue(i) + 1) % 3]], "pearl");
    return true;
  }

  /** Heyawake's borders by strokes along the grid lines (editor-borders.js): the board's
   * pointer strokes, mouse and touch alike (a second finger cancels, as in Play). */
  borderStrokes() {
    const at = (v, e) => {
      const r = v.cellCanvas.getBoundingClientRect();
      return [(e.clientX - r.left) / v.cell, (e.clientY - r.top) / v.cell];
    };
    const done = (v) => { v.stroke = null; v.draw(); };
    return {
      start: (v, e) => {
        if (e.target !== v.cellCanvas) return; // the grid's outer line too: a stroke may start there
        e.preventDefault();
        v.aria.focus({ preventScroll: true });
        try { v.root.setPointerCapture(e.pointerId); } catch { /* pointer already gone */ }
        const d = this.doc, { width, height } = d.puzzle, { x, y, inside } = v.cellAt(e);
        v.stroke = { borders: new BorderStroke(width, height, (bx, by, side) => d.wall(bx, by, side), ...at(v, e)),
          zone: e.pointerType === "touch" ? TAP_ZONE.touch : TAP_ZONE.mouse, // a pen is as precise as a mouse
          cell: inside ? { x, y } : null };
      },
      move: (v, e) => { if (v.stroke.borders.move(...at(v, e))) v.draw(); },
      end: (v) => {
        const { borders, zone, cell } = v.stroke, d = this.doc;
        const changes = borders.changes(zone).map(([x, y, side, drawn]) => [d.wallIndex(x, y, side), drawn ? 1 : 0]);
        // a tap puts the cursor on its cell (for its number); a drag along the lines leaves it
        if (cell && !borders.sides.size && !borders.moved) v.moveCursor(cell.x, cell.y, false);
        done(v);
        if (changes.length) this.history.apply(changes, borders.sides.size ? (borders.draw ? "borders" : "borders erased") : "border");
      },
      cancel: done,
    };
  }

  /** Heyawake's board: its rooms, every drawn border (a lighter one divides no room yet) and the
   * stroke being drawn (in the accent colour; dashed where it erases). */
  paintRooms(v) {
    const d = this.doc, { width: w, height: h } = d.puzzle, s = v.stroke && v.stroke.borders;
    const shown = s ? (x, y, side) => s.shows(x, y, side) : (x, y, side) => d.wall(x, y, side);
    const rooms = roomsOf(w, h, shown);
    v.game.puzzle.rooms = rooms;
    shadeBoard.paintCells(v);
    const ctx = v.cellCanvas.getContext("2d"), cs = v.cell, t = v.theme;
    const line = (x, y, side) => {
      ctx.beginPath();
      if (side === "e") { ctx.moveTo((x + 1) * cs + 0.5, y * cs); ctx.lineTo((x + 1) * cs + 0.5, (y + 1) * cs); }
      else { ctx.moveTo(x * cs, (y + 1) * cs + 0.5); ctx.lineTo((x + 1) * cs, (y + 1) * cs + 0.5); }
      ctx.stroke();
    };
    ctx.lineWidth = Math.max(2, cs / 10);
    ctx.strokeStyle = t.bold;
    ctx.globalAlpha = 0.4;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (x + 1 < w && shown(x, y, "e") && rooms[y * w + x] === rooms[y * w + x + 1]) line(x, y, "e");
        if (y + 1 < h && shown(x, y, "s") && rooms[y * w + x] === rooms[(y + 1) * w + x]) line(x, y, "s");
      }
    }
    ctx.globalAlpha = 1;
    if (!s) return;
    ctx.strokeStyle = t.accent;
    if (!s.draw) { ctx.lineWidth = 2; ctx.setLineDash([Math.max(3, cs / 6), Math.max(3, cs / 6)]); } // what it erases
    for (const side of s.sides.values()) line(...side);
    ctx.setLineDash([]);
  }

  /** Digits append to the cursor cell's number, "?" sets a question mark, Backspace clears;
   * Masyu: Space or Enter cycles the pearl. Arrows move (the board's); no other key marks. */
  key(v, e) {
    const d = this.doc, i = v.cursor.y * d.puzzle.width + v.cursor.x;
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    if (e.key.startsWith("Arrow")) {
      if (!e.shiftKey) return false;
      e.preventDefault(); // Shift+arrow moves too (no painting while making a puzzle)
      const step = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
      v.moveCursor(v.cursor.x + step[0], v.cursor.y + step[1]);
      return true;
    }
    const old = d.clue(i);
    if (e.key === "Backspace" || e.key === "Delete") this.history.apply([[i, 0]], "clear");
    else if (d.family === "masyu" && (e.key === " " || e.key === "Enter")) this.history.apply([[i, (old + 1) % 3]], "pearl");
    else if (d.family !== "masyu" && /^[0-9]$/.test(e.key)) this.history.apply([[i, Math.min(999, (old > 0 ? old * 10 : 0) + Number(e.key))]], "number");
    else if (d.family !== "masyu" && e.key === "?") this.history.apply([[i, -2]], "number");
    else return [" ", "Enter", "f", "F", "x", "X", "c", "C"].includes(e.key) && (e.preventDefault(), true); // no marks here
    e.preventDefault();
    return true;
  }

  /** The family's text format (pysolver.nikoli.model), read by the engine: its canonical dict,
   * or the reader's words for what is wrong with it. `toPlay`: a blank grid is refused (Share
   * and Play: in Play it read as a link cut short, a board with nothing to do). */
  read(toPlay = false) {
    const d = this.doc, { width, height } = d.puzzle, clues = d.clues();
    const blank = !clues.size && !(d.family === "heyawake" && d.cells.subarray(width * height).some((v) => v));
    if (toPlay && blank) {
      throw new Error(`the grid is empty: ${{ masyu: "place some pearls", heyawake: "draw rooms or place numbers" }[d.family] || "place some numbers"} first`);
    }
    const rooms = d.family === "heyawake" ? roomsOf(width, height, (x, y, side) => d.wall(x, y, side)) : null;
    const rows = [];
    for (let y = 0; y < height; y++) {
      const toks = [];
      for (let x = 0; x < width; x++) {
        const i = y * width + x, n = clues.get(i);
        let tok = n === undefined ? "." : d.family === "masyu" ? (n === 1 ? "w" : "b") : n === -2 ? "?" : String(n);
        if (rooms) tok = n === undefined ? `r${rooms[i]}` : `r${rooms[i]}:${tok}`; // two numbers in a room: the reader says so
        toks.push(tok);
      }
      rows.push(toks.join(" "));
    }
    return readNikoli(this.engine, `${d.family} ${width}x${height}\n${rows.join("\n")}\n`, "the new puzzle");
  }

  /** A new random unique puzzle of the family and size from the genre's generator (Python in the
   * engine worker, clingo-wasm for each uniqueness check), opened to play. The button cancels while it runs. */
  async generate() {
    const generate = this.ctx.app.generatorOf(this.family);
    if (!generate) { this.ctx.say("The generator is not available.", true); return; }
    const { width, height } = this.ctx.wanted();
    const w = Math.min(GENERATE_SIDE, width), h = Math.min(GENERATE_SIDE, height);
    const seed = 1 + Math.floor(Math.random() * 1e9);
    const fresh = this.generations.next();
    this.generating = true;
    this.generateButton.textContent = "Cancel";
    this.ctx.say(`Generating a ${w}×${h} ${FAMILY_NAMES[this.family]}…`);
    try {
      const info = await generate({ family: this.family, width: w, height: h, seed }, { signal: fresh.signal });
      // the maker may come back to change it: it is the draft too (Undo brings theirs back)
      if (info.dict.family === this.family) this.take(info.dict, "generate");
      this.ctx.say(`Generated a ${w}×${h} ${FAMILY_NAMES[this.family]} with one solution (${info.clues} clues, ${starsText(info.stars)}), opened in Play and here to change (Undo brings back your draft).`);
    } catch (err) {
      this.ctx.say(err.message === "cancelled" || err.kind === "cancelled" ? "Generation cancelled." : `Could not generate: ${err.message}`, err.kind !== "cancelled" && err.message !== "cancelled");
    } finally {
      this.generating = false;
      this.generateButton.textContent = "Generate";
    }
  }
}
