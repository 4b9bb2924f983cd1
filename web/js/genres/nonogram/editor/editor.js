// The nonogram's editor in the Create frame (create/editor.js; the genre's `editor` entry):
// paint or import a picture, see its clues, check it (unique? how hard?), get verified fixes,
// open a puzzle file; resize, clear, invert, colours (the title and author: the frame's fields). Its document is
// model.js (every edit a move of the frame's history), its board board.js (the shared board
// with Play's nonogram plug-in), its draft draft.js. All puzzle logic runs in the engine
// worker; this file renders, handles input and talks to the worker.
import { GenreEditor } from "../../../create/genre-editor.js";
import { EditorDoc } from "./model.js";
import { loadDraft, saveDraft, draftSaved } from "./draft.js";
import { PictureBoard } from "./board.js";
import { EditorPalette } from "./palette.js";
import { ImageImport } from "./import.js";
import { EditorChecker } from "./check.js";
import { el, button } from "../../../shell/dom.js";
import { encodeShare, shareUrl, writeGivens } from "../../../shell/share.js";
import { storage } from "../../../shell/storage.js";
import { Latest } from "../../../shell/latest.js";
import { pysolverRun } from "../../../engine/solvers.js";
import { inputHelp } from "../../../learn/rules.js";
import { FILE_TYPES } from "../files.js";
import { fileName } from "../../../play/view.js";

// Opening a file without a picture: the engine looks for one within a budget of line
// solves (the same answer on every machine: on a 25x25 puzzle here about 3.5 s of CPython, 10 s in the
// browser), the seconds only a safety net.
const PICTURE_WORK = 1_300_000;
const PICTURE_SAFETY_S = 60;

// how to paint, with a mouse and keyboard or by touch (learn/rules.js picks by device)
const GIVENS = "A notch in its corner marks a cell shown to the player at the start (a given, from the Fix panel; Undo removes it), as Play shows it.";
const HELP = {
  mouse: "Click or drag to paint the chosen colour (starting on that colour erases); right click erases. " +
    `Arrows move, Space paints, Shift+arrows paint while moving, Delete erases, 1–9 pick a colour. ${GIVENS}`,
  touch: "Tap or drag to paint the chosen colour (starting on that colour erases); a long press erases; " +
    `two fingers pan and zoom. ${GIVENS}`,
};

/** The genre's editor for the Create frame (ctx: the frame's hooks, web/README.md "The editor frame"). */
export class Editor extends GenreEditor {
  constructor(ctx) {
    super(ctx, { sides: { min: 1, max: 200, start: 10 }, formats: [["non", ".non (with goal)"], ["xml", "webpbn XML"], ["json", "JSON"]],
      accept: FILE_TYPES, help: inputHelp(HELP) });
    // the budget for a picture, in line solves; tests set a smaller one to reach the limit
    // with little work (never the seconds, which depend on the machine)
    this.pictureWork = PICTURE_WORK;
    this.doc = null;
    this.edits = new Latest(); // every change drops the turn: engine answers about the picture before it are stale
    this.puzzle = null;     // the engine's puzzle dict (clues + goal) while puzzleFresh() says it is the picture's
    this.puzzleFresh = () => false;
    this.opening = null;    // the engine request solving a file opened without a picture
    this.buildDom();
    this.grid = new PictureBoard(this.board);
    this.palette = new EditorPalette(this.paletteBox, this.grid, this.colourStrip, (text) => ctx.say(text));
    this.image = new ImageImport(this.importBox, {
      getDoc: () => this.doc,
      onError: (msg) => ctx.say(msg, true),
    });
    this.image.apply.addEventListener("click", () => {
      const state = this.image.state();
      this.doc.replace({ ...state, colors: this.palette.named(state.colors) }, "import image");
      ctx.say(`Imported the picture as a ${this.doc.width}×${this.doc.height} grid.`);
    });
    this.checker = new EditorChecker(this, ctx.busy, this.fixBox);
    this.bind();
  }

  buildDom() {
    const panel = (title, ...kids) => el("div", { className: "panel" }, el("h3", { textContent: title }), ...kids);
    this.board = el("div", { className: "ed-picture-board", id: "ed-grid" }); // the board's grid takes the keyboard
    this.paletteBox = el("div", { id: "ed-palette" });
    this.colourStrip = el("div", { className: "ed-colour-strip", id: "ed-colour-strip", role: "radiogroup" });
    this.colourStrip.setAttribute("aria-label", "Colour to paint");
    this.fixBox = el("div", { id: "ed-fix" });
    this.importBox = el("div", { id: "ed-import" });
    this.openCancel = button("ed-open-cancel", "Cancel", "stop looking for the picture of the file being opened");
    this.openCancel.hidden = true;
    this.parts = {
      tools: [button("ed-resize", "Resize", "keep the picture, change the size to Columns × Rows"),
        button("ed-clear", "Clear"), button("ed-invert", "Invert", "swap filled and empty (black and white)")],
      board: [this.colourStrip],
      status: [this.openCancel],
      top: [panel("Colours", this.paletteBox)],
      afterCheck: [panel("Fix", this.fixBox)],
      end: [this.importPanel = el("details", { className: "panel", id: "ed-import-panel" },
        el("summary", { textContent: "Import an image" }), this.importBox)],
    };
    this.$ = (id) => this.parts.tools.find((e) => e.id === id);
  }

