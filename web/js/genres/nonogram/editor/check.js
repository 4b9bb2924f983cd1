// The nonogram editor's Check (as data for the Create frame's one display, create/check-view.js)
// and its Fix panel. Check asks the engine worker whether the picture's clues have one solution
// (with classification and difficulty) and, when clingo is installed, races clingo-wasm for the
// solution count: whichever answers first gives the count and another solution. Fix asks for
// verified suggestions; applying one is an ordinary undoable move, then checks again.

import { el } from "../../../shell/dom.js";
import { Latest } from "../../../shell/latest.js";
import { pictureThumb } from "./board.js";
import { HOW } from "../../../shell/stars.js"; // how the clues solve (the classification goes to the details)

const COUNT_CAP = 20;
const CLINGO_DELAY_MS = 300;

const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const ENGINE = { pysolver: "the puzzle engine", clingo: "clingo (answer sets)" };

export class EditorChecker {
  /** editor: the nonogram editor (editor.js); setBusy(on): the Create frame's Check and Cancel
   * buttons follow a fix's run; the Fix panel goes in fixBox. */
  constructor(editor, setBusy, fixBox) {
    this.ed = editor;
    this.engine = editor.engine;
    this.setBusy = setBusy;
    this.handle = null;      // running engine request (check or fix)
    this.clingoRuns = new Latest(); // the count race's clingo run: a new one, Cancel or the check's end stops it
    this.last = null;        // last check result for the picture as it is
    this.fixBtn = el("button", { type: "button", id: "ed-fix-run", textContent: "Suggest fixes", disabled: true });
    this.fixOut = el("p", { id: "ed-fix-status", className: "meta" });
    this.fixList = el("ol", { id: "ed-fix-list", className: "ed-fixes" });
    fixBox.append(el("div", { className: "row" }, this.fixBtn), this.fixOut, this.fixList);
    this.fixOut.textContent = "Check the puzzle first; fixes are offered when it has several solutions.";
    this.fixBtn.addEventListener("click", () => this.fix());
  }

  /** Cells shown at the start, as {row, column} (1-based). */
  givens() {
    const w = this.ed.doc.width;
    return [...this.ed.doc.givens].sort((a, b) => a - b).map((i) => ({ row: Math.floor(i / w) + 1, column: (i % w) + 1 }));
  }

  /** The picture changed: results no longer apply. */
  invalidate() {
    if (!this.last && !this.fixList.children.length && !this.ed.grid.marks.size) return;
    this.last = null;
    this.ed.grid.setMarks(new Map());
    this.fixList.replaceChildren();
    this.fixBtn.disabled = true;
    this.fixOut.textContent = "The picture changed: check it again.";
  }

  busy(on) {
    this.setBusy(on);
    this.fixBtn.disabled = on || !(this.last && this.last.status === "multiple");
  }

  cancel() {
    if (this.handle) this.engine.cancel(this.handle);
    this.clingoRuns.drop();
  }

  /** The check as the frame's display takes it (panels/check-report.js analysisReport):
   * {status, count, exact, differ, other, how, stars, minutes, detail}; `progress(words, details)`
   * while it runs, `interim(res)` when clingo's count comes first. The frame's signal stops it. */
  async check({ signal, progress = () => {}, interim = () => {} } = {}) {
    // a blank grid is "unique" (every clue 0) and rated the easiest: no answer a maker can use
    if (!this.ed.doc.cells.some((v) => v)) {
      this.fixOut.textContent = "";
      return { unavailable: "The picture is empty: paint some cells, then check it." };
    }
    const fresh = this.ed.edits.current();
    let known = 0; // the progress line only goes up (a search may take cells back)
    let countNote = ""; // clingo's count, once it answered first (the details keep it)
    const t0 = performance.now();
    const stop = () => this.cancel();
    signal?.addEventListener("abort", stop);
    try {
      const puzzle = await this.ed.currentPuzzle();
      const race = this.startClingo(puzzle, fresh).then((counted) => {
        // clingo answered first: its count (and another solution) while pysolver classifies
        if (counted && this.handle && fresh()) {
          countNote = `counted by ${ENGINE.clingo} in ${counted.ms} ms; ${ENGINE.pysolver} (pysolver) is still classifying`;
          interim(this.interim(counted, puzzle, countNote));
        }
        return counted;
      });
      this.handle = this.engine.task("nonogram", "analyse", { puzzle, count_cap: COUNT_CAP, givens: this.givens(), rate: true }, {
        onProgress: (p) => {
          if (!fresh()) return;
          known = Math.max(known, p.known ?? 0);
          // once lines and what-ifs are spent the search tries values: say it may take long
          // (by the work, not the clock: the same words on any machine)
          const searching = p.nodes > 0 ? "; the rest needs a search, which can take minutes on a hard puzzle (Cancel stops it)" : "";
          progress(p.total ? `Worked out ${known} of ${p.total} cells so far${searching}…` : "Checking…",
            [countNote, `search: ${p.nodes ?? 0} nodes, ${p.known ?? 0} cells known now`]);
        },
      });
      const res = await this.handle.promise;
      if (!fresh()) return null;
      res.wall_ms = Math.round(performance.now() - t0);
      const counted = await Promise.race([race, Promise.resolve(null)]);
      return this.result(res, puzzle, counted);
    } finally {
      signal?.removeEventListener("abort", stop);
      this.handle = null;
      this.clingoRuns.drop();
    }
  }

