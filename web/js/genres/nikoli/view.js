// The play screen of Nurikabe, Heyawake, Masyu and Bag: the shared board (board/grid-view.js)
// with the family's plug-in (board/shade.js, board/loop.js), undo/redo, zoom, autosave,
// share link, the rules, the optional rule check and the win, both from the rule checker
// in the engine (bridge op nikoli_check over pysolver.nikoli.rules), never a stored answer.
import { GridView } from "../../board/grid-view.js";
import { shadeBoard } from "../../board/shade.js";
import { loopBoard } from "../../board/loop.js";
import { NikoliGame, nikoliPuzzle, FAMILY_NAMES } from "./game.js";
import { Autosave } from "../../play/autosave.js";
import { GameClock, formatTime } from "../../play/clock.js";
import { loadGame } from "../../shell/storage.js";
import { shareUrl } from "../../shell/share.js";
import { offerLink } from "../../shell/share-actions.js";
import { bindPlayKeys } from "../../play/keys.js";
import { bindSheet } from "../../play/sheet.js";
import { playToolbar } from "../../play/toolbar.js";
import { hash } from "../../play/play-game.js";
import { el } from "../../shell/dom.js";
import { WinCard } from "../../play/win.js";
import { inputHelp, loadLearn, showRules } from "../../learn/rules.js";
import { drawNikoliThumb } from "./thumb.js";
import { Latest } from "../../shell/latest.js";

// The rules: the engine's genre data (pysolver.nikoli families), from learn.json (learn/rules.js).
// How to play on the board, for a mouse and keyboard or for touch (learn/rules.js picks by device)
const HELP = {
  shade: { touch: "Tap shades; a long press marks a dot (unshaded; Bag: inside); the same again clears; " +
    "drag paints along one line; two fingers pan and zoom.", mouse: "Left click, Space or F shades; right click, X or a long press marks a dot (unshaded; Bag: inside); the same again clears; " +
    "drag paints along one line; arrows move, Shift+arrows paint, Backspace clears; Ctrl+Z / Ctrl+Y undo and redo; H asks for a hint." },
  loop: { touch: "Drag from cell to cell to draw the loop (a drag that starts on it erases); tap near a cell's side to " +
    "cross it (no line); two fingers pan and zoom.", mouse: "Drag from cell to cell to draw the loop (a drag that starts on it erases); click near a cell's side or right click to cross it " +
    "(no line); arrows move, Shift+arrow draws or erases a segment, Ctrl+Shift+arrow crosses, Backspace clears a cell's sides; " +
    "Ctrl+Z / Ctrl+Y undo and redo; H asks for a hint." },
};
const help = (family) => HELP[family === "masyu" ? "loop" : "shade"];


/** The puzzle key of a Nikoli game: its URL (FNV-1a), the same however it was opened. */
export function nikoliKey(url) { return `n:${hash(url)}`; }

export class NikoliView {
  constructor(app) {
    // opens that wait (a fetch, the engine's reader) hold a turn: a later open, or New in
    // Create, makes theirs stale and their puzzle is not opened over it
    this.opening = new Latest();
    this.app = app;
    this.engine = app.engine;
    this.game = null;
    this.buildDom();
    this.view = null; // the board, made when the first puzzle opens (a nonogram player never pays for it)
    this.autosave = new Autosave({ notice: this.saveNotice, getGame: () => this.game, adopt: (rec) => this.adopt(rec),
      announce: (t) => this.say(t), active: () => this.showing() });
    this.clock = new GameClock({ element: this.timer, getGame: () => this.game, paused: () => !this.showing() || !!(this.panels && this.panels.busy()) });
    this.bind();
  }

  showing() { return !!this.app.router.current && this.app.router.current.id === "nikoli"; }