  bind() {
    this.$("ed-resize").addEventListener("click", () => {
      const { width, height } = this.ctx.wanted();
      this.doc.resize(width, height);
    });
    this.$("ed-clear").addEventListener("click", () => this.doc.replace({ cells: [], givens: [] }, "clear"));
    this.$("ed-invert").addEventListener("click", () => {
      if (this.doc.isColor) { this.ctx.say("Invert works on black-and-white pictures only.", true); return; }
      this.doc.replace({ cells: Array.from(this.doc.cells, (v) => 1 - v) }, "invert");
    });
    this.openCancel.addEventListener("click", () => { if (this.opening) this.engine.cancel(this.opening); });
  }

  /** Put `doc` in the editor (the draft, or a first blank one). */
  setDoc(doc) {
    this.doc = doc;
    this.grid.setDoc(doc);
    this.palette.setDoc(doc);
    this.image.reset();
    this.edits.drop();
    this.checker.invalidate();
    this.requestClues();
  }

  /** A move, an undo or a redo (the frame's history): the board, the palette, the clues. */
  changed(move) {
    this.refresh();
    if (move.s) this.palette.render(); // palette edits are whole-document moves
  }

  /** The document changed: engine answers about it before are stale; the board and clues again. */
  refresh() {
    this.edits.drop();
    this.checker.invalidate();
    this.grid.render();
    this.requestClues();
  }

  /** The title or author left: the puzzle the engine reads has them. */
  retitled() { this.refresh(); }

  // ---- what the frame asks of every genre's editor ----
  /** New: an empty picture of this size, as one undoable move (the first one when none is shown). */
  blank(width, height) {
    if (!this.doc) { this.setDoc(new EditorDoc({ width, height }, this.history)); this.ctx.replaced(); return; }
    this.doc.replace({ width, height, cells: [], givens: [], meta: {} }, "new");
  }

  hasDraft() { return draftSaved(storage()); }

  loadDraft() {
    const doc = loadDraft(storage(), this.history);
    if (!doc) return false;
    this.setDoc(doc);
    return true;
  }

  saveDraft() { return saveDraft(this.doc, storage()); }

  check(how) { return this.checker.check(how); }
  cancelCheck() { this.checker.cancel(); }
  outline(cells) { this.checker.outline(cells); }

  async download(fmt) {
    const puzzle = await this.currentPuzzle();
    const res = await this.engine.task("nonogram", "convert", { puzzle, to: fmt }).promise;
    const text = writeGivens(res.text, fmt, this.givensList()); // as Play's Download and share links keep them
    const ext = { non: "non", xml: "xml", json: "json" }[fmt];
    return { name: fileName(this.doc.meta.title, ext), text,
      note: await this.lostNames(text, fmt) };
  }

  /** What a .non download loses of the colour names the author typed (the format has a letter
   * and an RGB a colour, no name: its readers name a colour by its colour), in words pointing to
   * the formats that keep them; "" when it loses none. */
  async lostNames(text, fmt) {
    const used = new Set(this.doc.cells);
    const typed = this.doc.colors.filter((c, k) => k && !c.auto && used.has(k)).map((c) => c.name);
    if (fmt !== "non" || !typed.length) return "";
    // the file as a reader sees it (the engine leaves out a colour the picture does not use)
    const back = new Set((await this.engine.read(text, `puzzle.${fmt}`, ["nonogram"])).puzzles[0].colors.map((c) => c.name));
    const lost = typed.filter((n) => !back.has(n));
    if (!lost.length) return "";
    const names = lost.slice(0, 3).map((n) => `“${n}”`).join(", ") + (lost.length > 3 ? ", …" : "");
    return `A .non file keeps the colours but not their names (${names}): JSON and webpbn XML keep them.`;
  }

  async shareLink() { return shareUrl(await encodeShare(await this.playable())); }

