// The page's composition, genre-neutral: the views (shell/router.js), the engine, the
// library, the ways in (a file, a paste, a drop, a link, the last game played), the
// registered genres (app/genres.js: each builds its play view and opens its puzzles) and
// the optional plug-ins (shell/plugins.js). `app` is the API genres and plug-ins hook into
// (web/README.md, "Views and plug-ins").
import { engine } from "../engine/boot.js";
import { Router } from "../shell/router.js";
import { loadGame, lastKey } from "../shell/storage.js";
import { Library } from "../library/library.js";
import { bindOpeners, bindOpenPanel } from "../shell/open-files.js";
import { initTheme } from "../shell/theme.js";
import { installPlugins } from "../shell/plugins.js";
import { registerServiceWorker } from "../shell/sw-register.js";
import { bindEngineStatus } from "../engine/status.js";
import { registerSolver, solvers } from "../engine/solvers.js";
import { GENRES } from "./genres.js";
import { damagedLinkWords } from "../shell/share.js";
import { touchDevice } from "../learn/rules.js";

const $ = (id) => document.getElementById(id);

const router = new Router($("views"));
const library = new Library({
  list: $("library-cards"), continueBox: $("library-continue"), count: $("library-count"), error: $("open-error"),
  controls: { sort: $("lib-sort"), genre: $("lib-genre"), status: $("lib-status"), colour: $("lib-colour"), size: $("lib-size"), stars: $("lib-stars") },
});
const readers = []; // each registered genre's: {genre, format?, fallback?, claims?} and install's {open, openText, openHash?, openFirst?}
const dropTargets = new Map(); // view id -> {onText, onError} or {onFile} for files dropped while it shows
let current = null; // {genre, game}: the game last opened, of any genre

