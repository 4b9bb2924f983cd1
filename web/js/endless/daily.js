// Endless puzzles, the pure part (no DOM: tests/js runs it in Node): recipes and their
// links, the daily puzzle's recipe from a date, the streak, the New puzzle choices, the
// words of its progress.
//
// A recipe is the engine's (pysolver/nonogram/generate.py, RECIPE): the arguments of the
// generator as one short string, "nonogram:10x10:1:medium:7"; the same recipe gives the
// same puzzle in every browser and in CPython, so a link "#g=<recipe>" is a whole puzzle.
// The daily puzzle is the recipe of the player's LOCAL date (the day on their calendar,
// so it changes at their midnight): everyone whose calendar shows the same date gets the
// same puzzle, made offline in the worker, no server.

import { damagedLinkWords } from "../shell/share.js";

export const RECIPE_MAX = 40; // characters: the engine's own cap (generate.recipe_args)

/** The recipe of a "#g=" address, or null when the address is not one. Throws an Error
 * in the player's words when it is one but cannot be a recipe (the engine says more). */
export function recipeFromHash(hash) {
  const m = /^#g=(.*)$/s.exec(hash);
  if (!m) return null;
  if (m[1].length > 3 * RECIPE_MAX) throw new Error("this share link is far too long to be a puzzle recipe; ask for it again");
  let recipe;
  try { recipe = decodeURIComponent(m[1]); } catch { throw new Error(damagedLinkWords("part of it may be missing")); }
  return recipe;
}

/** A link's recipe and the mark of the puzzle it was shared with ({recipe, mark}; mark null in
 * links from before marks: shell/share.js puzzleMark). */
export function splitMark(text) {
  const m = /^(.*)~([0-9a-z]{7})$/s.exec(text);
  return m ? { recipe: m[1], mark: m[2] } : { recipe: text, mark: null };
}

/** What the player is told when a link's recipe now makes another puzzle than the one shared. */
export const OTHER_PUZZLE_WORDS = "This link was shared from an earlier version of the puzzle maker, which made a " +
  "different puzzle from it: this is the puzzle its recipe makes now.";


