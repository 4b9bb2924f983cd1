// The page's composition: views, the current game and the parts around it
// (each job in its own module: theme.js, autosave.js, play/clock.js, shell/share-actions.js,
// play/keys.js, shell/puzzle-open.js, shell/open-files.js, library/library.js, plugins.js, shell/sw-register.js).
import { engine } from "../engine/boot.js";
import { NonogramGame, findSaved, normalizePuzzle, puzzleKey } from "../genres/nonogram/game.js";
import { GridView } from "../board/grid-view.js";
import { nonogramBoard } from "../genres/nonogram/board.js";
import { Router } from "./router.js";
import { loadGame, pruneOld, savedGames } from "./storage.js";
import { Library } from "../library/library.js";
import { loadCatalogue, nonogramSource } from "../genres/nonogram/library.js";
import { bindOpeners, bindOpenPanel } from "./open-files.js";
import { PuzzleOpener } from "./puzzle-open.js";
import { Autosave } from "../play/autosave.js";
import { GameClock, formatTime } from "../play/clock.js";
import { initTheme } from "./theme.js";
import { bindShareActions } from "./share-actions.js";
import { bindPlayKeys } from "../play/keys.js";
import { installPlugins } from "./plugins.js";
import { registerServiceWorker } from "./sw-register.js";
import { bindEngineStatus as bindEngineChip } from "../engine/status.js";
import { HintPanel } from "../panels/hint.js";
import { CheckPanel } from "../panels/check.js";
import { SolvePanel } from "../panels/solve.js";
import { ClueNotice } from "../panels/clue-notice.js";
import { registerSolver, solvers } from "../engine/solvers.js";
import { bindSheet } from "../play/sheet.js";
import { playToolbar } from "../play/toolbar.js";
import { el } from "./dom.js";
import { NonogramNewcomer, showNonogramRules, plainAuthor } from "../genres/nonogram/newcomer.js";

const $ = (id) => document.getElementById(id);

// Play's toolbar, as every genre's (play/toolbar.js): the nonogram's own tools are the
// touch mode and the colours
const touchMode = el("button", { type: "button", id: "touch-mode", textContent: "Mode: fill",
  title: "Touch and left click: fill or cross (a long press crosses)" });
touchMode.setAttribute("aria-pressed", "false");
const palette = el("span", { id: "palette" });
palette.setAttribute("role", "radiogroup");
palette.setAttribute("aria-label", "Colour");
const exportButton = el("button", { type: "button", id: "export", textContent: "Download" });
$("play-toolbar").replaceWith(playToolbar({ tools: [touchMode, palette], after: [exportButton], rules: showNonogramRules }).element);

const router = new Router($("views"));
const view = new GridView($("board"), nonogramBoard);
let game = null;
let catalogue = [];
const dropTargets = new Map(); // view id -> {onText, onError} for files dropped while it shows
// other kinds of puzzle a plug-in plays (genres/nikoli/nikoli.js): {format, claims(text), openText(text, filename),
// open(dict, key), openHash(hash) -> true when it takes the address}
const kinds = [];

function announce(text) { $("status").textContent = text; }
const playing = () => !!router.current && router.current.id === "play";

function showMeta(p) {
  $("puzzle-title").textContent = p.title || "Untitled puzzle";
  const parts = [`${p.width}×${p.height}`];
  if (p.isColor) parts.push(`${p.colors.length - 1} colours`);
  if (plainAuthor(p.author)) parts.push(`by ${plainAuthor(p.author)}`);
  if (p.copyright) parts.push(p.copyright);
  if (p.license) parts.push(`licence: ${p.license}`);
  $("puzzle-meta").textContent = parts.join(" · ");
  document.title = `${p.title || "Puzzle"} — Nonograms`;
}

function renderPalette(p) {
  const box = $("palette");
  box.replaceChildren();
  if (!p.isColor) return;
  p.colors.slice(1).forEach((c, k) => {
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", String(k + 1 === view.color));
    b.setAttribute("aria-label", `${c.name} (key ${k + 1})`);
    b.title = `${c.name} (key ${k + 1})`;
    b.style.background = c.rgb;
    b.dataset.color = String(k + 1);
    b.addEventListener("click", () => view.setColor(k + 1));
    box.append(b);
  });
}

