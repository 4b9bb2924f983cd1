// The clue numbers the page crosses out (web/js/genres/nonogram/clue-marks.js, the engine's
// clue_marks in JavaScript, so they show before the engine is ready) against the engine's own
// (pysolver.api.check_marks, this checkout's Python): issue 28, JS copies of Python logic kept
// equal by a test. Many grids of a black-and-white and a colour puzzle, near their solution
// (so blocks get pinned) with unknown cells, crosses and wrong marks mixed in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

globalThis.window = { devicePixelRatio: 1 };
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const PYTHON = process.env.PYSOLVER_PYTHON || join(ROOT, ".venv/bin/python");
const skip = existsSync(PYTHON) ? false : `no Python at ${PYTHON} (scripts/setup makes it)`;
const { nonogram } = await import("../../web/js/genres/nonogram/genre.js");
const { clueMarks } = await import("../../web/js/genres/nonogram/clue-marks.js");

const python = (script, input) => JSON.parse(execFileSync(PYTHON, ["-c", script], { cwd: ROOT, input, encoding: "utf-8" }));

// pictures the engine makes puzzles of (pysolver.api.clues_from_grid): a black-and-white, a colour one
const PICTURES = [
  { rows: ["##.###", "#..#.#", "######", ".#..#.", "##.##."] },
  { rows: ["rrb..", ".bbr.", "rr.bb", "b.rrr"], colors: [{ name: "white", char: ".", rgb: "ffffff" },
    { name: "red", char: "r", rgb: "ff0000" }, { name: "blue", char: "b", rgb: "0000ff" }] },
];

test("the page crosses out the clue numbers the engine does", { skip }, () => {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const cases = [];
  const puzzles = python("import json, sys; from pysolver import api; " +
    "print(json.dumps([api.clues_from_grid(p['rows'], p.get('colors')) for p in json.load(sys.stdin)]))", JSON.stringify(PICTURES));
  puzzles.forEach((p, n) => {
    const game = nonogram.game(p);
    const goal = PICTURES[n].rows.join("");
    for (let k = 0; k < 60; k++) {
      const known = 0.3 + 0.7 * rand(); // how much of the grid is marked
      for (let i = 0; i < game.cells.length; i++) {
        const r = rand();
        const right = game.charValue(goal[i]);
        // 0 unknown, 1 crossed, 2.. a colour: mostly the picture's, sometimes any (a wrong mark)
        game.cells[i] = r > known ? 0 : r < 0.08 ? 1 + Math.floor(rand() * game.puzzle.colors.length) : right;
      }
      cases.push({ puzzle: p, state: game.stateRows(), page: clueMarks(game.puzzle, game.cells) });
    }
  });
  const engine = python("import json, sys; from pysolver import api; " +
    "print(json.dumps([api.check_marks(c['puzzle'], c['state'], 'off')['clues'] for c in json.load(sys.stdin)]))", JSON.stringify(cases));
  let pinned = 0;
  cases.forEach((c, k) => {
    assert.deepEqual(c.page, engine[k], `${c.puzzle.width}x${c.puzzle.height}: ${c.state.join("/")}`);
    pinned += c.page.rows.flat().filter(Boolean).length;
  });
  assert.ok(pinned > 50, `the grids pin blocks (${pinned}): the comparison is not all "false"`);
});
