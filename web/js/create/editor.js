// The "Create" view: one editor frame for every genre (a plug-in: app/app.js calls
// install(app)). The frame does what every editor needs: the genre choice (remembered), the
// size and New, Undo / Redo (Ctrl+Z / Ctrl+Y), the draft saved after every edit and
// "Continue the draft" per genre, Check (its button, Cancel, one display for every genre:
// create/check-view.js; an edit makes the answer stale), Download,
// Share link, Play this puzzle, a file to edit, the status line with its "Details" and the
// clear error of a refused puzzle. It owns each genre's one undo history (create/history.js:
// every edit a move as data, the same for every genre) and saves the draft after each move.
// The puzzle's Title and Author are the frame's too (create/title-fields.js): every genre's
// document keeps them (its `meta`), the genre carries them into its files, links and Play.
// Each genre gives only its editor (its registration's `editor` entry, an `Editor` on
// create/genre-editor.js: web/README.md "The editor frame"): its document, board, edit tools
// and panels, and its engine tasks. The frame knows no genre; create/choice.js holds its
// choices without DOM.
import { editorGenres, chosenGenre, rememberGenre, side, sizeNote, offerResume, aboutFile } from "./choice.js";
import { el, button, handOver } from "../shell/dom.js";
import { readFile } from "../shell/open-files.js";
import { storage } from "../shell/storage.js";
import { History, stepText } from "./history.js";
import { CheckView } from "./check-view.js";
import { TitleFields } from "./title-fields.js";
import { techDetails } from "../panels/details.js";
import { Latest } from "../shell/latest.js";

export function install(app) {
  const genres = editorGenres(app.genres);
  if (!genres.length) return; // no genre gives an editor: no Create view
  const css = el("link", { rel: "stylesheet", href: new URL("../../css/editor.css", import.meta.url).href });
  document.head.append(css);
  const frame = new CreateFrame(app, genres);
  app.router.register({
    id: "editor", label: "Create", order: 3, element: frame.section,
    show: () => frame.show(), hide: () => frame.hide(),
  });
  app.registerDropTarget("editor", frame.fileOpener);
  app.editor = frame; // for the console and the browser tests' hooks only (window.nonogramApp.editor)
  // "#/editor" in the address: the router shows this view now that it is registered
}

/** The places a genre's parts may take: its toolbar above the board, right under the board
 * (what a thumb reaches while drawing on a phone), beside the status, and the side column's, in order. */
const SLOTS = ["tools", "board", "status", "top", "afterCheck", "end"];

class CreateFrame {
  constructor(app, genres) {
    this.app = app;
    this.engine = app.engine;
    this.genres = genres;
    this.editors = new Map();   // genre id -> {tool, history, slots, boardIsDraft}
    this.current = null;        // the entry of the genre shown
    this.showing = false;
    this.buildDom();
    this.bind();
    this.fileOpener = { onFile: (file) => this.openChosen(file) }; // a file dropped on Create
    this.ready = this.choose(chosenGenre(storage(), genres.map((g) => g.id)));
  }

  /** The genre's editor in use (its tool), or null while the first one loads. */
  get tool() { return this.current ? this.current.tool : null; }

