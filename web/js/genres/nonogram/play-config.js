// The nonogram genre's play config in the one frame every genre plays in (play/view.js, the
// route "Play": head, toolbar, clock, panels, sheet, win card, autosave). What is the nonogram's: its board
// plug-in, its tools (touch mode, colours, Download), the Hint, Check and Solve panels' contents
// on the Python engine, its words. The shell (app/app.js) opens its puzzles through
// install()'s answer (genres/nonogram/genre.js).
import { NonogramGame, findSaved, normalizePuzzle, puzzleKey } from "./game.js";
import { nonogramBoard } from "./board.js";
import { loadCatalogue, nonogramSource } from "./library.js";
import { PuzzleOpener } from "./open.js";
import { savedGames } from "../../shell/storage.js";
import { nonogramShareLink } from "../../shell/share-actions.js";
import { nonogramHintTasks } from "./hints.js";
import { nonogramCheckTasks } from "./check.js";
import { playFrame, fileName } from "../../play/view.js";
import { pysolverRun, solvers, onSolverAdded } from "../../engine/solvers.js";
import { el } from "../../shell/dom.js";
import { NonogramNewcomer, playHelp, plainAuthor } from "./newcomer.js";
import { drawNonogramThumb } from "./thumb.js";
import { starsText } from "../../library/items.js";

const $ = (id) => document.getElementById(id);

/** The arrangements a line hint shows, explained under the Hint panel's text. */
function hintLegend() {
  return el("p", { id: "hint-legend", className: "legend" },
    el("span", { className: "swatch left" }), " leftmost arrangement ", el("span", { className: "swatch right" }), " rightmost arrangement");
}

/** A solution's rows as the board's values (null: "?", not known yet). */
function cellsOf(game, rows) {
  const p = game.puzzle, out = [];
  for (const row of rows) {
    for (const ch of row) {
      if (ch === "?") { out.push(null); continue; }
      if (!p.isColor) { out.push(ch === "#" || ch === "X" ? 2 : 1); continue; }
      const i = p.colors.findIndex((c) => c.char === ch);
      out.push(i >= 1 ? i + 1 : 1);
    }
  }
  return out;
}

