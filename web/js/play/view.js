// The play view of every genre, built once here (Tatham's midend is the model): the title and
// facts, the clock, the toolbar (play/toolbar.js: undo, redo, the genre's tools, ?, More ▾ with
// clear, zoom, share and the genre's extras), the notices, the board (board/grid-view.js with
// the genre's plug-in), the panels (a side column on a wide screen, a bottom sheet on a phone
// that stays one row of buttons until one is tapped), the status line, the win card, autosave,
// and a game's life: open, move, undo, another tab's copy, the win; Share link (the genre says
// what the link is) and New puzzle (when the endless plug-in is installed: app.newPuzzle); the Hint,
// Check and Solve panels (panels/), which follow the game: the frame makes them on the genre's
// tasks. A genre supplies only its board plug-in, its panels' tasks, its tools and its words
// (web/README.md, "The play frame", "The panels").
import { el } from "../shell/dom.js";
import { GridView } from "../board/grid-view.js";
import { Autosave } from "./autosave.js";
import { GameClock, formatTime } from "./clock.js";
import { playToolbar } from "./toolbar.js";
import { WinCard } from "./win.js";
import { bindPlayKeys } from "./keys.js";
import { bindSheet } from "./sheet.js";
import { loadGame } from "../shell/storage.js";
import { offerLink } from "../shell/share-actions.js";
import { HintPanel } from "../panels/hint.js";
import { CheckPanel } from "../panels/check.js";
import { SolvePanel } from "../panels/solve.js";

