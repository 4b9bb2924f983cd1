// Plug-in (app/app.js calls install(app)): endless puzzles. At the top of the Puzzles
// view, the daily puzzle's card (daily-card.js) and the New puzzle card (genre,
// size, colours, level; the last choice remembered); app.newPuzzle, the play frame's "New puzzle" button in every genre's head; and
// "#g=<recipe>" links. A nonogram is made by the engine's generator in the worker (the
// nonogram genre's task "generate", from a recipe: daily.js), the other genres' puzzles by
// their own generator (app.generatorOf: the Nikoli genres' is Python in the worker and
// clingo-wasm). Both run off the page's thread and the button cancels them. An expert
// nonogram runs on the main engine and the helper engines at once, when the machine has
// the cores (lanes.js; engine/helpers.js, started once expert comes into view). The kinds
// of expert too slow to make here come ready-made (ready-made.js): New puzzle opens one the
// player has not opened yet, and makes one only when all are played.
import { el, button } from "../shell/dom.js";
import { Helpers } from "../engine/helpers.js";
import { generateOnParts } from "./lanes.js";
import { loadGame } from "../shell/storage.js";
import { DailyCard } from "./daily-card.js";
import { gameKey, readJson, writeJson } from "./saved.js";
import {
  LEVEL_WORDS, OTHER_PUZZLE_WORDS, changedWords, choiceRecipe, cleanChoice, coloursOf, levelsOf, newSeeds, progressWords, quickExpert,
  recipeFromHash, sizesOf, splitMark,
} from "./daily.js";
import { damagedLinkWords, puzzleMark } from "../shell/share.js";
import {
  POOL_DIR, Pool, allPlayedWords, kindOf, lastSeed, leftWords, pickOne, recipeFields, recipeParts, slowWords,
} from "./ready-made.js";

const CHOICE_KEY = "pysolver:new-puzzle"; // the New puzzle control's last choice
const OPENED_KEY = "pysolver:pool-opened"; // {recipes: [...]}: the ready-made puzzles opened
const NEW_TRIES = 5; // seeds tried when one makes no puzzle of the chosen kind

/** The generator (a nonogram's or a Nikoli genre's) could not make a puzzle of this kind from this seed (try the next seed). */
const noPuzzleForSeed = (err) => err && err.kind === "puzzle" && /^no (\w+ \d+x\d+ puzzle|unique )/.test(err.message || "");
const aLevel = (level) => `${/^[aeiou]/.test(level) ? "an" : "a"} ${level}`; // "an easy", "an expert"

export class Endless {
  constructor(app) {
    this.app = app;
    this.engine = app.engine;
    // the other genres that can make puzzles (the Nikoli ones): [{id, name}]
    this.others = app.genres.filter((g) => g.id !== "nonogram" && app.generatorOf(g.id));
    this.names = Object.fromEntries(this.others.map((g) => [g.id, g.name]));
    this.running = null; // {cancel()} of the generation under way
    this.helpers = new Helpers(this.engine); // further workers for expert (none until it is in view)
    this.workers = 0; // how many workers made the last nonogram (the browser tests read it)
    this.pool = new Pool(async (file) => {
      const r = await fetch(POOL_DIR + file);
      if (!r.ok) throw new Error(`${file}: ${r.status} ${r.statusText}`);
      return r.json();
    }, {
      opened: { read: () => (readJson(OPENED_KEY, {}) || {}).recipes, write: (recipes) => writeJson(OPENED_KEY, { recipes }) },
      saved: (recipe) => loadGame(gameKey(recipe)) !== null,
    });
    this.daily = new DailyCard(this);
    this.build();
  }

  // -- the page ---------------------------------------------------------------------

