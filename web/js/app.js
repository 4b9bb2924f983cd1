// The page: views, the current game, autosave, share links, and the engine.
import { engine } from "./engine-boot.js";
import { normalizePuzzle } from "./game.js";
import { PlayGame, puzzleKey, findSaved } from "./play-game.js";
import { GridView } from "./grid-view.js";
import { Router } from "./router.js";
import { saveGame, loadGame, lastKey, pruneOld } from "./storage.js";
import { loadCatalogue, renderLibrary, bindOpeners } from "./library.js";
import { encodeShare, decodeShare, shareUrl, readGivens } from "./share.js";
import { HintPanel } from "./hint-panel.js";
import { CheckPanel } from "./check-panel.js";
import { SolvePanel } from "./solve-panel.js";
import { ClueNotice } from "./clue-notice.js";
import { registerSolver, solvers } from "./solvers.js";
import { bindSheet } from "./play-sheet.js";

const $ = (id) => document.getElementById(id);
const FIRST_PUZZLE = "welcome-heart";

/** Optional components (clingo, editor) that build.py found; each exports install(app). */
async function pluginList() {
  try { return (await (await fetch("build.json")).json()).plugins.map((p) => `../${p}`); } catch { return []; }
}

const router = new Router($("views"));
const view = new GridView($("board"));
let game = null;
let catalogue = [];

function announce(text) { $("status").textContent = text; }

function setTheme(dark) {
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  $("theme-toggle").setAttribute("aria-pressed", String(dark));
  try { localStorage.setItem("pysolver:theme", dark ? "dark" : "light"); } catch { /* private mode */ }
  view.draw();
}

function save() {
  if (!game) return;
  saveGame(game.key, { puzzle: game.puzzle.dict, title: game.puzzle.title, ...game.serialize() });
}

function showMeta(p) {
  $("puzzle-title").textContent = p.title || "Untitled puzzle";
  const parts = [`${p.width}×${p.height}`];
  if (p.isColor) parts.push(`${p.colors.length - 1} colours`);
  if (p.author) parts.push(`by ${p.author}`);
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
  const puzzle = normalizePuzzle(dict);
  key = key || puzzleKey(dict);
  const saved = loadGame(key);
  if (game) { save(); game.removeEventListener("change", onChange); }
  game = new PlayGame(puzzle, key, saved);
  game.addEventListener("change", onChange);
  showMeta(puzzle);
  router.go("play");
  view.setGame(game);
  view.focus();
  renderPalette(puzzle);
  hints.reset();
  solve.reset();
  $("check-text").textContent = "";
  updateButtons();
  updateTimer();
  save();
  announce(saved ? "Progress restored." : `Opened ${puzzle.title || "a puzzle"}.`);
  wasSolved = game.solved;
  showWin();
  notice.run();
  check.schedule(0);
  return game;
}

let wasSolved = false;
function onChange() {
  save();
  updateButtons();
  hints.onGameChange();
  check.schedule();
  view.draw();
  if (game.solved && !wasSolved) announce(`Solved in ${formatTime(game.elapsed)}! Every clue is satisfied.`);
  showWin();
  wasSolved = game.solved;
}

function showWin() {
  const banner = $("win-banner");
  banner.hidden = !game.solved;
  banner.textContent = game.solved ? `Solved in ${formatTime(game.elapsed)}: every clue is satisfied.` : "";
}

function updateButtons() {
  $("undo").disabled = !game || !game.undoStack.length;
  $("redo").disabled = !game || !game.redoStack.length;
}