  buildDom() {
    this.title = el("h2", { id: "nk-title", textContent: "Nikoli puzzles" });
    this.meta = el("p", { id: "nk-meta", className: "meta" });
    this.win = el("p", { id: "nk-win", className: "win", hidden: true });
    this.win.setAttribute("role", "status");
    this.timer = el("span", { id: "nk-timer", textContent: "0:00" });
    this.shareProgress = el("input", { type: "checkbox", id: "nk-share-progress" });
    // the toolbar of every genre (play/toolbar.js); the Nikoli view's share link may carry the progress
    const tools = playToolbar({ prefix: "nk-", after: [el("label", { className: "meta" }, this.shareProgress, " with my progress")],
      rules: () => { const g = this.game || (this.view && this.view.game); if (g) showRules(g.puzzle.family, help(g.puzzle.family)); } });
    Object.assign(this, { undoBtn: tools.undo, redoBtn: tools.redo, clearBtn: tools.clear, zoomOut: tools.zoomOut,
      zoomLevel: tools.zoomLevel, zoomIn: tools.zoomIn, zoomFit: tools.zoomFit, shareBtn: tools.share });
    const toolbar = tools.element;
    const head = el("div", { className: "play-head" },
      el("div", { className: "play-title" }, this.title, this.meta, this.win),
      el("div", { className: "timer-box" }, el("span", { className: "label", textContent: "Time" }), " ", this.timer));
    this.saveNotice = el("p", { className: "panel warning notice", hidden: true });
    this.saveNotice.setAttribute("role", "alert");
    this.boardBox = el("div", { id: "nk-board", className: "board" });
    this.rules = el("ul", { id: "nk-rules", className: "rules" });
    this.checkBox = el("input", { type: "checkbox", id: "nk-check" });
    this.checkText = el("p", { id: "nk-check-text" });
    this.checkText.setAttribute("aria-live", "polite");
    this.status = el("p", { id: "nk-status", className: "status" });
    this.panels = null; // Hint and Solve (genres/nikoli/panels.js), set by genres/nikoli/nikoli.js
    this.editor = null; // Create (genres/nikoli/editor.js), set by genres/nikoli/nikoli.js
    this.editing = false; // the board shows a puzzle being created
    this.status.setAttribute("aria-live", "polite");
    this.help = el("p", { className: "help" });
    this.panelBox = el("div", { className: "nk-panels" });
    this.sheetToggle = el("button", { type: "button", className: "sheet-toggle", textContent: "Rules · Check · Hint · Solve · Create" });
    this.sheetToggle.setAttribute("aria-expanded", "true");
    this.sheetPanels = el("div", { className: "sheet-panels" },
      el("div", { className: "panel", id: "nk-rules-panel" }, el("h3", { textContent: "Rules" }), this.rules),
      el("div", { className: "panel", id: "nk-check-panel" },
        el("h3", {}, el("label", {}, this.checkBox, " Check: show broken rules")), this.checkText),
      this.panelBox, this.status, this.help);
    this.side = el("aside", { className: "side" }, this.sheetToggle, this.sheetPanels);
    this.section = el("section", { id: "view-nikoli", className: "view play-view" },
      el("div", { className: "play-top" }, head, toolbar), this.saveNotice,
      el("div", { className: "play-body" }, this.boardBox, this.side));
    this.section.setAttribute("aria-labelledby", "nk-title");
    document.querySelector("main").append(this.section);
    this.winCard = new WinCard({ prefix: "nk-", parent: this.section.querySelector(".play-body") });
    this.onLocked = () => this.say("Solved: the board is locked. Undo takes back the last move; Clear starts again.");
  }

  /** The board, on first use. */
  board() {
    if (this.view) return this.view;
    const v = this.view = new GridView(this.boardBox, shadeBoard);
    this.zoomIn.addEventListener("click", () => v.zoomBy(1.25));
    this.zoomOut.addEventListener("click", () => v.zoomBy(0.8));
    this.zoomFit.addEventListener("click", () => v.fit());
    v.addEventListener("zoom", (e) => { this.zoomLevel.textContent = `${e.detail.cell}px`; });
    v.addEventListener("refused", () => this.say("A numbered cell stays unshaded (Bag: inside)."));
    return v;
  }

  bind() {
    // while a puzzle is being created, Undo and Redo are the editor's (genres/nikoli/editor.js)
    const doc = () => (this.editing && this.editor ? this.editor.doc : this.game);
    this.undoBtn.addEventListener("click", () => doc() && doc().undo());
    this.redoBtn.addEventListener("click", () => doc() && doc().redo());
    this.clearBtn.addEventListener("click", () => { if (this.game && this.game.clear()) this.say("Grid cleared (Undo brings it back)."); });
    this.checkBox.addEventListener("change", () => this.runCheck());
    this.shareBtn.addEventListener("click", () => this.share());
    bindSheet(this.side, this.sheetToggle);
    bindPlayKeys({ getGame: doc, isPlaying: () => this.showing(), hint: () => !this.editing && this.panels && this.panels.hintStep() });
  }