/** Start playing a puzzle dict (already validated by the engine or built in). */
function openPuzzle(dict, key = null) {
  const other = kinds.find((k) => k.format === dict.format);
  if (other) return other.open(dict, key);
  const puzzle = normalizePuzzle(dict);
  key = key || puzzleKey(dict);
  const previous = game;
  if (game) { autosave.save(); game.removeEventListener("change", onChange); }
  const saved = loadGame(key);
  game = new NonogramGame(puzzle, key, saved);
  game.addEventListener("change", onChange);
  showMeta(puzzle);
  router.go("play");
  view.setGame(game);
  view.focus();
  renderPalette(puzzle);
  hints.reset();
  solve.reset();
  $("check-text").textContent = "";
  autosave.opened();
  autosave.save(); // the last puzzle played is the one Play resumes
  refresh();
  newcomer.opened(game, previous);
  announce(saved && saved.played ? "Progress restored." : `Opened ${puzzle.title || "a puzzle"}.`);
  notice.run();
  check.schedule(0);
  return game;
}

/** Everything that shows the game's state, after it changed as a whole. */
function refresh() {
  updateButtons();
  clock.show();
  wasSolved = game.solved;
  showWin();
}

/** Another tab saved newer progress of this puzzle: show it (autosave.js decided). */
function adopt(rec) {
  game.restore(rec);
  game.played = !!rec.played;
  refresh();
  hints.onGameChange();
  newcomer.opened(game);
  check.schedule();
  view.draw();
}

let wasSolved = false;
function onChange() {
  game.played = true;
  autosave.changed();
  updateButtons();
  hints.onGameChange();
  newcomer.changed(game);
  check.schedule();
  view.draw();
  if (game.solved && !wasSolved) announce(game.solver ? "Solved by the solver." : `Solved in ${formatTime(game.elapsed)}! Every clue is satisfied.`);
  showWin();
  clock.show();
  wasSolved = game.solved;
}

function showWin() {
  const banner = $("win-banner");
  banner.hidden = !game.solved;
  banner.textContent = !game.solved ? "" : game.solver ? "Solved by the solver" : `Solved in ${formatTime(game.elapsed)}`;
}

function updateButtons() {
  $("undo").disabled = !game || !game.undoStack.length;
  $("redo").disabled = !game || !game.redoStack.length;
}

function showOpenError(err) {
  router.go("library");
  // the reason when it is the puzzle's (the engine says what is wrong with it); an
  // engine fault in the player's words, its technical text in the console
  const why = !err.kind || err.kind === "puzzle" ? err.message : "something went wrong in the puzzle engine; please try again";
  if (err.kind && err.kind !== "puzzle") console.error("opening the puzzle:", err);
  $("open-error").textContent = `Could not open the puzzle: ${why}`;
  announce("");
}

function bindControls() {
  $("undo").addEventListener("click", () => game && game.undo());
  $("redo").addEventListener("click", () => game && game.redo());
  $("clear").addEventListener("click", () => {
    if (game && game.clear()) announce("Grid cleared (Undo brings it back).");
  });
  $("zoom-in").addEventListener("click", () => view.zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => view.zoomBy(0.8));
  $("zoom-fit").addEventListener("click", () => view.fit());
  view.addEventListener("zoom", (e) => { $("zoom-level").textContent = `${e.detail.cell}px`; });
  view.addEventListener("color", (e) => {
    for (const b of $("palette").children) b.setAttribute("aria-checked", String(Number(b.dataset.color) === e.detail));
  });
  view.addEventListener("stroke", (e) => { view.corner.textContent = e.detail ? String(e.detail.count) : ""; });
  view.addEventListener("refused", ({ detail: cells }) => announce(cells.length === 1
    ? `Row ${cells[0].row}, column ${cells[0].column} was given with the puzzle: it stays as it is.`
    : `${cells.length} cells were given with the puzzle: they stay as they are.`));
  $("touch-mode").addEventListener("click", () => {
    view.touchMode = view.touchMode === "fill" ? "cross" : "fill";
    $("touch-mode").textContent = `Mode: ${view.touchMode}`;
    $("touch-mode").setAttribute("aria-pressed", String(view.touchMode === "cross"));
  });
  bindShareActions({ shareButton: $("share"), exportButton: $("export"), getGame: () => game, announce });
  bindPlayKeys({ getGame: () => game, isPlaying: playing, hint: () => hints.next() });
}

function bindEngineStatus() {
  bindEngineChip({
    engine, chip: $("engine-status"), failed: $("engine-failed"), failedWhy: $("engine-failed-why"),
    retry: $("engine-retry"), onReady: () => { if (game) check.schedule(0); },
  });
}

