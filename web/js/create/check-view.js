// Create's Check display, one for every genre (the frame's, create/editor.js): what
// panels/check-report.js analysisReport says, in the same pieces as Play's Check (the verdict
// line, ✓ or ✗ by CSS and neither when the check could not answer, the differences one a line,
// the engine's limits behind "Details"), with what a maker asks more: how it solves, "How hard",
// another solution drawn by the one thumbnail painter (board/thumb.js), framed where it
// differs as Play's Solve panel frames a solution's, and how to fix it when the genre says. The outline on the
// board is the genre's board's (its editor's outline()).
import { el } from "../shell/dom.js";
import { techDetails } from "../panels/details.js";
import { analysisReport } from "../panels/check-report.js";
import { drawBoardThumb } from "../board/thumb.js";

const FIGURE_BOX = 180; // CSS pixels of the other solution's longer side

export class CheckView {
  constructor() {
    this.result = el("div", { id: "ed-check-result", className: "ed-result" });
    this.result.setAttribute("aria-live", "polite");
    this.progressLine = el("p", { id: "ed-check-progress", className: "meta" });
    this.details = techDetails("ed-check-details"); // engines, classification, timings
    this.other = el("div", { id: "ed-alt", className: "solutions" });
    this.element = el("div", { id: "ed-check" }, this.result, this.progressLine, this.details.element, this.other);
  }

  /** Nothing said (an edit made the last answer stale). */
  clear() {
    this.result.replaceChildren();
    this.progressLine.textContent = "";
    this.details.set([]);
    this.other.replaceChildren();
  }

  /** Words while the check runs ("Checking…", cells worked out so far), details behind "Details". */
  progress(words, details) {
    this.progressLine.textContent = words || "";
    if (details) this.details.set(details);
  }

  /** The genre's answer (`res`, check-report.js) shown; the report, for the board's outline. */
  show(res) {
    const r = analysisReport(res);
    const lines = [];
    if (r.status) { // a verdict (its status for the page's tests and styles)
      const verdict = el("p", { id: "ed-verdict", className: "ed-verdict", textContent: r.words });
      verdict.dataset.status = r.status;
      if (r.state === "ok" || r.state === "wrong") verdict.classList.add(`check-${r.state}`);
      lines.push(verdict);
    } else if (r.words) lines.push(el("p", { className: "meta", textContent: r.words }));
    if (r.items.length) {
      const items = r.items.map((textContent) => el("li", { textContent }));
      if (r.more) items.push(el("li", { className: "more", textContent: `…and ${r.more} more (outlined on the board)` }));
      const list = el("ul", { id: "ed-check-list", className: "check-list" }, ...items);
      list.setAttribute("aria-label", "Where another solution differs");
      lines.push(list);
    }
    if (r.how) lines.push(el("p", { id: "ed-class", textContent: r.how }));
    if (r.hard) lines.push(el("p", { id: "ed-hard", textContent: r.hard }));
    if (r.pending) lines.push(el("p", { className: "meta", textContent: r.pending }));
    if (res && res.fix) lines.push(this.fix(res.fix));
    this.result.replaceChildren(...lines);
    if (res && res.detail) this.details.set(res.detail);
    this.other.replaceChildren();
    const others = res && (res.others || (res.other ? [res.other] : []));
    if (r.caption && others.length) this.other.append(this.figure(others, r));
    return r;
  }

  /** How to fix a puzzle that is not unique, in the genre's words ({words, apply?}): Apply
   * makes the change (an undoable move) and checks again. */
  fix({ words, apply }) {
    const line = el("p", { id: "ed-howfix" }, el("strong", { textContent: "How to fix: " }), words);
    if (apply) {
      const btn = el("button", { type: "button", id: "ed-howfix-apply", textContent: "Apply" });
      btn.addEventListener("click", () => { btn.disabled = true; apply(); });
      line.append(" ", btn);
    }
    return line;
  }

  /** Solutions other than the board's picture ([{kind, puzzle, cells}]: one, or two when the
   * board has none), drawn by the genre's board plug-in, where they differ outlined. */
  figure(others, r) {
    const pictures = others.map(({ kind, puzzle, cells }, k) => {
      const canvas = el("canvas", { id: k ? `ed-alt-canvas-${k + 1}` : "ed-alt-canvas" });
      // where they differ framed as the Solve panel frames a solution's differences (panels/solve.js)
      const diff = r.overlay ? r.overlay.cells : [];
      drawBoardThumb(canvas, kind, puzzle, cells, { picture: true, box: others.length > 1 ? FIGURE_BOX * 0.75 : FIGURE_BOX,
        overlays: diff.length ? { hint: { cells: diff, frames: diff } } : {} });
      canvas.setAttribute("role", "img");
      canvas.setAttribute("aria-label", others.length > 1 ? `solution ${k + 1} of the clues` : "another solution of the clues");
      return canvas;
    });
    return el("figure", {}, el("div", { className: "ed-alt-pictures" }, ...pictures), el("figcaption", { textContent: r.caption }));
  }
}