  build() {
    const opt = (value, text) => el("option", { value: String(value), textContent: text });
    this.genre = el("select", { id: "np-genre" }, opt("nonogram", "Nonogram"), ...this.others.map((g) => opt(g.id, g.name)));
    this.size = el("select", { id: "np-size" });
    this.colours = el("select", { id: "np-colours" });
    this.level = el("select", { id: "np-level" }); // the levels offered for the genre and size (setChoice)
    this.make = button("np-make", "Make a puzzle");
    this.status = el("p", { id: "np-status", className: "endless-status" });
    this.poolLine = el("p", { id: "np-pool", className: "meta endless-pool" }); // a ready-made kind's count left
    this.status.setAttribute("aria-live", "polite");
    const label = (text, control) => el("label", {}, `${text} `, control);
    this.levelLabel = label("Level", this.level);
    this.coloursLabel = label("Colours", this.colours);
    this.newCard = el("li", { className: "lib-card endless-card", id: "new-puzzle" },
      el("div", { className: "endless-body" },
        el("h3", { textContent: "New puzzle" }),
        el("p", { className: "meta", textContent: "A fresh puzzle with exactly one answer, solvable by reasoning alone." }),
        el("div", { className: "endless-form" }, label("Genre", this.genre), label("Size", this.size), this.coloursLabel, this.levelLabel, this.make),
        this.poolLine, this.status));
    this.box = el("ul", { id: "endless", className: "lib-cards endless" }, this.daily.card, this.newCard);
    this.box.setAttribute("aria-label", "Daily and new puzzles");
    const lib = document.getElementById("view-library");
    lib.querySelector("#open-error").after(this.box);

    this.setChoice(readJson(CHOICE_KEY, null));
    for (const s of [this.genre, this.size, this.colours, this.level]) {
      s.addEventListener("change", () => {
        // the form as the player left it; what it offers instead is said (the last puzzle's
        // words are not about the new choice)
        const asked = { genre: this.genre.value, size: Number(this.size.value), colours: Number(this.colours.value), level: this.level.value };
        this.setChoice(this.choice());
        writeJson(CHOICE_KEY, this.choice());
        if (!this.running) this.say(changedWords(asked, this.choice()));
        this.expertInView();
      });
    }
    this.make.addEventListener("click", () => (this.running ? this.running.cancel() : this.makeNew()));
  }

  /** The Puzzles view with the New puzzle card in sight and the keyboard on it; genre: the one
   * chosen there (the play frame's New puzzle: the genre in play). */
  show(genre = null) {
    if (genre && (genre === "nonogram" || this.names[genre])) this.setChoice({ ...this.choice(), genre });
    this.app.router.go("library");
    this.newCard.scrollIntoView({ block: "nearest" });
    this.genre.focus();
  }

  clean(c) { return cleanChoice(c, Object.keys(this.names), this.pool.kinds); }

  choice() {
    return this.clean({ genre: this.genre.value, size: Number(this.size.value), colours: Number(this.colours.value), level: this.level.value });
  }

  setChoice(choice) {
    const c = this.clean(choice); // what the control offers (a genre's levels differ by size)
    const kinds = (this.formKinds = this.pool.kinds); // the offer as of these kinds
    const sizes = sizesOf(c.genre, c.level, kinds);
    this.genre.value = c.genre;
    this.size.replaceChildren(...sizes.map((n) => el("option", { value: String(n), textContent: `${n}×${n}` })));
    this.size.value = String(sizes.includes(c.size) ? c.size : sizes.includes(7) ? 7 : sizes[0]);
    const colours = coloursOf(c.genre, c.level, Number(this.size.value), kinds);
    this.colours.replaceChildren(...colours.map((n) => el("option", { value: String(n), textContent: n === 1 ? "Black and white" : `${n} colours` })));
    this.colours.value = String(colours.includes(c.colours) ? c.colours : colours[0]);
    this.level.replaceChildren(...levelsOf(c.genre, Number(this.size.value)).map((l) => el("option", { value: l, textContent: LEVEL_WORDS[l] })));
    this.level.value = c.level;
    // the other genres' generators have levels (the same reasoning as a nonogram's), no colours
    const other = c.genre !== "nonogram";
    this.coloursLabel.hidden = other || (colours.length === 1 && colours[0] === 1); // expert at a size made in black and white only
    this.renderPool();
  }

  // -- the ready-made expert puzzles (ready-made.js) ----------------------------------

