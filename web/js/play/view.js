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
import { FileChoice } from "./file-choice.js";
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
import { passOffer, remember } from "../learn/offer.js";
import { HintPanel } from "../panels/hint.js";
import { CheckPanel } from "../panels/check.js";
import { SolvePanel } from "../panels/solve.js";
import { ClueNotice } from "../panels/clue-notice.js";
import { Latest } from "../shell/latest.js";

/** Offer {name, text, type} to the player as a downloaded file. */
function saveFile({ name, text, type }) {
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A file name from a puzzle's title: letters, digits, - and _ only. */
export const fileName = (title, ext) => `${(title || "puzzle").replace(/[^\w-]+/g, "_").slice(0, 60)}.${ext}`;

/** The one play frame of `app` (made by the first genre that asks; the route "Play"). */
export function playFrame(app) {
  if (!app.play) app.play = new PlayView(app);
  return app.play;
}

export class PlayView {
  /** app: the shell's API. The frame is the route "play" (old routes of a genre, "#/nikoli",
   * are aliases: the router opens the genre's game there). Each genre adds its play config
   * (addGenre) and the frame swaps to it when one of its games opens. A play config:
   *   id: the genre's (or the family's) name; route: an old route that shows it ("nikoli");
   *   kind: its board plug-in (open() may pass another); tools: elements after Clear; after:
   *   elements after Share link; rules(): the ? button (the genre's "How to play" dialog, learn/rules.js;
   *   its first-visit offer, learn/offer.js, goes in frame.offerBox); notices: elements shown above the board;
   *   help: how to play (words, or help(game) -> words), under the panels;
   *   first(): open a first puzzle of the genre (its old route with no game of it);
   *   genreOf(game): the genre id told to the shell (app.opened, app.won);
   *   wonWords: the status line's words on a win ("Every clue is satisfied.");
   *   picture(canvas, game): the win card's picture; refused(cells): words for a refused move;
   *   hintTasks, checkTasks, solveTasks: its tasks for the Hint, Check and Solve panels (panels/),
   *   diagnose(game, signal) -> Promise<{no_solution, notice}>: asked when a puzzle opens (panels/clue-notice.js),
   *   hintLegend: an element the Hint panel shows with a hint that has one;
   *   reset(game), opened(game, previous), changed(game, kind), adopted(game): the genre's own
   *   panels follow the game; leave(): another genre's game opens (its own overlays go);
   *   shareLink(game) -> Promise<the Share link's URL>, shown in the toolbar's box (below
   *   its tools) and copied;
   *   download(game) -> {name, text, type}: the Download button's file (none without it).
   * The tools, notices, legend and panels (addPanel) of a genre show only while it is the one in play. */
  constructor(app) {
    this.app = app;
    this.g = null; // the play config of the game in play
    this.configs = [];
    this.game = null;
    this.view = null; // the board, made on first use
    this.wasSolved = false;
    this.wonLine = null; // the status line a win said (cleared when an undo takes the win back)
    // opens that wait (a fetch, the engine's reader) hold a turn (shell/latest.js): a later open
    // of any genre makes theirs stale, and their puzzle is not opened over it
    this.opening = new Latest();
    this.title = el("h2", { id: "puzzle-title", textContent: "Loading…" });
    // New puzzle: the endless plug-in's (app.newPuzzle), for the genre of the game in play
    this.newPuzzle = el("button", { type: "button", id: "play-new-puzzle", className: "new-puzzle", textContent: "New puzzle",
      title: "Make a new puzzle (Puzzles view)", hidden: !app.newPuzzle });
    app.addEventListener("new-puzzle", () => { this.newPuzzle.hidden = !app.newPuzzle; });
    this.meta = el("p", { id: "puzzle-meta", className: "meta" });
    this.timer = el("span", { id: "timer", textContent: "0:00" });
    this.timer.setAttribute("aria-label", "Elapsed time");
    // Download: the puzzle as a file the site (and the genre's other tools) open again
    this.download = el("button", { type: "button", id: "export", textContent: "Download", title: "Save the puzzle as a file", hidden: true });
    this.genreTools = el("span", { className: "tool-group" });
    this.genreAfter = el("span", { className: "tool-group" });
    this.tools = playToolbar({ tools: [this.genreTools], after: [this.genreAfter, this.download],
      rules: () => this.g && this.g.rules && this.g.rules() });
    this.saveNotice = el("p", { id: "save-notice", className: "panel warning notice", hidden: true });
    this.saveNotice.setAttribute("role", "alert");
    // what the way the puzzle was opened means for it (a link's: endless/), until the next puzzle opens
    this.openNotice = el("p", { id: "open-notice", className: "panel warning notice", hidden: true });
    this.openNotice.setAttribute("role", "status");
    this.notices = el("div", { className: "tool-group" });
    // a puzzle with no solution is said when it opens (the genre's diagnose task)
    this.clueNotice = el("p", { id: "clue-notice", className: "panel warning notice", hidden: true });
    this.clueNotice.setAttribute("role", "alert");
    this.clues = new ClueNotice({ element: this.clueNotice, getGame: () => this.game,
      diagnose: (game, signal) => (this.g && this.g.diagnose ? this.g.diagnose(game, signal) : null) });
    this.fileChoice = new FileChoice({ getGame: () => this.game }); // a file of several puzzles, any genre's
    this.boardBox = el("div", { id: "board", className: "board" });
    this.status = el("p", { id: "status", className: "status" });
    this.status.setAttribute("aria-live", "polite");
    this.help = el("p", { className: "help" });
    this.sheetPanels = el("div", { id: "sheet-panels", className: "sheet-panels" }, this.help);
    this.sheetToggle = el("button", { type: "button", id: "sheet-toggle", className: "sheet-toggle" },
      el("span", { className: "sheet-grip" }));
    this.sheetToggle.setAttribute("aria-controls", this.sheetPanels.id);
    this.tabs = el("div", { className: "sheet-tabs" });
    this.tabs.setAttribute("role", "group");
    this.tabs.setAttribute("aria-label", "Panels");
    this.side = el("aside", { id: "play-sheet", className: "side" },
      el("div", { className: "sheet-bar" }, this.tabs, this.sheetToggle), this.status, this.sheetPanels);
    this.section = el("section", { id: "view-play", className: "view play-view" },
      el("div", { className: "play-top" },
        el("div", { className: "play-head" }, el("div", { className: "play-title" }, this.title, this.meta, this.newPuzzle),
          el("div", { className: "timer-box" }, el("span", { className: "label", textContent: "Time" }), " ", this.timer)),
        this.tools.element),
      this.notices, this.clueNotice, this.fileChoice.element, this.openNotice, this.saveNotice,
      el("div", { className: "play-body" }, this.boardBox, this.side));
    this.sheetPanels.addEventListener("click", (e) => { if (e.target.closest("button")) this.dropOpenedLine(); });
    this.section.setAttribute("aria-labelledby", this.title.id);
    document.querySelector("main").append(this.section);
    this.winCard = new WinCard({ parent: this.section.querySelector(".play-body"), back: () => this.view && this.view.focus() });
    // the first visit to a genre offers its rules here, a bar above the board (learn/offer.js: the
    // genre's config says when): the board stays whole and playable while it waits for an answer
    this.offerBox = el("div", { id: "guide-offer", className: "guide-offer", hidden: true });
    this.offerBox.setAttribute("role", "region");
    this.offerBox.setAttribute("aria-label", "How to play");
    this.section.insertBefore(this.offerBox, this.section.querySelector(".play-body"));
    // an answer hides the bar, and the focus on its button would be left on the page: it goes to
    // the board first (before the answer runs: the rules dialog, when asked for, gives it back there)
    this.offerBox.addEventListener("click", (e) => {
      if (e.target.closest("button") && this.view) this.view.focus();
    }, true);
    this.sheet = bindSheet({ side: this.side, toggle: this.sheetToggle, tabs: this.tabs });
    // the panels of every genre; each genre's tasks go in when its game opens (its own panels come after them)
    this.hint = new HintPanel({ frame: this });
    this.check = new CheckPanel({ frame: this });
    this.solve = new SolvePanel({ frame: this });
    this.owned = new Map(); // a panel or tool group -> the config it belongs to
    app.addEventListener("engine-ready", () => { if (this.game && this.g.checkTasks) this.check.schedule(0); });

    this.autosave = new Autosave({ notice: this.saveNotice, getGame: () => this.game, adopt: (rec) => this.adopt(rec),
      announce: (t) => this.say(t), active: () => this.showing() });
    this.clock = new GameClock({ element: this.timer, getGame: () => this.game,
      paused: () => !this.showing() || this.solve.busy() }); // a solve runs: the clock stops
    this.onChange = (e) => this.changed(e.detail.kind);
    this.onLocked = () => this.say("Solved: the board is locked. Undo takes back the last move; Clear starts again.");
    this.bind();
    app.router.register({ id: "play", label: "Play", order: 1, element: this.section, show: (params = {}) => this.shown(params) });
  }

  /** The route shows: the game in play; a genre's old route ({genre}) opens one of its games when none is in play. */
  shown({ genre = null } = {}) {
    const want = genre && this.configs.find((c) => c.route === genre);
    if (want && want !== this.g && want.first) return want.first();
    if (this.game) return this.view.draw();
    const g = want || this.g || this.configs[0];
    return g && g.first && g.first();
  }

  /** A genre's play config (above); its tools, notices and legend join the frame's, shown while it plays. */
  addGenre(g) {
    this.configs.push(g);
    const own = (parent, elements) => {
      if (!elements || !elements.length) return;
      const group = el("span", { className: "tool-group", hidden: true }, ...elements);
      parent.append(group);
      this.owned.set(group, g);
    };
    own(this.genreTools, g.tools);
    own(this.genreAfter, g.after);
    own(this.notices, g.notices);
    if (g.route) this.app.router.alias(g.route, "play", { genre: g.route });
    if (!this.g) this.use(g);
    return g;
  }

  /** Make `g` the config in play: its tools, notices, panels and tasks show, another genre's go. */
  use(g) {
    if (this.g === g) return;
    if (this.g && this.g.leave) this.g.leave();
    this.g = g;
    for (const [part, owner] of this.owned) {
      const on = owner === g;
      if (part.classList.contains("panel")) this.sheet.showTab(part, on);
      else part.hidden = !on;
    }
    this.download.hidden = !g.download;
    this.tools.link.hidden = true; // the last genre's link
    this.hint.use(g.hintTasks || null, g.hintLegend || null);
    this.check.use(g.checkTasks || null);
    this.solve.use(g.solveTasks || null);
    if (this.view) this.view.touchMode = "fill"; // a genre's own touch mode (the nonogram's) is set by its reset()
  }

  /** A panel in the side column and the phone sheet: its tab says `label`; with `g` (a genre's
   * config) it shows only while that genre plays. */
  addPanel(label, element, g = null) {
    this.sheetPanels.insertBefore(element, this.help);
    this.sheet.addTab(label, element);
    if (g) {
      this.owned.set(element, g);
      this.sheet.showTab(element, this.g === g);
    }
    return element;
  }

  showing() { return !!this.app.router.current && this.app.router.current.id === "play"; }

  say(text) { this.status.textContent = text; this.openedLine = null; }

  /** "Opened …" says what just happened, and is stale once the player acts (a move, a panel's
   * button): under a hint or a check it read as their answer. */
  dropOpenedLine() {
    if (this.openedLine && this.status.textContent === this.openedLine) this.status.textContent = "";
    this.openedLine = null;
  }

  /** A notice above the board about the puzzle just opened (hidden again when another opens). */
  notice(text) {
    this.openNotice.textContent = text;
    this.openNotice.hidden = false;
  }

  /** The board, made on first use with `kind` (the genre's plug-in). */
  board(kind = this.g && this.g.kind) {
    if (this.view) return this.view;
    const v = this.view = new GridView(this.boardBox, kind);
    const t = this.tools;
    t.zoomIn.addEventListener("click", () => v.zoomBy(1.25));
    t.zoomOut.addEventListener("click", () => v.zoomBy(0.8));
    t.zoomFit.addEventListener("click", () => v.fit());
    v.addEventListener("zoom", (e) => { t.zoomLevel.textContent = `${e.detail.cell}px`; });
    v.addEventListener("refused", (e) => { if (this.g.refused) this.say(this.g.refused(e.detail)); });
    this.app.addEventListener("theme", () => v.draw());
    return v;
  }

  bind() {
    const t = this.tools;
    t.undo.addEventListener("click", () => this.game && this.game.undo());
    t.redo.addEventListener("click", () => this.game && this.game.redo());
    t.clear.addEventListener("click", () => { if (this.game && this.game.clear()) this.say("Grid cleared (Undo brings it back)."); });
    t.share.addEventListener("click", async () => {
      const g = this.g;
      if (!this.game || !g.shareLink) return;
      const url = await g.shareLink(this.game);
      await offerLink(url, t.link, (text) => this.say(text));
    });
    this.newPuzzle.addEventListener("click", () => this.app.newPuzzle(this.game ? this.g.genreOf(this.game) : null));
    // a genre's file may come from the engine (a promise)
    this.download.addEventListener("click", () => {
      if (this.game && this.g.download) Promise.resolve(this.g.download(this.game)).then(saveFile, (err) => this.say(`Download: ${err.message}`));
    });
    bindPlayKeys({ getGame: () => this.game, isPlaying: () => this.showing(), hint: () => this.g.hintTasks && this.hint.next() });
  }

  /** Play, as genre `g` (its config), the puzzle saved under `key`: make(saved record or null) -> the genre's game with it
   * restored (read after the game open so far is saved: the same puzzle again resumes it as
   * it is now). kind: its board plug-in; title, meta: the head's words; before(game): changes
   * made after autosave takes the game (a share link's progress). */
  open(g, key, make, { kind = g.kind, title, meta, docTitle = title, before = null }) {
    const previous = this.game;
    this.opening.drop(); // an open of any genre still waiting is stale now
    passOffer(this.offerBox); // another puzzle opened: an offer left unanswered was passed by
    this.openNotice.hidden = true;
    if (previous) {
      this.autosave.save();
      previous.removeEventListener("change", this.onChange);
      previous.removeEventListener("locked", this.onLocked);
    }
    const saved = loadGame(key);
    const game = make(saved), restored = !!(saved && saved.played);
    this.use(g);
    this.help.textContent = typeof g.help === "function" ? g.help(game) : g.help || "";
    this.game = game;
    game.addEventListener("change", this.onChange);
    game.addEventListener("locked", this.onLocked);
    this.title.textContent = title;
    this.title.title = title; // the whole title on hover where a narrow head cuts it short
    this.meta.textContent = meta;
    this.meta.title = meta; // the author too, where a narrow head cuts the line short
    document.title = docTitle;
    const view = this.board(kind);
    this.app.router.go("play");
    view.setGame(game, kind);
    view.focus();
    this.resetPanels();
    if (this.g.reset) this.g.reset(game);
    this.autosave.opened();
    if (before) before(game);
    this.autosave.save(); // the last puzzle played is the one the site resumes
    this.refresh();
    this.say(restored ? "Progress restored." : `Opened ${title}.`);
    this.openedLine = this.status.textContent;
    if (g.checkTasks) this.check.schedule(0);
    if (this.g.opened) this.g.opened(game, previous);
    this.clues.run();
    this.fileChoice.opened(game);
    this.app.opened(this.g.genreOf(game), game);
    return game;
  }

  /** The panels forget the last game (a hint, a check, a solve under way). */
  resetPanels() {
    for (const panel of [this.hint, this.check, this.solve]) panel.reset();
  }

  /** A move other than the panels' own: a hint shown is stale, the check runs again. */
  followPanels() {
    this.hint.onGameChange();
    if (this.g.checkTasks) this.check.schedule();
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
    // Undo (or Clear) after a win: the game goes on, and "Solved …" no longer says what it is
    if (!game.solved && this.wasSolved && this.status.textContent === this.wonLine) this.say("");
    this.dropOpenedLine();
    if (kind !== "solved") game.played = true;
    this.autosave.changed();
    if (kind !== "solved") {
      this.followPanels();
      if (this.g.changed) this.g.changed(game, kind);
      this.view.draw();
    }
    this.refresh();
    if (!won) return;
    if (!game.solver && !this.offerBox.hidden) { // a player who wins needs no offer of the rules
      this.offerBox.hidden = true;
      remember(this.g.genreOf(game), "skipped");
    }
    this.say(game.solver ? "Solved by the solver." : `Solved in ${formatTime(game.elapsed)}! ${this.g.wonWords}`);
    this.wonLine = this.status.textContent;
    const notes = this.app.won(this.g.genreOf(game), game);
    const next = this.app.library && this.app.library.next(game.key);
    this.winCard.show(game, {
      title: game.puzzle.title || "Untitled puzzle",
      draw: (canvas) => this.g.picture(canvas, game),
      next: next ? () => next.open() : null,
      fresh: this.app.newPuzzle ? () => this.app.newPuzzle(this.g.genreOf(game)) : null, // the endless plug-in's New puzzle
      notes,
    });
  }
}
