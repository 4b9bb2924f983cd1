// The ready-made expert puzzles (no DOM: tests/js runs it in Node). Expert puzzles of some
// kinds (25x25, colours) take minutes to make in a browser, so tools/build/pool.py makes a
// pool of them offline with the same generator: web/puzzles/pool/index.json lists the kinds
// ({size, colours, level, count, file}), each kind's file holds {generator, made: [entry]},
// an entry being exactly what the worker's task "generate" answers for its recipe (so the
// page plays it as a puzzle made here, and its link "#g=<recipe>" is the same puzzle
// everywhere). The page offers those kinds at expert, opens an entry the player has not
// opened yet at once, and makes a new one only when all are played.
import { COLOURS } from "./daily.js";

export const POOL_DIR = "puzzles/pool/";

/** The kinds of an index the page can offer ([{size, colours, count, file}], one per size
 * and colours); anything else in it is left out. */
export function poolKinds(index) {
  const out = [];
  for (const k of index && Array.isArray(index.kinds) ? index.kinds : []) {
    if (!k || k.level !== "expert" || !Number.isInteger(k.size) || k.size < 5 || k.size > 60 || !COLOURS.includes(k.colours)
      || !Number.isInteger(k.count) || k.count < 1 || typeof k.file !== "string" || !/^[\w.-]+\.json$/.test(k.file)) continue;
    if (!out.some((o) => o.size === k.size && o.colours === k.colours)) out.push({ size: k.size, colours: k.colours, count: k.count, file: k.file });
  }
  return out;
}

/** The ready-made kind of a New puzzle choice, or null. */
export const kindOf = (kinds, { genre = "nonogram", size, colours, level }) =>
  (genre === "nonogram" && level === "expert" && kinds.find((k) => k.size === size && k.colours === colours)) || null;

/** A recipe's fields ({width, height, colours, level, seed}), or null when it is not a
 * nonogram's recipe (the engine says what is wrong with a bad one). */
export function recipeFields(recipe) {
  const m = typeof recipe === "string" && /^nonogram:(\d+)x(\d+):(\d+):([a-z]+):(\d+)$/.exec(recipe);
  return m ? { width: Number(m[1]), height: Number(m[2]), colours: Number(m[3]), level: m[4], seed: Number(m[5]) } : null;
}

/** A square recipe's parts ({size, colours, level, seed}; size: its side), else null. */
export function recipeParts(recipe) {
  const r = recipeFields(recipe);
  return r && r.width === r.height ? { size: r.width, colours: r.colours, level: r.level, seed: r.seed } : null;
}

const isClues = (lines, size) => Array.isArray(lines) && lines.length === size && lines.every(Array.isArray);

/** A kind file's entries that are puzzles of that kind (a damaged one is left out); an
 * Error when none is. */
export function poolEntries(kind, data) {
  const made = data && Array.isArray(data.made) ? data.made : [];
  const ok = made.filter((e) => {
    const p = e && e.puzzle;
    const r = e && recipeParts(e.recipe);
    return r && r.size === kind.size && r.colours === kind.colours && r.level === "expert" && p && typeof p === "object"
      && p.width === kind.size && p.height === kind.size && isClues(p.rows, kind.size) && isClues(p.columns, kind.size)
      && Array.isArray(p.colors) && p.colors.length === kind.colours + 1 && typeof p.title === "string";
  });
  if (!ok.length) throw new Error(`${kind.file} holds no puzzle of its kind`);
  return ok;
}

/** The entries not opened yet (opened(recipe) -> true when the player has opened it). */
export const unopened = (entries, opened) => entries.filter((e) => !opened(e.recipe));

/** One of `list` at random (null when it is empty). */
export const pickOne = (list, random = Math.random) => (list.length ? list[Math.min(list.length - 1, Math.floor(random() * list.length))] : null);

/** The last seed of the entries (a new puzzle's seeds come after it). */
export const lastSeed = (entries) => Math.max(0, ...entries.map((e) => recipeParts(e.recipe).seed));

const puzzles = (n) => (n === 1 ? "puzzle" : "puzzles");

/** The line under the form for a ready-made kind: how many are left. */
export function leftWords(left, count) {
  return left > 0 ? `${left} of ${count} ready-made ${puzzles(count)} left`
    : `You have played all ${count} ready-made ${puzzles(count)} of this kind: a new one is made on this device, which can take a few minutes`;
}

/** The words while a new one of a played-out ready-made kind is made (before the wait). */
export const allPlayedWords = (count) =>
  `You have played all ${count} ready-made expert ${puzzles(count)} of this kind: making a new one, which can take a few minutes on this device`;

/** The words while an expert puzzle that is not made quickly here is made (a link's, or a
 * kind whose file did not load). */
export const slowWords = (what) => `${what}, which can take a few minutes on this device`;

/**
 * The pool as the page reads it, and what this player has opened of it. load(file): a
 * promise of the JSON of POOL_DIR + file; opened: {read() -> recipes, write(recipes)} (the
 * player's storage); saved(recipe): whether the player has a saved game of it (it counts
 * as opened). The index is read once (tried again on the next call when it failed: offline
 * on a first visit); kinds: what it lists, [] until then. A kind's file is read once too.
 */
export class Pool {
  constructor(load, { opened = { read: () => [], write: () => {} }, saved = () => false, warn = (...a) => console.warn(...a) } = {}) {
    Object.assign(this, { load, opened, saved, warn, kinds: [], files: new Map(), reading: null, warned: false });
  }

  openedSet() {
    const list = this.opened.read();
    return new Set(Array.isArray(list) ? list.filter((r) => typeof r === "string") : []);
  }

  /** Remember that the player opened a ready-made recipe. */
  markOpened(recipe) {
    const set = this.openedSet();
    if (!set.has(recipe)) this.opened.write([...set, recipe]);
  }

  /** A kind's entries and those the player has not opened ({entries, left}; rejects when its
   * file cannot be read or holds none). */
  async left(kind) {
    const entries = await this.entries(kind);
    const set = this.openedSet();
    return { entries, left: unopened(entries, (r) => set.has(r) || this.saved(r)) };
  }

  /** The kinds ([] while the index cannot be read: the page offers what it makes quickly). */
  index() {
    if (!this.reading) {
      const reading = this.load("index.json").then((data) => (this.kinds = poolKinds(data)), (err) => {
        if (!this.warned) this.warn("the ready-made expert puzzles could not be read:", (err && err.message) || err);
        this.warned = true;
        if (this.reading === reading) this.reading = null;
        return this.kinds;
      });
      this.reading = reading;
    }
    return this.reading;
  }

  /** A kind's entries (rejects when its file cannot be read or holds none). */
  entries(kind) {
    if (!this.files.has(kind.file)) {
      const p = this.load(kind.file).then((data) => poolEntries(kind, data));
      p.catch(() => { if (this.files.get(kind.file) === p) this.files.delete(kind.file); });
      this.files.set(kind.file, p);
    }
    return this.files.get(kind.file);
  }

  /** The entry of a recipe, or null when the pool has none (or cannot be read: the page makes it). */
  async find(recipe) {
    const r = recipeParts(recipe);
    if (!r || r.level !== "expert") return null;
    const kind = kindOf(await this.index(), { ...r, genre: "nonogram" });
    if (!kind) return null;
    try {
      return (await this.entries(kind)).find((e) => e.recipe === recipe) || null;
    } catch (err) {
      this.warn("a ready-made puzzle could not be read:", err.message || err);
      return null;
    }
  }
}
