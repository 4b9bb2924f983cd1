// The nonogram's hint tasks for the Hint panel of every genre (panels/hint-flow.js): ask
// pysolver in the worker (pysolver.api.hint), and present its answer in stages:
//   line:    (1) where to look: the line; (2) what and why: cells, explanation,
//            leftmost/rightmost arrangements; (3) apply as one undoable move.
//   mistake: (1) there is a mistake ("How many?" on request); (2) where: the wrong
//            marks outlined with their right values; (3) fix them (one undoable move).
//   probe:   (1) the cell to test; (2) the chain: the what-if's line steps one at a
//            time on the board (previous / next), ending in the line that cannot be
//            completed; (3) apply.
//   deep, reveal: (1) the cell, labelled; (2) what and why; (3) apply.
// When a game starts, prepare() asks the worker to diagnose the puzzle: that finds its
// solutions once (bounded by work), so later hints can tell mistakes.

const SECOND = { line: "Hint: show what and why", mistake: "Hint: show where", probe: "Hint: show the chain",
  deep: "Hint: show what and why", reveal: "Hint: reveal it" };
const THIRD = { mistake: "Hint: fix the marks", reveal: "Hint: apply the revealed cell" };

const lineName = (line) => `${line.axis === "row" ? "Row" : "Column"} ${line.index}`;
const at = (c) => `row ${c.row}, column ${c.column}`;

function valueWord(puzzle, ch) {
  if (ch === ".") return "empty";
  if (!puzzle.isColor) return "filled";
  const c = puzzle.colors.find((col) => col.char === ch);
  return c ? c.name : ch;
}

function firstWords(h, puzzle) {
  if (h.kind === "mistake") return "There is a mistake: some of your marks do not fit the solution.";
  if (h.kind === "probe") return `Try a what-if on ${at(h.probe)}: suppose it were ${valueWord(puzzle, h.probe.tried)}, and follow the lines.`;
  if (h.kind === "deep") return `Try a deeper what-if on ${at(h.probe)}: a search from that cell, not one line at a time.`;
  if (h.kind === "reveal") return `No deduction from here is short enough to explain: Hint can reveal ${at(h.probe)}.`;
  return `Look at ${h.line ? lineName(h.line).toLowerCase() : "the highlighted line"}.`;
}

/** A what-if's chain as steps: 0 is the tested cell with the value tried; then each line step
 * in order, its cells added to the what-if's marks; the last is the line that cannot be completed. */
function chainSteps(h, puzzle) {
  const focus = { row: h.probe.row, column: h.probe.column }, total = h.chain.length;
  const cells = [{ ...focus, value: h.probe.tried }];
  const steps = [];
  for (let k = 0; k <= total; k++) {
    const s = k > 0 ? h.chain[k - 1] : null;
    if (s) cells.push(...s.cells);
    let words;
    if (!s) words = `What-if: suppose row ${focus.row}, column ${focus.column} were ${valueWord(puzzle, h.probe.tried)}.`;
    else if (s.fails) words = `${lineName(s)} cannot be completed: the what-if is impossible, so the cell takes the other value.`;
    else words = `${lineName(s)} then gives ${s.cells.length} cell${s.cells.length === 1 ? "" : "s"}.`;
    steps.push({ words: `Step ${k} of ${total}. ${words}\n${h.explanation}`,
      overlay: { line: s ? { axis: s.axis, index: s.index } : null, cells: [...cells], frames: [focus], stage: 2, chain: true } });
  }
  return steps;
}

/** The hint's stages in the nonogram's words (panels/hint-flow.js, present()). */
export function presentHint(h, game) {
  const puzzle = game.puzzle;
  if (h.kind === "solved" || h.kind === "none") {
    return { words: h.explanation || (h.kind === "solved" ? "The puzzle is solved." : "No hint is available.") };
  }
  if (h.kind === "contradiction") { // nothing to apply: the line whose marks contradict its clue
    return { words: h.explanation || `${lineName(h.line)} contradicts its clue.`, overlay: { line: h.line, stage: 1 } };
  }
  const focus = h.probe ? { row: h.probe.row, column: h.probe.column } : null;
  const cells = h.cells || [];
  let where;
  if (h.kind === "mistake") where = { words: firstWords(h, puzzle), overlay: null };
  else {
    where = { words: firstWords(h, puzzle), overlay: { line: focus ? null : h.line, frames: focus ? [focus] : [], stage: 1 },
      cursor: focus || (h.line ? { [h.line.axis === "row" ? "row" : "column"]: h.line.index } : null) };
  }
  const what = h.kind === "probe" && h.chain ? { steps: chainSteps(h, puzzle) }
    : { words: h.explanation || "", legend: !!h.leftmost,
      overlay: { ...h, frames: h.kind === "mistake" ? cells : focus ? [focus] : [], stage: 2 },
      cursor: h.kind === "mistake" && cells.length ? cells[0] : null };
  const n = cells.length, w = puzzle.width;
  return {
    where, what,
    count: h.kind === "mistake" && h.count ? `There is a mistake: ${h.count} of your marks ${h.count === 1 ? "is" : "are"} wrong.` : null,
    next: SECOND[h.kind] || SECOND.line,
    apply: THIRD[h.kind] || "Hint: apply",
    changes: cells.map((c) => [(c.row - 1) * w + (c.column - 1), game.charValue(c.value)]),
    applied: h.kind === "mistake"
      ? `Fixed ${n} mark${n === 1 ? "" : "s"} (undo takes ${n === 1 ? "it" : "them"} back).`
      : `Marked ${n} cell${n === 1 ? "" : "s"} for you (Undo takes ${n === 1 ? "it" : "them"} back).`,
  };
}

/** The nonogram's tasks for panels/hint.js. engine: the worker's client (engine/client.js). */
export function nonogramHintTasks(engine) {
  return {
    gridKey: (game) => game.stateRows().join("\n"),
    // pressed while the engine loads: the request waits in its queue and is answered first
    waiting: () => (engine.status === "ready" ? "Thinking…"
      : "Thinking… (hints are still loading: yours comes as soon as they are ready)"),
    // on the engine's "hint" channel: a newer request, or the panel dropping this one
    // (supersede: out of the queue, or left to finish unread; the worker is never restarted)
    ask(game, signal) {
      signal.addEventListener("abort", () => engine.supersede("hint"), { once: true });
      return engine.latestTask("hint", "nonogram", "hint", { puzzle: game.puzzle.dict, state: game.stateRows() });
    },
    // the puzzle's solutions, once per game (pysolver.api.diagnose), so hints can tell mistakes;
    // bounded by work (pysolver.nonogram.player.mistakes.SOLVE_WORK), never cancelled
    prepare(game) {
      engine.task("nonogram", "diagnose", { puzzle: game.puzzle.dict }).promise.catch(() => { /* no engine: hints say why */ });
    },
    present: presentHint,
  };
}
