// What the Check panel of every genre shows, from the data a genre's check gives (pure: no DOM;
// tests/js/check-report.test.mjs). One layout and one set of words for every genre: a verdict
// line (its ✓ or ✗ is the panel's, drawn by CSS) in the genre's sentence, then the mistakes one
// a line (the rule a genre names, else where it is: "Row 3", "Column 2", "Row 2, column 4"),
// and the board's "check" overlay made of the mistakes' cells and lines.
//   res: {wrong: [{words?, cells?: [{row, column}], lines?: [{axis, index}]}], words?,
//         unavailable?: words, detail?, spoiler?, clues?}

import { starsText } from "../shell/stars.js"; // the stars as the library and the play head show them

export const MAX_ITEMS = 8; // a longer list ends "…and N more" (the board shows them all)

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Where a mistake is, in words, when the genre gives none. */
export function placeWords({ cells = [], lines = [] }) {
  const parts = [...lines.map((l) => `${l.axis} ${l.index}`), ...cells.map((c) => `row ${c.row}, column ${c.column}`)];
  return parts.length ? cap(parts.join("; ")) : "";
}

/** The panel's report of a check in `mode`: {state: "off" | "ok" | "wrong" | "unknown", words,
 * items: [words], more: mistakes past MAX_ITEMS, overlay: {cells, lines} | null}. */
export function checkReport(res, mode) {
  if (mode === "off" || !res) return { state: "off", words: "", items: [], more: 0, overlay: null };
  if (res.unavailable) return { state: "unknown", words: res.unavailable, items: [], more: 0, overlay: null };
  const wrong = res.wrong || [];
  if (!wrong.length) return { state: "ok", words: res.words || "Nothing is wrong so far.", items: [], more: 0, overlay: null };
  const n = wrong.length;
  const items = wrong.slice(0, MAX_ITEMS).map((w) => w.words || placeWords(w));
  return {
    state: "wrong",
    words: res.words || `${n} mistake${n === 1 ? "" : "s"}`,
    items, more: n - items.length,
    overlay: { cells: wrong.flatMap((w) => w.cells || []), lines: wrong.flatMap((w) => w.lines || []) },
  };
}

// ---- Create's Check (create/editor.js, create/check-view.js): the same verdict line (✓ or ✗,
// neither when the check could not answer), list and outline on the board, for what a puzzle's
// maker asks of every genre: one solution? if not, where another differs (and that solution,
// drawn by board/thumb.js); if so, how hard. The genre's check gives data only:
//   res: {status: "unique" | "multiple" | "none" | "undecided", count?, exact?, differ?:
//         [{row, column}] (where another solution differs; pair: two solutions shown, where they
//         differ), how?: words (how it solves), stars?,
//         minutes?, pending?: words (an answer still to come), unavailable?: words}

const VERDICT = { unique: "Unique: exactly one solution.", none: "No solution: the clues contradict each other." };

/** Cells of one row in words: "Row 2, column 3", "Row 2, columns 3, 4 and 7". */
function rowWords(row, columns) {
  if (columns.length === 1) return `Row ${row}, column ${columns[0]}`;
  return `Row ${row}, columns ${columns.slice(0, -1).join(", ")} and ${columns[columns.length - 1]}`;
}

/** Where another solution differs, a row a line, top to bottom. */
export function differWords(cells) {
  const rows = new Map();
  for (const { row, column } of [...cells].sort((a, b) => a.row - b.row || a.column - b.column)) {
    if (!rows.has(row)) rows.set(row, []);
    rows.get(row).push(column);
  }
  return [...rows].map(([row, columns]) => rowWords(row, columns));
}


/** Create's report of a check: {state, status, words, items, more, overlay, how, hard, caption,
 * pending}, the display's every line (create/check-view.js; tests/js/check-report.test.mjs). */
export function analysisReport(res) {
  const none = { state: "off", status: "", words: "", items: [], more: 0, overlay: null, how: "", hard: "", caption: "", pending: "" };
  if (!res) return none;
  if (res.unavailable) return { ...none, state: "unknown", words: res.unavailable };
  const status = ["unique", "multiple", "none"].includes(res.status) ? res.status : "undecided";
  const out = { ...none, status, pending: res.pending || "" };
  if (status === "multiple") {
    const n = res.exact ? `${res.count}` : `at least ${Math.max(2, res.count || 2)}`;
    const differ = res.differ || [];
    const lines = differWords(differ);
    out.items = lines.slice(0, MAX_ITEMS);
    out.more = lines.length - out.items.length;
    return { ...out, state: "wrong", words: `Not unique: ${n} solutions.`, overlay: differ.length ? { cells: differ, lines: [] } : null,
      caption: !differ.length ? "" : res.pair
        ? `Two of its solutions: they differ in ${differ.length === 1 ? "1 cell" : `${differ.length} cells`} (marked here and on the board).`
        : `Another solution: ${differ.length === 1 ? "1 cell differs" : `${differ.length} cells differ`} (marked here and on the board).` };
  }
  if (status === "none") return { ...out, state: "wrong", words: VERDICT.none };
  if (status === "undecided") return { ...out, state: "unknown", words: "Undecided: the check stopped before it knew." };
  const min = Math.max(1, Math.round(res.minutes || 0));
  const hard = Number.isInteger(res.stars) && res.stars >= 1 && res.stars <= 5
    ? `How hard: ${starsText(res.stars)} (about ${min} minute${min === 1 ? "" : "s"}).` : "";
  return { ...out, state: "ok", words: VERDICT.unique, how: res.how ? `How it solves: ${res.how}.` : "", hard };
}
