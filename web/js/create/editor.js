// The "Create" view: paint or import a picture, see its clues, check it
// (unique? how hard?), get verified fixes, keep drafts, export, share, play.
// Plug-in: shell/app.js calls install(app). All puzzle logic runs in the engine
// worker; this file renders, handles input and talks to the worker.
import { EditorDoc } from "./model.js";
import { loadDraft, saveDraft } from "./draft.js";
import { EditorGrid } from "./grid.js";
import { EditorPalette } from "./palette.js";
import { ImageImport } from "./import.js";
import { EditorChecker } from "./check.js";
import { el, button } from "../shell/dom.js";
import { encodeShare, shareUrl, readGivens, writeGivens } from "../shell/share.js";
import { readFile } from "../shell/open-files.js";
import { storage } from "../shell/storage.js";
import { Latest } from "../shell/latest.js";
import { pysolverRun } from "../engine/solvers.js";
import { techDetails } from "../panels/details.js";

// Opening a file without a picture: the engine looks for one within a budget of line
// solves (the same answer on every machine: on a 25x25 puzzle here about 3.5 s of CPython, 10 s in the
// browser), the seconds only a safety net.
const PICTURE_WORK = 1_300_000;
const PICTURE_SAFETY_S = 60;


export function install(app) {
  const css = el("link", { rel: "stylesheet", href: new URL("../../css/editor.css", import.meta.url).href });
  document.head.append(css);
  const editor = new Editor(app);
  app.router.register({
    id: "editor", label: "Create", order: 3, element: editor.section,
    show: () => editor.show(), hide: () => editor.hide(),
  });
  app.registerDropTarget("editor", editor.fileOpener);
  app.editor = editor; // for the console and the browser tests only (window.nonogramApp.editor)
  // "#/editor" in the address: the router shows this view now that it is registered
}

class Editor {
  constructor(app) {
    // the budget for a picture, in line solves; tests set a smaller one to reach the limit
    // with little work (never the seconds, which depend on the machine)
    this.pictureWork = PICTURE_WORK;
    this.app = app;
    this.engine = app.engine;
    this.doc = (storage() && loadDraft(storage())) || new EditorDoc({ width: 10, height: 10 });
    this.edits = new Latest(); // every change drops the turn: engine answers about the picture before it are stale
    this.puzzle = null;     // the engine's puzzle dict (clues + goal) while puzzleFresh() says it is the picture's
    this.puzzleFresh = () => false;
    this.cluesPending = null;
    this.buildDom();
    this.grid = new EditorGrid(this.gridBox);
    this.palette = new EditorPalette(this.paletteBox, this.grid);
    this.image = new ImageImport(this.importBox, {
      getDoc: () => this.doc,
      onError: (msg) => this.say(msg, true),
    });
    this.image.apply.addEventListener("click", () => {
      this.doc.replace(this.image.state(), "import image");
      this.say(`Imported the picture as a ${this.doc.width}×${this.doc.height} grid.`);
    });
    this.checker = new EditorChecker(this, this.checkBox, this.fixBox);
    // what a file dropped on the page goes to while this view shows (app.registerDropTarget)
    this.fileOpener = {
      onText: (text, filename) => this.openText(text, filename),
      onError: (err) => this.say(err.message, true, err.details),
    };
    this.bindDoc();
    this.bind();
  }