function formatTime(ms) {
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

let lastTick = performance.now();
function updateTimer() { $("timer").textContent = game ? formatTime(game.elapsed) : "0:00"; }
setInterval(() => {
  const now = performance.now();
  const dt = now - lastTick;
  lastTick = now;
  const playing = game && !game.solved && !document.hidden && router.current && router.current.id === "play";
  if (playing) { game.elapsed += Math.min(dt, 2000); updateTimer(); }
}, 500);

async function parseText(text, filename) {
  const res = await engine.call("parse", { text, filename });
  if (!res.puzzles || !res.puzzles.length) throw new Error(`${filename}: no puzzle found`);
  return res.puzzles;
}

async function openText(text, filename, { resume = false } = {}) {
  $("open-error").textContent = "";
  announce(`Reading ${filename}…`);
  const puzzles = await parseText(text, filename);
  const dict = puzzles[0];
  const givens = readGivens(text); // saved with the game and shared again
  if (givens.length) dict.givens = givens;
  // a link to a puzzle the player already has (a built-in one too) resumes that game
  const key = resume ? findSaved(dict) : null;
  const rec = key && loadGame(key);
  openPuzzle(rec && rec.puzzle ? rec.puzzle : dict, key);
  if (puzzles.length > 1) announce(`${filename} holds ${puzzles.length} puzzles; opened the first.`);
}

function showOpenError(err) {
  router.go("library");
  $("open-error").textContent = `Could not open the puzzle: ${err.message}`;
  announce("");
}

function showLibrary() {
  const progressOf = (e) => {
    const rec = loadGame(`builtin:${e.id}`);
    if (!rec) return "";
    if (rec.solved) return "✓ solved";
    return /[1-9]/.test(rec.cells || "") ? "in progress" : "";
  };
  renderLibrary($("library-rows"), catalogue, (e) => openBuiltin(e).catch(showOpenError), progressOf);
}

async function openBuiltin(entry) {
  const r = await fetch(`puzzles/${entry.json || entry.file}`);
  if (!r.ok) throw new Error(`puzzles/${entry.file}: HTTP ${r.status}`);
  const text = await r.text();
  const key = `builtin:${entry.id}`;
  const saved = loadGame(key);
  if (saved && saved.puzzle) return openPuzzle(saved.puzzle, key);
  if (entry.json || entry.file.endsWith(".json")) return openPuzzle(JSON.parse(text), key);
  const [dict] = await parseText(text, entry.file);
  return openPuzzle(dict, key);
}

/** What Play shows when nothing else was asked for: the last game, else the first built-in puzzle. */
async function openStart() {
  const key = lastKey();
  const saved = key && loadGame(key);
  if (saved && saved.puzzle) {
    openPuzzle(saved.puzzle, key);
  } else {
    const first = catalogue.find((e) => e.id === FIRST_PUZZLE) || catalogue[0];
    if (first) await openBuiltin(first).catch(showOpenError);
  }
}

async function openShare(fragment) {
  try {
    const text = await decodeShare(fragment);
    await openText(text, "share link", { resume: true });
    history.replaceState(null, "", "#/play");
  } catch (err) {
    // a damaged link on a first visit: Play still gets a puzzle, then the error shows
    if (!game) await openStart().catch(() => {});
    showOpenError(err);
  }
}

/** The read-only box that shows the last share link (made on first use). */
function shareBox() {
  let box = $("share-url");
  if (!box) {
    box = document.createElement("input");
    box.type = "text";
    box.id = "share-url";
    box.readOnly = true;
    box.setAttribute("aria-label", "Share link");
    $("share").after(box);
  }
  return box;
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
  $("theme-toggle").addEventListener("click", () => setTheme(document.documentElement.dataset.theme !== "dark"));
  $("share").addEventListener("click", async () => {
    if (!game) return;
    // the address bar is left alone: a reload must resume this game, not open the link as a new one
    const url = shareUrl(await encodeShare(game.puzzle.dict));
    const box = shareBox();
    box.value = url;
    box.hidden = false;
    try { await navigator.clipboard.writeText(url); announce("Share link copied to the clipboard."); }
    catch { box.select(); announce("Share link ready: copy it from the box next to the button."); }
  });
  $("export").addEventListener("click", () => {
    if (!game) return;
    const blob = new Blob([JSON.stringify(game.puzzle.dict, null, 1)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${(game.puzzle.title || "puzzle").replace(/[^\w-]+/g, "_").slice(0, 60)}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  document.addEventListener("keydown", (e) => {
    if (!game || router.current.id !== "play" || e.target.closest("input, textarea, select")) return;
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && k === "z" && !e.shiftKey) { e.preventDefault(); game.undo(); }
    else if ((e.ctrlKey || e.metaKey) && (k === "y" || (k === "z" && e.shiftKey))) { e.preventDefault(); game.redo(); }
    else if (k === "h" && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); hints.next(); }
  });
  window.addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => { if (document.hidden) save(); });
  setInterval(() => { if (game && !game.solved && !document.hidden) save(); }, 15000);
}

function bindEngineStatus() {
  const chip = $("engine-status");
  const show = ({ status, info, error }) => {
    chip.className = "chip" + (status === "ready" ? " ok" : status === "failed" ? " bad" : "");
    chip.textContent = status === "ready" ? `engine ready (Python ${info.python})` :
      status === "failed" ? "engine unavailable" : status === "restarting" ? "engine restarting…" : "engine loading…";
    chip.dataset.status = status;
    chip.dataset.isolated = String(!!(info && info.interrupt));
    $("engine-failed").hidden = status !== "failed";
    if (status === "failed") $("engine-failed-why").textContent = `(${error.message})`;
    if (status === "ready" && game) check.schedule(0);
  };
  engine.addEventListener("status", (e) => show(e.detail));
  // engine-boot.js started it before this page ran: show where it is now
  show({ status: engine.status, info: engine.info, error: engine.error });
  $("engine-retry").addEventListener("click", () => engine.restart({ kind: "retry", message: "restarted" }));
}

const hints = new HintPanel({
  button: $("hint"), text: $("hint-text"), legend: $("hint-legend"), view, engine, getGame: () => game, announce,
});
const notice = new ClueNotice({ element: $("clue-notice"), engine, getGame: () => game });
const check = new CheckPanel({ select: $("check-mode"), text: $("check-text"), view, engine, getGame: () => game });
registerSolver({
  id: "pysolver",
  label: "pysolver (Python in the browser)",
  solve(puzzle, { onProgress, state }) {
    const handle = engine.request("solve", state ? { puzzle, max_solutions: 2, state } : { puzzle, max_solutions: 2 }, { onProgress });
    return { promise: handle.promise, cancel: () => engine.cancel(handle) };
  },
});
const solve = new SolvePanel({
  select: $("solve-engine"), solveButton: $("solve"), cancelButton: $("solve-cancel"),
  progress: $("solve-progress"), result: $("solve-result"), getGame: () => game, announce,
});

async function boot() {
  // the route asked for, read before opening a puzzle switches to Play and rewrites the address
  const wanted = (/^#\/([\w-]+)/.exec(location.hash) || [])[1];
  let dark = window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches;
  try { const t = localStorage.getItem("pysolver:theme"); if (t) dark = t === "dark"; } catch { /* private mode */ }
  setTheme(dark);
  router.register({ id: "play", label: "Play", element: $("view-play"), show: () => game && view.draw() });
  router.register({ id: "library", label: "Puzzles", element: $("view-library"), show: () => catalogue.length && showLibrary() });
  bindControls();
  bindSheet($("play-sheet"), $("sheet-toggle"));
  bindEngineStatus();
  bindOpeners({
    input: $("file-input"), pasteText: $("paste-text"), pasteButton: $("paste-open"), dropZone: $("drop-zone"),
    onText: openText, onError: showOpenError,
    // in Create a dropped file is a picture to edit, as with "Open a puzzle file to edit"
    dropTarget: () => (router.current && router.current.id === "editor" && window.nonogramApp && window.nonogramApp.editor
      ? window.nonogramApp.editor.fileOpener : null),
  });
  engine.start().catch(() => {});
  try {
    catalogue = await loadCatalogue();
    showLibrary();
  } catch (err) {
    $("open-error").textContent = `The puzzle library could not be loaded: ${err.message}`;
  }
  const app = { router, engine, registerSolver, solvers, openPuzzle, openText, getGame: () => game, view };
  window.nonogramApp = app; // a handle for the console, the browser tests and bench/browser.py
  for (const path of await pluginList()) {
    import(path).then((m) => m.install(app)).catch((err) => console.error(`plug-in ${path}:`, err));
  }
  if (/^#p=/.test(location.hash)) {
    openShare(location.hash); // waits for the engine to read it; the page is usable meanwhile
  } else {
    await openStart();
    // a plug-in's view (the editor) may register later: the router goes there then
    if (wanted && wanted !== "play" && !router.go(wanted)) router.pending = wanted;
  }
  pruneOld();
  window.addEventListener("hashchange", () => { if (/^#p=/.test(location.hash)) openShare(location.hash); });
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    // Register once the engine has started (or failed): on a first visit the
    // precache download then does not compete with the engine's own.
    const register = () => navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err));
    if (navigator.serviceWorker.controller) register();
    else engine.start().then(register, register);
  }
  document.documentElement.dataset.booted = "true";
}

boot();
