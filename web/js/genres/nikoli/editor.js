// Create a Nurikabe, Heyawake, Masyu or Bag puzzle on the shared board: numbers (digits,
// "?"), pearls (a click cycles none, white, black) and Heyawake's rooms (a click near a cell's
// side toggles the border there); Check unique (runTask "solve", two solutions asked),
// Export as a puzz.link URL and Play, both through the engine's reader (nikoli_parse of the
// family's text format), which also says what is wrong with a puzzle it refuses. Every edit
// is a move of the midend (genres/nikoli/draft.js): the view's Undo and Redo (and Ctrl+Z /
// Ctrl+Y) take it back and again, and the draft is saved after each one ("Continue the draft"
// brings it back after a reload).
import { el, button } from "../../shell/dom.js";
import { storage } from "../../shell/storage.js";
import { Latest } from "../../shell/latest.js";
import { NikoliGame, nikoliPuzzle, readNikoli, FAMILY_NAMES } from "./game.js";
import { NikoliDraft, MAX_SIDE, NIKOLI_DRAFT_KEY, saveNikoliDraft, loadNikoliDraft } from "./draft.js";
import { shadeBoard } from "../../board/shade.js";
import { loopBoard } from "../../board/loop.js";

const GENERATE_SIDE = 15; // clingo-wasm grounds afresh for every check: larger takes minutes here

/** Rooms as connected areas between the borders (`wall(x, y, "e" | "s")`: drawn or not). */
function roomsOf(w, h, wall) {
  const rooms = new Array(w * h).fill(-1);
  let n = 0;
  for (let s = 0; s < w * h; s++) {
    if (rooms[s] >= 0) continue;
    rooms[s] = n;
    const stack = [s];
    while (stack.length) {
      const i = stack.pop(), x = i % w, y = Math.floor(i / w);
      const next = [[x + 1, y, wall(x, y, "e")], [x - 1, y, wall(x - 1, y, "e")], [x, y + 1, wall(x, y, "s")], [x, y - 1, wall(x, y - 1, "s")]];
      for (const [u, v, walled] of next) {
        const j = v * w + u;
        if (u >= 0 && v >= 0 && u < w && v < h && rooms[j] < 0 && !walled) { rooms[j] = n; stack.push(j); }
      }
    }
    n += 1;
  }
  return rooms;
}

export class NikoliEditor {
  /** frame: the play frame (play/view.js) the Create panel goes in; nv: the NikoliView. */
  constructor(frame, nv, asp) {
    Object.assign(this, { nv, asp });
    this.family = el("select", { id: "nk-ed-family" }, ...Object.entries(FAMILY_NAMES).map(([v, t]) => el("option", { value: v, textContent: t })));
    this.width = el("input", { type: "number", id: "nk-ed-width", min: 2, max: MAX_SIDE, value: 7 });
    this.height = el("input", { type: "number", id: "nk-ed-height", min: 2, max: MAX_SIDE, value: 7 });
    this.newButton = button("nk-ed-new", "New grid");
    this.generateButton = button("nk-ed-generate", "Generate");
    this.checkButton = button("nk-ed-check", "Check unique");
    this.exportButton = button("nk-ed-export", "Export URL");
    this.playButton = button("nk-ed-play", "Play it");
    this.url = el("input", { type: "text", id: "nk-ed-url", readOnly: true, hidden: true });
    this.url.setAttribute("aria-label", "The puzzle's URL");
    this.text = el("p", { id: "nk-ed-text" });
    this.text.setAttribute("aria-live", "polite");
    this.resumeButton = button("nk-ed-resume", "Continue the draft");
    this.tools = el("div", { className: "row", hidden: true }, this.checkButton, this.exportButton, this.playButton);
    frame.addPanel("Create", el("div", { className: "panel", id: "nk-create-panel" }, el("h3", { textContent: "Create" }),
      el("div", { className: "row" }, this.family, this.width, el("span", { textContent: "×" }), this.height, this.newButton, this.generateButton),
      el("div", { className: "row" }, this.resumeButton), this.tools, this.url, this.text), nv.config); // shown with a Nikoli game
    this.newButton.addEventListener("click", () => this.start());
    this.resumeButton.addEventListener("click", () => this.resume());
    this.generateButton.addEventListener("click", () => (this.generating ? this.generations.drop() : this.generate()));
    this.generations = new Latest(); // the generation in progress: the button's Cancel drops it (its clingo runs stop)
    this.generating = null;
    this.checkButton.addEventListener("click", () => this.check());
    this.exportButton.addEventListener("click", () => this.read().then((d) => { this.url.value = d.url; this.url.hidden = false; this.say("The URL opens the puzzle here and on puzz.link."); }, (e) => this.say(e.message)));
    this.playButton.addEventListener("click", () => this.read().then((d) => { this.stop(); this.nv.open(d); }, (e) => this.say(e.message)));
    this.doc = null; // the puzzle being created (a NikoliDraft), null when none is on the board
    this.onChange = () => this.changed();
    this.showResume();
  }

