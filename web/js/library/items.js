// The library's cards as data, for every genre alike (no DOM here: tests/js runs it in Node).
// A genre gives the library a source: {genres: [{id, name}], builtins() -> items,
// saved(key, rec) -> item or null}. An item: {key, genre, genreName, rec, status, title,
// width, height, colors, stars (1-5, pysolver/stars.py, or null: not rated), minutes (the same
// hint walk's modelled minutes, which sort equal stars, the same for every genre; or null), cls,
// author, note, builtinId (a built-in's id, or null), givens (cells given marked), draw(canvas), open()}.

import { SHORT } from "../shell/stars.js";

const CLASS_ORDER = { line: 1, probe: 2, search: 3, multiple: 4 };
export const SIZES = { small: [0, 10], medium: [11, 20], large: [21, 30], huge: [31, Infinity] };

/** A saved game's status: "new" (none, or opened without a move), "progress", "solved" (by the
 * player) or "shown" (the solver's solution filled it: never a win, play/game.js). */
export function statusOf(rec) {
  return !rec ? "new" : rec.solved ? (rec.solver ? "shown" : "solved") : rec.played ? "progress" : "new";
}

/** The share of the cells the player marks that are marked (0 unknown), as a whole
 * percentage; `givens` cells came marked with the puzzle and count on neither side. */
export function markedPercent(rec, givens = 0) {
  const cells = rec && typeof rec.cells === "string" ? rec.cells : "";
  const open = cells.length - givens;
  if (open <= 0) return 0;
  const marked = [...cells].filter((c) => c !== "0").length - givens;
  return Math.round((100 * Math.max(0, marked)) / open);
}

export function statusText(item, formatTime) {
  if (item.status === "solved") {
    const n = item.rec.hints || 0;
    return `Solved in ${formatTime(item.rec.elapsed || 0)}${n ? ` · ${n} hint${n === 1 ? "" : "s"}` : ""}`;
  }
  if (item.status === "shown") return "Solved by the solver";
  if (item.status === "progress") return `In progress · ${markedPercent(item.rec, item.givens || 0)}% marked`;
  return "New";
}

/** The words under a card's title: size first, then what the genre says about it. */
export function metaText(it) {
  const parts = [`${it.width}×${it.height}`];
  if (it.genre !== "nonogram") parts.push(it.genreName);
  else parts.push(it.colors > 1 ? `${it.colors} colours` : "black and white");
  if (it.cls) parts.push(SHORT[it.cls] || it.cls);
  return parts.join(" · ");
}

export { starsText } from "../shell/stars.js"; // stars as the card shows them (Create's Check too)

// titles in a person's order: "Bag 7×7" before "Bag 20×20", "#9" before "#10"
const byTitle = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

export const SORTS = {
  title: (a, b) => byTitle.compare(a.title, b.title),
  size: (a, b) => a.width * a.height - b.width * b.height || byTitle.compare(a.title, b.title),
  // stars first (they grow with the size as well as the reasoning), unrated last; equal stars by
  // the walk's minutes (the same model for every genre, not a genre's own label)
  difficulty: (a, b) => (a.stars ?? Infinity) - (b.stars ?? Infinity) || (a.minutes ?? Infinity) - (b.minutes ?? Infinity) ||
    (CLASS_ORDER[a.cls] || 9) - (CLASS_ORDER[b.cls] || 9) || a.width * a.height - b.width * b.height,
  recent: (a, b) => ((b.rec && b.rec.saved) || 0) - ((a.rec && a.rec.saved) || 0) || byTitle.compare(a.title, b.title),
};

/** Every card: each source's built-in puzzles, then saved games of other puzzles (opened from
 * a file, a paste or a link), each given to the first source that reads its record. */
export function collectItems(sources, saved, load) {
  const out = [];
  const seen = new Set();
  for (const s of sources) for (const it of s.builtins()) if (!seen.has(it.key)) { seen.add(it.key); out.push(it); }
  for (const { key } of saved) {
    if (seen.has(key)) continue;
    const rec = load(key);
    if (!rec || !rec.puzzle) continue;
    for (const s of sources) {
      let it = null;
      try { it = s.saved(key, rec); } catch { /* a damaged record gets no card */ }
      if (it) { seen.add(key); out.push(it); break; }
    }
  }
  return out;
}

/** filters: {status, colour, size, genre, stars} as the selects' values ("all" lets everything through;
 * stars "1".."5": that tier only). */
export function filterItems(items, { status = "all", colour = "all", size = "all", genre = "all", stars = "all" } = {}) {
  const [lo, hi] = SIZES[size] || [0, Infinity];
  return items.filter((it) => (status === "all" || it.status === status) &&
    (colour === "all" || (colour === "colour") === it.colors > 1) &&
    (genre === "all" || it.genre === genre) && (stars === "all" || it.stars === Number(stars)) &&
    Math.max(it.width, it.height) >= lo && Math.max(it.width, it.height) <= hi);
}

export function sortItems(items, sort) { return [...items].sort(SORTS[sort] || SORTS.title); }

/** The card to continue: the last puzzle played, while it is in progress. */
export function continueItem(items, lastKey) {
  const it = items.find((x) => x.key === lastKey);
  return it && it.status === "progress" ? it : null;
}

/** The puzzle to play after `key`: the next one not yet solved, easiest first, of the same genre
 * (after the current one in that order, wrapping round), else of any genre; null when every
 * puzzle is solved. */
export function nextItem(items, key) {
  const open = (it) => it.key !== key && it.status !== "solved" && it.status !== "shown";
  const current = items.find((it) => it.key === key);
  const ordered = sortItems(items, "difficulty");
  const at = ordered.findIndex((it) => it.key === key);
  const after = at < 0 ? ordered : [...ordered.slice(at + 1), ...ordered.slice(0, at)];
  return after.find((it) => open(it) && (!current || it.genre === current.genre)) || after.find(open) || null;
}