/** "YYYY-MM-DD" of a Date on the player's calendar (local time). */
export function dateKey(d) {
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The calendar day before / after a "YYYY-MM-DD" (no clock involved: no DST surprises). */
export function shiftDay(key, days) {
  const [y, m, d] = key.split("-").map(Number);
  return dateKey(new Date(y, m - 1, d + days));
}

const LEVEL_BY_WEEKDAY = ["hard", "easy", "easy", "medium", "medium", "medium", "hard"]; // Sunday first

/** What the day's puzzle is: 10×10, easy early in the week, harder towards the weekend,
 * two colours on Sundays. */
export function dailyPlan(key) {
  const [y, m, d] = key.split("-").map(Number);
  const weekday = new Date(y, m - 1, d).getDay();
  return { width: 10, height: 10, colours: weekday === 0 ? 2 : 1, level: LEVEL_BY_WEEKDAY[weekday] };
}

export const DAILY_TRIES = 10; // seeds tried, in order, when a day's first seed makes no puzzle

/** The day's recipe, try `k` (0 first; the next when the engine finds no puzzle for a seed:
 * the same order everywhere, so everyone ends on the same puzzle). */
export function dailyRecipe(key, k = 0) {
  const { width, height, colours, level } = dailyPlan(key);
  return `nonogram:${width}x${height}:${colours}:${level}:${Number(key.replace(/-/g, "")) * 10 + k}`;
}

/** Days in a row solved, ending today (or yesterday, while today's is not solved yet). */
export function streak(solved, today) {
  let day = solved.has(today) ? today : shiftDay(today, -1);
  let n = 0;
  while (solved.has(day)) { n += 1; day = shiftDay(day, -1); }
  return n;
}

/** The streak in words (n >= 1), on the daily card and on a daily puzzle's win card. */
export const streakWords = (n) => `Streak: ${n} ${n === 1 ? "day" : "days"} in a row solved`;

/** A date in the player's words: long ("Thursday 26 November") or short ("26 Nov", for titles). */
export function dayWords(key, { short = false, locale = undefined } = {}) {
  const [y, m, d] = key.split("-").map(Number);
  const style = short ? { day: "numeric", month: "short" } : { weekday: "long", day: "numeric", month: "long" };
  return new Date(y, m - 1, d).toLocaleDateString(locale, style);
}

// -- the New puzzle control's choices ----------------------------------------------

export const NONOGRAM_SIZES = [5, 10, 15, 20, 25];
export const NIKOLI_SIZES = [5, 7, 10];
export const COLOURS = [1, 2, 3, 4];
export const LEVELS = ["easy", "medium", "hard", "expert"];
// expert (a deeper what-if) is made within a few seconds (p95 in the page on two workers:
// about 2.3 s at 10x10, 1.3 s at 15x15, 3.5 s at 20x20, 3 s at 25x25, composed there; PERF.md
// "Expert in the page on two workers", "B/W expert composed") only at these sizes, in black
// and white: offered there, and at every kind of the ready-made expert puzzles
// (ready-made.js; `kinds`: [{size, colours}])
export const EXPERT_SIZES = [10, 15, 20, 25];
export const DEFAULT_CHOICE = { genre: "nonogram", size: 10, colours: 1, level: "easy" };
// the Nikoli levels the page makes within a few seconds (PERF.md "Nikoli levels"), as
// {genre: {level: the size from which it is not offered}}: Bag's hints are a rule or a deep
// step and seldom a short what-if, so it comes easy or expert; a 10x10 Masyu comes easy or
// medium only after too many attempts for the page
const NIKOLI_UNTIL = { bag: { medium: 0, hard: 0 }, masyu: { easy: 10, medium: 10 } };

/** The levels the control offers for a genre and size. */
export function levelsOf(genre, size) {
  const until = NIKOLI_UNTIL[genre] || {};
  return LEVELS.filter((l) => !(l in until) || size < until[l]);
}

/** The sizes the control offers for a genre and level. */
export function sizesOf(genre, level, kinds = []) {
  if (genre !== "nonogram") return NIKOLI_SIZES;
  if (level !== "expert") return NONOGRAM_SIZES;
  return [...new Set([...EXPERT_SIZES, ...kinds.map((k) => k.size)])].sort((a, b) => a - b);
}

/** The colour counts the control offers for a genre, level and size (1: black and white). */
export function coloursOf(genre, level, size, kinds = []) {
  if (genre !== "nonogram" || level !== "expert") return COLOURS;
  return COLOURS.filter((n) => (n === 1 && EXPERT_SIZES.includes(size)) || kinds.some((k) => k.size === size && k.colours === n));
}

/** Whether an expert puzzle of this size and colours is made here within a few seconds (else
 * minutes: the player is told before the wait). */
export const quickExpert = ({ size, colours }) => colours === 1 && EXPERT_SIZES.includes(size);

export const LEVEL_WORDS = { easy: "Easy", medium: "Medium", hard: "Hard", expert: "Expert" };
const colourNames = (n) => (n === 1 ? "black and white" : `${n} colours`);

/** What the control changed of the player's choice `asked` ({genre, size, colours, level},
 * as the form showed it after their change) to offer it as `c`, in words, or "" (a choice it
 * changed without a word: Expert at 5x5 became 10x10 and the player did not know why). */
export function changedWords(asked, c) {
  const out = [];
  if (asked.size !== c.size) out.push(`the size is ${c.size}×${c.size} (${asked.size}×${asked.size} is not offered)`);
  if (asked.level !== c.level && LEVEL_WORDS[asked.level]) out.push(`the level is ${LEVEL_WORDS[c.level]} (${LEVEL_WORDS[asked.level]} is not offered)`);
  if (c.genre === "nonogram" && asked.colours !== c.colours) {
    out.push(`the puzzle is ${colourNames(c.colours)} (${colourNames(asked.colours)} ${asked.colours === 1 ? "is" : "are"} not offered)`);
  }
  return out.length ? `With that choice ${out.join("; ")}.` : "";
}

/** A stored choice made safe: anything unknown, or that the control does not offer (with
 * the ready-made kinds `kinds`), falls back to the default or the nearest offered. */
export function cleanChoice(c, nikoliGenres = [], kinds = []) {
  const o = c && typeof c === "object" ? c : {};
  const genre = o.genre === "nonogram" || nikoliGenres.includes(o.genre) ? o.genre : DEFAULT_CHOICE.genre;
  const asked = LEVELS.includes(o.level) ? o.level : DEFAULT_CHOICE.level;
  const sizes = sizesOf(genre, asked, kinds);
  const size = sizes.includes(o.size) ? o.size : sizes.includes(DEFAULT_CHOICE.size) ? DEFAULT_CHOICE.size : sizes[0];
  // a level not offered at that size: the nearest that is (the easier of two as near)
  const levels = levelsOf(genre, size);
  const gap = (l) => Math.abs(LEVELS.indexOf(l) - LEVELS.indexOf(asked));
  const level = levels.includes(asked) ? asked : levels.reduce((a, b) => (gap(b) < gap(a) ? b : a));
  const colours = coloursOf(genre, level, size, kinds);
  return {
    genre,
    size,
    colours: colours.includes(o.colours) ? o.colours : colours.includes(DEFAULT_CHOICE.colours) ? DEFAULT_CHOICE.colours : colours[0],
    level,
  };
}

export const choiceRecipe = ({ size, colours, level }, seed) => `nonogram:${size}x${size}:${colours}:${level}:${seed}`;

/** The words of the generator's progress (its {attempt, attempts, lanes}): which picture it is
 * trying, never a time. Expert tries one picture per lane at once: the first of each is not a
 * failed one. */
export function progressWords(what, p) {
  const picture = p ? p.attempt - Math.max(1, Number(p.lanes) || 1) + 1 : 0;
  return picture > 1 ? `${what}… (picture ${picture} of up to ${p.attempts}: the last one needed guessing or was not the right level)` : `${what}…`;
}

/** `tries` seeds in a row for a new puzzle, from a random one, all past `floor` (the last
 * ready-made seed of the kind: a new puzzle is never one of those) and of up to 9 digits. */
export function newSeeds(tries, floor = 0, random = Math.random) {
  const first = floor + 1 + Math.floor(random() * (999_999_999 - floor - tries + 1));
  return Array.from({ length: tries }, (_, k) => first + k);
}
