// The Nikoli families' tasks for the Hint and Solve panels of every genre (panels/hint.js,
// panels/solve.js; the play frame makes them), through clingo-wasm (genres/nikoli/asp.js: nikoliHint, runTask "solve"):
// how to ask for a hint and put its stages in words (wrong marks first, then where to look,
// then what and which rule, then applied as one undoable move), the one solver (it counts up to
// the panel's cap), and how a solution's rows become the board's values.
import { UNKNOWN } from "../../board/cells.js";
import { boardOf } from "./game.js";

const COUNT_CAP = 10; // the cap the Solve panel starts with (the player may set another)

/** The cells a hint names, for the board's outline (Masyu: both cells of each edge). */
function hintCells(cells) {
  return cells.flatMap((c) => (c.to_row ? [{ row: c.row, column: c.column }, { row: c.to_row, column: c.to_column }] : [c]));
}

/** The hint's stages in the families' words (panels/hint-flow.js, present()). */
export function presentNikoliHint(h, game) {
  const cells = hintCells(h.cells || []);
  if (!cells.length) return { words: h.explanation }; // none, no solution: nothing to apply
  const first = h.cells[0], n = h.cells.length;
  if (h.kind === "mistake") {
    return {
      where: { words: "There is a mistake: some of your marks are wrong.", overlay: null },
      // the explanation names the marks and says why (each wrong, or not all right): this
      // only says where to see them, after it ("Your mark at ... is wrong: .... It is outlined")
      what: { words: `${h.explanation} ${n === 1 ? "It is" : "They are"} outlined on the board.`,
        overlay: { cells }, cursor: first },
      count: `There is a mistake: ${n} of your marks ${n === 1 ? "is" : "are"} wrong.`,
      next: "Hint: show where", apply: `Hint: clear the wrong mark${n === 1 ? "" : "s"}`,
      changes: game.hintChanges(h.cells).map(([i]) => [i, UNKNOWN]),
      applied: `Cleared ${n} wrong mark${n === 1 ? "" : "s"} (Undo brings ${n === 1 ? "it" : "them"} back).`,
    };
  }
  const at = `row ${first.row}, column ${first.column}`;
  const reveal = h.kind === "reveal";
  return {
    where: { words: reveal ? `No deduction from here is short enough to explain: Hint can reveal ${at}.` : `Look at ${at}.`,
      overlay: { cells }, cursor: first },
    // the player's marks the reason rests on, outlined with the cell
    // (Nurikabe, Heyawake, Bag: the value the cell takes marked in it, as Apply would)
    what: { words: h.explanation, overlay: { cells: [...cells, ...hintCells(h.because || []).map(({ row, column }) => ({ row, column }))],
      marks: h.cells.filter((c) => !c.to_row) }, cursor: first },
    next: reveal ? "Hint: reveal it" : "Hint: show what and why",
    apply: reveal ? "Hint: apply the revealed cell" : "Hint: apply",
    changes: game.hintChanges(h.cells),
    applied: "Hint applied (Undo takes it back).",
  };
}

/** The Nikoli families' tasks for the Hint and Solve panels (nv: genres/nikoli/play-config.js; asp: genres/nikoli/asp.js). */
export function nikoliTasks(nv, asp) {
  const engine = nv.engine;
  const solver = {
    id: "clingo", label: "Rule solver (clingo)", counts: COUNT_CAP,
    solve(dict, { cap = COUNT_CAP } = {}) {
      const abort = new AbortController(); // Cancel stops this solve's clingo run
      const promise = asp.runTask(engine, dict.family, "solve", { puzzle: dict.url, max_solutions: cap }, { signal: abort.signal })
        .then((res) => ({ ...res, count_exact: !res.stats || res.stats.exhausted !== false, engine: "clingo" }));
      return { promise, cancel() { abort.abort(); return "stopped"; } };
    },
  };
  return {
    hintTasks: {
      gridKey: (game) => game.serialCells(),
      ask: (game, signal) => asp.nikoliHint(engine, game.puzzle.family, game.puzzle.dict.url, game.stateRows(),
        { signal, crosses: game.crosses() }),
      present: presentNikoliHint,
    },
    solveTasks: {
      solvers: () => [solver],
      cellsOf: (game, rows) => Array.from(game.cellsFromRows(rows)),
      board: (game) => boardOf(game.puzzle.family),
    },
  };
}
