// The library's cards as data (web/js/library/items.js) with the nonogram and Nikoli
// sources (web/js/genres/*/library.js) over an in-memory localStorage: one library for
// every genre, a card for a puzzle opened from a link whatever its genre, filters, Continue.
import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";

class MemoryStorage {
  constructor() { this.map = new Map(); }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  removeItem(k) { this.map.delete(k); }
  setItem(k, v) { this.map.set(k, String(v)); }
}

globalThis.window = { localStorage: new MemoryStorage() };
const store = await import("../../web/js/shell/storage.js");
const items = await import("../../web/js/library/items.js");
const { nonogramSource } = await import("../../web/js/genres/nonogram/library.js");
const { nikoliSource } = await import("../../web/js/genres/nikoli/library.js");
const { nikoliKey } = await import("../../web/js/genres/nikoli/game.js");

const CATALOGUE = [
  { id: "heart", title: "Welcome heart", width: 10, height: 10, difficulty: 1.5, class: "line", stars: 1 },
  { id: "tulip", title: "Tulip", width: 25, height: 20, colors: 3, difficulty: 4.2, class: "probe", stars: 3 },
];
const NURI = "https://puzz.link/p?nurikabe/7/7/1j1k1k7g1t2i3i1g1j";
const INDEX = [{ file: "nurikabe-7x7-1.txt", family: "nurikabe", width: 7, height: 7, seed: 1, url: NURI,
  difficulty: "easy", stars: 1, board: { clues: [[1, 0, 1]], rooms: null } }];
const opened = [];
const sources = () => [
  nonogramSource({ catalogue: () => CATALOGUE, openBuiltin: (e) => opened.push(e.id), openSaved: (p, k) => opened.push(k) }),
  // one source a registered Nikoli family (genres/nikoli/genre.js), over the shared index
  ...["nurikabe", "masyu"].map((family) =>
    nikoliSource({ family, index: () => INDEX, openBuiltin: (e) => opened.push(e.file), openSaved: (p, k) => opened.push(k) })),
];
const all = () => items.collectItems(sources(), store.savedGames(), store.loadGame);
let clock = 0;

beforeEach(() => {
  window.localStorage = new MemoryStorage();
  opened.length = 0;
  clock = 1000;
  Date.now = () => ++clock;
});

test("the built-in puzzles of every genre are cards, new until played", () => {
  const it = all();
  assert.deepEqual(it.map((x) => [x.genre, x.title, x.status]), [
    ["nonogram", "Welcome heart", "new"], ["nonogram", "Tulip", "new"], ["nurikabe", "Nurikabe 7×7 #1", "new"]]);
  assert.deepEqual(it.map((x) => x.builtinId), ["heart", "tulip", "nurikabe-7x7-1"]);
  assert.equal(items.metaText(it[1]), "25×20 · 3 colours · needs what-ifs");
  assert.equal(items.metaText(it[2]), "7×7 · Nurikabe");
  assert.deepEqual(it.map((x) => items.starsText(x.stars)), ["★☆☆☆☆", "★★★☆☆", "★☆☆☆☆"]);
  it[2].open();
  assert.deepEqual(opened, ["nurikabe-7x7-1.txt"]);
});

test("a Nikoli puzzle opened from a link gets a card, and Continue", () => {
  const url = "https://puzz.link/p?nurikabe/5/5/g1h2m3h";
  const key = nikoliKey(url);
  const puzzle = { format: "nikoli", family: "nurikabe", width: 5, height: 5, url, clues: [[1, 0, 1]], rooms: null, title: "From a link" };
  store.saveGame(key, { played: true, puzzle, title: "From a link", cells: "21222" + "0".repeat(20), undo: [], redo: [] });
  const it = all();
  const card = it.find((x) => x.key === key);
  assert.ok(card, "no card for the saved Nikoli game");
  assert.equal(card.status, "progress");
  assert.equal(card.genre, "nurikabe");
  assert.equal(card.builtinId, null);
  // the numbered cell came unshaded with the puzzle: 4 of the 24 other cells are marked
  assert.equal(items.statusText(card, String), "In progress · 17% marked");
  assert.equal(items.continueItem(it, store.lastKey()), card);
  card.open();
  assert.deepEqual(opened, [key]);
});

