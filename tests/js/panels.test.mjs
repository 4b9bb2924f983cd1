// The panels of every genre without a page (web/js/panels/): the Hint panel's stages
// (hint-flow.js) on a genre's tasks, each genre's words for them (the nonogram's hints.js, the
// Nikoli families' panels.js), and what the Solve panel says of a result (solve-words.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { HintFlow, FIRST } from "../../web/js/panels/hint-flow.js";
import { presentHint } from "../../web/js/genres/nonogram/hints.js";
import { presentNikoliHint } from "../../web/js/genres/nikoli/panels.js";
import { clampCap, differing, verdictLine, detailLines } from "../../web/js/panels/solve-words.js";

/** What a panel shows, recorded: the text, the button, the overlay, the step buttons. */
function fakeUi() {
  const ui = { shown: { text: "", label: "", disabled: false, overlay: null, legend: false, steps: {}, cursor: null } };
  Object.assign(ui, {
    text: (s) => { ui.shown.text = s; },
    button: (label, disabled) => Object.assign(ui.shown, { label, disabled }),
    overlay: (o) => { ui.shown.overlay = o; },
    cursor: (c) => { ui.shown.cursor = c; },
    legend: (on) => { ui.shown.legend = on; },
    steps: (s) => { ui.shown.steps = s; },
  });
  return ui;
}

/** A game with a grid (one string) and the moves applied to it. */
function fakeGame() {
  return { grid: "....", moves: [], hints: 0, noteHint() { this.hints += 1; },
    apply(changes, label) { this.moves.push([changes, label]); } };
}

/** Tasks whose answers the test hands out: answer(k, hint) resolves the k-th ask. */
function fakeTasks(present) {
  const asked = [];
  return {
    asked,
    gridKey: (game) => game.grid,
    ask: (game, signal) => new Promise((resolve) => asked.push({ resolve, signal })),
    present,
    answer: async (k, hint) => { asked[k].resolve(hint); await new Promise((r) => setTimeout(r, 0)); },
  };
}

const staged = (changes = [[0, 2]]) => () => ({
  where: { words: "Look at row 1.", overlay: { line: 1 }, cursor: { row: 1 } },
  what: { words: "Because.", overlay: { cells: [1] }, legend: true },
  count: "3 are wrong.", next: "Hint: show what and why", apply: "Hint: apply", changes, applied: "Marked.",
});

test("a hint in stages: where, what and why, applied as one move", async () => {
  const game = fakeGame(), ui = fakeUi(), tasks = fakeTasks(staged());
  const flow = new HintFlow({ tasks, ui, getGame: () => game });
  flow.reset();
  assert.equal(ui.shown.label, FIRST);
  flow.next();
  assert.deepEqual([ui.shown.text, ui.shown.disabled], ["Thinking…", true]);
  flow.next(); // pressed again while it thinks: no second ask
  assert.equal(tasks.asked.length, 1);
  await tasks.answer(0, {});
  assert.deepEqual([ui.shown.text, ui.shown.label, ui.shown.overlay, ui.shown.cursor], ["Look at row 1.", "Hint: show what and why", { line: 1 }, { row: 1 }]);
  assert.equal(game.hints, 1); // recorded with the game
  assert.deepEqual(ui.shown.steps, { count: true });
  flow.showCount();
  assert.equal(ui.shown.text, "3 are wrong.");
  flow.next();
  assert.deepEqual([ui.shown.text, ui.shown.label, ui.shown.legend], ["Because.", "Hint: apply", true]);
  flow.next();
  assert.deepEqual(game.moves, [[[[0, 2]], "hint"]]);
  assert.deepEqual([ui.shown.text, ui.shown.label, ui.shown.overlay], ["Marked.", FIRST, null]);
});

test("a move while the hint is looked for: the old answer is dropped, the hint asked again", async () => {
  const game = fakeGame(), ui = fakeUi(), tasks = fakeTasks(staged());
  const flow = new HintFlow({ tasks, ui, getGame: () => game });
  flow.reset();
  flow.next();
  game.grid = "#...";
  flow.onGameChange();
  assert.equal(tasks.asked.length, 2);
  assert.equal(tasks.asked[0].signal.aborted, true); // its work can stop
  await tasks.answer(0, {});
  assert.equal(ui.shown.text, "Thinking…"); // the stale answer is not shown
  await tasks.answer(1, {});
  assert.equal(ui.shown.text, "Look at row 1.");
});

test("a hint for another grid is not applied; nothing to apply is said and asks again", async () => {
  const game = fakeGame(), ui = fakeUi(), tasks = fakeTasks(staged());
  const flow = new HintFlow({ tasks, ui, getGame: () => game });
  flow.reset();
  flow.next();
  await tasks.answer(0, {});
  flow.next();
  game.grid = "changed without a change event";
  flow.next();
  assert.deepEqual(game.moves, []);
  assert.match(ui.shown.text, /grid changed/);
  const none = fakeTasks(() => ({ words: "The puzzle is solved." }));
  const flow2 = new HintFlow({ tasks: none, ui, getGame: () => game });
  flow2.next();
  await none.answer(0, {});
  assert.deepEqual([ui.shown.text, ui.shown.label, flow2.stage], ["The puzzle is solved.", FIRST, 0]);
  flow2.next();
  assert.equal(none.asked.length, 2);
});

test("a failed ask says why and the button works again", async () => {
  const game = fakeGame(), ui = fakeUi();
  const flow = new HintFlow({ tasks: { gridKey: () => "", present: staged(), ask: async () => { throw new Error("no engine"); } }, ui, getGame: () => game });
  await flow.next();
  assert.deepEqual([ui.shown.text, ui.shown.disabled], ["No hint: no engine", false]);
});

