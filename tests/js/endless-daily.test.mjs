// The endless puzzles' pure part (web/js/endless/daily.js): recipe links, the daily
// puzzle's recipe from the player's local date, the streak, the remembered choice.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as d from "../../web/js/endless/daily.js";

test("a recipe link gives its recipe; other addresses are not taken", () => {
  assert.equal(d.recipeFromHash("#g=nonogram:10x10:1:medium:7"), "nonogram:10x10:1:medium:7");
  assert.equal(d.recipeFromHash("#g=nonogram%3A10x10%3A1%3Amedium%3A7"), "nonogram:10x10:1:medium:7");
  assert.equal(d.recipeFromHash("#/library"), null);
  assert.equal(d.recipeFromHash("#p=abc"), null);
});

test("a link's recipe and its puzzle's mark come apart; a link without a mark has none", () => {
  assert.deepEqual(d.splitMark("nonogram:10x10:1:medium:7~0a1b2c3"), { recipe: "nonogram:10x10:1:medium:7", mark: "0a1b2c3" });
  assert.deepEqual(d.splitMark("nonogram:10x10:1:medium:7"), { recipe: "nonogram:10x10:1:medium:7", mark: null });
  // not a mark: left in the recipe, where the engine says what is wrong with it
  assert.deepEqual(d.splitMark("nonogram:10x10:1:medium:7~<b>"), { recipe: "nonogram:10x10:1:medium:7~<b>", mark: null });
});

test("a damaged or far too long recipe link is refused in plain words", () => {
  assert.throws(() => d.recipeFromHash("#g=%E0%A4%A"), /damaged/);
  assert.throws(() => d.recipeFromHash("#g=" + "9".repeat(10000)), /far too long/);
});

test("the daily recipe depends on the date only, and differs from day to day", () => {
  assert.equal(d.dailyRecipe("2026-11-26"), "nonogram:10x10:1:medium:202611260"); // a Thursday
  assert.equal(d.dailyRecipe("2026-11-26", 3), "nonogram:10x10:1:medium:202611263");
  assert.equal(d.dailyRecipe("2026-11-29"), "nonogram:10x10:2:hard:202611290"); // a Sunday: two colours
  assert.notEqual(d.dailyRecipe("2026-11-27"), d.dailyRecipe("2026-11-26"));
  assert.equal(d.dateKey(new Date(2026, 0, 5, 23, 59)), "2026-01-05"); // the local calendar's day
  assert.equal(d.shiftDay("2026-03-01", -1), "2026-02-28");
  assert.equal(d.shiftDay("2026-12-31", 1), "2027-01-01");
});

test("the streak counts days in a row solved, up to today or yesterday", () => {
  const s = new Set(["2026-11-23", "2026-11-24", "2026-11-25"]);
  assert.equal(d.streak(s, "2026-11-26"), 3); // today not solved yet: the run up to yesterday
  s.add("2026-11-26");
  assert.equal(d.streak(s, "2026-11-26"), 4);
  assert.equal(d.streak(s, "2026-11-28"), 0); // a day missed
  assert.equal(d.streak(new Set(), "2026-11-26"), 0);
});

test("a stored choice is cleaned: anything unknown falls back to the default", () => {
  assert.deepEqual(d.cleanChoice(null), d.DEFAULT_CHOICE);
  assert.deepEqual(d.cleanChoice({ genre: "nonogram", size: 15, colours: 3, level: "hard" }),
    { genre: "nonogram", size: 15, colours: 3, level: "hard" });
  assert.deepEqual(d.cleanChoice({ genre: "evil", size: 1e9, colours: "<b>", level: "tricky" }), d.DEFAULT_CHOICE);
  assert.equal(d.cleanChoice({ genre: "masyu", size: 7 }, ["masyu"]).size, 7);
  assert.equal(d.cleanChoice({ genre: "masyu", size: 25 }, ["masyu"]).size, 10);
  assert.equal(d.cleanChoice({ genre: "masyu", size: 7, level: "hard" }, ["masyu"]).level, "hard"); // Nikoli levels too
  const seeds = d.newSeeds(5, 0, () => 0.999999999999);
  assert.ok(seeds.every((s) => s >= 1 && s <= 999_999_999) && seeds.length === 5);
  assert.equal(d.choiceRecipe({ size: 15, colours: 2, level: "easy" }, 42), "nonogram:15x15:2:easy:42");
});