  /** The puzzle dict with the given cells, to play: they start filled (or crossed) and fixed in
   * the player's grid, not a move Undo takes back. */
  async playable() {
    // every clue 0: nothing to play (Share and Play this puzzle say so)
    if (!this.doc.cells.some((v) => v)) throw new Error("the picture is empty: paint some cells first");
    const puzzle = await this.currentPuzzle();
    return this.doc.givens.size ? { ...puzzle, givens: this.givensList() } : puzzle;
  }

  show() { this.grid.show(); }

  hide() { this.checker.cancel(); }

  // ---- the nonogram's own ----
  say(text, error = false, details = []) { this.ctx.say(text, error, details); }

  /** Ask the engine for the clues of the current picture (latest request wins). */
  requestClues() {
    const fresh = this.edits.current();
    this.grid.setClues(null);
    const text = JSON.stringify(this.doc.toDict());
    this.engine.read(text, "editor draft", ["nonogram"]).then((res) => {
      if (!fresh()) return;
      this.puzzle = res.puzzles[0];
      this.puzzleFresh = fresh;
      this.grid.setClues({ rows: this.puzzle.rows, columns: this.puzzle.columns });
    }, (err) => {
      if (fresh() && err.kind !== "cancelled") this.ctx.say(`Clues: ${err.message}`, true);
    });
  }

  /** The engine's puzzle dict for the current picture, waiting for the clues if needed. */
  async currentPuzzle() {
    if (this.puzzleFresh() && this.puzzle) return this.puzzle;
    const fresh = this.edits.current();
    const res = await this.engine.read(JSON.stringify(this.doc.toDict()), "editor draft", ["nonogram"]);
    if (fresh()) { this.puzzle = res.puzzles[0]; this.puzzleFresh = fresh; }
    return res.puzzles[0];
  }

  /** The given cells as [{row, column, value}] (value the goal's state character), as share links,
   * Play and downloaded files carry them (share.js). */
  givensList() {
    const w = this.doc.width;
    return [...this.doc.givens].sort((a, b) => a - b).map((i) => {
      const v = this.doc.cells[i];
      return { row: Math.floor(i / w) + 1, column: (i % w) + 1, value: v ? this.doc.colors[v].char : "." };
    });
  }

  /** An image chosen to open as a puzzle file: into Import an image, opened for its size and
   * colours (the engine's reader only said "an image, not a puzzle file"). */
  openImage(file) {
    this.importPanel.open = true;
    this.image.load(file);
    this.ctx.say(`${file.name} is an image: Import an image (below) makes a puzzle of it; choose its size, then Use this picture.`);
  }

  /** Open a puzzle file into the editor: its goal, or a solution the engine finds. */
  async openText(text, filename) {
    const res = await this.engine.read(text, filename, ["nonogram"]);
    const dict = res.puzzles[0];
    // a file of several puzzles (Play opens any of them): the editor takes its first
    const first = res.puzzles.length > 1 ? `, the first of its ${res.puzzles.length} puzzles` : "";
    let note = "";
    if (!dict.goal) {
      // a hard puzzle can take the engine minutes: say so, give up after a limit, and let the user stop it
      const limit = `search limit: ${this.pictureWork.toLocaleString("en-US")} line solves or ${PICTURE_SAFETY_S} s`;
      this.ctx.say(`Solving ${filename} to get the picture…`, false, [limit]);
      if (this.opening) this.engine.cancel(this.opening); // a newer open replaces an unfinished one
      const handle = pysolverRun(this.engine, dict, { work: this.pictureWork, timeout: PICTURE_SAFETY_S });
      this.opening = handle;
      this.openCancel.hidden = false;
      let sol;
      try {
        sol = await handle.promise;
      } catch (err) {
        if (err.kind !== "cancelled") throw err;
        if (this.opening === handle) this.ctx.say(`Cancelled opening ${filename}: the editor keeps its picture.`);
        return;
      } finally {
        if (this.opening === handle) { this.opening = null; this.openCancel.hidden = true; }
      }
      if (!sol.solutions.length) {
        const stopped = { budget: `stopped at its limit of ${this.pictureWork.toLocaleString("en-US")} line solves`,
          timeout: `stopped at its limit of ${PICTURE_SAFETY_S} s` }[sol.status];
        throw Object.assign(new Error(stopped
          ? "no picture could be found: the file has no goal picture and its puzzle is too hard to solve quickly"
          : "the puzzle has no goal picture and no solution"), { details: stopped ? [`the search ${stopped}`] : [] });
      }
      dict.goal = sol.solutions[0];
      note = sol.status === "unique" ? " (picture from its unique solution)" : " (picture from one of its solutions)";
    }
    const state = EditorDoc.fromPuzzle(dict);
    this.doc.replace({ ...state, colors: this.palette.fileNamed(state.colors) }, `open ${filename.slice(0, 60)}`);
    this.ctx.say(`Opened ${filename}${first}${note}.`);
  }
}