/** Offer {name, text, type} to the player as a downloaded file. */
function saveFile({ name, text, type }) {
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A file name from a puzzle's title: letters, digits, - and _ only. */
export const fileName = (title, ext) => `${(title || "puzzle").replace(/[^\w-]+/g, "_").slice(0, 60)}.${ext}`;

export class PlayView {
  /** app: the shell's API. g, what the genre gives:
   *   id, label, order: its route in the nav; prefix: of every id in the view ("" or "nk-");
   *   kind: its board plug-in (open() may pass another); tools, after, rules: for the toolbar;
   *   notices: elements shown above the board; help: how to play, under the panels;
   *   first(): open a first puzzle when the view shows with none;
   *   genreOf(game): the genre id told to the shell (app.opened, app.won);
   *   wonWords: the status line's words on a win ("Every clue is satisfied.");
   *   picture(canvas, game): the win card's picture; refused(cells): words for a refused move;
   *   hintTasks, checkTasks, solveTasks: its tasks for the Hint, Check and Solve panels (panels/),
   *   hintLegend: an element the Hint panel shows with a hint that has one;
   *   reset(game), opened(game, previous), changed(game, kind), adopted(game): the genre's own
   *   panels follow the game; target(): what Undo and Redo act on
   *   (default the game); shareLink(game) -> Promise<the Share link's URL>, shown in a box
   *   after shareWith (an element of `after`, default the Share button) and copied;
   *   download(game) -> {name, text, type}: the Download button's file (none without it). */
  constructor(app, g) {
    this.app = app;
    this.g = g;
    this.game = null;
    this.view = null; // the board, made on first use (a genre never opened costs nothing)
    this.wasSolved = false;
    const id = (name) => (g.prefix || "") + name;
    this.title = el("h2", { id: id("puzzle-title"), textContent: "Loading…" });
    // New puzzle: the endless plug-in's (app.newPuzzle), for the genre of the game in play
    this.newPuzzle = el("button", { type: "button", id: id("play-new-puzzle"), className: "new-puzzle", textContent: "New puzzle",
      title: "Make a new puzzle (Puzzles view)", hidden: !app.newPuzzle });
    app.addEventListener("new-puzzle", () => { this.newPuzzle.hidden = !app.newPuzzle; });
    this.meta = el("p", { id: id("puzzle-meta"), className: "meta" });
    this.timer = el("span", { id: id("timer"), textContent: "0:00" });
    this.timer.setAttribute("aria-label", "Elapsed time");
    // Download: the puzzle as a file the site (and the genre's other tools) open again
    this.download = g.download ? el("button", { type: "button", id: id("export"), textContent: "Download",
      title: "Save the puzzle as a file" }) : null;
    this.tools = playToolbar({ prefix: g.prefix || "", tools: g.tools || [], rules: g.rules || null,
      after: [...(g.after || []), ...(this.download ? [this.download] : [])] });
    this.saveNotice = el("p", { id: id("save-notice"), className: "panel warning notice", hidden: true });
    this.saveNotice.setAttribute("role", "alert");
    this.boardBox = el("div", { id: id("board"), className: "board" });
    this.status = el("p", { id: id("status"), className: "status" });
    this.status.setAttribute("aria-live", "polite");
    this.help = el("p", { className: "help", textContent: g.help || "" });
    this.sheetPanels = el("div", { id: id("sheet-panels"), className: "sheet-panels" }, this.help);
    this.sheetToggle = el("button", { type: "button", id: id("sheet-toggle"), className: "sheet-toggle" },
      el("span", { className: "sheet-grip" }));
    this.sheetToggle.setAttribute("aria-controls", this.sheetPanels.id);
    this.tabs = el("div", { className: "sheet-tabs" });
    this.tabs.setAttribute("role", "group");
    this.tabs.setAttribute("aria-label", "Panels");
    this.side = el("aside", { id: id("play-sheet"), className: "side" },
      el("div", { className: "sheet-bar" }, this.tabs, this.sheetToggle), this.status, this.sheetPanels);
    this.section = el("section", { id: g.id === "play" ? "view-play" : `view-${g.id}`, className: "view play-view" },
      el("div", { className: "play-top" },
        el("div", { className: "play-head" }, el("div", { className: "play-title" }, this.title, this.meta, this.newPuzzle),
          el("div", { className: "timer-box" }, el("span", { className: "label", textContent: "Time" }), " ", this.timer)),
        this.tools.element),
      ...(g.notices || []), this.saveNotice,
      el("div", { className: "play-body" }, this.boardBox, this.side));
    this.section.setAttribute("aria-labelledby", this.title.id);
    document.querySelector("main").append(this.section);
    this.winCard = new WinCard({ prefix: g.prefix || "", parent: this.section.querySelector(".play-body") });
    this.sheet = bindSheet({ side: this.side, toggle: this.sheetToggle, tabs: this.tabs });
    // the panels of every genre, on the genre's tasks (its own panels come after them)
    const prefix = g.prefix || "";
    this.hint = g.hintTasks ? new HintPanel({ frame: this, prefix, tasks: g.hintTasks, legend: g.hintLegend || null }) : null;
    this.check = g.checkTasks ? new CheckPanel({ frame: this, prefix, tasks: g.checkTasks }) : null;
    this.solve = g.solveTasks ? new SolvePanel({ frame: this, prefix, tasks: g.solveTasks }) : null;
    app.addEventListener("engine-ready", () => { if (this.game && this.check) this.check.schedule(0); });

    this.autosave = new Autosave({ notice: this.saveNotice, getGame: () => this.game, adopt: (rec) => this.adopt(rec),
      announce: (t) => this.say(t), active: () => this.showing() });
    this.clock = new GameClock({ element: this.timer, getGame: () => this.game,
      paused: () => !this.showing() || !!(this.solve && this.solve.busy()) }); // a solve runs: the clock stops
    this.onChange = (e) => this.changed(e.detail.kind);
    this.onLocked = () => this.say("Solved: the board is locked. Undo takes back the last move; Clear starts again.");
    this.bind();
    app.router.register({ id: g.id, label: g.label, order: g.order, element: this.section,
      show: () => (this.game ? this.view.draw() : g.first && g.first()) });
  }

  /** A panel in the side column and the phone sheet: its tab says `label`. */
  addPanel(label, element) {
    this.sheetPanels.insertBefore(element, this.help);
    this.sheet.addTab(label, element);
    return element;
  }

  showing() { return !!this.app.router.current && this.app.router.current.id === this.g.id; }

  say(text) { this.status.textContent = text; }

  /** The board, made on first use with `kind` (the genre's plug-in). */
  board(kind = this.g.kind) {
    if (this.view) return this.view;
    const v = this.view = new GridView(this.boardBox, kind);
    const t = this.tools;
    t.zoomIn.addEventListener("click", () => v.zoomBy(1.25));
    t.zoomOut.addEventListener("click", () => v.zoomBy(0.8));
    t.zoomFit.addEventListener("click", () => v.fit());
    v.addEventListener("zoom", (e) => { t.zoomLevel.textContent = `${e.detail.cell}px`; });
    if (this.g.refused) v.addEventListener("refused", (e) => this.say(this.g.refused(e.detail)));
    this.app.addEventListener("theme", () => v.draw());
    return v;
  }

  bind() {
    const t = this.tools, g = this.g;
    const target = () => (g.target ? g.target() : this.game);
    t.undo.addEventListener("click", () => target() && target().undo());
    t.redo.addEventListener("click", () => target() && target().redo());
    t.clear.addEventListener("click", () => { if (this.game && this.game.clear()) this.say("Grid cleared (Undo brings it back)."); });
    t.share.addEventListener("click", async () => {
      if (!this.game || !g.shareLink) return;
      const url = await g.shareLink(this.game);
      await offerLink(url, g.shareWith || t.share, (text) => this.say(text), `${g.prefix || ""}share-url`);
    });
    this.newPuzzle.addEventListener("click", () => this.app.newPuzzle(this.game ? g.genreOf(this.game) : null));
    if (this.download) this.download.addEventListener("click", () => { if (this.game) saveFile(g.download(this.game)); });
    bindPlayKeys({ getGame: target, isPlaying: () => this.showing(), hint: () => this.hint && this.hint.next() });
  }

  /** Play the puzzle saved under `key`: make(saved record or null) -> the genre's game with it
   * restored (read after the game open so far is saved: the same puzzle again resumes it as
   * it is now). kind: its board plug-in; title, meta: the head's words; before(game): changes
   * made after autosave takes the game (a share link's progress). */
  open(key, make, { kind = this.g.kind, title, meta, docTitle = title, before = null }) {
    const previous = this.game;
    if (previous) {
      this.autosave.save();
      previous.removeEventListener("change", this.onChange);
      previous.removeEventListener("locked", this.onLocked);
    }
    const saved = loadGame(key);
    const game = make(saved), restored = !!(saved && saved.played);
    this.game = game;
    game.addEventListener("change", this.onChange);
    game.addEventListener("locked", this.onLocked);
    this.title.textContent = title;
    this.meta.textContent = meta;
    document.title = docTitle;
    const view = this.board(kind);
    this.app.router.go(this.g.id);
    view.setGame(game, kind);
    view.focus();
    this.resetPanels();
    if (this.g.reset) this.g.reset(game);
    this.autosave.opened();
    if (before) before(game);
    this.autosave.save(); // the last puzzle played is the one the site resumes
    this.refresh();
    this.say(restored ? "Progress restored." : `Opened ${title}.`);
    if (this.check) this.check.schedule(0);
    if (this.g.opened) this.g.opened(game, previous);
    this.app.opened(this.g.genreOf(game), game);
    return game;
  }

  /** The panels forget the last game (a hint, a check, a solve under way). */
  resetPanels() {
    for (const panel of [this.hint, this.check, this.solve]) if (panel) panel.reset();
  }

  /** A move other than the panels' own: a hint shown is stale, the check runs again. */
  followPanels() {
    if (this.hint) this.hint.onGameChange();
    if (this.check) this.check.schedule();
  }

  /** Everything that shows the game's state, after it changed as a whole. */
  refresh() {
    const game = this.game;
    this.wasSolved = game.solved;
    this.tools.undo.disabled = !game.undoStack.length;
    this.tools.redo.disabled = !game.redoStack.length;
    this.clock.show();
    this.winCard.update(game);
  }

  /** Another tab saved newer progress of this puzzle: show it (play/autosave.js decided). */
  adopt(rec) {
    this.game.restore(rec);
    this.game.played = !!rec.played;
    this.view.draw();
    this.refresh();
    this.followPanels();
    if (this.g.adopted) this.g.adopted(this.game);
  }

  /** The game changed: a move, undo, redo, or ("solved") a genre's late verdict of a win. */
  changed(kind) {
    const game = this.game, won = game.solved && !this.wasSolved;
    if (kind !== "solved") game.played = true;
    this.autosave.changed();
    if (kind !== "solved") {
      this.followPanels();
      if (this.g.changed) this.g.changed(game, kind);
      this.view.draw();
    }
    this.refresh();
    if (!won) return;
    this.say(game.solver ? "Solved by the solver." : `Solved in ${formatTime(game.elapsed)}! ${this.g.wonWords}`);
    this.app.won(this.g.genreOf(game), game);
    const next = this.app.library && this.app.library.next(game.key);
    this.winCard.show(game, {
      title: game.puzzle.title || "Untitled puzzle",
      draw: (canvas) => this.g.picture(canvas, game),
      next: next ? () => next.open() : null,
      fresh: this.app.newPuzzle ? () => this.app.newPuzzle(this.g.genreOf(game)) : null, // the endless plug-in's New puzzle
    });
  }
}