  buildDom() {
    this.title = el("input", { type: "text", id: "ed-title", maxLength: 120, placeholder: "Untitled" });
    this.author = el("input", { type: "text", id: "ed-author", maxLength: 80, placeholder: "you" });
    this.wIn = el("input", { type: "number", id: "ed-width", min: 1, max: 200 });
    this.hIn = el("input", { type: "number", id: "ed-height", min: 1, max: 200 });
    this.gridBox = el("div", { className: "ed-grid-box", tabIndex: 0, id: "ed-grid" });
    this.gridBox.setAttribute("role", "application");
    this.paletteBox = el("div", { id: "ed-palette" });
    this.checkBox = el("div", { id: "ed-check" });
    this.fixBox = el("div", { id: "ed-fix" });
    this.importBox = el("div", { id: "ed-import" });
    this.status = el("p", { id: "ed-status", className: "status" });
    this.status.setAttribute("aria-live", "polite");
    this.statusDetails = techDetails("ed-status-details"); // the engine's limits, for the curious
    this.openCancel = button("ed-open-cancel", "Cancel", "stop looking for the picture of the file being opened");
    this.openCancel.hidden = true;
    this.opening = null;    // the engine request solving a file opened without a picture
    this.format = el("select", { id: "ed-format" },
      el("option", { value: "non", textContent: ".non (with goal)" }),
      el("option", { value: "xml", textContent: "webpbn XML" }),
      el("option", { value: "json", textContent: "JSON" }));
    this.shareOut = el("input", { type: "text", id: "ed-share-url", readOnly: true, placeholder: "share link appears here" });
    this.openFile = el("input", { type: "file", id: "ed-open-file", accept: ".non,.xml,.json,.nin,.g,.txt,.pbm" });
    const label = (input, text) => el("label", { htmlFor: input.id }, text);
    const panel = (title, ...kids) => el("div", { className: "panel" }, el("h3", { textContent: title }), ...kids);
    this.section = el("section", { id: "view-editor", className: "view" },
      el("h2", { textContent: "Create a puzzle", id: "ed-heading" }),
      el("div", { className: "toolbar", role: "toolbar" },
        label(this.title, "Title"), this.title, label(this.author, "Author"), this.author),
      el("div", { className: "toolbar", role: "toolbar" },
        label(this.wIn, "Columns"), this.wIn, label(this.hIn, "Rows"), this.hIn,
        button("ed-new", "New", "a new empty puzzle of this size"),
        button("ed-resize", "Resize", "keep the picture, change the size"),
        el("span", { className: "sep" }),
        button("ed-undo", "↶ Undo", "Undo (Ctrl+Z)"), button("ed-redo", "↷ Redo", "Redo (Ctrl+Y)"),
        button("ed-clear", "Clear"), button("ed-invert", "Invert", "swap filled and empty (black and white)")),
      el("div", { className: "ed-body" },
        el("div", { className: "ed-main" }, this.gridBox,
          el("div", { className: "row ed-status-row" }, this.status, this.openCancel), this.statusDetails.element,
          el("p", { className: "help", textContent:
            "Left click or drag paints the chosen colour (starting on that colour erases); right click erases. " +
            "Arrows move, Space paints, Shift+arrows paint while moving, Delete erases, 1–9 pick a colour. " +
            "A dot marks a cell shown to the player at the start (a given, from the Fix panel; Undo removes it)." })),
        el("aside", { className: "side ed-side" },
          panel("Colours", this.paletteBox),
          panel("Check", this.checkBox),
          panel("Fix", this.fixBox),
          panel("Keep and share",
            el("div", { className: "row" }, label(this.format, "Format"), this.format, button("ed-export", "Download")),
            el("div", { className: "row" }, button("ed-share", "Share link"), button("ed-play", "Play this puzzle")),
            el("div", { className: "row" }, this.shareOut),
            el("div", { className: "row" }, label(this.openFile, "Open a puzzle file to edit "), this.openFile)),
          el("details", { className: "panel", id: "ed-import-panel" },
            el("summary", { textContent: "Import an image" }), this.importBox))));
    document.querySelector("main").append(this.section);
    this.$ = (id) => this.section.querySelector(`#${id}`);
  }

  bindDoc() {
    this.grid.setDoc(this.doc);
    this.palette.setDoc(this.doc);
    this.image.reset();
    this.doc.addEventListener("change", (e) => this.onChange(e.detail));
    this.syncFields();
    this.requestClues();
  }

  syncFields() {
    this.title.value = this.doc.meta.title || "";
    this.author.value = this.doc.meta.author || "";
    this.wIn.value = this.doc.width;
    this.hIn.value = this.doc.height;
    this.$("ed-undo").disabled = !this.doc.undoStack.length;
    this.$("ed-redo").disabled = !this.doc.redoStack.length;
  }

  onChange(move) {
    this.edits.drop();
    this.checker.invalidate();
    this.grid.render();
    if (move && move.s) this.palette.render(); // palette edits are snapshot moves
    this.syncFields();
    this.saveDraft();
    this.requestClues();
  }

  saveDraft() {
    const ls = storage();
    const res = ls ? saveDraft(this.doc, ls) : { ok: false };
    if (!res.ok) this.say("The draft could not be saved (browser storage is full or disabled).", true);
    else if (res.kept < res.total && !this.trimNoted) {
      // the oldest steps beyond the draft's budget only live until the page closes
      this.trimNoted = true;
      this.say(`Draft saved with its last ${res.kept} of ${res.total} undo steps (the rest are not kept after a reload).`);
    }
  }