test("expert is offered in black and white at the sizes it is made quickly, and at the ready-made kinds", () => {
  assert.ok(d.LEVELS.includes("expert"));
  assert.deepEqual(d.sizesOf("nonogram", "expert"), d.EXPERT_SIZES);
  assert.deepEqual(d.sizesOf("nonogram", "hard"), d.NONOGRAM_SIZES);
  assert.deepEqual(d.sizesOf("masyu", "expert"), d.NIKOLI_SIZES);
  assert.deepEqual(d.coloursOf("nonogram", "expert", 15), [1]);
  assert.deepEqual(d.coloursOf("nonogram", "hard", 25), d.COLOURS);
  // a 5x5 expert does not exist (the generator says so): the choice moves to an offered size
  assert.deepEqual(d.cleanChoice({ genre: "nonogram", size: 5, colours: 3, level: "expert" }),
    { genre: "nonogram", size: d.EXPERT_SIZES[0], colours: 1, level: "expert" });
  for (const size of d.EXPERT_SIZES) assert.ok(d.NONOGRAM_SIZES.includes(size));
  assert.ok(d.quickExpert({ size: 15, colours: 1 }) && d.quickExpert({ size: 25, colours: 1 }) && !d.quickExpert({ size: 30, colours: 1 }) && !d.quickExpert({ size: 10, colours: 2 }));
});

test("the ready-made kinds join the expert offer, and a choice they cannot make is cleaned", () => {
  const kinds = [{ size: 25, colours: 1 }, { size: 10, colours: 2 }, { size: 10, colours: 4 }, { size: 15, colours: 3 }, { size: 30, colours: 2 }];
  assert.deepEqual(d.sizesOf("nonogram", "expert", kinds), [10, 15, 20, 25, 30]);
  assert.deepEqual(d.sizesOf("nonogram", "easy", kinds), d.NONOGRAM_SIZES);
  assert.deepEqual(d.coloursOf("nonogram", "expert", 10, kinds), [1, 2, 4]); // black and white made here, colours ready-made
  assert.deepEqual(d.coloursOf("nonogram", "expert", 25, kinds), [1]);
  assert.deepEqual(d.coloursOf("nonogram", "expert", 30, kinds), [2]); // ready-made only: no black and white
  assert.deepEqual(d.coloursOf("nonogram", "expert", 20, kinds), [1]);
  const clean = (c) => d.cleanChoice({ genre: "nonogram", level: "expert", ...c }, [], kinds);
  assert.deepEqual(clean({ size: 10, colours: 4 }), { genre: "nonogram", size: 10, colours: 4, level: "expert" });
  assert.deepEqual(clean({ size: 25, colours: 1 }), { genre: "nonogram", size: 25, colours: 1, level: "expert" });
  assert.equal(clean({ size: 10, colours: 3 }).colours, 1); // no 10x10 three-colour expert: black and white
  assert.equal(clean({ size: 30, colours: 1 }).colours, 2); // the only count offered there
  assert.equal(clean({ size: 5, colours: 2 }).size, 10);
  // without the kinds (the index not read yet): what is made here
  assert.deepEqual(d.cleanChoice({ genre: "nonogram", size: 25, colours: 2, level: "expert" }),
    { genre: "nonogram", size: 25, colours: 1, level: "expert" });
  assert.deepEqual(d.cleanChoice({ genre: "nonogram", size: 30, colours: 2, level: "expert" }),
    { genre: "nonogram", size: 10, colours: 1, level: "expert" });
  assert.deepEqual(d.cleanChoice({ genre: "nonogram", size: 25, colours: 2, level: "hard" }, [], kinds),
    { genre: "nonogram", size: 25, colours: 2, level: "hard" });
});