  /** Read the pool's index (once; the Puzzles view and expert links ask): its kinds join the offer. */
  async loadPool() {
    await this.pool.index();
    // a remembered choice of a ready-made kind (cleaned to what was offered until now) is offered now
    if (this.pool.kinds !== this.formKinds) this.setChoice(readJson(CHOICE_KEY, null) ?? this.choice());
  }

  /** The ready-made puzzles of the chosen kind ({entries, left: those not opened yet}), or null
   * when the choice is not a ready-made kind or its file cannot be read (made here then). */
  async pooled(c) {
    const kind = kindOf(this.pool.kinds, c);
    if (!kind) return null;
    try {
      return await this.pool.left(kind);
    } catch (err) {
      console.warn("ready-made puzzles:", err.message || err);
      return null;
    }
  }

  /** The line under the form: how many ready-made puzzles of the chosen kind are left. */
  async renderPool() {
    const c = this.choice();
    const mine = (this.poolShown = {});
    if (!kindOf(this.pool.kinds, c)) { this.poolLine.textContent = ""; return; }
    const p = await this.pooled(c);
    if (this.poolShown === mine) this.poolLine.textContent = p ? leftWords(p.left.length, p.entries.length) : "";
  }

  /** Open a ready-made puzzle (as one made here: its title, stars and link are its recipe's). */
  openPooled(r) {
    if (this.running) this.running.cancel(); // a link's puzzle over one being made: the one asked last
    this.pool.markOpened(r.recipe);
    this.renderPool();
    return this.play(r);
  }

  /** When the New puzzle control shows expert in the Puzzles view, start the workers it uses
   * (none while a ready-made one of the kind is left: it opens at once). */
  async expertInView() {
    const c = this.choice();
    if (c.genre !== "nonogram" || c.level !== "expert" || !this.inView()) return;
    const pooled = await this.pooled(c);
    if (!(pooled && pooled.left.length)) this.helpers.want("expert", c.size * c.size);
  }

  /** Whether the Puzzles view (with the New puzzle card) is the one shown. */
  inView() { return !!this.app.router.current && this.app.router.current.id === "library"; }

  say(text) { if (this.status.textContent !== text) this.status.textContent = text; } // progress repeats its words

  /** Generate one nonogram: {promise: the engine's result ({puzzle, stars, recipe, …}), cancel()}.
   * An expert one on every worker ready for it (lanes.js), the others in the main engine. */
  generate(recipe, onProgress) {
    const { level, cells } = recipeSearch(recipe);
    const engines = this.helpers.engines(level, cells);
    this.workers = engines.length;
    if (engines.length > 1) return generateOnParts(engines, recipe, { onProgress });
    const handle = this.engine.request("task", { genre: "nonogram", task: "generate", args: { recipe } }, { onProgress });
    return { cancel: () => this.engine.cancel(handle), promise: handle.promise.then((r) => r.result) };
  }

  /** Run `work(setCancel)` as the one generation under way; Make turns into Cancel meanwhile. */
  async exclusive(work) {
    if (this.running) this.running.cancel();
    let cancel = () => {};
    const me = { cancel: () => cancel() };
    this.running = me;
    this.make.textContent = "Cancel";
    this.daily.busy(true);
    this.poolLine.hidden = true; // the status says what is being made
    try {
      return await work((fn) => { cancel = fn; });
    } finally {
      if (this.running === me) {
        this.running = null;
        this.make.textContent = "Make a puzzle";
        this.daily.busy(false);
        this.poolLine.hidden = false;
      }
    }
  }

  /** The first nonogram of `recipes` made (null when none is), its progress said in words. */
  firstMade(recipes, what, setCancel, onMiss) {
    return this.firstOf(recipes, (recipe) => this.generate(recipe, (p) => this.say(progressWords(what, p))), setCancel, onMiss);
  }

