// Issue 32's page logic without a browser: the clue numbers crossed out on the page
// (web/js/genres/nonogram/clue-marks.js, the engine's clue_marks in JavaScript), the won
// game locked and the solver's help recorded (web/js/play/game.js), and the next puzzle
// after a win (web/js/library/items.js nextItem).
import { test } from "node:test";
import assert from "node:assert/strict";
import { clueMarks, leftmost, lineMarks } from "../../web/js/genres/nonogram/clue-marks.js";
import { Game } from "../../web/js/play/game.js";
import { nextItem } from "../../web/js/library/items.js";

const B = (n, c = 1) => ({ n, c });

test("leftmost places every block as far left as the marks allow", () => {
  assert.deepEqual(leftmost([B(2), B(1)], [0, 0, 0, 0, 0]), [0, 3]);
  assert.deepEqual(leftmost([B(2), B(1)], [1, 0, 0, 0, 0]), [1, 4]);
  assert.equal(leftmost([B(3)], [0, 1, 0, 0, 1]), null); // no room for the 3
  // colours of different kinds may touch
  assert.deepEqual(leftmost([B(1, 1), B(1, 2)], [0, 0]), [0, 1]);
});

test("a block is done when line logic pins it to cells the player filled", () => {
  // 5 in 5: pinned, but only done once filled
  assert.deepEqual(lineMarks([B(5)], [0, 0, 0, 0, 0]), [false]);
  assert.deepEqual(lineMarks([B(5)], [2, 2, 2, 2, 2]), [true]);
  // 1 1 in 5 with the first run filled at the left edge: pinned; the second is not
  assert.deepEqual(lineMarks([B(1), B(1)], [2, 1, 0, 0, 0]), [true, false]);
  // marks that contradict the clue cross nothing out
  assert.deepEqual(lineMarks([B(1)], [2, 2, 0]), [false]);
  // a run the player filled in the wrong colour is not done
  assert.deepEqual(lineMarks([B(1, 2)], [3]), [true]);
  assert.deepEqual(lineMarks([B(1, 2)], [2]), [false]);
});

test("clueMarks gives every row and column of a puzzle", () => {
  const p = { width: 2, height: 2, rows: [[B(2)], []], cols: [[B(1)], [B(1)]] };
  assert.deepEqual(clueMarks(p, [2, 2, 1, 1]), { rows: [[true], []], columns: [[true], [true]] });
  // the filled top-left cell is the 1 of column 1 (the cell below it must be empty)
  assert.deepEqual(clueMarks(p, [2, 0, 0, 0]), { rows: [[false], []], columns: [[true], [false]] });
});

class OneCell extends Game { isSolved() { return this.cells[0] === 2; } }
const puzzle = { width: 1, height: 1, colors: [{}, {}] };

test("a won game is locked: no move changes it until Undo or Clear", () => {
  const g = new OneCell(puzzle, "k");
  let refused = 0;
  g.addEventListener("locked", () => { refused += 1; });
  g.apply([[0, 2]]);
  assert.ok(g.solved && g.won);
  assert.equal(g.apply([[0, 1]]), null);
  assert.equal(refused, 1);
  assert.equal(g.cells[0], 2);
  assert.ok(g.undo());
  assert.ok(!g.solved);
  assert.ok(g.apply([[0, 1]]));
});

test("a grid the solver filled is solved but not won, and says so when saved", () => {
  const g = new OneCell(puzzle, "k");
  g.noteHint();
  g.apply([[0, 2]], "solution");
  assert.ok(g.solved && !g.won);
  const rec = g.serialize();
  assert.equal(rec.solver, true);
  assert.equal(rec.hints, 1);
  const again = new OneCell(puzzle, "k", rec);
  assert.ok(again.solved && !again.won && again.hints === 1);
});

test("the next puzzle is the next unsolved one of the genre, easiest first", () => {
  const it = (key, genre, minutes, status = "new") => ({ key, genre, stars: 1, minutes, status, title: key, width: 5, height: 5 });
  const items = [it("a", "nonogram", 1, "solved"), it("b", "nonogram", 2), it("c", "nonogram", 3, "shown"),
    it("d", "nonogram", 4), it("n", "nurikabe", 0)];
  assert.equal(nextItem(items, "b").key, "d");
  assert.equal(nextItem(items, "d").key, "b"); // wraps round, skipping the solved ones
  assert.equal(nextItem([items[1], items[4]], "b").key, "n"); // no other nonogram left: another genre
  assert.equal(nextItem([items[0], items[1]], "b"), null);
});

test("authors are shown without e-mail addresses", async () => {
  const { plainAuthor } = await import("../../web/js/genres/nonogram/library.js");
  assert.equal(plainAuthor("Frederico Vera <dktcoding@gmail.com>"), "Frederico Vera");
  assert.equal(plainAuthor("Jan Wolter"), "Jan Wolter");
  assert.equal(plainAuthor(undefined), "");
});