const fallback = () => readers.find((r) => r.fallback);
// a pasted share link's fragment ("#p=…", "#n=…", "#g=…"), whole or cut short: one word, the
// fragment alone or after its page (pasted, it was "unknown puzzle format"); null for other text
const siteLink = (text) => (/^\S*?(#[a-z]=\S*)$/.exec(text.trim()) || [null, null])[1];
const event = (type, detail) => app.dispatchEvent(new CustomEvent(type, { detail }));

const app = Object.assign(new EventTarget(), {
  router, engine, library, registerSolver, solvers,
  genres: [], // {id, name} of every registered genre, in order

  /** Install a genre (web/README.md, "Genres": {id, name, format?, fallback?, claims?, ..., install(app) -> its
   * openers}); app/genres.js lists them. */
  async registerGenre(genre) {
    const opens = await genre.install(app);
    app.genres.push({ id: genre.id, name: genre.name, editor: genre.editor }); // editor: the Create frame's (create/editor.js)
    if (opens) readers.push({ genre: genre.id, format: genre.format, fallback: genre.fallback, claims: genre.claims, ...opens });
    if (genre.files) sayFiles(genre);
  },

  /** Play a puzzle dict of any genre (its `format` says whose; a nonogram's has none). */
  openPuzzle(dict, key = null) {
    const r = readers.find((k) => k.format && k.format === dict.format) || fallback();
    return r.open(dict, key);
  },

  /** Read a text (a file, a paste, a link) with the genre that claims it, else the fallback's
   * reader; one of this site's share links (of this copy or another) opens as in the address bar. */
  openText(text, filename) {
    app.clearOpenError();
    const hash = siteLink(text);
    if (hash && readers.some((r) => r.openHash && r.openHash(hash))) return Promise.resolve();
    const r = readers.find((k) => k.claims && k.claims(text)) || fallback();
    return r.openText(text, filename);
  },

  /** The last game played (of any genre), else the fallback genre's first puzzle. */
  async openStart() {
    const key = lastKey();
    const saved = key && loadGame(key);
    if (saved && saved.puzzle) return app.openPuzzle(saved.puzzle, key);
    const r = fallback();
    return r && r.openFirst ? r.openFirst() : null;
  },

  /** {genre, game} of the game last opened (any genre), or null. */
  currentGame: () => current,
  /** A genre opened a game: "opened" {genre, game}. */
  opened(genre, game) { current = { genre, game }; event("opened", current); },
  /** A genre's game was won: "won" {genre, game, bySolve, note(words)} (bySolve: the last move
   * was the Solve panel's solution; note: a plug-in's words for the win card, such as the
   * daily's streak). Returns the words noted. */
  won(genre, game) {
    const last = game.undoStack[game.undoStack.length - 1], notes = [];
    event("won", { genre, game, bySolve: !!last && last.l === "solution", note: (words) => notes.push(words) });
    return notes;
  },

  registerDropTarget: (viewId, target) => dropTargets.set(viewId, target),
  /** A plug-in's own links (endless/: "#g=<recipe>"): openHash(hash) -> true when it takes the address. */
  registerLinkReader(openHash) { readers.push({ genre: null, openHash }); },
  /** A genre's generator (its reader's generate({family, width, height, seed}, {signal}) -> info,
   * opening the puzzle made), or null. */
  generatorOf: (genre) => (readers.find((r) => r.genre === genre && r.generate) || {}).generate || null,

  showOpenError(err) {
    router.go("library");
    // the reason when it is the puzzle's (the engine says what is wrong with it); an
    // engine fault in the player's words, its technical text in the console
    const why = !err.kind || err.kind === "puzzle" ? err.message : "something went wrong in the puzzle engine; please try again";
    if (err.kind && err.kind !== "puzzle") console.error("opening the puzzle:", err);
    $("open-error").textContent = `Could not open the puzzle: ${why}`;
    event("open-error", err);
  },
  clearOpenError() { $("open-error").textContent = ""; },
});

// The Open panel's words for what it opens, each registered genre's `files` (a Nurikabe URL
// could be pasted, but the panel named only the nonogram's formats): genres of the same words
// named together, "Nonogram: webpbn XML, ...; Nurikabe, Heyawake, Masyu or Bag: a puzz.link URL";
// the file chooser offers every genre's `accept`. A touch screen has no drop: its words say paste.
const fileWords = new Map(); // a genre's `files` -> the names of the genres that open them
const fileTypes = new Set();
function sayFiles(genre) {
  fileWords.set(genre.files, [...(fileWords.get(genre.files) || []), genre.name]);
  for (const t of (genre.accept || "").split(",")) if (t) fileTypes.add(t);
  const either = (names) => (names.length < 2 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`);
  const words = [...fileWords].map(([files, names]) => `${either(names)}: ${files}`).join("; ");
  const way = touchDevice() ? "or paste one below" : "or drop a file anywhere on the page";
  $("open-formats").textContent = `${way} (${words})`;
  $("paste-text").placeholder = `Paste a puzzle here (${words})`;
  $("file-input").accept = [...fileTypes].join(",");
}

/** Whether the start (the last game played, else the first puzzle) is the fallback genre's. */
function fallbackStart() {
  const key = lastKey();
  const saved = key && loadGame(key);
  return !(saved && saved.puzzle && saved.puzzle.format);
}

async function boot() {
  // the route asked for, read before opening a puzzle switches to Play and rewrites the address
  const wanted = (/^#\/([\w-]+)/.exec(location.hash) || [])[1];
  initTheme($("theme-toggle"), () => event("theme"));
  router.register({ id: "library", label: "Puzzles", order: 2, element: $("view-library"), show: () => library.render() });
  bindEngineStatus({
    engine, chip: $("engine-status"), failed: $("engine-failed"), failedWhy: $("engine-failed-why"),
    retry: $("engine-retry"), onReady: () => event("engine-ready"),
  });
  const openPanel = bindOpenPanel($("open-toggle"), $("open-panel"), $("open-file-button"));
  bindOpeners({
    input: $("file-input"), fileButton: $("open-file-button"), pasteText: $("paste-text"), pasteButton: $("paste-open"), dropZone: $("drop-zone"),
    onText: (text, filename) => app.openText(text, filename).then(() => openPanel.close()),
    onError: app.showOpenError,
    dropTarget: () => (router.current && dropTargets.get(router.current.id)) || null,
  });
  engine.start().catch(() => {});
  // The start puzzle as soon as its genre is in (issue 32: the board within 1 s of a first
  // visit): the fallback genre installs first and, when the start is its own (no link or saved
  // game of another genre), opens it before the other genres and the plug-ins install.
  const first = GENRES.find((g) => g.fallback);
  await app.registerGenre(first);
  const takeHash = () => readers.some((r) => r.openHash && r.openHash(location.hash));
  const link = /^#[^/]/.test(location.hash);
  const early = link ? takeHash() : fallbackStart();
  if (early && !link) await app.openStart();
  for (const genre of GENRES) if (genre !== first) await app.registerGenre(genre);
  window.nonogramApp = app; // a handle for the console, the browser tests and bench/browser.py
  await installPlugins(app);
  // an address that is a link (not a view) but no reader's: cut or mistyped at its start, said
  // over the start puzzle (a link of a later plug-in's kind would have been taken above)
  const unknown = () => app.showOpenError({ kind: "puzzle", message: damagedLinkWords("its start is not one of this site's links") });
  if (early ? !link : !takeHash()) {
    if (!early) await app.openStart();
    if (link) unknown();
    // a plug-in's view (the editor) may register later: the router goes there then
    if (wanted && !(router.current && router.current.id === wanted) && !router.go(wanted)) router.pending = wanted;
  }
  window.addEventListener("hashchange", () => { if (!takeHash() && /^#[^/]/.test(location.hash)) unknown(); });
  registerServiceWorker(engine);
  document.documentElement.dataset.booted = "true";
}

boot();