  /** Count solutions with clingo-wasm alongside (when installed); resolves with {count, exact, alt} or null. */
  startClingo(puzzle, fresh) {
    const clingo = this.ed.app.clingo;
    if (!clingo) return new Promise(() => {});
    const run = this.clingoRuns.next(); // Cancel, or the check's end, stops it
    const w = puzzle.width;
    const shown = new Set(this.givens().map((g) => (g.row - 1) * w + g.column - 1));
    const state = shown.size
      ? puzzle.goal.map((row, y) => [...row].map((ch, x) => (shown.has(y * w + x) ? ch : "?")).join(""))
      : undefined;
    const program = this.engine.task("nonogram", "asp", state ? { puzzle, state } : { puzzle }).promise;
    return program.then(async ({ chars }) => {
      // most checks end within a moment: clingo joins only those that do not
      const r = await clingo.joinRace(program, { delayMs: CLINGO_DELAY_MS, signal: run.signal, models: COUNT_CAP + 1 });
      if (!r || !this.handle || !fresh() || r.status === "cancelled" || r.status === "timeout") return null;
      const grids = r.models.map((m) => clingo.decode(m, chars, puzzle.width, puzzle.height));
      return { count: grids.length, exact: r.exhausted, grids, engine: "clingo", ms: Math.round(r.time_s * 1000) };
    }).catch(() => null);
  }

  /** clingo's count, before pysolver's answer: the verdict, another solution, "still working". */
  interim(counted, puzzle, note) {
    const status = counted.count >= 2 ? "multiple" : counted.exact && counted.count === 1 ? "unique" : "none";
    const alt = status === "multiple" ? counted.grids.find((g) => g.join("") !== puzzle.goal.join("")) : null;
    return { status, count: Math.min(counted.count, COUNT_CAP), exact: counted.exact, ...this.another(puzzle.goal, alt),
      pending: "Still working out how it solves…", detail: [note] };
  }

  /** pysolver's answer (with clingo's count when it found more) as the display's data; the Fix panel follows it. */
  result(res, puzzle, counted) {
    this.last = res;
    const count = counted && counted.count > res.count ? counted : { count: res.count, exact: res.count_exact, engine: "pysolver" };
    const cls = res.classification || "";
    const diff = res.difficulty === null || res.difficulty === undefined ? "" : `; difficulty ${Number(res.difficulty).toFixed(2)}`;
    const by = count.engine === "clingo" ? `; solutions counted by ${ENGINE.clingo}` : "";
    const out = {
      status: res.status === "timeout" ? "undecided" : res.status, count: Math.min(count.count, COUNT_CAP), exact: count.exact,
      how: HOW[cls] && res.status === "unique" ? HOW[cls] : "", stars: res.stars, minutes: res.minutes,
      detail: [`classification: ${cls || "none"}${diff} (pysolver)${by}`,
        `checked in ${res.wall_ms} ms in the browser (engine ${Math.round(res.time_s * 1000)} ms)`],
    };
    if (res.status === "multiple") {
      const alt = res.alternative || (counted && counted.grids.find((g) => g.join("") !== puzzle.goal.join("")));
      Object.assign(out, this.another(puzzle.goal, alt));
      this.fixOut.textContent = "Ask for small changes that make the solution unique.";
    } else {
      this.fixOut.textContent = res.status === "unique" ? "Nothing to fix: the puzzle is unique." : "";
    }
    this.fixBtn.disabled = res.status !== "multiple";
    return out;
  }

