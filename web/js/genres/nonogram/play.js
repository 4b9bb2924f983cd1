// The nonogram genre's Play view (#view-play in index.html): the shared board with the
// nonogram plug-in, the play toolbar with its own tools (touch mode, colours, Download), the
// Hint, Check and Solve panels on the Python engine, autosave, the clock, the win. The shell
// (shell/app.js) opens its puzzles through install()'s answer (genres/nonogram/genre.js).
import { NonogramGame, findSaved, normalizePuzzle, puzzleKey } from "./game.js";
import { nonogramBoard } from "./board.js";
import { loadCatalogue, nonogramSource } from "./library.js";
import { PuzzleOpener } from "./open.js";
import { GridView } from "../../board/grid-view.js";
import { loadGame, savedGames } from "../../shell/storage.js";
import { Autosave } from "../../play/autosave.js";
import { GameClock, formatTime } from "../../play/clock.js";
import { bindShareActions } from "../../shell/share-actions.js";
import { bindPlayKeys } from "../../play/keys.js";
import { HintPanel } from "../../panels/hint.js";
import { CheckPanel } from "../../panels/check.js";
import { SolvePanel } from "../../panels/solve.js";
import { ClueNotice } from "../../panels/clue-notice.js";
import { bindSheet } from "../../play/sheet.js";
import { playToolbar } from "../../play/toolbar.js";
import { pysolverRun } from "../../engine/solvers.js";
import { el } from "../../shell/dom.js";
import { NonogramNewcomer, plainAuthor } from "./newcomer.js";

const $ = (id) => document.getElementById(id);

/** Play's toolbar, as every genre's (play/toolbar.js): the nonogram's own tools are the touch
 * mode and the colours. */
function buildToolbar(rules) {
  const touchMode = el("button", { type: "button", id: "touch-mode", textContent: "Mode: fill",
    title: "Touch and left click: fill or cross (a long press crosses)" });
  touchMode.setAttribute("aria-pressed", "false");
  const palette = el("span", { id: "palette" });
  palette.setAttribute("role", "radiogroup");
  palette.setAttribute("aria-label", "Colour");
  const exportButton = el("button", { type: "button", id: "export", textContent: "Download" });
  $("play-toolbar").replaceWith(playToolbar({ tools: [touchMode, palette], after: [exportButton], rules }).element);
}