  buildDom() {
    const label = (input, text) => el("label", { htmlFor: input.id }, text);
    const field = (input, text) => el("span", { className: "ed-field" }, label(input, text), input); // wraps as one
    const panel = (title, ...kids) => el("div", { className: "panel" }, el("h3", { textContent: title }), ...kids);
    this.genre = el("select", { id: "ed-genre" }, ...this.genres.map((g) => el("option", { value: g.id, textContent: g.name })));
    this.wIn = el("input", { type: "number", id: "ed-width", min: 1, max: 200 });
    this.hIn = el("input", { type: "number", id: "ed-height", min: 1, max: 200 });
    this.newBtn = button("ed-new", "New", "a new empty puzzle of this size");
    this.undoBtn = button("ed-undo", "↶ Undo", "Undo (Ctrl+Z)");
    this.redoBtn = button("ed-redo", "↷ Redo", "Redo (Ctrl+Y)");
    // their names without the arrows (a screen reader read "anticlockwise top semicircle arrow Undo")
    this.undoBtn.setAttribute("aria-label", "Undo");
    this.redoBtn.setAttribute("aria-label", "Redo");
    this.resumeBtn = button("ed-resume", "Continue the draft", "the puzzle you were making, with its undo history");
    this.resumeBtn.hidden = true;
    this.names = new TitleFields(() => this.tool, () => this.edited(this.current));
    this.boardBox = el("div", { id: "ed-board", className: "ed-board" });
    this.status = el("p", { id: "ed-status", className: "status" });
    this.status.setAttribute("aria-live", "polite");
    this.statusDetails = techDetails("ed-status-details"); // the engine's limits, for the curious
    // the status line again by Download, Share and Play, shown on a narrow screen only (editor.css):
    // there the status line is a screen or more above them, and a tap seemed to do nothing
    this.statusCopy = el("p", { id: "ed-status-copy", className: "status ed-status-copy" });
    this.statusCopy.setAttribute("aria-hidden", "true"); // the status line is the one read out
    this.help = el("p", { className: "help", id: "ed-help" });
    this.checkBtn = button("ed-check-run", "Check", "one solution? how hard?");
    this.cancelBtn = button("ed-check-cancel", "Cancel", "stop the check");
    this.cancelBtn.disabled = true;
    this.checkView = new CheckView(); // one display for every genre's answer
    this.checks = new Latest();       // the check under way: an edit, another genre or Cancel drops it
    this.format = el("select", { id: "ed-format" });
    this.shareOut = el("input", { type: "text", id: "ed-share-url", readOnly: true, placeholder: "share link appears here" });
    this.shareOut.setAttribute("aria-label", "Share link");
    this.openFile = el("input", { type: "file", id: "ed-open-file" });
    this.openRow = el("div", { className: "row" }, label(this.openFile, "Open a puzzle file to edit "), this.openFile);
    this.slots = Object.fromEntries(SLOTS.map((s) => [s, el("div", { className: `ed-slot ed-slot-${s}` })]));
    this.section = el("section", { id: "view-editor", className: "view" },
      el("h2", { textContent: "Create a puzzle", id: "ed-heading" }),
      el("div", { className: "toolbar", role: "toolbar", ariaLabel: "Board size and history" },
        field(this.genre, "Puzzle type"), field(this.wIn, "Columns"), field(this.hIn, "Rows"), this.newBtn,
        el("span", { className: "sep" }), this.undoBtn, this.redoBtn, this.resumeBtn),
      el("div", { className: "toolbar ed-genre-tools", role: "toolbar", ariaLabel: "Drawing tools" },
        field(this.names.title, "Title"), field(this.names.author, "Author"), this.slots.tools),
      el("div", { className: "ed-body" },
        el("div", { className: "ed-main" }, this.boardBox, this.slots.board,
          el("div", { className: "row ed-status-row" }, this.status, this.slots.status), this.statusDetails.element, this.help),
        el("aside", { className: "side ed-side" },
          this.slots.top,
          panel("Check", el("div", { className: "row" }, this.checkBtn, this.cancelBtn), this.checkView.element),
          this.slots.afterCheck,
          panel("Keep and share",
            el("div", { className: "row" }, label(this.format, "Format"), this.format, button("ed-export", "Download")),
            el("div", { className: "row" }, button("ed-share", "Share link"), button("ed-play", "Play this puzzle")),
            el("div", { className: "row" }, this.shareOut),
            this.statusCopy,
            this.openRow),
          this.slots.end)));
    document.querySelector("main").append(this.section);
    this.$ = (id) => this.section.querySelector(`#${id}`);
  }