test("a played built-in keeps one card (its saved game does not add another)", () => {
  store.saveGame(nikoliKey(NURI), { played: true, solved: true, elapsed: 61, puzzle: { format: "nikoli", family: "nurikabe", width: 7, height: 7, url: NURI }, cells: "1".repeat(49) });
  store.saveGame("builtin:heart", { played: true, puzzle: { rows: [], columns: [], colors: [] }, cells: "0".repeat(100) });
  const it = all();
  assert.equal(it.length, 3);
  assert.equal(it.find((x) => x.genre === "nurikabe").status, "solved");
  assert.equal(items.continueItem(it, store.lastKey()).builtinId, "heart"); // the last one played
  store.saveGame(nikoliKey(NURI), { played: true, solved: true, puzzle: { format: "nikoli" }, cells: "1".repeat(49) });
  assert.equal(items.continueItem(all(), store.lastKey()), null); // a solved puzzle is not continued
});

test("a record no genre reads gets no card", () => {
  store.saveGame("odd", { played: true, puzzle: { format: "elsewhere" }, cells: "0" });
  store.saveGame("broken", { played: true, puzzle: { format: "nikoli", family: "nurikabe", width: "7" }, cells: "0" });
  assert.equal(all().length, 3);
});

test("filters and sorts work across genres", () => {
  const it = all();
  const keys = (xs) => xs.map((x) => x.builtinId);
  assert.deepEqual(keys(items.filterItems(it, { genre: "nurikabe" })), ["nurikabe-7x7-1"]);
  assert.deepEqual(keys(items.filterItems(it, { genre: "nonogram", size: "small" })), ["heart"]);
  assert.deepEqual(keys(items.filterItems(it, { colour: "colour" })), ["tulip"]);
  assert.deepEqual(keys(items.filterItems(it, { colour: "bw", status: "new" })), ["heart", "nurikabe-7x7-1"]);
  assert.deepEqual(keys(items.sortItems(it, "size")), ["nurikabe-7x7-1", "heart", "tulip"]);
  assert.deepEqual(keys(items.sortItems(it, "title")), ["nurikabe-7x7-1", "tulip", "heart"]);
  // numbers in titles sort as numbers
  const titled = ["Bag 20×20 #2", "Bag 7×7 #10", "Bag 7×7 #9", "bag 7×7 #1"].map((title) => ({ title, width: 7, height: 7 }));
  assert.deepEqual(items.sortItems(titled, "title").map((x) => x.title), ["bag 7×7 #1", "Bag 7×7 #9", "Bag 7×7 #10", "Bag 20×20 #2"]);
});

test("difficulty sorts by stars first: a big easy-logic puzzle is not the easiest", () => {
  const cat = [
    { id: "huge", title: "Huge", width: 60, height: 60, difficulty: 1.04, class: "line", stars: 5 },
    { id: "small", title: "Small", width: 10, height: 10, difficulty: 2.1, class: "probe", stars: 2 },
    { id: "tiny", title: "Tiny", width: 5, height: 5, difficulty: 1.2, class: "line", stars: 1 },
    { id: "unrated", title: "Unrated", width: 5, height: 5, difficulty: null, class: null },
  ];
  const src = nonogramSource({ catalogue: () => cat, openBuiltin: () => {}, openSaved: () => {} });
  const it = items.collectItems([src], [], store.loadGame);
  assert.deepEqual(items.sortItems(it, "difficulty").map((x) => x.builtinId), ["tiny", "small", "huge", "unrated"]);
  assert.equal(items.starsText(null), "not rated");
});

test("equal stars sort by the walk's minutes, the same for every genre (not a genre's own label)", () => {
  const cat = [
    { id: "slow", title: "Slow", width: 15, height: 15, difficulty: 1.01, class: "line", stars: 2, minutes: 14.2 },
    { id: "quick", title: "Quick", width: 15, height: 15, difficulty: 3.5, class: "probe", stars: 2, minutes: 6.1 },
  ];
  const index = [{ file: "nurikabe-10x10-1.txt", family: "nurikabe", width: 10, height: 10, seed: 1, url: NURI,
    difficulty: "expert", stars: 2, minutes: 9.5, board: { clues: [[1, 0, 1]], rooms: null } }];
  const it = items.collectItems([nonogramSource({ catalogue: () => cat, openBuiltin() {}, openSaved() {} }),
    nikoliSource({ family: "nurikabe", index: () => index, openBuiltin() {}, openSaved() {} })], [], store.loadGame);
  assert.deepEqual(items.sortItems(it, "difficulty").map((x) => x.builtinId), ["quick", "nurikabe-10x10-1", "slow"]);
});

test("the stars filter shows one tier", () => {
  const it = all();
  assert.deepEqual(items.filterItems(it, { stars: "3" }).map((x) => x.builtinId), ["tulip"]);
  assert.deepEqual(items.filterItems(it, { stars: "1" }).map((x) => x.builtinId), ["heart", "nurikabe-7x7-1"]);
  assert.equal(items.filterItems(it, { stars: "all" }).length, 3);
});
