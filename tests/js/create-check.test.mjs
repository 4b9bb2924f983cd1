// Create's Check display for every genre (web/js/panels/check-report.js analysisReport): the
// same verdict line (✓ or ✗ by its state, neither when the check could not answer), the
// differences one a line, the outline on the board and "How hard", from the data a genre's
// check gives: the nonogram's and a Nikoli family's come out in the same words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analysisReport, differWords, checkReport, MAX_ITEMS } from "../../web/js/panels/check-report.js";

test("unique: ✓, the one sentence, how it solves when the genre says, how hard in stars and minutes", () => {
  const nono = analysisReport({ status: "unique", how: "it can be solved line by line", stars: 2, minutes: 6.6 });
  assert.deepEqual([nono.state, nono.words, nono.how, nono.hard, nono.overlay, nono.items],
    ["ok", "Unique: exactly one solution.", "How it solves: it can be solved line by line.",
      "How hard: ★★☆☆☆ (about 7 minutes).", null, []]);
  const nikoli = analysisReport({ status: "unique", stars: 1, minutes: 0.2 });
  assert.deepEqual([nikoli.state, nikoli.words, nikoli.how, nikoli.hard],
    ["ok", "Unique: exactly one solution.", "", "How hard: ★☆☆☆☆ (about 1 minute)."]);
  assert.equal(analysisReport({ status: "unique" }).hard, ""); // not rated: no line
});

test("not unique: ✗, the count (exact or a floor), where another solution differs a row a line, outlined", () => {
  const differ = [{ row: 3, column: 2 }, { row: 2, column: 4 }, { row: 2, column: 3 }, { row: 3, column: 3 }];
  const r = analysisReport({ status: "multiple", count: 2, exact: true, differ });
  assert.equal(r.state, "wrong");
  assert.equal(r.words, "Not unique: 2 solutions.");
  assert.deepEqual(r.items, ["Row 2, columns 3 and 4", "Row 3, columns 2 and 3"]);
  assert.deepEqual(r.overlay, { cells: differ, lines: [] });
  assert.equal(r.caption, "Another solution: 4 cells differ (marked here and on the board).");
  assert.equal(r.hard, "");
  const floor = analysisReport({ status: "multiple", count: 2, exact: false, differ: [{ row: 1, column: 1 }] });
  assert.deepEqual([floor.words, floor.items, floor.caption], ["Not unique: at least 2 solutions.", ["Row 1, column 1"],
    "Another solution: 1 cell differs (marked here and on the board)."]);
  // two solutions drawn (a Nikoli grid: the board has the clues only): where they differ
  assert.equal(analysisReport({ status: "multiple", count: 2, differ, pair: true }).caption,
    "Two of its solutions: they differ in 4 cells (marked here and on the board).");
  // a long list ends as Play's does: the board shows them all
  const many = Array.from({ length: 12 }, (_, k) => ({ row: k + 1, column: 1 }));
  const long = analysisReport({ status: "multiple", count: 20, differ: many });
  assert.deepEqual([long.items.length, long.more, long.words], [MAX_ITEMS, 12 - MAX_ITEMS, "Not unique: at least 20 solutions."]);
});

test("no solution ✗; undecided, cancelled or failed: neither mark, in words", () => {
  assert.deepEqual([analysisReport({ status: "none" }).state, analysisReport({ status: "none" }).words],
    ["wrong", "No solution: the clues contradict each other."]);
  const timeout = analysisReport({ status: "timeout" });
  assert.deepEqual([timeout.state, timeout.status, timeout.words], ["unknown", "undecided", "Undecided: the check stopped before it knew."]);
  const cancelled = analysisReport({ unavailable: "Check cancelled." });
  assert.deepEqual([cancelled.state, cancelled.status, cancelled.words], ["unknown", "", "Check cancelled."]);
  assert.equal(analysisReport(null).state, "off");
  // an answer still to come is said under the verdict (the nonogram's count came first)
  assert.equal(analysisReport({ status: "multiple", count: 3, exact: true, pending: "Still working out how it solves…" }).pending,
    "Still working out how it solves…");
});

