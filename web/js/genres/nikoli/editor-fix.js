// How to fix a grid puzzle Check found not unique (the Nikoli editor's Check, genres/nikoli/
// editor.js; Node-tested in tests/js/create-check.test.mjs): from the two solutions the engine
// gave, one clue that one of them keeps and the other breaks, so the other is ruled out by the
// rules themselves (no engine call; Check runs again after it is applied and says whether the
// puzzle is unique now). Bag: a number in a cell inside one loop and outside the other (the
// cells it sees in the first). Heyawake: a room without a number whose shaded cells differ in
// count (the first's count). Masyu: a pearl where one loop passes as a white or black pearl
// demands and the other does not. Nurikabe has none of this kind (every white cell is already in
// an island with its number): words only.

// the sides a Masyu solution's cell character leaves on (pysolver.nikoli.aspsolve BOX)
const SIDES = { "─": "ew", "│": "ns", "┌": "es", "┐": "sw", "└": "en", "┘": "nw" };
const STEP = { n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0] };
const BACK = { n: "s", s: "n", e: "w", w: "e" };
const PEARL = { 1: "a white pearl", 2: "a black pearl" };

const at = (sol, x, y) => (y >= 0 && y < sol.length && x >= 0 && x < sol[y].length ? [...sol[y]][x] : "");
const sides = (sol, x, y) => SIDES[at(sol, x, y)] || "";
const straight = (s) => s === "ew" || s === "ns";
const where = (x, y) => `row ${y + 1}, column ${x + 1}`;

/** Whether the loop `sol` passes (x, y) as a pearl of `kind` (1 white, 2 black) demands. */
export function pearlHolds(sol, x, y, kind) {
  const here = sides(sol, x, y);
  if (!here) return false;
  const next = [...here].map((d) => ({ d, s: sides(sol, x + STEP[d][0], y + STEP[d][1]) }));
  if (kind === 1) return straight(here) && next.some(({ s }) => s && !straight(s)); // straight, a turn beside
  return !straight(here) && next.every(({ d, s }) => s.includes(d) && s.includes(BACK[d])); // a turn, straight on
}

/** The cells a Bag number at (x, y) counts in `sol` ("." inside): itself and those it sees. */
function seen(sol, x, y) {
  let n = 1;
  for (const [dx, dy] of Object.values(STEP)) {
    for (let u = x + dx, v = y + dy; at(sol, u, v) === "."; u += dx, v += dy) n += 1;
  }
  return n;
}

/** One clue that rules out one of the two solutions `sols` ([rows, rows]) of the puzzle
 * {family, width, height, clue(i), rooms (Heyawake: room id a cell)}: {changes: [[index,
 * value]], words} (index in the editor's document: y * width + x), or {words} alone when the
 * family gives none, or null. */
export function fixFor(puzzle, sols) {
  const { family, width, height } = puzzle;
  const [a, b] = sols;
  const cells = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (at(a, x, y) !== at(b, x, y)) cells.push([x, y]);
  const which = (k) => `solution ${k + 1}`;
  if (family === "bag") {
    for (const [x, y] of cells) {
      if (puzzle.clue(y * width + x)) continue;
      const k = at(a, x, y) === "." ? 0 : 1, n = seen(sols[k], x, y);
      return { changes: [[y * width + x, n]], words: `Put a ${n} at ${where(x, y)}: ${which(1 - k)} has that cell outside its loop.` };
    }
  } else if (family === "heyawake") {
    const { rooms } = puzzle, done = new Set();
    for (const [x, y] of cells) {
      const r = rooms[y * width + x];
      if (done.has(r)) continue;
      done.add(r);
      const members = [];
      rooms.forEach((id, i) => { if (id === r) members.push(i); });
      if (members.some((i) => puzzle.clue(i))) continue;
      const count = (sol) => members.filter((i) => at(sol, i % width, Math.floor(i / width)) === "#").length;
      const n = [count(a), count(b)];
      if (n[0] === n[1]) continue;
      const k = n[0] ? 0 : 1; // the editor's 0 is no number: the other solution's count then
      const first = members[0], fx = first % width, fy = Math.floor(first / width);
      return { changes: [[first, n[k]]], words: `Give the room at ${where(fx, fy)} the number ${n[k]}: ${which(1 - k)} shades ${n[1 - k]} of its cells.` };
    }
  } else if (family === "masyu") {
    for (const [x, y] of cells) {
      if (puzzle.clue(y * width + x)) continue;
      for (const kind of [1, 2]) {
        for (const k of [0, 1]) {
          if (pearlHolds(sols[k], x, y, kind) && !pearlHolds(sols[1 - k], x, y, kind)) {
            return { changes: [[y * width + x, kind]], words: `Put ${PEARL[kind]} at ${where(x, y)}: ${which(1 - k)} does not pass it as that pearl demands.` };
          }
        }
      }
    }
  } else if (family === "nurikabe") {
    return { words: "Add a number that starts another island near the outlined cells, or change a number; then Check again." };
  }
  return null;
}

/** What to do when Check finds no solution: with no clue at all (a Nurikabe, whose every cell
 * would be shaded), add some; else take back or change one. */
export function noSolutionFix(family, clueCount) {
  if (clueCount) return { words: "Undo the last change, or change a clue: no solution fits them all." };
  return { words: family === "nurikabe" ? "Add numbers: with none every cell is shaded, and no 2×2 square may be."
    : "Add clues: with none the rules cannot be met." };
}