  /** What the first of `seeds` to make a puzzle gives (null when none does): start(seed) is a
   * job {promise, cancel}; a seed that makes no puzzle of the kind gives way to the next
   * (onMiss(err) hears why). */
  async firstOf(seeds, start, setCancel, onMiss = () => {}) {
    for (const seed of seeds) {
      const job = start(seed);
      setCancel(() => job.cancel());
      try {
        return await job.promise;
      } catch (err) {
        if (!noPuzzleForSeed(err)) throw err;
        onMiss(err);
      }
    }
    return null;
  }

  /** Play a generated nonogram (its saved game, when the player has one: the same recipe
   * is the same puzzle), titled `title` when given. */
  play(r, title = null) {
    const key = gameKey(r.recipe);
    const saved = loadGame(key);
    const dict = saved && saved.puzzle ? saved.puzzle
      : { ...r.puzzle, title: title || r.puzzle.title, recipe: r.recipe, stars: r.stars, source: "made by New puzzle" };
    return this.app.openPuzzle(dict, key);
  }

  failed(err) {
    if (err && (err.kind === "cancelled" || err.kind === "superseded")) { this.say("Stopped: no puzzle made."); return; }
    if (err && err.kind && err.kind !== "puzzle") console.error("generating a puzzle:", err);
    this.say(!err || !err.kind || err.kind === "puzzle" ? `No puzzle made: ${err ? err.message : "unknown reason"}`
      : "No puzzle made: something went wrong in the puzzle engine; please try again.");
  }

  async makeNew() {
    const c = this.choice();
    writeJson(CHOICE_KEY, c);
    if (c.genre !== "nonogram") return this.makeOther(c);
    let what = `Making ${aLevel(LEVEL_WORDS[c.level].toLowerCase())} ${c.size}×${c.size} puzzle`;
    if (c.level === "expert" && !quickExpert(c)) what = slowWords(what);
    let floor = 0;
    const pooled = await this.pooled(c);
    if (pooled) {
      const r = pickOne(pooled.left);
      if (r) { this.say(`Opened a ready-made puzzle: ${r.puzzle.title}.`); return this.openPooled(r); }
      what = allPlayedWords(pooled.entries.length);
      floor = lastSeed(pooled.entries);
    }
    this.say(`${what}…`);
    try {
      const recipes = newSeeds(NEW_TRIES, floor).map((seed) => choiceRecipe(c, seed));
      const r = await this.exclusive((setCancel) => this.firstMade(recipes, what, setCancel));
      if (!r) { this.say(`No ${c.level} ${c.size}×${c.size} puzzle came out of ${NEW_TRIES} tries: try another size or level.`); return; }
      this.say(`Made: ${r.puzzle.title}.`);
      this.play(r);
    } catch (err) { this.failed(err); }
  }

  /** Another genre's puzzle (the Nikoli ones) at the chosen level, by its own generator, which
   * opens it; a seed whose attempts make none at that level gives way to the next (NEW_TRIES). */
  async makeOther(c) {
    const name = this.names[c.genre];
    const level = LEVEL_WORDS[c.level].toLowerCase();
    this.say(`Making ${aLevel(level)} ${c.size}×${c.size} ${name}…`);
    const generate = this.app.generatorOf(c.genre);
    const start = (seed) => {
      const stop = new AbortController();
      const args = { family: c.genre, width: c.size, height: c.size, seed, level: c.level };
      return { promise: generate(args, { signal: stop.signal }).then(() => seed), cancel: () => stop.abort() };
    };
    try {
      const seed = await this.exclusive((setCancel) => this.firstOf(newSeeds(NEW_TRIES, 0), start, setCancel));
      this.say(seed === null ? `No ${level} ${c.size}×${c.size} ${name} came out of ${NEW_TRIES} tries: try another size or level.`
        : `Made: ${LEVEL_WORDS[c.level]} ${name} ${c.size}×${c.size} #${seed}.`);
    } catch (err) {
      this.failed(err && err.message === "cancelled" ? { kind: "cancelled" } : err);
    }
  }

  // -- recipe links -------------------------------------------------------------------