test("a new puzzle's seeds come after the ready-made ones and keep to 9 digits", () => {
  assert.deepEqual(d.newSeeds(3, 40, () => 0), [41, 42, 43]);
  assert.deepEqual(d.newSeeds(5, 0, () => 0.9999999999), [999_999_995, 999_999_996, 999_999_997, 999_999_998, 999_999_999]);
  for (const r of [0, 0.3, 0.999999]) for (const s of d.newSeeds(5, 1234, () => r)) assert.ok(s > 1234 && s <= 999_999_999);
});

test("progress words: the picture being tried, the first of each lane not counted as a failed one", () => {
  const what = "Making an expert 15×15 puzzle";
  assert.equal(d.progressWords(what, null), `${what}…`);
  assert.equal(d.progressWords(what, { attempt: 1, attempts: 40, lanes: 1 }), `${what}…`);
  assert.match(d.progressWords(what, { attempt: 2, attempts: 40, lanes: 1 }), /… \(picture 2 of up to 40: the last one needed guessing/);
  assert.equal(d.progressWords(what, { attempt: 2, attempts: 40, lanes: 2 }), `${what}…`); // two lanes, each on its first
  assert.match(d.progressWords(what, { attempt: 3, attempts: 40, lanes: 2 }), /\(picture 2 of up to 40:/);
  assert.match(d.progressWords(what, { attempt: 3, attempts: 40 }), /\(picture 3 of up to 40:/); // an older engine: no lanes
});

test("the Nikoli levels offered are those the page makes within a few seconds; a level not offered gives way to the nearest", () => {
  assert.deepEqual(d.levelsOf("nonogram", 25), d.LEVELS);
  assert.deepEqual(d.levelsOf("heyawake", 10), d.LEVELS);
  assert.deepEqual(d.levelsOf("bag", 5), ["easy", "expert"]);
  assert.deepEqual(d.levelsOf("nurikabe", 7), d.LEVELS);
  assert.deepEqual(d.levelsOf("masyu", 10), ["hard", "expert"]);
  const nikoli = ["nurikabe", "heyawake", "masyu", "bag"];
  assert.deepEqual(d.levelsOf("nurikabe", 10), d.LEVELS);
  assert.deepEqual(d.cleanChoice({ genre: "masyu", size: 10, level: "easy" }, nikoli), { genre: "masyu", size: 10, colours: 1, level: "hard" });
  assert.equal(d.cleanChoice({ genre: "bag", size: 7, level: "medium" }, nikoli).level, "easy");
  assert.equal(d.cleanChoice({ genre: "bag", size: 7, level: "hard" }, nikoli).level, "expert");
  assert.equal(d.cleanChoice({ genre: "masyu", size: 7, level: "easy" }, nikoli).level, "easy");
});

test("a choice the control changes to offer it is said, never changed without a word", () => {
  // Expert picked at 5x5: expert is made from 10x10 (cleanChoice moves the size)
  const asked = { genre: "nonogram", size: 5, colours: 1, level: "expert" };
  const c = d.cleanChoice(asked);
  assert.equal(c.size, 10);
  assert.equal(d.changedWords(asked, c), "With that choice the size is 10×10 (5×5 is not offered).");
  // nothing changed: nothing said
  const same = { genre: "nonogram", size: 10, colours: 2, level: "hard" };
  assert.equal(d.changedWords(same, d.cleanChoice(same)), "");
  // a Nikoli genre has no colours: its hidden colour count is not spoken of
  assert.equal(d.changedWords({ genre: "bag", size: 7, colours: 3, level: "easy" }, { genre: "bag", size: 7, colours: 1, level: "easy" }), "");
  assert.equal(d.changedWords({ genre: "nonogram", size: 15, colours: 3, level: "expert" }, { genre: "nonogram", size: 15, colours: 1, level: "expert" }),
    "With that choice the puzzle is black and white (3 colours are not offered).");
});