  say(t) { this.text.textContent = t; }

  /** "Continue the draft" while a saved draft is not on the board. */
  showResume() {
    const ls = storage();
    this.resumeButton.hidden = !!this.doc || !(ls && ls.getItem(NIKOLI_DRAFT_KEY));
  }

  /** A blank grid of the chosen family and size on the board, in edit mode. */
  start() {
    const family = this.family.value;
    const w = Math.max(2, Math.min(MAX_SIDE, Math.round(Number(this.width.value)) || 7));
    const h = Math.max(2, Math.min(MAX_SIDE, Math.round(Number(this.height.value)) || 7));
    this.begin(new NikoliDraft(family, w, h));
    this.save();
  }

  /** The saved draft back on the board, with its undo history. */
  resume() {
    const ls = storage(), doc = ls && loadNikoliDraft(ls);
    if (!doc) { this.say("The draft could not be read; New grid starts another."); this.resumeButton.hidden = true; return; }
    Object.assign(this.family, { value: doc.family });
    this.width.value = doc.puzzle.width;
    this.height.value = doc.puzzle.height;
    this.begin(doc);
  }

  begin(doc) {
    if (this.doc) this.doc.removeEventListener("change", this.onChange);
    this.doc = doc;
    doc.addEventListener("change", this.onChange);
    const family = doc.family;
    const base = family === "masyu" ? loopBoard : shadeBoard;
    const kind = { ...base, name: "edit", stroke: { start: (v, e) => this.click(v, e), move() {}, end() {}, cancel() {} }, key: (v, e) => this.key(v, e) };
    this.nv.edit(new NikoliGame(nikoliPuzzle(this.dict()), "edit", null), kind);
    this.tools.hidden = false;
    this.url.hidden = true;
    this.showResume();
    this.buttons();
    this.say(family === "masyu" ? "Click a cell: none, white pearl, black pearl." : family === "heyawake"
      ? "Type a room's number (or ?) in one of its cells; click near a cell's side to draw or remove a room border."
      : "Type a number (or ?) in a cell; Backspace removes it.");
  }

  stop() {
    if (this.doc) this.doc.removeEventListener("change", this.onChange);
    this.doc = null;
    this.tools.hidden = true;
    this.showResume();
  }

  undo() { if (this.doc) this.doc.undo(); }
  redo() { if (this.doc) this.doc.redo(); }

  /** An edit, an undo or a redo: the board, the view's Undo and Redo, the draft. */
  changed() {
    this.redraw();
    this.buttons();
    this.save();
  }

  buttons() {
    this.nv.undoBtn.disabled = !this.doc.undoStack.length;
    this.nv.redoBtn.disabled = !this.doc.redoStack.length;
  }

  save() {
    const ls = storage(), res = ls ? saveNikoliDraft(this.doc, ls) : { ok: false };
    if (!res.ok) this.say("The draft could not be saved (the browser's storage is full or blocked).");
  }

  /** The document as nikoli_parse's answer would be (for the board). */
  dict() {
    const d = this.doc, { width, height } = d.puzzle;
    const rooms = d.family === "heyawake" ? roomsOf(width, height, (x, y, side) => d.wall(x, y, side)) : null;
    const clues = [...d.clues()].map(([i, n]) => [i % width, Math.floor(i / width), n]);
    return { format: "nikoli", family: d.family, width, height, clues, rooms, url: "", title: `New ${FAMILY_NAMES[d.family]}` };
  }

  redraw() {
    const p = nikoliPuzzle(this.dict()), g = this.nv.view.game;
    g.puzzle.clues = p.clues;
    g.puzzle.rooms = p.rooms;
    this.url.hidden = true;
    this.nv.view.draw();
  }

