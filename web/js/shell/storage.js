// Autosave in localStorage: one record per puzzle (cells, undo/redo history,
// timer) plus the key of the last puzzle played. Records carry a version; an
// older record is migrated step by step on reading, never dropped.
// A record is stored only as large as it needs to be (issue 29: a 17-character link
// opened a 4-million-cell game): the cells in runs (packCells), and a puzzle that can be
// read again from its link (dict.link: a Nikoli URL, a nonogram's "#p=" share link) as
// that link and its small fields (linkForm); the genre reads the link again when the
// game is continued.

export const FORMAT = "pysolver-progress";
export const VERSION = 3;
// the key names the store, not the record's format (each record says its version)
export const PREFIX = "pysolver:progress:v1:";
const LAST = "pysolver:last";

/** MIGRATIONS[v - 1] turns a version-v record into a version v + 1 one. */
const MIGRATIONS = [
  // v1 -> v2: `rev` counts saves (two tabs on one puzzle tell which copy is newer);
  // `played` says the player made a move (an opened puzzle was saved at once in v1)
  (rec) => ({ ...rec, version: 2, rev: 0,
    played: (Array.isArray(rec.undo) && rec.undo.length > 0) || (Array.isArray(rec.redo) && rec.redo.length > 0) }),
  // v2 -> v3: the cells are stored packed (packCells); a v2 record's are plain, as a record
  // in memory holds them
  (rec) => ({ ...rec, version: 3 }),
];

/** A stored record brought to VERSION, or null when it is not a saved game this build can read. */
export function migrate(rec) {
  if (!rec || rec.format !== FORMAT || !Number.isInteger(rec.version) || rec.version < 1 || rec.version > VERSION) return null;
  if (rec.version === 3) return { ...rec, cells: unpackCells(rec.cells) };
  while (rec.version < VERSION) rec = MIGRATIONS[rec.version - 1](rec);
  return rec;
}

// Cell values are characters from "0" up ("0" + value): a run of 4 or more of one is
// stored as "<char>*<count>*" ("*" is below "0", so it never is a cell).
const PACKED = /(.)\*(\d{1,7})\*/g;
const MAX_CELLS = 4_000_000; // pysolver.limits.MAX_CELLS: a larger count is a damaged record

/** A game's cells ("0120…") as stored: runs of one value counted. */
export function packCells(cells) {
  if (typeof cells !== "string") return cells;
  // runs found by a loop: a regular expression's back-reference over a run of millions (an
  // empty 2000×2000 grid) overflowed the regex engine's stack, and the puzzle did not open
  const out = [];
  for (let i = 0, j; i < cells.length; i = j) {
    for (j = i + 1; j < cells.length && cells[j] === cells[i];) j++;
    out.push(j - i >= 4 ? `${cells[i]}*${j - i}*` : cells.slice(i, j));
  }
  return out.join("");
}

/** The cells packCells stored, as the game reads them (a damaged count gives "", which no game takes). */
export function unpackCells(text) {
  if (typeof text !== "string" || !text.includes("*")) return text;
  let total = 0;
  const out = text.replace(PACKED, (_, ch, n) => { total += Number(n); return total > MAX_CELLS ? "" : ch.repeat(Number(n)); });
  return total > MAX_CELLS || out.includes("*") ? "" : out;
}

// characters: a longer field of a linked puzzle is what its link holds; the palette (a
// nonogram card paints with it) is kept up to about 40 colours
const SMALL = 200, PALETTE = 2000;

/** The puzzle as a game's record stores it: the whole dict, or for a puzzle read from a link
 * (dict.link) the link, `partial: true`, its width and height, and its other fields that are
 * small (title, family, stars, the colours, a few clues for the card's picture); the long
 * ones (clue lists, rooms, a goal, the engine's URL) are read again from the link. */
export function linkForm(dict, width, height) {
  if (!dict || typeof dict.link !== "string") return dict;
  const out = { link: dict.link, partial: true, width, height };
  for (const [k, v] of Object.entries(dict)) {
    if (k in out || v === undefined) continue;
    if (JSON.stringify(v).length <= (k === "colors" ? PALETTE : SMALL)) out[k] = v;
  }
  return out;
}

/** localStorage, or null where the browser refuses it (e.g. blocked storage). */
export function storage() {
  try { return window.localStorage; } catch { return null; }
}

function trySet(ls, key, data) {
  try { ls.setItem(PREFIX + key, data); } catch { return false; }
  try { ls.setItem(LAST, key); } catch { /* the game itself is saved */ }
  return true;
}

/** Save a game's record ({rev, played, puzzle, title, cells, undo, redo, elapsed, solved}).
 * Another saved game is never removed to make room (only the player does that:
 * autosave.js asks): when storage is full, this game's older undo history goes, then
 * all of it. Returns "saved", "trimmed" (saved without some history) or "failed" (also
 * when the browser gives the site no storage: storage() is null then). */
export function saveGame(key, record) {
  const ls = storage();
  if (!ls) return "failed";
  const { rev = 0, ...rest } = record;
  rest.cells = packCells(rest.cells);
  const data = (r) => JSON.stringify({ format: FORMAT, version: VERSION, key, rev, saved: Date.now(), ...r });
  if (trySet(ls, key, data(rest))) return "saved";
  const attempts = [
    () => data({ ...rest, undo: (rest.undo || []).slice(-100), redo: [] }),
    () => data({ ...rest, undo: [], redo: [] }),
  ];
  for (const attempt of attempts) if (trySet(ls, key, attempt())) return "trimmed";
  return "failed";
}

/** Remove a saved game (the player chose to: autosave.js's "make room" list). */
export function removeGame(key) {
  const ls = storage();
  if (ls) ls.removeItem(PREFIX + key);
}

export function loadGame(key) {
  const ls = storage();
  if (!ls) return null;
  try { return migrate(JSON.parse(ls.getItem(PREFIX + key))); } catch { return null; }
}

/** The save counter of the stored record (0 when none), read from the record's start
 * without parsing its history (saveGame writes `rev` among the first fields). */
export function storedRev(key) {
  const ls = storage();
  const text = ls && ls.getItem(PREFIX + key);
  const m = text && /"rev":(\d+)/.exec(text.slice(0, 400));
  return m ? Number(m[1]) : 0;
}

export function lastKey() {
  const ls = storage();
  return ls ? ls.getItem(LAST) : null;
}

/** Saved games, most recent first: {key, saved, solved, title, size} (size: characters stored). */
export function savedGames() {
  const ls = storage();
  if (!ls) return [];
  const out = [];
  for (let i = 0; i < ls.length; i++) {
    const k = ls.key(i);
    if (!k || !k.startsWith(PREFIX)) continue;
    try {
      const text = ls.getItem(k);
      const rec = JSON.parse(text);
      out.push({ key: k.slice(PREFIX.length), saved: rec.saved || 0, solved: !!rec.solved, title: rec.title || "", size: text.length });
    } catch { /* skip corrupt entries */ }
  }
  return out.sort((a, b) => b.saved - a.saved);
}