  /** "#g=<recipe>": the puzzle it names, made here (true: the address was taken). */
  openHash(hash) {
    let recipe;
    try {
      recipe = recipeFromHash(hash);
    } catch (err) { // a damaged link: said plainly in the Puzzles view (taken: nothing else opens over it)
      history.replaceState(null, "", "#/library");
      this.app.showOpenError({ kind: "puzzle", message: err.message });
      return true;
    }
    if (recipe === null) return false;
    history.replaceState(null, "", "#/library");
    const link = splitMark(recipe);
    // the engine says what is wrong with a bad one (size over its limits…); opening: the
    // link's puzzle opened (the browser tests wait on it)
    this.opening = this.openRecipe(link.recipe, link.mark);
    return true;
  }

  /** A link's puzzle (`mark`: the mark of the puzzle it was shared with, or null): its saved
   * game, the ready-made one, else made here; when the puzzle differs from the mark's, the
   * player is told (the recipe now makes another puzzle). */
  async openRecipe(recipe, mark = null) {
    const opened = await this.openLinked(recipe);
    if (mark && opened && puzzleMark(opened.dict) !== mark && this.app.play) this.app.play.notice(OTHER_PUZZLE_WORDS);
    return opened && opened.game;
  }

  /** openRecipe's puzzle: {dict, game} of the puzzle opened, or null. */
  async openLinked(recipe) {
    const saved = loadGame(gameKey(recipe));
    if (saved && saved.puzzle) return { dict: saved.puzzle, game: await this.app.openPuzzle(saved.puzzle, gameKey(recipe)) };
    this.app.router.go("library");
    const ready = await this.pool.find(recipe); // a ready-made one (its file is precached: offline too)
    if (ready) { this.say(""); return { dict: ready.puzzle, game: await this.openPooled(ready) }; }
    const parts = recipeParts(recipe);
    const what = parts && parts.level === "expert" && !quickExpert(parts) ? slowWords("Making the puzzle of the link you opened")
      : "Making the puzzle of the link you opened";
    this.say(`${what}…`);
    // an expert link: its helpers start (they take part once ready: waiting for their start,
    // about as long as the main engine's, would cost more than they save on most puzzles)
    const search = recipeSearch(recipe);
    if (search.level === "expert") this.helpers.want("expert", search.cells);
    try {
      let advice = "";  // the engine's advice, without its counts of attempts
      const r = await this.exclusive((setCancel) => this.firstMade([recipe], what, setCancel,
        (err) => { advice = (/; (try .*)$/.exec(err.message) || [])[1] || ""; }));
      if (!r) throw { kind: "puzzle", message: `that link's recipe makes no puzzle${advice ? `; ${advice}` : ""}` };
      this.say("");
      return { dict: r.puzzle, game: await this.play(r) };
    } catch (err) {
      this.say("");
      if (err && err.kind === "cancelled") this.say("Stopped: no puzzle made.");
      else if (err && err.kind === "puzzle" && !recipeFields(recipe)) { // not a recipe's shape: the link was cut or mangled
        this.app.showOpenError({ kind: "puzzle", message: damagedLinkWords(err.message) });
      } else this.app.showOpenError(err);
      return null;
    }
  }
}

/** A recipe's level and cell count, for the helpers ({level: null, cells: 0} when it is not
 * one: the engine says what is wrong with it). */
function recipeSearch(recipe) {
  const r = recipeFields(recipe);
  return r ? { level: r.level, cells: r.width * r.height } : { level: null, cells: 0 };
}

export function install(app) {
  const endless = new Endless(app);
  app.library.onRender(() => {
    endless.daily.render();
    // the ready-made kinds, read when the Puzzles view first shows, before the workers expert needs
    if (endless.inView()) endless.loadPool().then(() => { endless.renderPool(); endless.expertInView(); });
  });
  app.registerLinkReader((hash) => endless.openHash(hash));
  app.addEventListener("won", (e) => {
    const streak = endless.daily.won(e.detail.game);
    if (streak) e.detail.note(streak);
  });
  app.endless = endless; // for the console and the browser tests
  app.newPuzzle = (genre) => endless.show(genre); // the play frame's New puzzle button (play/view.js)
  app.dispatchEvent(new Event("new-puzzle"));
}