  /** The status line, in plain words; `details`: the technical lines behind its "Details". */
  say(text, error = false, details = []) {
    this.status.textContent = text;
    this.status.classList.toggle("error", error);
    this.statusDetails.set(details || []);
  }

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
      this.dispatch("clues");
    }, (err) => {
      if (fresh() && err.kind !== "cancelled") this.say(`Clues: ${err.message}`, true);
    });
  }

  dispatch(name) { this.section.dispatchEvent(new CustomEvent(`editor-${name}`, { bubbles: true })); }

  /** The engine's puzzle dict for the current picture, waiting for the clues if needed. */
  async currentPuzzle() {
    if (this.puzzleFresh() && this.puzzle) return this.puzzle;
    const fresh = this.edits.current();
    const res = await this.engine.read(JSON.stringify(this.doc.toDict()), "editor draft", ["nonogram"]);
    if (fresh()) { this.puzzle = res.puzzles[0]; this.puzzleFresh = fresh; }
    return res.puzzles[0];
  }

  bind() {
    const doc = () => this.doc;
    this.title.addEventListener("change", () => { doc().meta.title = this.title.value.trim(); this.onChange(null); });
    this.author.addEventListener("change", () => { doc().meta.author = this.author.value.trim(); this.onChange(null); });
    this.$("ed-new").addEventListener("click", () => {
      const w = Number(this.wIn.value), h = Number(this.hIn.value);
      doc().replace({ width: w, height: h, cells: [], givens: [], meta: {} }, "new");
      this.say(`New ${doc().width}×${doc().height} puzzle (Undo brings the old one back).`);
    });
    this.$("ed-resize").addEventListener("click", () => doc().resize(this.wIn.value, this.hIn.value));
    this.$("ed-undo").addEventListener("click", () => doc().undo());
    this.$("ed-redo").addEventListener("click", () => doc().redo());
    this.$("ed-clear").addEventListener("click", () => doc().replace({ cells: [], givens: [] }, "clear"));
    this.$("ed-invert").addEventListener("click", () => {
      if (doc().isColor) { this.say("Invert works on black-and-white pictures only.", true); return; }
      doc().replace({ cells: Array.from(doc().cells, (v) => 1 - v) }, "invert");
    });
    this.section.addEventListener("keydown", (e) => {
      if (e.target.closest("input, textarea, select")) return;
      const k = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && k === "z" && !e.shiftKey) { e.preventDefault(); doc().undo(); }
      else if ((e.ctrlKey || e.metaKey) && (k === "y" || (k === "z" && e.shiftKey))) { e.preventDefault(); doc().redo(); }
    });
    this.$("ed-export").addEventListener("click", () => this.exportFile().catch((err) => this.say(`Export: ${err.message}`, true)));
    this.$("ed-share").addEventListener("click", () => this.share().catch((err) => this.say(`Share: ${err.message}`, true)));
    this.$("ed-play").addEventListener("click", () => this.play().catch((err) => this.say(`Play: ${err.message}`, true)));
    this.openCancel.addEventListener("click", () => { if (this.opening) this.engine.cancel(this.opening); });
    this.openFile.addEventListener("change", () => {
      const f = this.openFile.files[0];
      if (f) readFile(f).then((t) => this.openText(t, f.name)).catch((err) => this.say(`${f.name}: ${err.message}`, true, err.details));
      this.openFile.value = "";
    });
  }

  async exportFile() {
    const fmt = this.format.value;
    const puzzle = await this.currentPuzzle();
    const res = await this.engine.task("nonogram", "convert", { puzzle, to: fmt }).promise;
    const text = writeGivens(res.text, fmt, this.givensList()); // as Play's Download and share links keep them
    const ext = { non: "non", xml: "xml", json: "json" }[fmt];
    const name = `${(this.doc.meta.title || "puzzle").replace(/[^\w-]+/g, "_").slice(0, 60) || "puzzle"}.${ext}`;
    const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    this.say(`Saved ${name}.`);
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

  /** The puzzle dict with the given cells: shell/app.js fixes them in the player's grid. */
  async puzzleWithGivens() {
    const puzzle = await this.currentPuzzle();
    return this.doc.givens.size ? { ...puzzle, givens: this.givensList() } : puzzle;
  }

  async share() {
    const url = shareUrl(await encodeShare(await this.puzzleWithGivens()));
    this.shareOut.value = url;
    try { await navigator.clipboard.writeText(url); this.say("Share link copied to the clipboard."); }
    catch { this.say("Share link ready: copy it from the box."); }
  }

  async play() {
    // given cells start filled (or crossed) and fixed in the player's grid: not a move Undo takes back
    this.app.openPuzzle(await this.puzzleWithGivens());
  }

  /** Open a puzzle file into the editor: its goal, or a solution the engine finds. */
  async openText(text, filename) {
    const res = await this.engine.read(text, filename, ["nonogram"]);
    const dict = res.puzzles[0];
    let note = "";
    if (!dict.goal) {
      // a hard puzzle can take the engine minutes: say so, give up after a limit, and let the user stop it
      const limit = `search limit: ${this.pictureWork.toLocaleString("en-US")} line solves or ${PICTURE_SAFETY_S} s`;
      this.say(`Solving ${filename} to get the picture…`, false, [limit]);
      if (this.opening) this.engine.cancel(this.opening); // a newer open replaces an unfinished one
      const handle = pysolverRun(this.engine, dict, { work: this.pictureWork, timeout: PICTURE_SAFETY_S });
      this.opening = handle;
      this.openCancel.hidden = false;
      let sol;
      try {
        sol = await handle.promise;
      } catch (err) {
        if (err.kind !== "cancelled") throw err;
        if (this.opening === handle) this.say(`Cancelled opening ${filename}: the editor keeps its picture.`);
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
    const givens = readGivens(text); // a file downloaded from Play keeps its shown cells
    if (givens.length) dict.givens = givens;
    this.doc.replace(EditorDoc.fromPuzzle(dict), "open");
    this.say(`Opened ${filename}${note}.`);
  }

  show() {
    this.grid.render();
    this.gridBox.focus({ preventScroll: true });
  }

  hide() { this.checker.cancel(); }
}