export class NonogramPlayConfig {
  /** app: the shell's API (web/README.md, "Views and plug-ins"). */
  constructor(app) {
    this.app = app;
    this.engine = app.engine;
    this.catalogue = [];
    const touchMode = el("button", { type: "button", id: "touch-mode", textContent: "Mode: fill",
      title: "Touch and left click: fill or cross (a long press crosses)" });
    touchMode.setAttribute("aria-pressed", "false");
    const palette = el("span", { id: "palette" });
    palette.setAttribute("role", "radiogroup");
    palette.setAttribute("aria-label", "Colour");
    const engine = this.engine, getGame = () => this.game;
    this.touchMode = "fill";
    // the frame of every genre (play/view.js); what is the nonogram's: its board plug-in,
    // the touch mode and the colours, Download, its tasks for the panels, its words
    const frame = this.frame = playFrame(app);
    this.config = frame.addGenre({
      id: "nonogram", kind: nonogramBoard,
      tools: [touchMode, palette], rules: () => this.newcomer.showRules(),
      download: (game) => ({ name: fileName(game.puzzle.title, "json"), text: JSON.stringify(game.puzzle.dict, null, 1), type: "application/json" }),
      help: playHelp,
      first: () => this.opener.openFirst(),
      genreOf: () => "nonogram",
      wonWords: "Every clue is satisfied.",
      picture: (canvas, game) => drawNonogramThumb(canvas, game.puzzle.dict, { ...game.serialize(), solved: true }),
      refused: (cells) => (cells.length === 1
        ? `Row ${cells[0].row}, column ${cells[0].column} was given with the puzzle: it stays as it is.`
        : `${cells.length} cells were given with the puzzle: they stay as they are.`),
      hintTasks: nonogramHintTasks(engine), hintLegend: hintLegend(),
      checkTasks: nonogramCheckTasks({ engine, getGame,
        getClingo: () => app.clingo || null, // the clingo plug-in, when installed, races the check's search
        again: () => frame.check.schedule(0) }),
      solveTasks: { solvers: () => solvers.values(), onSolver: onSolverAdded, cellsOf, board: () => nonogramBoard },
      reset: (game) => { this.renderPalette(game.puzzle); this.view.touchMode = this.touchMode; },
      opened: (game, previous) => this.newcomer.opened(game, previous),
      // no solution, said on opening (panels/clue-notice.js); a later open supersedes the channel
      diagnose: (game, signal) => {
        signal.addEventListener("abort", () => engine.supersede("notice"), { once: true });
        return engine.status === "failed" ? null : engine.latestTask("notice", "nonogram", "diagnose", { puzzle: game.puzzle.dict });
      },
      changed: (game) => this.newcomer.changed(game),
      adopted: (game) => this.newcomer.opened(game),
      leave: () => this.newcomer.leave(), // the tutorial and its offer are the nonogram's
      shareLink: nonogramShareLink,
    });
    const view = this.view = frame.board();
    const announce = (t) => frame.say(t);
    // a restarted worker has forgotten the solutions: the Hint panel asks again for the game in play
    let started = engine.status === "ready";
    engine.addEventListener("status", (e) => {
      if (e.detail.status !== "ready") return;
      if (started && this.game) frame.hint.prepare(this.game);
      started = true;
    });
    app.registerSolver({
      id: "pysolver",
      label: "Step by step (lines, then trials)",
      solve(puzzle, { onProgress, state }) {
        const handle = pysolverRun(engine, puzzle, { state, onProgress });
        return { promise: handle.promise, cancel: () => engine.cancel(handle) };
      },
    });
    this.opener = new PuzzleOpener({
      engine, openPuzzle: (dict, key) => app.openPuzzle(dict, key), getCatalogue: () => this.catalogue, getGame, announce,
      findSaved, openStart: () => app.openStart(), turn: () => frame.opening.next(),
      several: (filename, puzzles) => frame.fileChoice.show(filename, puzzles, { kind: "nonogram", keyOf: puzzleKey }), showError: (err) => app.showOpenError(err), clearError: () => app.clearOpenError(),
    });
    frame.fileChoice.opener("nonogram", (d) => app.openPuzzle(d));
    app.library.addSource(nonogramSource({
      catalogue: () => this.catalogue, openBuiltin: (e) => this.opener.openBuiltin(e).catch((err) => app.showOpenError(err)),
      openSaved: (dict, key) => app.openPuzzle(dict, key), // the genre's open: a saved link is read again
    }));
    // the rules, the guided first puzzle, clue numbers crossed out on the page
    this.newcomer = new NonogramNewcomer({ section: frame.section, offerBox: frame.offerBox, view, getGame, open: (dict, key) => app.openPuzzle(dict, key) });
    app.addEventListener("open-error", () => frame.say(""));
    this.bindControls();
    // awaited by the shell before it opens a first puzzle (the start may be a built-in one)
    this.ready = loadCatalogue().then((c) => { this.catalogue = c; app.library.render(); })
      .catch((err) => app.library.sayError(`The puzzle library could not be loaded: ${err.message}`));
  }

  /** The nonogram in play (null while another genre's game is). */
  get game() { return this.frame.g === this.config ? this.frame.game : null; }

  /** The first built-in puzzle, and on a first visit (no saved game yet) the guided first puzzle's offer. */
  async openFirst() {
    const firstVisit = !savedGames().length; // read before the start puzzle is saved
    await this.opener.openFirst();
    await this.newcomer.guide.offer({ firstVisit });
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
    const p = normalizePuzzle(dict);
    key = key || puzzleKey(dict);
    const parts = [`${p.width}×${p.height}`];
    if (p.isColor) parts.push(`${p.colors.length - 1} colours`);
    if (Number.isInteger(dict.stars)) parts.push(`difficulty ${starsText(dict.stars)}`); // the stars of every genre
    if (plainAuthor(p.author)) parts.push(`by ${plainAuthor(p.author)}`);
    if (plainAuthor(p.copyright)) parts.push(plainAuthor(p.copyright));
    if (p.license) parts.push(`licence: ${p.license}`);
    return this.frame.open(this.config, key, (saved) => new NonogramGame(p, key, saved), { title: p.title || "Untitled puzzle",
      meta: parts.join(" · "), docTitle: `${p.title || "Puzzle"} — Nonograms` });
  }

  /** The nonogram's own tools: the colours, the stroke's count, the touch mode. */
  bindControls() {
    const view = this.view, getGame = () => this.game;
    view.addEventListener("color", (e) => {
      for (const b of $("palette").children) b.setAttribute("aria-checked", String(Number(b.dataset.color) === e.detail));
    });
    view.addEventListener("stroke", (e) => { view.corner.textContent = e.detail ? String(e.detail.count) : ""; });
    $("touch-mode").addEventListener("click", () => {
      view.touchMode = this.touchMode = view.touchMode === "fill" ? "cross" : "fill";
      $("touch-mode").textContent = `Mode: ${view.touchMode}`;
      $("touch-mode").setAttribute("aria-pressed", String(view.touchMode === "cross"));
    });
  }
}