  say(text) { this.status.textContent = text; }

  /** Play a puzzle dict (nikoli_parse's answer); a saved game of it resumes; `progress`
   * (a share link's cells) is applied as one move on top, so Undo brings the player's back. */
  open(dict, key = null, progress = null) {
    const puzzle = nikoliPuzzle(dict);
    const board = this.board();
    this.opening.drop();
    if (this.editor) this.editor.stop();
    this.editing = false;
    key = key || nikoliKey(dict.url);
    if (this.game) { this.autosave.save(); this.game.removeEventListener("change", this.onChange); this.game.removeEventListener("locked", this.onLocked); }
    const saved = loadGame(key);
    const game = new NikoliGame(puzzle, key, saved && saved.puzzle && saved.puzzle.format === "nikoli" ? saved : null);
    this.game = game;
    this.onChange = (e) => this.changed(e.detail.kind);
    game.addEventListener("change", this.onChange);
    game.addEventListener("locked", this.onLocked);
    const kind = puzzle.family === "masyu" ? loopBoard : shadeBoard;
    this.app.router.go("nikoli");
    board.setGame(game, kind);
    this.view.focus();
    this.title.textContent = puzzle.title;
    const meta = [FAMILY_NAMES[puzzle.family], `${puzzle.width}×${puzzle.height}`];
    if (dict.difficulty) meta.push(`difficulty: ${dict.difficulty}`);
    if (dict.source) meta.push(dict.source);
    this.meta.textContent = meta.join(" · ");
    document.title = `${puzzle.title} — ${FAMILY_NAMES[puzzle.family]}`;
    this.showRulesList(puzzle.family);
    this.help.textContent = inputHelp(HELP[kind.name]);
    this.checkText.textContent = "";
    this.view.setOverlay("check", null);
    if (this.panels) this.panels.reset();
    this.autosave.opened();
    if (progress && progress.length === game.cells.length) {
      game.apply([...progress].map((ch, i) => [i, Math.min(2, Math.max(0, ch.charCodeAt(0) - 48))]), "shared progress");
    }
    this.autosave.save();
    this.refresh();
    this.say(saved && saved.played ? "Progress restored." : `Opened ${puzzle.title}.`);
    this.verify();
    this.app.opened(puzzle.family, game);
    return game;
  }

  /** Show a puzzle being created (genres/nikoli/editor.js) on the board: no game is played meanwhile. */
  edit(game, kind) {
    const board = this.board();
    this.opening.drop();
    if (this.game) { this.autosave.save(); this.game.removeEventListener("change", this.onChange); }
    this.game = null;
    this.editing = true; // the view shows this, not a game of its own choosing
    this.app.router.go("nikoli");
    board.setGame(game, kind);
    board.focus();
    this.title.textContent = game.puzzle.title;
    this.meta.textContent = `Creating a ${FAMILY_NAMES[game.puzzle.family]} puzzle, ${game.puzzle.width}×${game.puzzle.height}`;
    this.showRulesList(game.puzzle.family);
    this.win.hidden = true;
    this.winCard.hide();
    this.undoBtn.disabled = this.redoBtn.disabled = true;
    this.help.textContent = "";
    this.say(""); // the Create panel says how to edit
    this.checkText.textContent = "";
    board.setOverlay("check", null);
    if (this.panels) this.panels.reset();
  }

  /** The rules beside the board (learn.json: shown as soon as it is read, engine or not). */
  showRulesList(family) {
    this.rules.replaceChildren();
    loadLearn().then((learn) => {
      const g = learn.genres[family];
      if (g && (this.game || this.view.game).puzzle.family === family) this.rules.replaceChildren(...g.rules.map((r) => el("li", { textContent: r })));
    }, (err) => { this.rules.replaceChildren(el("li", { textContent: `The rules could not be loaded (${err.message}).` })); });
  }

