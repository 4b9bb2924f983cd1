// Create a Nurikabe, Heyawake, Masyu or Bag puzzle on the shared board: numbers (digits,
// "?"), pearls (a click cycles none, white, black) and Heyawake's rooms (a click near a cell's
// side toggles the border there); Check unique (runTask "solve", two solutions asked),
// Export as a puzz.link URL and Play, both through the engine's reader (nikoli_parse of the
// family's text format), which also says what is wrong with a puzzle it refuses.
import { el, button } from "../../shell/dom.js";
import { NikoliGame, nikoliPuzzle, FAMILY_NAMES } from "./game.js";
import { shadeBoard } from "../../board/shade.js";
import { loopBoard } from "../../board/loop.js";

const MAX_SIDE = 30; // a comfortable editing size; bigger puzzles come in as files or URLs
const GENERATE_SIDE = 15; // clingo-wasm grounds afresh for every check: larger takes minutes here

/** Rooms as connected areas between the borders (`walls`: "x,y,e" and "x,y,s" keys). */
function roomsOf(w, h, walls) {
  const rooms = new Array(w * h).fill(-1);
  let n = 0;
  for (let s = 0; s < w * h; s++) {
    if (rooms[s] >= 0) continue;
    rooms[s] = n;
    const stack = [s];
    while (stack.length) {
      const i = stack.pop(), x = i % w, y = Math.floor(i / w);
      const next = [[x + 1, y, `${x},${y},e`], [x - 1, y, `${x - 1},${y},e`], [x, y + 1, `${x},${y},s`], [x, y - 1, `${x},${y - 1},s`]];
      for (const [u, v, wall] of next) {
        const j = v * w + u;
        if (u >= 0 && v >= 0 && u < w && v < h && rooms[j] < 0 && !walls.has(wall)) { rooms[j] = n; stack.push(j); }
      }
    }
    n += 1;
  }
  return rooms;
}

export class NikoliEditor {
  constructor(box, nv, asp) {
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
    this.tools = el("div", { className: "row", hidden: true }, this.checkButton, this.exportButton, this.playButton);
    box.append(el("div", { className: "panel", id: "nk-create-panel" }, el("h3", { textContent: "Create" }),
      el("div", { className: "row" }, this.family, this.width, el("span", { textContent: "×" }), this.height, this.newButton, this.generateButton),
      this.tools, this.url, this.text));
    this.newButton.addEventListener("click", () => this.start());
    this.generateButton.addEventListener("click", () => (this.generating ? this.generating.abort() : this.generate()));
    this.generating = null; // the AbortController of a generation in progress
    this.checkButton.addEventListener("click", () => this.check());
    this.exportButton.addEventListener("click", () => this.read().then((d) => { this.url.value = d.url; this.url.hidden = false; this.say("The URL opens the puzzle here and on puzz.link."); }, (e) => this.say(e.message)));
    this.playButton.addEventListener("click", () => this.read().then((d) => { this.stop(); this.nv.open(d); }, (e) => this.say(e.message)));
    this.doc = null;
  }

  say(t) { this.text.textContent = t; }

  /** A blank grid of the chosen family and size on the board, in edit mode. */
  start() {
    const family = this.family.value;
    const w = Math.max(2, Math.min(MAX_SIDE, Math.round(Number(this.width.value)) || 7));
    const h = Math.max(2, Math.min(MAX_SIDE, Math.round(Number(this.height.value)) || 7));
    this.doc = { family, width: w, height: h, clues: new Map(), walls: new Set() };
    const base = family === "masyu" ? loopBoard : shadeBoard;
    const kind = { ...base, name: "edit", stroke: { start: (v, e) => this.click(v, e), move() {}, end() {}, cancel() {} }, key: (v, e) => this.key(v, e) };
    this.nv.edit(new NikoliGame(nikoliPuzzle(this.dict()), "edit", null), kind);
    this.tools.hidden = false;
    this.url.hidden = true;
    this.say(family === "masyu" ? "Click a cell: none, white pearl, black pearl." : family === "heyawake"
      ? "Type a room's number (or ?) in one of its cells; click near a cell's side to draw or remove a room border."
      : "Type a number (or ?) in a cell; Backspace removes it.");
  }

  stop() { this.doc = null; this.tools.hidden = true; }

