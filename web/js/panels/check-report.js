// What the Check panel of every genre shows, from the data a genre's check gives (pure: no DOM;
// tests/js/check-report.test.mjs). One layout and one set of words for every genre: a verdict
// line (its ✓ or ✗ is the panel's, drawn by CSS) in the genre's sentence, then the mistakes one
// a line (the rule a genre names, else where it is: "Row 3", "Column 2", "Row 2, column 4"),
// and the board's "check" overlay made of the mistakes' cells and lines.
//   res: {wrong: [{words?, cells?: [{row, column}], lines?: [{axis, index}]}], words?,
//         unavailable?: words, detail?, spoiler?, clues?}

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