test("the same pieces as Play's check: states, list length, overlay shape", () => {
  const play = checkReport({ wrong: [{ cells: [{ row: 1, column: 2 }] }] }, "lines");
  const create = analysisReport({ status: "multiple", count: 2, exact: true, differ: [{ row: 1, column: 2 }] });
  assert.equal(play.state, create.state);
  assert.deepEqual(Object.keys(play.overlay), Object.keys(create.overlay));
  assert.deepEqual(differWords([{ row: 1, column: 2 }]), ["Row 1, column 2"]);
});

// How to fix a grid puzzle that is not unique (web/js/genres/nikoli/editor-fix.js), on two
// solutions the engine gives for small puzzles (pysolver.nikoli.aspsolve.analyse)
const { fixFor, pearlHolds, noSolutionFix } = await import("../../web/js/genres/nikoli/editor-fix.js");
const clueOf = (clues) => (i) => clues[i] || 0;

test("how to fix: Bag, a number inside one loop and outside the other; Heyawake, a room's count", () => {
  // bag 3x3, a 2 in the middle
  const bag = fixFor({ family: "bag", width: 3, height: 3, clue: clueOf({ 4: 2 }) }, [["###", "#.#", "#.#"], ["###", "#.#", "..#"]]);
  assert.deepEqual(bag, { changes: [[6, 2]], words: "Put a 2 at row 3, column 1: solution 1 has that cell outside its loop." });
  // heyawake 3x3, rooms: the left column (its 1) and the rest; the counts differ 0 and 1: 0 is
  // the editor's "no number", so the other count
  const rooms = [0, 1, 1, 0, 1, 1, 0, 1, 1];
  const hey = fixFor({ family: "heyawake", width: 3, height: 3, clue: clueOf({ 0: 1 }), rooms }, [["...", "...", "#.."], ["...", "...", "#.#"]]);
  assert.deepEqual(hey, { changes: [[1, 1]], words: "Give the room at row 1, column 2 the number 1: solution 1 shades 0 of its cells." });
  // the same shaded count in every room that differs: no number tells them apart
  assert.equal(fixFor({ family: "heyawake", width: 2, height: 1, clue: clueOf({}), rooms: [0, 0] }, [["#."], [".#"]]), null);
});

test("how to fix: Masyu, a pearl one loop passes as it demands and the other does not; Nurikabe, words", () => {
  const a = [".┌┐.", ".││.", "┌┘│.", "└─┘."], b = [".┌─┐", ".│┌┘", "┌┘│.", "└─┘."];
  assert.ok(pearlHolds(b, 2, 0, 1) && !pearlHolds(a, 2, 0, 1)); // straight on, a turn beside
  assert.ok(!pearlHolds(a, 1, 2, 2) && pearlHolds(a, 2, 3, 2)); // a turn whose west goes on turning; one straight on
  assert.ok(pearlHolds(["┌─┐", "│.│", "└─┘"], 0, 0, 2)); // a turn, straight on both ways
  const fix = fixFor({ family: "masyu", width: 4, height: 4, clue: clueOf({ 5: 1, 10: 1 }) }, [a, b]);
  assert.deepEqual(fix, { changes: [[2, 1]], words: "Put a white pearl at row 1, column 3: solution 1 does not pass it as that pearl demands." });
  const nuri = fixFor({ family: "nurikabe", width: 3, height: 3, clue: clueOf({ 0: 4 }) }, [["4..", "#.#", "###"], ["4.#", "..#", "###"]]);
  assert.ok(!nuri.changes && /^Add a number/.test(nuri.words));
});

test("no solution: with no clue, add some (a Nurikabe's why); with clues, take one back or change it", () => {
  assert.match(noSolutionFix("nurikabe", 0).words, /^Add numbers: .*2×2/);
  assert.match(noSolutionFix("masyu", 0).words, /^Add clues/);
  assert.match(noSolutionFix("nurikabe", 3).words, /^Undo the last change, or change a clue/);
});