export class NonogramPlay {
  /** app: the shell's API (web/README.md, "Views and plug-ins"). */
  constructor(app) {
    this.app = app;
    this.engine = app.engine;
    this.game = null;
    this.catalogue = [];
    this.wasSolved = false;
    this.onChange = () => this.changed();
    buildToolbar(() => this.newcomer.showRules());
    const view = this.view = new GridView($("board"), nonogramBoard);
    const getGame = () => this.game, announce = (t) => this.announce(t), engine = this.engine;
    this.hints = new HintPanel({ button: $("hint"), text: $("hint-text"), legend: $("hint-legend"), view, engine, getGame, announce });
    this.notice = new ClueNotice({ element: $("clue-notice"), engine, getGame });
    this.check = new CheckPanel({ select: $("check-mode"), text: $("check-text"), view, engine, getGame });
    this.check.getClingo = () => app.clingo || null; // the clingo plug-in, when installed, races the check's search
    app.registerSolver({
      id: "pysolver",
      label: "Step by step (lines, then trials)",
      solve(puzzle, { onProgress, state }) {
        const handle = pysolverRun(engine, puzzle, { state, onProgress });
        return { promise: handle.promise, cancel: () => engine.cancel(handle) };
      },
    });
    this.solve = new SolvePanel({
      select: $("solve-engine"), solveButton: $("solve"), cancelButton: $("solve-cancel"),
      progress: $("solve-progress"), result: $("solve-result"), getGame, announce, view,
    });
    this.autosave = new Autosave({ notice: $("save-notice"), getGame, adopt: (rec) => this.adopt(rec), announce, active: () => this.playing() });
    this.clock = new GameClock({ element: $("timer"), getGame, paused: () => !this.playing() || !!this.solve.running });
    this.opener = new PuzzleOpener({
      engine, openPuzzle: (dict, key) => app.openPuzzle(dict, key), getCatalogue: () => this.catalogue, getGame, announce,
      findSaved, openStart: () => app.openStart(), showError: (err) => app.showOpenError(err), clearError: () => app.clearOpenError(),
    });
    app.library.addSource(nonogramSource({
      catalogue: () => this.catalogue, openBuiltin: (e) => this.opener.openBuiltin(e).catch((err) => app.showOpenError(err)),
      openSaved: (dict, key) => app.openPuzzle(dict, key), // the genre's open: a saved link is read again
    }));
    // the rules, the guided first puzzle, clue numbers crossed out on the page, the win card
    this.newcomer = new NonogramNewcomer({ section: $("view-play"), view, getGame, library: app.library,
      open: (dict, key) => app.openPuzzle(dict, key), announce,
      fresh: () => (app.endless ? () => app.endless.show() : null) }); // the endless plug-in's New puzzle
    app.router.register({ id: "play", label: "Play", order: 1, element: $("view-play"),
      show: () => (this.game ? view.draw() : this.opener.openFirst()) });
    app.addEventListener("theme", () => view.draw());
    app.addEventListener("open-error", () => this.announce(""));
    app.addEventListener("engine-ready", () => { if (this.game) this.check.schedule(0); });
    this.bindControls();
    bindSheet($("play-sheet"), $("sheet-toggle"));
    // awaited by the shell before it opens a first puzzle (the start may be a built-in one)
    this.ready = loadCatalogue().then((c) => { this.catalogue = c; app.library.render(); })
      .catch((err) => app.library.sayError(`The puzzle library could not be loaded: ${err.message}`));
  }

  /** The first built-in puzzle, and on a first visit (no saved game yet) the guided first puzzle's offer. */
  async openFirst() {
    const firstVisit = !savedGames().length; // read before the start puzzle is saved
    await this.opener.openFirst();
    await this.newcomer.guide.offer({ firstVisit });
  }

  announce(text) { $("status").textContent = text; }

  playing() { return !!this.app.router.current && this.app.router.current.id === "play"; }

  showMeta(p) {
    $("puzzle-title").textContent = p.title || "Untitled puzzle";
    const parts = [`${p.width}×${p.height}`];
    if (p.isColor) parts.push(`${p.colors.length - 1} colours`);
    if (plainAuthor(p.author)) parts.push(`by ${plainAuthor(p.author)}`);
    if (plainAuthor(p.copyright)) parts.push(plainAuthor(p.copyright));
    if (p.license) parts.push(`licence: ${p.license}`);
    $("puzzle-meta").textContent = parts.join(" · ");
    document.title = `${p.title || "Puzzle"} — Nonograms`;
  }

  renderPalette(p) {
    const box = $("palette"), view = this.view;
    box.replaceChildren();
    if (!p.isColor) return;
    p.colors.slice(1).forEach((c, k) => {
      const b = el("button", { type: "button", title: `${c.name} (key ${k + 1})` });
      b.setAttribute("role", "radio");
      b.setAttribute("aria-checked", String(k + 1 === view.color));
      b.setAttribute("aria-label", `${c.name} (key ${k + 1})`);
      b.style.background = c.rgb;
      b.dataset.color = String(k + 1);
      b.addEventListener("click", () => view.setColor(k + 1));
      box.append(b);
    });
  }

