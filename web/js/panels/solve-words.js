// What the Solve panel says of a solve's result, with no DOM (tests/js/solve-words.test.mjs):
// the verdict in players' words, the engine's own words for "Details", the cells in which two
// solutions differ, the count's cap. The result is the solve-result dict of ARCHITECTURE.md
// ({status, solutions, count_exact, classification, difficulty, time_s, stats, engine}), whichever
// genre and engine answered.

import { HOW } from "../shell/stars.js"; // how a unique puzzle solves, in the Hint's terms

const WORDS = { unique: "one solution (unique)", multiple: "more than one solution", solved: "a solution",
  none: "no solution", timeout: "gave up (time limit)", cancelled: "cancelled", unknown: "no answer within the work allowed" };

export const CAP = { min: 2, max: 1000, start: 10 };

/** The count's cap from the field's text: a whole number in [CAP.min, CAP.max]. */
export function clampCap(text) {
  const n = Math.round(Number(text));
  return Number.isFinite(n) && n > 0 ? Math.max(CAP.min, Math.min(CAP.max, n)) : CAP.start;
}

/** "Result: ...": the verdict, how many, and (unique) how hard it is to solve. */
export function verdictLine(res) {
  let verdict = WORDS[res.status] || res.status;
  const n = (res.solutions || []).length;
  // a count says how many, and whether all: exactly two counted are "2 solutions", where a
  // uniqueness check stopped at its second says "more than one"
  if (res.status === "multiple" && res.count_exact && n >= 2) verdict = `${n} solutions (all counted)`;
  else if (res.status === "multiple" && n > 2) verdict = `at least ${n} solutions (counting stopped there)`;
  const how = res.status === "unique" && HOW[res.classification] ? `: ${HOW[res.classification]}` : "";
  return `Result: ${verdict}${how}.`;
}

/** The lines behind "Details": classification, difficulty, time, engine; the engine's statistics. */
export function detailLines(res) {
  const tech = [res.classification ? `classification: ${res.classification}` : "",
    res.difficulty !== undefined && res.difficulty !== null ? `difficulty ${res.difficulty}` : "",
    res.time_s !== undefined ? `${Number(res.time_s).toFixed(2)} s` : ""].filter(Boolean).join("; ");
  return [tech + (res.engine ? ` (${res.engine})` : ""), statsText(res.stats || {})];
}

// clingo's choices and conflicts, pysolver's search nodes and probes
function statsText(st) {
  const parts = [];
  const add = (key, word) => { if (typeof st[key] === "number") parts.push(`${st[key]} ${word}`); };
  add("choices", "choices");
  add("conflicts", "conflicts");
  add("restarts", "restarts");
  add("nodes", "search nodes");
  add("probes", "probes");
  return parts.length ? `Statistics: ${parts.join(", ")}` : "";
}

/** The cells ({row, column}, 1-based) where two solutions (row strings) differ. */
export function differing(a, b) {
  const out = [];
  a.forEach((row, y) => [...row].forEach((ch, x) => { if (b[y][x] !== ch) out.push({ row: y + 1, column: x + 1 }); }));
  return out;
}