  refresh() {
    this.wasSolved = this.game.solved;
    this.undoBtn.disabled = !this.game.undoStack.length;
    this.redoBtn.disabled = !this.game.redoStack.length;
    this.clock.show();
    this.win.hidden = !this.game.solved;
    this.win.textContent = !this.game.solved ? "" : this.game.solver ? "Solved by the solver" : `Solved in ${formatTime(this.game.elapsed)}`;
    this.winCard.update(this.game);
  }

  adopt(rec) {
    this.game.restore(rec);
    this.game.played = !!rec.played;
    this.view.draw();
    this.refresh();
    this.verify();
  }

  changed(kind) {
    const won = this.game.solved && !this.wasSolved; // the checker's verdict, or a redo back to a won grid
    if (kind === "solved") {
      this.autosave.changed();
      this.refresh();
      if (won) this.app.won(this.game.puzzle.family, this.game);
      this.say(this.game.solver ? "Solved by the solver." : `Solved in ${formatTime(this.game.elapsed)}! Every rule is kept.`);
      if (won) this.showWin(this.game);
      return;
    }
    this.game.played = true;
    this.autosave.changed();
    this.view.setOverlay("hint", null);
    if (this.panels) this.panels.onGameChange();
    this.view.draw();
    this.refresh();
    this.verify();
    if (won) { this.app.won(this.game.puzzle.family, this.game); this.showWin(this.game); }
  }

  showWin(game) {
    const next = this.app.library && this.app.library.next(game.key);
    this.winCard.show(game, {
      title: game.puzzle.title,
      draw: (canvas) => drawNikoliThumb(canvas, { family: game.puzzle.family, width: game.puzzle.width, height: game.puzzle.height,
        board: game.puzzle.dict }, { ...game.serialize(), solved: true }),
      next: next ? () => next.open() : null,
      fresh: this.app.endless ? () => this.app.endless.show() : null, // the endless plug-in's New puzzle
    });
  }

  /** The win: the grid as the player would hand it in (unknown = unshaded / no line) has no
   * broken rule; then the optional check of the grid as marked. */
  async verify() {
    const game = this.game, cells = game.serialCells();
    this.runCheck();
    if (game.solved || game.branches().length) return;
    try {
      const res = await this.engine.latestTask("nikoli-win", game.puzzle.family, "check", { puzzle: game.puzzle.dict.url, state: game.stateRows(true) });
      if (game === this.game && !res.violations.length) game.verified(cells);
    } catch { /* superseded by a newer move, or no engine: the next move asks again */ }
  }

  async runCheck() {
    const game = this.game;
    if (!game) return;
    if (!this.checkBox.checked) { this.view.setOverlay("check", null); this.checkText.textContent = ""; return; }
    let res;
    try {
      res = await this.engine.latestTask("nikoli-check", game.puzzle.family, "check", { puzzle: game.puzzle.dict.url, state: game.stateRows() });
    } catch (err) {
      if (err.kind !== "superseded" && err.kind !== "cancelled") this.checkText.textContent = `Check unavailable: ${err.message}`;
      return;
    }
    if (game !== this.game) return;
    const found = res.violations.map((r) => ({ message: r.message, cells: r.cells.map(([row, column]) => ({ row, column })) }));
    const branches = game.branches();
    if (branches.length) found.unshift({ message: "the line branches", cells: branches });
    this.view.setOverlay("check", found.length ? { cells: found.flatMap((f) => f.cells) } : null);
    const words = [...new Set(found.map((f) => f.message))];
    this.checkText.replaceChildren(...(words.length ? words.map((w) => el("span", { className: "rule-broken", textContent: `✗ ${w}` }))
      : [document.createTextNode("No rule is broken so far.")]));
  }

  /** A link that opens this puzzle (and, when asked, the marks so far) on any copy of the site. */
  async share() {
    if (!this.game) return;
    const path = this.game.puzzle.dict.url.replace(/^.*\?/, "");
    const progress = this.shareProgress.checked ? `&s=${this.game.serialCells()}` : "";
    await offerLink(shareUrl(`#n=${encodeURIComponent(path)}${progress}`), this.shareProgress.parentElement, (t) => this.say(t), "nk-share-url");
  }
}