  click(v, e) {
    const { x, y, inside } = v.cellAt(e);
    if (!inside || e.target !== v.cellCanvas) return;
    e.preventDefault();
    v.aria.focus({ preventScroll: true });
    v.moveCursor(x, y, false);
    const d = this.doc, i = y * d.puzzle.width + x;
    if (d.family === "masyu") {
      d.apply([[i, (d.clue(i) + 1) % 3]], "pearl");
    } else if (d.family === "heyawake") {
      const r = v.cellCanvas.getBoundingClientRect(), fx = (e.clientX - r.left) / v.cell - x, fy = (e.clientY - r.top) / v.cell - y;
      const side = Math.min(fx, 1 - fx, fy, 1 - fy);
      if (side > 0.2) return;
      const [wx, wy, s] = side === 1 - fx ? [x, y, "e"] : side === fx ? [x - 1, y, "e"] : side === 1 - fy ? [x, y, "s"] : [x, y - 1, "s"];
      if (wx < 0 || wy < 0 || (s === "e" && wx >= d.puzzle.width - 1) || (s === "s" && wy >= d.puzzle.height - 1)) return; // the grid's edge
      d.apply([[d.wallIndex(wx, wy, s), d.wall(wx, wy, s) ? 0 : 1]], "border");
    }
  }

  /** Digits append to the cursor cell's number, "?" sets a question mark, Backspace clears. */
  key(v, e) {
    const d = this.doc, i = v.cursor.y * d.puzzle.width + v.cursor.x;
    if (d.family === "masyu" || e.ctrlKey || e.metaKey || e.altKey) return false;
    const old = d.clue(i);
    if (/^[0-9]$/.test(e.key)) d.apply([[i, Math.min(999, (old > 0 ? old * 10 : 0) + Number(e.key))]], "number");
    else if (e.key === "?") d.apply([[i, -2]], "number");
    else if (e.key === "Backspace" || e.key === "Delete") d.apply([[i, 0]], "number");
    else return false;
    e.preventDefault();
    return true;
  }

  /** The family's text format (pysolver.nikoli.model), read by the engine: its canonical dict. */
  read() {
    const d = this.doc, { width, height } = d.puzzle, clues = d.clues();
    const rooms = d.family === "heyawake" ? roomsOf(width, height, (x, y, side) => d.wall(x, y, side)) : null;
    const rows = [];
    for (let y = 0; y < height; y++) {
      const toks = [];
      for (let x = 0; x < width; x++) {
        const i = y * width + x, n = clues.get(i);
        let tok = n === undefined ? "." : d.family === "masyu" ? (n === 1 ? "w" : "b") : n === -2 ? "?" : String(n);
        if (rooms) tok = n === undefined ? `r${rooms[i]}` : `r${rooms[i]}:${tok}`; // two numbers in a room: the reader says so
        toks.push(tok);
      }
      rows.push(toks.join(" "));
    }
    return readNikoli(this.nv.engine, `${d.family} ${width}x${height}\n${rows.join("\n")}\n`, "the new puzzle");
  }

  /** A new random unique puzzle of the chosen family and size from the engine's generator
   * (the "generate" task: Python in the engine worker, clingo-wasm for each uniqueness
   * check), opened to play; its URL shown. The button cancels while it runs. */
  async generate() {
    const family = this.family.value;
    const w = Math.max(2, Math.min(GENERATE_SIDE, Math.round(Number(this.width.value)) || 7));
    const h = Math.max(2, Math.min(GENERATE_SIDE, Math.round(Number(this.height.value)) || 7));
    const seed = 1 + Math.floor(Math.random() * 1e9);
    const fresh = this.generating = this.generations.next();
    this.generateButton.textContent = "Cancel";
    this.say(`Generating a ${w}×${h} ${FAMILY_NAMES[family]} (seed ${seed})…`);
    try {
      const info = await this.asp.nikoliGenerate(this.nv.engine, family, w, h, seed, { signal: fresh.signal });
      const dict = await readNikoli(this.nv.engine, info.url, "the generated puzzle");
      if (!fresh()) { this.say("Generation cancelled."); return; }
      this.stop();
      this.nv.open({ ...dict, title: `${FAMILY_NAMES[family]} ${w}×${h} #${seed}`, difficulty: info.difficulty,
        source: "generated here by the pysolver engine" });
      this.url.value = info.url;
      this.url.hidden = false;
      this.say(`Generated: unique, ${info.clues} clues, ${info.difficulty}. Its URL:`);
    } catch (err) {
      this.say(err.message === "cancelled" ? "Generation cancelled." : `Could not generate: ${err.message}`);
    } finally {
      this.generating = null;
      this.generateButton.textContent = "Generate";
    }
  }

  async check() {
    this.say("Checking with clingo…");
    try {
      const d = await this.read();
      const r = await this.asp.runTask(this.nv.engine, d.family, "solve", { puzzle: d.url, max_solutions: 2 });
      this.say(r.status === "unique" ? "Unique: exactly one solution." : r.status === "none" ? "No solution."
        : r.status === "multiple" ? "Not unique: at least two solutions." : `Undecided (${r.status}).`);
    } catch (err) {
      this.say(`Could not check: ${err.message}`);
    }
  }
}