const hints = new HintPanel({
  button: $("hint"), text: $("hint-text"), legend: $("hint-legend"), view, engine, getGame: () => game, announce,
});
const notice = new ClueNotice({ element: $("clue-notice"), engine, getGame: () => game });
const check = new CheckPanel({ select: $("check-mode"), text: $("check-text"), view, engine, getGame: () => game });
registerSolver({
  id: "pysolver",
  label: "Step by step (lines, then trials)",
  solve(puzzle, { onProgress, state }) {
    const handle = engine.request("solve", state ? { puzzle, max_solutions: 2, state } : { puzzle, max_solutions: 2 }, { onProgress });
    return { promise: handle.promise, cancel: () => engine.cancel(handle) };
  },
});
const solve = new SolvePanel({
  select: $("solve-engine"), solveButton: $("solve"), cancelButton: $("solve-cancel"),
  progress: $("solve-progress"), result: $("solve-result"), getGame: () => game, announce, view,
});
const autosave = new Autosave({ notice: $("save-notice"), getGame: () => game, adopt, announce, active: playing });
const clock = new GameClock({ element: $("timer"), getGame: () => game, paused: () => !playing() || !!solve.running });
const opener = new PuzzleOpener({
  engine, openPuzzle, getCatalogue: () => catalogue, getGame: () => game, announce,
  kindFor: (text) => kinds.find((k) => k.claims(text)), findSaved,
  showError: showOpenError, clearError: () => { $("open-error").textContent = ""; },
});
const library = new Library({
  list: $("library-cards"), continueBox: $("library-continue"), count: $("library-count"), error: $("open-error"),
  controls: { sort: $("lib-sort"), genre: $("lib-genre"), status: $("lib-status"), colour: $("lib-colour"), size: $("lib-size") },
});
const newcomer = new NonogramNewcomer({
  section: $("view-play"), view, getGame: () => game, library, open: (dict, key) => openPuzzle(dict, key), announce,
});
library.addSource(nonogramSource({
  catalogue: () => catalogue, openBuiltin: (e) => opener.openBuiltin(e).catch(showOpenError), openSaved: openPuzzle,
}));

async function boot() {
  // the route asked for, read before opening a puzzle switches to Play and rewrites the address
  const wanted = (/^#\/([\w-]+)/.exec(location.hash) || [])[1];
  initTheme($("theme-toggle"), () => view.draw());
  router.register({ id: "play", label: "Play", element: $("view-play"), show: () => (game ? view.draw() : opener.openFirst()) });
  router.register({ id: "library", label: "Puzzles", element: $("view-library"), show: () => library.render() });
  bindControls();
  bindSheet($("play-sheet"), $("sheet-toggle"));
  bindEngineStatus();
  const openPanel = bindOpenPanel($("open-toggle"), $("open-panel"), $("open-file-button"));
  bindOpeners({
    input: $("file-input"), fileButton: $("open-file-button"), pasteText: $("paste-text"), pasteButton: $("paste-open"), dropZone: $("drop-zone"),
    onText: (text, filename) => opener.openText(text, filename).then(() => openPanel.close()),
    onError: showOpenError,
    dropTarget: () => (router.current && dropTargets.get(router.current.id)) || null,
  });
  engine.start().catch(() => {});
  try {
    catalogue = await loadCatalogue();
    library.render();
  } catch (err) {
    library.sayError(`The puzzle library could not be loaded: ${err.message}`);
  }
  const app = {
    router, engine, registerSolver, solvers, view, library, getGame: () => game,
    openPuzzle, openText: (text, filename) => opener.openText(text, filename),
    registerDropTarget: (viewId, target) => dropTargets.set(viewId, target),
    registerPuzzleKind: (kind) => kinds.push(kind), showOpenError,
  };
  window.nonogramApp = app; // a handle for the console, the browser tests and bench/browser.py
  await installPlugins(app);
  check.getClingo = () => app.clingo || null; // the clingo plug-in, when installed, races the check's search
  if (/^#p=/.test(location.hash)) {
    opener.openShare(location.hash); // waits for the engine to read it; the page is usable meanwhile
  } else if (!kinds.some((k) => k.openHash(location.hash))) {
    const firstVisit = !savedGames().length; // read before the start puzzle is saved
    await opener.openStart();
    newcomer.guide.offer({ firstVisit });
    // a plug-in's view (the editor) may register later: the router goes there then
    if (wanted && wanted !== "play" && !router.go(wanted)) router.pending = wanted;
  }
  pruneOld();
  window.addEventListener("hashchange", () => {
    if (/^#p=/.test(location.hash)) opener.openShare(location.hash);
    else kinds.some((k) => k.openHash(location.hash));
  });
  registerServiceWorker(engine);
  document.documentElement.dataset.booted = "true";
}

boot();