  /** Start playing a nonogram dict (already validated by the engine or built in). */
  open(dict, key = null) {
    const puzzle = normalizePuzzle(dict);
    key = key || puzzleKey(dict);
    const previous = this.game;
    if (this.game) { this.autosave.save(); this.game.removeEventListener("change", this.onChange); }
    const saved = loadGame(key);
    const game = this.game = new NonogramGame(puzzle, key, saved);
    game.addEventListener("change", this.onChange);
    this.showMeta(puzzle);
    this.app.router.go("play");
    this.view.setGame(game);
    this.view.focus();
    this.renderPalette(puzzle);
    this.hints.reset();
    this.solve.reset();
    $("check-text").textContent = "";
    this.autosave.opened();
    this.autosave.save(); // the last puzzle played is the one Play resumes
    this.refresh();
    this.newcomer.opened(game, previous);
    this.announce(saved && saved.played ? "Progress restored." : `Opened ${puzzle.title || "a puzzle"}.`);
    this.notice.run();
    this.check.schedule(0);
    this.app.opened("nonogram", game);
    return game;
  }

  /** Everything that shows the game's state, after it changed as a whole. */
  refresh() {
    this.updateButtons();
    this.clock.show();
    this.wasSolved = this.game.solved;
    this.showWin();
  }

  /** Another tab saved newer progress of this puzzle: show it (autosave.js decided). */
  adopt(rec) {
    this.game.restore(rec);
    this.game.played = !!rec.played;
    this.refresh();
    this.hints.onGameChange();
    this.newcomer.opened(this.game);
    this.check.schedule();
    this.view.draw();
  }

  changed() {
    const game = this.game;
    game.played = true;
    this.autosave.changed();
    this.updateButtons();
    this.hints.onGameChange();
    this.newcomer.changed(game);
    this.check.schedule();
    this.view.draw();
    const won = game.solved && !this.wasSolved;
    if (won) this.announce(game.solver ? "Solved by the solver." : `Solved in ${formatTime(game.elapsed)}! Every clue is satisfied.`);
    this.showWin();
    this.clock.show();
    this.wasSolved = game.solved;
    if (won) this.app.won("nonogram", game);
  }

  showWin() {
    const banner = $("win-banner"), solved = this.game.solved;
    banner.hidden = !solved;
    banner.textContent = !solved ? "" : this.game.solver ? "Solved by the solver" : `Solved in ${formatTime(this.game.elapsed)}`;
  }

  updateButtons() {
    $("undo").disabled = !this.game || !this.game.undoStack.length;
    $("redo").disabled = !this.game || !this.game.redoStack.length;
  }

  bindControls() {
    const view = this.view, getGame = () => this.game;
    $("undo").addEventListener("click", () => this.game && this.game.undo());
    $("redo").addEventListener("click", () => this.game && this.game.redo());
    $("clear").addEventListener("click", () => {
      if (this.game && this.game.clear()) this.announce("Grid cleared (Undo brings it back).");
    });
    $("zoom-in").addEventListener("click", () => view.zoomBy(1.25));
    $("zoom-out").addEventListener("click", () => view.zoomBy(0.8));
    $("zoom-fit").addEventListener("click", () => view.fit());
    view.addEventListener("zoom", (e) => { $("zoom-level").textContent = `${e.detail.cell}px`; });
    view.addEventListener("color", (e) => {
      for (const b of $("palette").children) b.setAttribute("aria-checked", String(Number(b.dataset.color) === e.detail));
    });
    view.addEventListener("stroke", (e) => { view.corner.textContent = e.detail ? String(e.detail.count) : ""; });
    view.addEventListener("refused", ({ detail: cells }) => this.announce(cells.length === 1
      ? `Row ${cells[0].row}, column ${cells[0].column} was given with the puzzle: it stays as it is.`
      : `${cells.length} cells were given with the puzzle: they stay as they are.`));
    $("touch-mode").addEventListener("click", () => {
      view.touchMode = view.touchMode === "fill" ? "cross" : "fill";
      $("touch-mode").textContent = `Mode: ${view.touchMode}`;
      $("touch-mode").setAttribute("aria-pressed", String(view.touchMode === "cross"));
    });
    bindShareActions({ shareButton: $("share"), exportButton: $("export"), getGame, announce: (t) => this.announce(t) });
    bindPlayKeys({ getGame, isPlaying: () => this.playing(), hint: () => this.hints.next() });
  }
}
