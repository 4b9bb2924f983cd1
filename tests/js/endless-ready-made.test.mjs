// The ready-made expert puzzles' pure part (web/js/endless/ready-made.js): the kinds an index
// offers, a kind file's entries, the pick among those not opened, the words, and the
// reader (against a fake load: read once, tried again after a failure).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as p from "../../web/js/endless/ready-made.js";

const kind = (size, colours, extra = {}) => ({ size, colours, level: "expert", count: 2, file: `nonogram-${size}x${size}-${colours}-expert.json`, ...extra });

test("an index's kinds: what the page can offer, anything else left out", () => {
  const index = { about: "x", kinds: [kind(25, 1), kind(10, 3), kind(10, 3, { file: "other.json" }), kind(15, 5), kind(4, 2),
    kind(15, 2, { level: "hard" }), kind(15, 2, { count: 0 }), kind(15, 2, { file: "../../secret.json" }), null, "x"] };
  assert.deepEqual(p.poolKinds(index), [
    { size: 25, colours: 1, count: 2, file: "nonogram-25x25-1-expert.json" },
    { size: 10, colours: 3, count: 2, file: "nonogram-10x10-3-expert.json" }]); // the first of a size and colours
  assert.deepEqual(p.poolKinds(null), []);
  assert.deepEqual(p.poolKinds({ kinds: "no" }), []);
  const kinds = p.poolKinds(index);
  assert.equal(p.kindOf(kinds, { genre: "nonogram", size: 10, colours: 3, level: "expert" }).size, 10);
  assert.equal(p.kindOf(kinds, { genre: "nonogram", size: 10, colours: 3, level: "hard" }), null);
  assert.equal(p.kindOf(kinds, { genre: "masyu", size: 10, colours: 3, level: "expert" }), null);
  assert.equal(p.kindOf(kinds, { genre: "nonogram", size: 10, colours: 2, level: "expert" }), null);
});

test("a recipe's parts", () => {
  assert.deepEqual(p.recipeParts("nonogram:25x25:1:expert:17"), { size: 25, colours: 1, level: "expert", seed: 17 });
  assert.equal(p.recipeParts("nonogram:20x25:1:expert:17"), null);
  assert.equal(p.recipeParts("nonogram:25x25:1:expert:17x"), null);
  assert.equal(p.recipeParts(42), null);
});

const entry = (seed, { size = 10, colours = 3, ...puzzle } = {}) => ({
  recipe: `nonogram:${size}x${size}:${colours}:expert:${seed}`, stars: 5, level: "expert",
  puzzle: { title: `Expert ${size}×${size} #${seed}`, width: size, height: size, rows: Array(size).fill([]), columns: Array(size).fill([]),
    colors: Array(colours + 1).fill({}), ...puzzle },
});

test("a kind file's entries: those of its kind; none at all is an error", () => {
  const k = kind(10, 3);
  const good = [entry(1), entry(4)];
  assert.deepEqual(p.poolEntries(k, { generator: "g", made: good }), good);
  const mixed = [entry(1), entry(2, { colours: 2 }), entry(3, { width: 9 }), entry(5, { rows: [] }), { recipe: "nonogram:10x10:3:expert:6" }, null, entry(7)];
  assert.deepEqual(p.poolEntries(k, { made: mixed }).map((e) => e.recipe), ["nonogram:10x10:3:expert:1", "nonogram:10x10:3:expert:7"]);
  assert.throws(() => p.poolEntries(k, { made: [] }), /holds no puzzle of its kind/);
  assert.throws(() => p.poolEntries(k, "<html>"), /holds no puzzle/);
  assert.equal(p.lastSeed(good), 4);
});

test("the pick is among the entries not opened, at random; none left: null", () => {
  const all = [entry(1), entry(2), entry(3)];
  const opened = new Set(["nonogram:10x10:3:expert:2"]);
  const left = p.unopened(all, (r) => opened.has(r));
  assert.deepEqual(left.map((e) => e.recipe), ["nonogram:10x10:3:expert:1", "nonogram:10x10:3:expert:3"]);
  assert.equal(p.pickOne(left, () => 0), left[0]);
  assert.equal(p.pickOne(left, () => 0.99999999), left[1]);
  assert.equal(p.pickOne(left, () => 1), left[1]); // never past the end
  assert.equal(p.pickOne(p.unopened(all, () => true)), null);
});

