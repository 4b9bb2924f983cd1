// Every registered genre (web/js/app/genres.js), on its own example, noqx-style: the
// engine reads the example's text through the genre's reader (worker protocol `read`, here
// web/py/bridge.py in this checkout's Python), the shell's claims send the text to that genre,
// its game plays, undoes, saves and restores a move and gives the engine state rows of the
// puzzle's size, its board plug-in has every part the shared board calls, and its library
// thumbnail paints the blank puzzle and the progress. A sixth genre gets all this by its line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

globalThis.window = { devicePixelRatio: 1 };
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const PYTHON = process.env.PYSOLVER_PYTHON || join(ROOT, ".venv/bin/python");
const { GENRES } = await import("../../web/js/app/genres.js");
const { statusOf } = await import("../../web/js/library/items.js");

/** The engine's side of the worker protocol, run by Python: call(kind, payload) -> result. */
function bridgeCall(kind, payload) {
  const script = "import sys; sys.path[:0] = ['.', 'web/py']; import bridge; " +
    "sys.stdout.write(bridge.call(sys.argv[1], sys.stdin.read()))";
  const out = JSON.parse(execFileSync(PYTHON, ["-c", script, kind], { cwd: ROOT, input: JSON.stringify(payload) }));
  if (out.error) throw Object.assign(new Error(out.error.message), { kind: out.error.kind });
  return out.result;
}
const engine = { read: async (text, filename, genres) => bridgeCall("read", genres ? { text, filename, genres } : { text, filename }) };

/** A canvas whose 2D context records what is painted (any method; measureText answers). */
function fakeCanvas() {
  const calls = [];
  const ctx = new Proxy({}, {
    get(target, prop) {
      if (prop in target) return target[prop];
      return (...args) => { calls.push(prop); return prop === "measureText" ? { width: 6 * String(args[0]).length } : undefined; };
    },
    set(target, prop, value) { target[prop] = value; return true; },
  });
  return { canvas: { width: 0, height: 0, style: {}, getContext: () => ctx }, calls };
}

const BOARD_PARTS = ["prepare", "size", "fit", "paintCells", "paintMargins", "describe"];
const skip = existsSync(PYTHON) ? false : `no Python at ${PYTHON} (scripts/setup makes it)`;

test("the registered genres: five, each with its pieces", () => {
  assert.deepEqual(GENRES.map((g) => g.id), ["nonogram", "nurikabe", "heyawake", "masyu", "bag"]);
  assert.equal(new Set(GENRES.map((g) => g.id)).size, GENRES.length);
  assert.equal(GENRES.filter((g) => g.fallback).length, 1, "exactly one genre reads what no other claims");
  for (const g of GENRES) {
    for (const part of ["name", "example", "read", "game", "board", "thumb", "install"]) assert.ok(g[part], `${g.id}: ${part}`);
    assert.ok(g.fallback || (g.format && typeof g.claims === "function"), `${g.id}: a format and claims, or the fallback`);
  }
});

for (const genre of GENRES) {
  test(`${genre.id}: its example read, claimed, played, drawn`, { skip }, async () => {
    const { text, filename } = genre.example;
    const dict = await genre.read(engine, text, filename);
    // the shell sends the example's text to this genre (app.openText: the first claims, else the fallback)
    const claimant = GENRES.find((g) => g.claims && g.claims(text)) || GENRES.find((g) => g.fallback);
    assert.equal(claimant.format ?? null, genre.format ?? null, `${genre.id}: its text goes to its reader`);
    if (genre.format) assert.equal(dict.format, genre.format);
    if (genre.format === "nikoli") assert.equal(dict.family, genre.id);

    // the game: state rows of the puzzle's size, unknown but for the cells given with the
    // puzzle (Nurikabe's and Bag's numbers come unshaded); a move, undo, redo, save, restore
    const game = genre.game(dict);
    const { width, height } = game.puzzle;
    const rows = game.stateRows();
    assert.equal(rows.length, height);
    assert.ok(rows.every((r) => r.length === width), `${genre.id}: ${rows}`);
    assert.equal(rows.join("").replace(/\?/g, "").length, game.fixed.size, `${genre.id}: ${rows}`);
    assert.equal(game.solved, false);
    const free = [...game.cells.keys()].find((i) => !game.fixed.has(i));
    assert.ok(game.apply([[free, 2]], "test"));
    assert.notDeepEqual(game.stateRows(), rows);
    game.undo();
    assert.deepEqual(game.stateRows(), rows);
    game.redo();
    const rec = { ...game.serialize(), played: true };
    const back = genre.game(dict, "example", rec);
    assert.deepEqual([...back.cells], [...game.cells]);
    assert.equal(back.undoStack.length, 1);
    assert.equal(statusOf(rec), "progress");

    // the board plug-in the shared board (board/grid-view.js) drives
    const kind = genre.board(game.puzzle);
    assert.equal(typeof kind.name, "string");
    for (const part of BOARD_PARTS) assert.equal(typeof kind[part], "function", `${genre.id}: board ${part}`);

    // the library thumbnail: the blank puzzle, then with the progress, both painted
    const blank = fakeCanvas(), played = fakeCanvas();
    genre.thumb(blank.canvas, dict, null);
    genre.thumb(played.canvas, dict, rec);
    assert.ok(blank.canvas.width > 0 && blank.canvas.height > 0);
    assert.ok(blank.calls.length > 0 && played.calls.length > 0);
    assert.ok(played.calls.filter((c) => c === "fillRect").length > blank.calls.filter((c) => c === "fillRect").length ||
      played.calls.length !== blank.calls.length, `${genre.id}: the progress shows on the card`);
  });
}

test("a text no genre recognises: the fallback's reader says what is wrong", { skip }, async () => {
  const fallback = GENRES.find((g) => g.fallback);
  await assert.rejects(fallback.read(engine, "hello\n", "notes.txt"), (e) => e.kind === "puzzle" && /notes\.txt/.test(e.message));
});
