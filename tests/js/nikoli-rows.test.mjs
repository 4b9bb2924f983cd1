// The Nikoli game's rows against the engine's (issue 28: JS copies of Python logic kept equal by
// a test). For each Nikoli genre's example, the engine (this checkout's Python, `pysolver solve`)
// solves it; the page's game takes the solution's rows as its cells (cellsFromRows, as Solve's
// "Apply this solution" does) and must hand back the very same rows (stateRows, as a hint or the
// rule check asks), and a hint's cells must land on the same cells. Masyu's box characters are
// the engine's own (pysolver.nikoli.model BOX and HALF).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

globalThis.window = { devicePixelRatio: 1 };
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const PYTHON = process.env.PYSOLVER_PYTHON || join(ROOT, ".venv/bin/python");
const skip = existsSync(PYTHON) ? false : `no Python at ${PYTHON} (scripts/setup makes it)`;
const { GENRES } = await import("../../web/js/app/genres.js");
const { LINE, SHADED, edgeIndex } = await import("../../web/js/genres/nikoli/game.js");
const { CROSSED } = await import("../../web/js/board/cells.js");

const python = (args, input) => execFileSync(PYTHON, args, { cwd: ROOT, input, encoding: "utf-8" });
const bridgeRead = (text, filename) => {
  const script = "import sys; sys.path[:0] = ['.', 'web/py']; import bridge; sys.stdout.write(bridge.call('read', sys.stdin.read()))";
  const out = JSON.parse(python(["-c", script], JSON.stringify({ text, filename })));
  if (out.error) throw new Error(out.error.message);
  return out.result;
};
const engine = { read: async (text, filename) => bridgeRead(text, filename) };

/** The engine's unique solution of a puzzle text, as its rows. */
function solveRows(text) {
  const file = join(mkdtempSync(join(tmpdir(), "nikoli-rows-")), "p.txt");
  writeFileSync(file, text);
  const lines = python(["-m", "pysolver", "solve", file]).trimEnd().split("\n");
  assert.match(lines[0], /unique/, lines[0]);
  return lines.slice(1);
}

test("Masyu's box characters are the engine's", { skip }, async () => {
  const script = "import json; from pysolver.nikoli import model; " +
    "print(json.dumps({''.join(sorted(k)): v for k, v in {**model.BOX, **model.HALF}.items()}))";
  const engineChars = JSON.parse(python(["-c", script]));
  assert.equal(Object.keys(engineChars).length, 10);
  const masyu = GENRES.find((g) => g.id === "masyu");
  const game = masyu.game(await masyu.read(engine, masyu.example.text, masyu.example.filename));
  const x = 1, y = 1; // an inner cell: all four sides exist
  for (const [sides, ch] of Object.entries(engineChars)) {
    game.cells.fill(CROSSED);
    for (const d of sides) {
      const i = edgeIndex(game.puzzle, x, y, d);
      assert.ok(i >= 0, `side ${d}`);
      game.cells[i] = LINE;
    }
    assert.equal(game.stateRows(true)[y][x], ch, `the cell with a line to ${sides}`);
  }
});

for (const genre of GENRES.filter((g) => g.format === "nikoli")) {
  test(`${genre.id}: the engine's solution rows, taken by the game and handed back the same`, { skip }, async () => {
    const { text, filename } = genre.example;
    const rows = solveRows(text);
    const game = genre.game(await genre.read(engine, text, filename));
    const cells = game.cellsFromRows(rows);
    assert.ok(game.apply([...cells].map((v, i) => [i, v]).filter(([i, v]) => game.cells[i] !== v), "solution"));
    assert.deepEqual(game.stateRows(true), rows);
    if (genre.id !== "masyu") {
      // a hint's cells ("#" shaded, "." not) land where the rows say
      const changes = game.hintChanges(rows.flatMap((r, y) => [...r].map((ch, x) => ({ row: y + 1, column: x + 1, value: ch }))));
      for (const [i, v] of changes) assert.equal(v, game.cells[i] === SHADED ? SHADED : CROSSED);
    }
  });
}