test("the words: how many are left, and the one honest warning before a long wait", () => {
  assert.equal(p.leftWords(12, 30), "12 of 30 ready-made puzzles left");
  assert.equal(p.leftWords(1, 1), "1 of 1 ready-made puzzle left");
  assert.match(p.leftWords(0, 30), /^You have played all 30 ready-made puzzles of this kind: a new one is made on this device, which can take a few minutes$/);
  assert.equal(p.allPlayedWords(30), "You have played all 30 ready-made expert puzzles of this kind: making a new one, which can take a few minutes on this device");
  assert.equal(p.slowWords("Making the puzzle of the link you opened"), "Making the puzzle of the link you opened, which can take a few minutes on this device");
  for (const w of [p.leftWords(3, 30), p.leftWords(0, 30), p.allPlayedWords(30)]) assert.doesNotMatch(w, /seed|pool|engine|recipe|\d+ ?s\b|second/i);
});

test("the reader: the index read once, a failed read tried again (one warning), a kind's file read once", async () => {
  const reads = [];
  const warnings = [];
  let online = false;
  const files = { "index.json": { kinds: [kind(10, 3)] }, "nonogram-10x10-3-expert.json": { made: [entry(1), entry(2)] } };
  const pool = new p.Pool(async (file) => { reads.push(file); if (!online) throw new Error("offline"); return files[file]; }, { warn: (...a) => warnings.push(a.join(" ")) });
  assert.deepEqual(await pool.index(), []); // offline: nothing ready-made offered, no error
  assert.deepEqual(await pool.index(), []);
  assert.equal(warnings.length, 1);
  online = true;
  const kinds = await pool.index();
  assert.equal(kinds.length, 1);
  assert.equal(pool.kinds, kinds);
  await pool.index();
  assert.equal(reads.filter((f) => f === "index.json").length, 3);
  assert.equal((await pool.find("nonogram:10x10:3:expert:2")).recipe, "nonogram:10x10:3:expert:2");
  assert.equal(await pool.find("nonogram:10x10:3:expert:99"), null); // not in the pool: made here
  assert.equal(await pool.find("nonogram:10x10:1:expert:2"), null);
  assert.equal(await pool.find("nonogram:10x10:3:hard:2"), null);
  assert.equal(reads.filter((f) => f !== "index.json").length, 1);
});

test("a damaged kind file: find says none (made here instead), and it is read again next time", async () => {
  let made = "<html>not json</html>";
  const warnings = [];
  const pool = new p.Pool(async (file) => (file === "index.json" ? { kinds: [kind(10, 3)] } : { made }), { warn: (...a) => warnings.push(a.join(" ")) });
  await pool.index();
  assert.equal(await pool.find("nonogram:10x10:3:expert:1"), null);
  await assert.rejects(pool.entries(pool.kinds[0]), /holds no puzzle/);
  assert.match(warnings[0], /could not be read/);
  made = [entry(1)];
  assert.equal((await pool.find("nonogram:10x10:3:expert:1")).recipe, "nonogram:10x10:3:expert:1");
});

test("what the player opened: remembered, a saved game counts, the rest is left", async () => {
  let stored = ["nonogram:10x10:3:expert:1", 42, null]; // a damaged list: its strings kept
  const saved = new Set(["nonogram:10x10:3:expert:3"]);
  const files = { "nonogram-10x10-3-expert.json": { made: [entry(1), entry(2), entry(3), entry(4)] } };
  const pool = new p.Pool(async (file) => files[file], {
    opened: { read: () => stored, write: (recipes) => { stored = recipes; } }, saved: (r) => saved.has(r) });
  const k = kind(10, 3);
  const left = async () => (await pool.left(k)).left.map((e) => e.recipe);
  assert.deepEqual(await left(), ["nonogram:10x10:3:expert:2", "nonogram:10x10:3:expert:4"]);
  pool.markOpened("nonogram:10x10:3:expert:4");
  pool.markOpened("nonogram:10x10:3:expert:4");
  assert.deepEqual(stored, ["nonogram:10x10:3:expert:1", "nonogram:10x10:3:expert:4"]);
  assert.deepEqual(await left(), ["nonogram:10x10:3:expert:2"]);
  stored = "garbage";
  assert.equal((await pool.left(k)).left.length, 3);
  assert.equal((await pool.left(k)).entries.length, 4);
});