  /** The document as nikoli_parse's answer would be (for the board). */
  dict() {
    const d = this.doc, rooms = d.family === "heyawake" ? roomsOf(d.width, d.height, d.walls) : null;
    const clues = [...d.clues].map(([i, n]) => [i % d.width, Math.floor(i / d.width), n]);
    return { format: "nikoli", family: d.family, width: d.width, height: d.height, clues, rooms, url: "", title: `New ${FAMILY_NAMES[d.family]}` };
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
    const d = this.doc, i = y * d.width + x;
    if (d.family === "masyu") {
      const n = ((d.clues.get(i) || 0) + 1) % 3;
      if (n) d.clues.set(i, n); else d.clues.delete(i);
    } else if (d.family === "heyawake") {
      const r = v.cellCanvas.getBoundingClientRect(), fx = (e.clientX - r.left) / v.cell - x, fy = (e.clientY - r.top) / v.cell - y;
      const side = Math.min(fx, 1 - fx, fy, 1 - fy);
      if (side > 0.2) return;
      const wall = side === 1 - fx ? `${x},${y},e` : side === fx ? `${x - 1},${y},e` : side === 1 - fy ? `${x},${y},s` : `${x},${y - 1},s`;
      if (d.walls.has(wall)) d.walls.delete(wall); else d.walls.add(wall);
    }
    this.redraw();
  }

  /** Digits append to the cursor cell's number, "?" sets a question mark, Backspace clears. */
  key(v, e) {
    const d = this.doc, i = v.cursor.y * d.width + v.cursor.x;
    if (d.family === "masyu" || e.ctrlKey || e.metaKey || e.altKey) return false;
    if (/^[0-9]$/.test(e.key)) {
      const old = d.clues.get(i);
      d.clues.set(i, Math.min(999, (old > 0 ? old * 10 : 0) + Number(e.key)));
    } else if (e.key === "?") d.clues.set(i, -2);
    else if (e.key === "Backspace" || e.key === "Delete") d.clues.delete(i);
    else return false;
    e.preventDefault();
    this.redraw();
    return true;
  }

  /** The family's text format (pysolver.nikoli.model), read by the engine: its canonical dict. */
  read() {
    const d = this.doc, rooms = d.family === "heyawake" ? roomsOf(d.width, d.height, d.walls) : null;
    const rows = [];
    for (let y = 0; y < d.height; y++) {
      const toks = [];
      for (let x = 0; x < d.width; x++) {
        const i = y * d.width + x, n = d.clues.get(i);
        let tok = n === undefined ? "." : d.family === "masyu" ? (n === 1 ? "w" : "b") : n === -2 ? "?" : String(n);
        if (rooms) tok = n === undefined ? `r${rooms[i]}` : `r${rooms[i]}:${tok}`; // two numbers in a room: the reader says so
        toks.push(tok);
      }
      rows.push(toks.join(" "));
    }
    return this.nv.engine.call("nikoli_parse", { text: `${d.family} ${d.width}x${d.height}\n${rows.join("\n")}\n`, filename: "the new puzzle" });
  }

  /** A new random unique puzzle of the chosen family and size from the engine's generator
   * (the "generate" task: Python in the engine worker, clingo-wasm for each uniqueness
   * check), opened to play; its URL shown. The button cancels while it runs. */
  async generate() {
    const family = this.family.value;
    const w = Math.max(2, Math.min(GENERATE_SIDE, Math.round(Number(this.width.value)) || 7));
    const h = Math.max(2, Math.min(GENERATE_SIDE, Math.round(Number(this.height.value)) || 7));
    const seed = 1 + Math.floor(Math.random() * 1e9);
    this.generating = new AbortController();
    this.generateButton.textContent = "Cancel";
    this.say(`Generating a ${w}×${h} ${FAMILY_NAMES[family]} (seed ${seed})…`);
    try {
      const info = await this.asp.nikoliGenerate(this.nv.engine, family, w, h, seed, { signal: this.generating.signal });
      const dict = await this.nv.engine.call("nikoli_parse", { text: info.url, filename: "the generated puzzle" });
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
      const r = await this.asp.runTask(this.nv.engine, "solve", { puzzle: d.url, max_solutions: 2 });
      this.say(r.status === "unique" ? "Unique: exactly one solution." : r.status === "none" ? "No solution."
        : r.status === "multiple" ? "Not unique: at least two solutions." : `Undecided (${r.status}).`);
    } catch (err) {
      this.say(`Could not check: ${err.message}`);
    }
  }
}