  bind() {
    const act = (what, f) => () => {
      if (!this.tool) return;
      Promise.resolve().then(f).catch((err) => this.say(`${what}: ${err.message}`, true, err.details));
    };
    this.genre.addEventListener("change", () => { this.ready = this.choose(this.genre.value); });
    this.newBtn.addEventListener("click", act("New", () => this.newPuzzle()));
    this.undoBtn.addEventListener("click", () => this.tool && this.current.history.undo());
    this.redoBtn.addEventListener("click", () => this.tool && this.current.history.redo());
    this.resumeBtn.addEventListener("click", act("Continue", () => this.resume()));
    // the page's, not the section's: after a button that turned off (Check) the focus is on the
    // page's body, where the browser's own Ctrl+Z would undo the typing in a size field
    document.addEventListener("keydown", (e) => {
      if (!this.tool || !this.showing || (e.target.closest && e.target.closest("input, textarea, select"))) return;
      const k = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && k === "z" && !e.shiftKey) { e.preventDefault(); this.current.history.undo(); }
      else if ((e.ctrlKey || e.metaKey) && (k === "y" || (k === "z" && e.shiftKey))) { e.preventDefault(); this.current.history.redo(); }
    });
    this.checkBtn.addEventListener("click", () => this.tool && this.runCheck());
    this.cancelBtn.addEventListener("click", () => this.stopCheck("Check cancelled."));
    this.$("ed-export").addEventListener("click", act("Download", () => this.download()));
    this.$("ed-share").addEventListener("click", act("Share", () => this.share()));
    this.$("ed-play").addEventListener("click", act("Play", async () => this.app.openPuzzle(await this.tool.playable())));
    this.openFile.addEventListener("change", () => {
      const f = this.openFile.files[0];
      if (f) this.openChosen(f);
      this.openFile.value = "";
    });
  }

  /** Show the editor of genre `id` (loaded the first time: its draft, else a blank puzzle). */
  async choose(id) {
    const g = this.genres.find((x) => x.id === id) || this.genres[0];
    this.genre.value = g.id;
    rememberGenre(storage(), g.id);
    if (this.current) { this.stopCheck(); this.current.tool.hide(); }
    let entry = this.editors.get(g.id);
    if (!entry) {
      // while it loads, the size and New would act on the editor shown before: off until then
      const waiting = [this.genre, this.wIn, this.hIn, this.newBtn];
      for (const c of waiting) c.disabled = true;
      try {
        entry = await this.make(g);
      } catch (err) {
        this.say(`The ${g.name} editor could not be loaded: ${err.message}`, true);
        return;
      } finally {
        for (const c of waiting) c.disabled = false;
      }
      if (this.genre.value !== g.id) return; // another genre was chosen meanwhile
    }
    this.current = entry;
    for (const e of this.editors.values()) for (const s of Object.values(e.slots)) s.hidden = e !== entry;
    this.boardBox.replaceChildren(entry.tool.board);
    const t = entry.tool;
    for (const input of [this.wIn, this.hIn]) Object.assign(input, { min: t.sides.min, max: t.sides.max });
    this.format.replaceChildren(...t.formats.map(([value, text]) => el("option", { value, textContent: text })));
    this.openRow.hidden = !t.openText;
    this.openFile.accept = t.accept || "";
    this.help.textContent = t.help;
    this.shareOut.value = "";
    this.cancelBtn.disabled = true;
    this.checkBtn.disabled = false;
    this.sync();
    this.names.sync(this.tool);
    this.say(entry.opened || ""); // what was said was of the genre shown before
    entry.opened = null;
    if (this.showing) t.show();
  }

  /** Make a genre's editor: the frame's hooks for it, its history, its panels in their places, its draft. */
  async make(g) {
    const mod = await g.editor();
    const entry = { slots: {}, boardIsDraft: false, opened: "", history: new History() };
    const ctx = {
      app: this.app, engine: this.engine, genre: g.id, name: g.name, history: entry.history,
      say: (text, error = false, details = []) => { if (this.current === entry) this.say(text, error, details); },
      edited: () => this.edited(entry),          // a change outside the history (a title): the draft is saved
      replaced: () => this.replaced(entry),      // a new document no edit has saved yet
      // the size fields as the genre's limits take them (Resize), saying so when they took less or more
      wanted: () => { const { width, height } = entry.tool.size(), t = entry.tool, note = this.sizeNote();
        if (note && this.current === entry) this.say(note);
        return { width: side(this.wIn.value, t.sides, width), height: side(this.hIn.value, t.sides, height) }; },
      busy: (on) => { if (this.current === entry) this.busy(on); }, // a run of the genre's own (the nonogram's Fix)
      check: () => { if (this.current === entry) this.runCheck(); }, // check again (after a fix)
    };
    const tool = entry.tool = new mod.Editor(ctx);
    entry.history.addEventListener("change", (e) => { // after the genre redrew (its listener came first)
      if (this.current === entry) { this.stopCheck(); this.followHistory(e.detail); this.names.sync(this.tool); } // the answer was about the puzzle before
      this.edited(entry);
    });
    for (const s of SLOTS) {
      entry.slots[s] = el("div", { className: "ed-genre-slot" }, ...((tool.parts && tool.parts[s]) || []));
      this.slots[s].append(entry.slots[s]);
    }
    this.editors.set(g.id, entry);
    if (tool.loadDraft()) {
      entry.boardIsDraft = true;
      entry.opened = `Your ${g.name} draft is back (Undo goes back through its history).`;
    } else {
      tool.blank(tool.sides.start, tool.sides.start);
      entry.boardIsDraft = false;
    }
    return entry;
  }

  /** The status line follows the history: Undo and Redo say what they did; a new move clears
   * what was said of an earlier one ("New … (Undo brings the old one back)" is no longer so).
   * What is said in the same turn as a move (New's, Open's words) is said of that move. */
  followHistory({ kind, move }) {
    this.moving = true;
    queueMicrotask(() => { this.moving = false; });
    if (kind !== "move") this.say(stepText(kind, move, this.tool.size()));
    else if (this.statusOfMove) this.say("");
  }

  /** The genre's document changed (a move, an undo, a redo): the draft is saved. */
  edited(entry) {
    const res = entry.tool.saveDraft();
    entry.boardIsDraft = res.ok;
    if (entry !== this.current) return;
    this.shareOut.value = "";
    if (!res.ok) this.say("The draft could not be saved (browser storage is full or disabled).", true);
    else if (res.total !== undefined && res.kept < res.total && !entry.trimNoted) {
      // the oldest steps beyond the draft's budget only live until the page closes
      entry.trimNoted = true;
      this.say(`Draft saved with its last ${res.kept} of ${res.total} undo steps (the rest are not kept after a reload).`);
    }
    this.sync();
  }

  /** A genre's first blank document (no draft could be read): a saved draft stays, "Continue the
   * draft" offers it. */
  replaced(entry) {
    entry.boardIsDraft = false;
    if (entry !== this.current) return;
    this.shareOut.value = "";
    this.sync();
  }

  /** The size fields, Undo, Redo and "Continue the draft" as the document is. */
  sync() {
    const t = this.tool;
    if (!t) return;
    const { width, height } = t.size();
    this.wIn.value = width;
    this.hIn.value = height;
    this.undoBtn.disabled = !this.current.history.canUndo;
    this.redoBtn.disabled = !this.current.history.canRedo;
    this.resumeBtn.hidden = !offerResume({ hasDraft: t.hasDraft(), boardIsDraft: this.current.boardIsDraft });
  }

  newPuzzle() {
    const t = this.tool, { width, height } = t.size(), note = this.sizeNote();
    const w = side(this.wIn.value, t.sides, width), h = side(this.hIn.value, t.sides, height);
    t.blank(w, h);
    this.sync();
    this.say(`New ${w}×${h} ${this.genreName()} puzzle${this.current.history.canUndo ? " (Undo brings the old one back)" : ""}.${note ? ` ${note}` : ""}`);
  }

  /** The size fields' numbers beyond the genre's limits, in words ("" when within). */
  sizeNote() { return sizeNote([this.wIn.value, this.hIn.value], this.tool.sides); }

  resume() {
    if (!this.tool.loadDraft()) {
      this.say("The draft could not be read; New starts another.", true);
      this.resumeBtn.hidden = true;
      return;
    }
    this.current.boardIsDraft = true;
    this.sync();
    this.names.sync(this.tool);
    this.say("The draft is back, with its undo history.");
  }

  busy(on) { // a keyboard player's focus goes to Cancel while it runs, then back to Check
    if (on) handOver(this.checkBtn, this.cancelBtn);
    else handOver(this.cancelBtn, this.checkBtn);
  }

  /** Check the puzzle: the genre's answer in the one display, the differences outlined on its board. */
  async runCheck() {
    const t = this.tool, run = this.checking = this.checks.next();
    this.checkView.clear();
    t.outline(null);
    this.checkView.show({ unavailable: "Checking…" });
    this.busy(true);
    const shown = (res) => { if (run() && res) t.outline((this.checkView.show(res).overlay || {}).cells || null); };
    try {
      const res = await t.check({ signal: run.signal, progress: (words, details) => run() && this.checkView.progress(words, details), interim: shown });
      if (!run()) return;
      this.checkView.progress("");
      if (res) shown(res);
      else this.checkView.clear();
    } catch (err) {
      if (run()) this.checkView.show({ unavailable: err.kind === "cancelled" || err.message === "cancelled" ? "Check cancelled." : `Check failed: ${err.message}` });
      if (run()) this.checkView.progress("");
    } finally {
      if (run()) { this.checks.drop(); this.checking = null; this.busy(false); }
    }
  }

  /** Stop the check under way, or the genre's own run (the nonogram's Fix): Cancel says `words`
   * in the check's place; an edit or another genre (no words) clears the answer, now stale. */
  stopCheck(words = "") {
    const t = this.tool, checking = this.checking;
    if (t && !this.cancelBtn.disabled) t.cancelCheck();
    this.checks.drop();
    this.checking = null;
    this.busy(false);
    if (words && !checking) return; // Cancel of a Fix: its panel says so
    this.checkView.clear();
    if (words) this.checkView.show({ unavailable: words });
    if (t) t.outline(null);
  }

  genreName() { return this.genres.find((g) => g.id === this.genre.value).name; }

  /** The status line, in plain words; `details`: the technical lines behind its "Details". */
  say(text, error = false, details = []) {
    for (const line of [this.status, this.statusCopy]) { line.textContent = text; line.classList.toggle("error", error); }
    this.statusOfMove = !!(this.moving && text); // followHistory clears it at the next move
    this.statusDetails.set(details || []);
  }

  async download() {
    const { name, text, note = "" } = await this.tool.download(this.format.value);
    const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    this.say(`Saved ${name}.${note ? ` ${note}` : ""}`); // note: what the format could not keep
  }

  async share() {
    const url = await this.tool.shareLink();
    this.shareOut.value = url;
    try { await navigator.clipboard.writeText(url); this.say("Share link copied to the clipboard."); }
    catch { this.say("Share link ready: copy it from the box."); }
  }

  /** A file chosen or dropped on Create: an image goes to the genre's image import (a picture to
   * make a puzzle of), any other file is read as text to edit. */
  async openChosen(file) {
    await this.ready;
    if (file.type.startsWith("image/") && this.tool.openImage) { this.tool.openImage(file); return; }
    try { await this.openText(await readFile(file), file.name); }
    catch (err) { this.say(aboutFile(file.name, err.message), true, err.details); }
  }

  /** A file to edit (chosen, or dropped on the page), read by the editor of its genre: the Puzzle
   * type follows the file (a Nurikabe opened while Nonogram was chosen was "unknown puzzle format"). */
  async openText(text, filename) {
    await this.ready;
    let genre = null;
    try { genre = (await this.engine.read(text, filename)).genre; } catch { /* the editor shown says what is wrong */ }
    if (genre && genre !== this.genre.value && this.genres.some((g) => g.id === genre)) await (this.ready = this.choose(genre));
    if (!this.tool.openText) {
      this.say(`${filename}: the ${this.genreName()} editor does not open files; Play opens it.`, true);
      return;
    }
    try { await this.tool.openText(text, filename); }
    catch (err) { this.say(aboutFile(filename, err.message), true, err.details); }
  }

  show() {
    this.showing = true;
    if (this.tool) this.tool.show();
  }

  hide() {
    this.showing = false;
    if (this.checking) this.stopCheck("Check cancelled.");
    if (this.tool) this.tool.hide();
  }
}
