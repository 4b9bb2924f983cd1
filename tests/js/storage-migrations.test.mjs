// Saved games: older records migrate, nothing readable is dropped, full storage trims
// history before giving up (web/js/shell/storage.js, with an in-memory localStorage).
import { test } from "node:test";
import assert from "node:assert/strict";

class MemoryStorage {
  constructor(quota = Infinity) { this.map = new Map(); this.quota = quota; }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) {
    let used = 0;
    for (const [key, val] of this.map) if (key !== k) used += key.length + val.length;
    if (used + k.length + String(v).length > this.quota) throw new Error("QuotaExceededError");
    this.map.set(k, String(v));
  }
  removeItem(k) { this.map.delete(k); }
}
globalThis.window = { localStorage: new MemoryStorage() };
const { migrate, saveGame, loadGame, storedRev, storage, VERSION, PREFIX } = await import("../../web/js/shell/storage.js");

const v1 = (extra = {}) => ({ format: "pysolver-progress", version: 1, key: "k", saved: 5, puzzle: {}, title: "t",
  cells: "0120", undo: [], redo: [], elapsed: 9, solved: false, ...extra });

test("a version 1 record is migrated to the current version, keeping its cells and history", () => {
  const rec = migrate(v1({ undo: [{ c: [1, 0, 1], l: "" }] }));
  assert.equal(rec.version, VERSION);
  assert.equal(rec.cells, "0120");
  assert.equal(rec.undo.length, 1);
  assert.equal(rec.rev, 0);
  assert.equal(rec.played, true);
  assert.equal(migrate(v1()).played, false); // opened, never played
});

test("records of another format or an unknown version are not read", () => {
  assert.equal(migrate({ ...v1(), format: "other" }), null);
  assert.equal(migrate({ ...v1(), version: VERSION + 1 }), null);
  assert.equal(migrate({ ...v1(), version: 0 }), null);
  assert.equal(migrate(null), null);
});

test("loadGame reads a planted version 1 record; storedRev reads the saved counter", () => {
  window.localStorage = new MemoryStorage();
  window.localStorage.setItem(PREFIX + "k", JSON.stringify(v1()));
  assert.equal(loadGame("k").cells, "0120");
  assert.equal(storedRev("k"), 0);
  assert.equal(saveGame("k", { rev: 7, played: true, cells: "0000", undo: [], redo: [] }), "saved");
  assert.equal(storedRev("k"), 7);
  assert.equal(loadGame("k").version, VERSION);
});

test("full storage: this game's older history is dropped before a save fails", () => {
  window.localStorage = new MemoryStorage(4000);
  const undo = Array.from({ length: 200 }, (_, i) => ({ c: [i, 0, 2], l: "" }));
  assert.equal(saveGame("a", { rev: 1, cells: "0", undo: [], redo: [] }), "saved");
  assert.equal(saveGame("b", { rev: 1, cells: "0", undo, redo: [] }), "trimmed");
  assert.ok(loadGame("b").undo.length <= 100);
  window.localStorage.quota = 10;
  assert.equal(saveGame("c", { rev: 1, cells: "0", undo: [], redo: [] }), "failed");
});

test("storage the browser refuses: no storage(), saving fails, reading finds nothing", () => {
  const saved = window.localStorage;
  Object.defineProperty(window, "localStorage", { configurable: true, get() { throw new Error("SecurityError"); } });
  try {
    assert.equal(storage(), null);
    assert.equal(saveGame("k", { rev: 1, cells: "0", undo: [], redo: [] }), "failed");
    assert.equal(loadGame("k"), null);
    assert.equal(storedRev("k"), 0);
  } finally {
    Object.defineProperty(window, "localStorage", { configurable: true, writable: true, value: saved });
  }
});

test("cells are stored in runs and read back as they were; a damaged count reads as no cells", async () => {
  const { packCells, unpackCells } = await import("../../web/js/shell/storage.js");
  const cells = "0".repeat(9998) + "21" + "1111" + "012";
  assert.equal(packCells(cells), "0*9998*21*5*012");
  assert.equal(unpackCells(packCells(cells)), cells);
  assert.equal(unpackCells("0120"), "0120");
  assert.equal(unpackCells("0*9999999*0*9999999*"), "");
  // the largest grid (2000×2000), empty: one run of 4 million (a regular expression's
  // back-reference overflowed its stack on it, and the puzzle could not open)
  const empty = "0".repeat(4_000_000);
  assert.equal(packCells(empty), "0*4000000*");
  assert.equal(unpackCells("0*4000000*"), empty);
  window.localStorage = new MemoryStorage();
  saveGame("r", { rev: 1, cells, undo: [], redo: [] });
  assert.ok(window.localStorage.getItem(PREFIX + "r").length < 200);
  assert.equal(loadGame("r").cells, cells);
});

test("a v2 record (plain cells) is read as it was", () => {
  window.localStorage = new MemoryStorage();
  window.localStorage.setItem(PREFIX + "k", JSON.stringify({ ...v1(), version: 2, rev: 3, played: true, cells: "0*4*" }));
  assert.equal(loadGame("k").cells, "0*4*"); // v2 cells are never unpacked (no game takes this one)
  window.localStorage.setItem(PREFIX + "k", JSON.stringify({ ...v1(), version: 2, rev: 3, played: true, cells: "00000" }));
  assert.equal(loadGame("k").cells, "00000");
});

test("a puzzle read from a link is stored as the link and its small fields", async () => {
  const { linkForm } = await import("../../web/js/shell/storage.js");
  const dict = { format: "nikoli", family: "nurikabe", url: "https://puzz.link/p?nurikabe/100/100/" + "z".repeat(500),
    clues: [[0, 0, 5]], rooms: null, link: "https://puzz.link/p?nurikabe/100/100/", title: "T" };
  const out = linkForm(dict, 100, 100);
  assert.deepEqual(out, { link: dict.link, partial: true, width: 100, height: 100, format: "nikoli", family: "nurikabe",
    clues: [[0, 0, 5]], rooms: null, title: "T" });
  const plain = { rows: [[1]], columns: [[1]] };
  assert.equal(linkForm(plain, 1, 1), plain); // no link: stored whole
});
