// Saved games (web/js/shell/storage.js) in Node, over an in-memory localStorage that can
// be made full like a browser's.
import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";

class MemoryStorage {
  constructor() { this.map = new Map(); this.quota = Infinity; }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  removeItem(k) { this.map.delete(k); }
  setItem(k, v) {
    const used = [...this.map].reduce((n, [a, b]) => n + (a === k ? 0 : a.length + b.length), 0);
    if (used + k.length + String(v).length > this.quota) throw new Error("QuotaExceededError");
    this.map.set(k, String(v));
  }
}

globalThis.window = { localStorage: new MemoryStorage() };
const store = await import("../../web/js/shell/storage.js");
let clock = 0;

beforeEach(() => {
  window.localStorage = new MemoryStorage();
  clock = 1000;
  Date.now = () => ++clock;
});

test("a saved game loads back, and is remembered as the last one", () => {
  assert.equal(store.saveGame("builtin:a", { cells: "0120", elapsed: 5 }), "saved");
  const rec = store.loadGame("builtin:a");
  assert.equal(rec.cells, "0120");
  assert.equal(rec.elapsed, 5);
  assert.equal(store.lastKey(), "builtin:a");
  assert.equal(store.loadGame("builtin:missing"), null);
});

test("saved games are listed newest first; other keys and corrupt records are skipped", () => {
  store.saveGame("a", { title: "A" });
  store.saveGame("b", { title: "B", solved: true });
  window.localStorage.setItem("unrelated", "x");
  assert.deepEqual(store.savedGames().map((g) => [g.key, g.title, g.solved]), [["b", "B", true], ["a", "A", false]]);
});

test("a full storage removes no other game: the save fails until the player makes room", () => {
  for (let i = 0; i < 20; i++) store.saveGame(`g${i}`, { cells: "0".repeat(100) });
  const before = new Map(window.localStorage.map);
  window.localStorage.quota = [...before].reduce((n, [a, b]) => n + a.length + b.length, 0);
  assert.equal(store.saveGame("n0", { cells: "0".repeat(100) }), "failed");
  assert.deepEqual(new Map(window.localStorage.map), before, "every saved game kept, untouched");
  const g0 = store.savedGames().find((g) => g.key === "g0");
  assert.equal(g0.size, before.get(store.PREFIX + "g0").length);
  store.removeGame("g0"); // the player's choice
  assert.equal(store.saveGame("n0", { cells: "0".repeat(100) }), "saved");
  assert.equal(store.loadGame("g0"), null);
  assert.ok(store.loadGame("g19") && store.loadGame("n0"));
});

test("a full storage trims this game's own history before failing", () => {
  store.saveGame("a", { cells: "0".repeat(100) });
  window.localStorage.quota = 1200;
  const undo = Array.from({ length: 300 }, (_, i) => ({ c: [i, 0, 1], l: "fill" }));
  assert.equal(store.saveGame("b", { cells: "0".repeat(100), undo }), "trimmed");
  assert.deepEqual(store.loadGame("b").undo, []);
  assert.ok(store.loadGame("a"));
});

test("no storage at all: saving says so, loading finds nothing", () => {
  window.localStorage = null;
  assert.equal(store.saveGame("a", {}), "failed");
  assert.equal(store.loadGame("a"), null);
  assert.deepEqual(store.savedGames(), []);
});