test("the nonogram's words: a mistake first, a what-if's chain step by step", async () => {
  const game = { puzzle: { width: 3, isColor: false }, charValue: (ch) => (ch === "." ? 1 : 2) };
  const m = presentHint({ kind: "mistake", count: 2, cells: [{ row: 1, column: 2, value: "." }, { row: 2, column: 3, value: "#" }],
    explanation: "Two marks." }, game);
  assert.equal(m.where.overlay, null); // where comes at the second stage
  assert.deepEqual(m.changes, [[1, 1], [5, 2]]);
  assert.equal(m.count, "There is a mistake: 2 of your marks are wrong.");
  assert.deepEqual([m.next, m.apply], ["Hint: show where", "Hint: fix the marks"]);
  const p = presentHint({ kind: "probe", probe: { row: 1, column: 1, tried: "#" }, explanation: "So it is empty.",
    cells: [{ row: 1, column: 1, value: "." }], chain: [{ axis: "row", index: 1, cells: [{ row: 1, column: 2, value: "#" }] },
      { axis: "column", index: 2, cells: [], fails: true }] }, game);
  assert.equal(p.what.steps.length, 3);
  assert.match(p.what.steps[0].words, /^Step 0 of 2\. What-if: suppose row 1, column 1 were filled\./);
  assert.match(p.what.steps[2].words, /Column 2 cannot be completed/);
  assert.equal(p.what.steps[1].overlay.cells.length, 2);
  const ui = fakeUi(), flow = new HintFlow({ tasks: { gridKey: () => "", ask: async () => ({}), present: () => p }, ui, getGame: () => game });
  await flow.next();
  flow.next();
  assert.deepEqual(ui.shown.steps, { steps: true, prev: false, next: true });
  flow.showStep(9);
  assert.deepEqual(ui.shown.steps, { steps: true, prev: true, next: false });
  assert.deepEqual(presentHint({ kind: "solved" }, game), { words: "The puzzle is solved." });
});

test("the Nikoli families' words: wrong marks are cleared, a deduction applied", () => {
  const game = { hintChanges: (cells) => cells.map((c) => [c.row * 10 + c.column, c.value === "#" ? 2 : 1]) };
  const m = presentNikoliHint({ kind: "mistake", cells: [{ row: 1, column: 2, value: "#" }], explanation: "No solution agrees." }, game);
  assert.equal(m.where.words, "There is a mistake: some of your marks are wrong.");
  assert.deepEqual(m.changes, [[12, 0]]); // cleared, not turned over
  assert.equal(m.what.words, "No solution agrees. It is outlined on the board."); // "wrong" said once, by the explanation
  assert.equal(m.apply, "Hint: clear the wrong mark"); // one mark: not "marks"
  const two = presentNikoliHint({ kind: "mistake", cells: [{ row: 1, column: 2, value: "#" }, { row: 2, column: 2, value: "." }],
    explanation: "Both are wrong." }, game);
  assert.equal(two.what.words, "Both are wrong. They are outlined on the board."); // not "wrong" of marks that may not all be
  assert.equal(two.apply, "Hint: clear the wrong marks");
  const d = presentNikoliHint({ kind: "deduction", cells: [{ row: 3, column: 4, value: "." }], explanation: "Row 3: unshaded.",
    because: [{ row: 3, column: 5, to_row: 4, to_column: 5 }] }, game);
  assert.equal(d.where.words, "Look at row 3, column 4.");
  assert.deepEqual(d.what.overlay.cells, [{ row: 3, column: 4, value: "." }, { row: 3, column: 5 }, { row: 4, column: 5 }]);
  assert.deepEqual(d.what.overlay.marks, [{ row: 3, column: 4, value: "." }]); // the value it takes, drawn in the cell
  assert.deepEqual(d.changes, [[34, 1]]);
  assert.deepEqual(presentNikoliHint({ kind: "none", cells: [], explanation: "Nothing forced." }, game), { words: "Nothing forced." });
});

test("the Solve panel's words for a result, whichever engine answered", () => {
  assert.equal(verdictLine({ status: "unique", solutions: [["#."]], classification: "line" }),
    "Result: one solution (unique): it can be solved line by line.");
  // in the Hint's own terms: a generated expert puzzle (classification "search") is finished by
  // hints' deeper what-ifs, so Solve does not call it trial and error
  assert.equal(verdictLine({ status: "unique", solutions: [["#."]], classification: "probe" }),
    "Result: one solution (unique): it needs what-ifs.");
  assert.equal(verdictLine({ status: "unique", solutions: [["#."]], classification: "search" }),
    "Result: one solution (unique): it needs deeper what-ifs.");
  assert.equal(verdictLine({ status: "multiple", solutions: [[], [], []], count_exact: true }), "Result: 3 solutions (all counted).");
  assert.equal(verdictLine({ status: "multiple", solutions: [[], [], []], count_exact: false }),
    "Result: at least 3 solutions (counting stopped there).");
  assert.equal(verdictLine({ status: "multiple", solutions: [[], []], count_exact: true }), "Result: 2 solutions (all counted).");
  assert.equal(verdictLine({ status: "multiple", solutions: [[], []], count_exact: false }), "Result: more than one solution.");
  assert.equal(verdictLine({ status: "none", solutions: [] }), "Result: no solution.");
  assert.deepEqual(detailLines({ time_s: 0.5, engine: "clingo", stats: { conflicts: 3 } }), ["0.50 s (clingo)", "Statistics: 3 conflicts"]);
  assert.deepEqual(differing(["#.", ".#"], ["#.", "#."]), [{ row: 2, column: 1 }, { row: 2, column: 2 }]);
  assert.deepEqual([clampCap("1"), clampCap("50"), clampCap("99999"), clampCap("x")], [2, 50, 1000, 10]);
});