  /** Another solution (rows) as the display draws it, and the cells where it differs from the picture. */
  another(goal, alt) {
    if (!alt) return {};
    const d = this.ed.doc, cells = [], differ = [];
    const index = new Map(d.colors.map((c, i) => [c.char, i]));
    if (!d.isColor) index.set("#", 1);
    for (let y = 0; y < d.height; y++) {
      for (let x = 0; x < d.width; x++) {
        cells.push(index.get(alt[y][x]) ?? 0);
        if (alt[y][x] !== goal[y][x]) differ.push({ row: y + 1, column: x + 1 });
      }
    }
    return { differ, other: pictureThumb({ width: d.width, height: d.height, colors: d.colors, cells }) };
  }

  /** The cells where another solution differs, outlined on the board (null: none). */
  outline(cells) {
    const w = this.ed.doc.width;
    this.ed.grid.setMarks(new Map((cells || []).map((c) => [(c.row - 1) * w + c.column - 1, "diff"])));
  }

  async fix() {
    const fresh = this.ed.edits.current();
    this.busy(true);
    this.fixList.replaceChildren();
    this.fixOut.textContent = "Looking for verified fixes…";
    try {
      const puzzle = await this.ed.currentPuzzle();
      this.handle = this.engine.task("nonogram", "fix", { puzzle, max_suggestions: 3, timeout: 30, givens: this.givens() }, {
        onProgress: (p) => {
          if (fresh()) this.fixOut.textContent = `Looking for verified fixes… ${p.tried} re-checks, ${p.found} found`;
        },
      });
      const res = await this.handle.promise;
      if (!fresh()) return;
      this.showFixes(res.suggestions);
    } catch (err) {
      if (fresh()) {
        this.fixOut.textContent = err.kind === "cancelled" ? "Cancelled." : `Fix failed: ${err.message}`;
      }
    } finally {
      this.handle = null;
      this.busy(false);
    }
  }

  showFixes(list) {
    if (!list.length) {
      this.fixOut.textContent = "No verified fix was found in the time allowed.";
      return;
    }
    this.fixOut.textContent = `${plural(list.length, "verified fix", "verified fixes")} (each re-checked: the puzzle becomes unique). Fewest changes first.`;
    const d = this.ed.doc;
    for (const s of list) {
      // the engine's words say what to do ("Show row 1, column 1 (filled) at the start: …",
      // "Change …"): no label of the kind before them
      const show = el("button", { type: "button", className: "ed-fix-show", textContent: "Show" });
      const apply = el("button", { type: "button", className: "ed-fix-apply", textContent: "Apply" });
      const item = el("li", { className: `ed-fix ${s.kind}` }, el("span", { textContent: s.description }),
        el("div", { className: "meta", textContent: `Then ${HOW[s.classification] || "it is unique"}.` }),
        el("div", { className: "row" }, show, apply));
      item.dataset.kind = s.kind;
      const indices = s.cells.map((c) => (c.row - 1) * d.width + (c.column - 1));
      show.addEventListener("click", () => {
        this.ed.grid.setMarks(new Map(indices.map((i) => [i, "suggest"])));
        this.ed.board.scrollIntoView({ block: "nearest" }); // on a phone the board is a screen above the fixes
      });
      apply.addEventListener("click", () => this.apply(s, indices));
      this.fixList.append(item);
    }
  }

  apply(s, indices) {
    const d = this.ed.doc;
    if (s.kind === "given") {
      d.setGivens(indices, true, "fix (cells shown)");
    } else {
      const index = new Map(d.colors.map((c, i) => [c.char, i]));
      if (!d.isColor) index.set("#", 1);
      d.paint(s.cells.map((c, k) => [indices[k], index.get(c.value) ?? 0]), "fix (cells changed)");
    }
    this.ed.say(`Applied: ${s.description} (Undo takes it back.)`);
    this.ed.ctx.check(); // the frame's Check, on the fixed puzzle
  }
}
