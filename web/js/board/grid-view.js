// The shared board of every puzzle family: three canvases (column margin, row margin,
// cells) in a scroll box with sticky margins, and an ARIA grid (board/aria.js) over them;
// zoom, fit to the box, keyboard cursor, touch, moves through the game (undo/redo).
// A plug-in ("kind") measures and paints a family and names a cell for screen readers
// (genres/nonogram/board.js: clues in the margins; board/shade.js, board/loop.js: Nikoli).
// Input: mouse (left fill, right cross, drag locked to its first line; freehand where the
// kind says so), touch (board/touch.js: paint, long press crosses, two fingers pan and zoom), keyboard
// (arrows, fill/cross/clear keys, Shift paints); a kind may take pointer strokes and
// keys over (kind.stroke, kind.key: Masyu's loop). A plug-in that makes a puzzle (Create's
// nonogram editor) paints over the given cells (kind.paintsGivens) and reshapes the board when
// its puzzle changes under it (reshape(): a resize, clues worked out again).
import { watchOverflow } from "./overflow-cue.js";
import { UNKNOWN, CROSSED } from "./cells.js";
import { CUE, MIN_CELL, MAX_CELL, coarse, scrollShowing, stuckPart } from "./fit.js";
import { BoardAria } from "./aria.js";
import { el } from "../shell/dom.js";
import { BoardTouch } from "./touch.js";
import { StrokeScroll } from "./autoscroll.js";
import * as strokes from "./stroke.js";

function css(name) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

export class GridView extends EventTarget {
  constructor(root, kind) {
    super();
    this.root = root;
    this.kind = kind;
    root.classList.add("board");
    // a finger plays (a touch screen's, until a key is pressed): no frame says where keys act
    // (in orange, it followed the finger and read as a hint's outline)
    root.classList.toggle("by-finger", coarse());
    root.replaceChildren();
    this.inner = el("div", { className: "board-grid" });
    this.corner = el("div", { className: "board-corner" });
    this.colCanvas = el("canvas", { className: "col-clues" });
    this.rowCanvas = el("canvas", { className: "row-clues" });
    this.cellsWrap = el("div", { className: "cells-wrap" });
    this.cellCanvas = el("canvas", { className: "cells" });
    for (const c of [this.colCanvas, this.rowCanvas, this.cellCanvas]) c.setAttribute("aria-hidden", "true");
    this.cellsWrap.append(this.cellCanvas);
    this.ariaView = new BoardAria(this.cellsWrap);
    this.aria = this.ariaView.grid;
    this.inner.append(this.corner, this.colCanvas, this.rowCanvas, this.cellsWrap);
    root.append(this.inner);
    this.game = null;
    this.cell = 24;
    this.autoFit = true; // the cell size follows the box until the player zooms
    this.cursor = { x: 0, y: 0 };
    this.color = 1; // the colour index the fill action paints
    this.touchMode = "fill";
    this.preview = null; // Map index -> value while a stroke is drawn
    this.overlays = { hint: null, check: null, clues: null, refused: null };
    this.lastKeyAction = "fill";
    this.input = null; // how the player last used the board: "keys", "mouse" or "touch" (event "input")
    this.frame = 0;
    this.scrollFrame = 0; // a scroll to the cursor waiting for the next frame
    this.touch = new BoardTouch(this);
    this.strokeScroll = new StrokeScroll(this, (at) => this.strokeMove(at));
    this.bindInput();
    this.box = { width: 0, height: 0 };
    this.rowW = this.colH = this.rowStick = this.colStick = 0; // the margins, until a layout measures them
    new ResizeObserver(() => this.onResize()).observe(root);
    this.overflowCue = watchOverflow(root, () => [this.rowW > this.rowStick, this.colH > this.colStick]);
  }

  /** Show a game, with another plug-in when given (the Nikoli view switches per family). */
  setGame(game, kind = this.kind) {
    this.game = game;
    this.kind = kind;
    this.strokeScroll.stop();
    this.stroke = null;
    this.preview = null;
    clearTimeout(this.refusedTimer);
    this.overlays = { hint: null, check: null, clues: null, refused: null };
    this.cursor = { x: 0, y: 0 };
    this.color = 1;
    this.layers = null;
    kind.prepare(this);
    this.ariaView.setPuzzle(game.puzzle);
    this.fit();
    // margins too wide to stay whole: opened with their part nearest the grid and the cells in view
    this.root.scrollTo(this.rowW - this.rowStick || 0, this.colH - this.colStick || 0);
  }

  /** The game's puzzle changed shape under the board (Create: a resize, new clues in the
   * margins): measure and draw again, keeping the zoom, the marks and the cursor where it fits. */
  reshape() {
    const p = this.game.puzzle;
    this.layers = null;
    this.kind.prepare(this);
    this.ariaView.setPuzzle(p);
    this.cursor = { x: Math.min(this.cursor.x, p.width - 1), y: Math.min(this.cursor.y, p.height - 1) };
    if (this.autoFit) this.fit();
    else this.layout();
  }

  /** Whether a move leaves cell i as it is: Play's given cells (the editor's plug-in paints them). */
  locked(i) { return !this.kind.paintsGivens && this.game.fixed.has(i); }

  /** Put the keyboard on the grid (after a puzzle opens: no Tabs needed to play). */
  focus() { this.aria.focus({ preventScroll: true }); }

  /** The box the layout gives the board (its own size: the board inside never changes it). */
  measure() {
    const r = this.root.getBoundingClientRect();
    return { width: Math.floor(r.width), height: Math.floor(r.height) };
  }

  /** The largest cell size (up to a comfortable maximum) at which the board fits its box. */
  fit() {
    if (!this.game) return;
    const box = this.measure();
    this.box = box;
    if (!box.width || !box.height) return; // hidden: the resize observer fits once it shows
    this.setZoom(this.kind.fit(this, box.width, box.height));
    this.autoFit = true;
  }

  /** A new box (window resize, rotation, the sheet folding): fit again, unless the player
   * zoomed and only the height changed (a phone's address bar coming and going). A cursor in
   * view stays in view (a hint's line as its explanation unfolds the sheet over the board). */
  onResize() {
    const box = this.measure(), r = this.root;
    if (!box.width || !box.height) return; // hidden (another view): keep the size and zoom
    if (!this.game || (box.width === this.box.width && box.height === this.box.height)) return;
    const was = this.client || box; // the view the last scroll was made for (the box is floored)
    const [left, top] = scrollShowing(this, was.width, was.height, r.scrollLeft, r.scrollTop);
    if (this.autoFit || box.width !== this.box.width || !this.box.width) this.fit();
    else this.box = box;
    this.client = { width: r.clientWidth, height: r.clientHeight };
    if (left === r.scrollLeft && top === r.scrollTop) this.scrollSoon();
  }

  setZoom(size) {
    this.cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.round(size)));
    this.autoFit = false;
    this.layout();
    this.dispatchEvent(new CustomEvent("zoom", { detail: { cell: this.cell } }));
  }

  zoomBy(factor) {
    // at least one pixel per step, so a step is never lost to rounding
    const next = Math.round(this.cell * factor);
    this.setZoom(next === this.cell ? this.cell + Math.sign(factor - 1) : next);
  }

  layout() {
    const cs = this.cell;
    Object.assign(this, this.kind.size(this, cs));
    this.inner.style.gridTemplateColumns = `${this.rowW}px ${this.gridW}px`;
    this.inner.style.gridTemplateRows = `${this.colH}px ${this.gridH}px`;
    this.corner.style.visibility = this.rowW && this.colH ? "" : "hidden"; // no margins (Nikoli): no corner
    // the part of each margin that stays in view as the board pans (board/fit.js MARGIN_SHARE)
    this.rowStick = stuckPart(this.rowW, this.box.width);
    this.colStick = stuckPart(this.colH, this.box.height);
    const left = `${this.rowStick - this.rowW}px`, top = `${this.colStick - this.colH}px`;
    Object.assign(this.corner.style, { left, top });
    this.rowCanvas.style.left = left;
    this.colCanvas.style.top = top;
    const dpr = window.devicePixelRatio || 1;
    for (const [c, w, h] of [[this.colCanvas, this.gridW, this.colH], [this.rowCanvas, this.rowW, this.gridH],
      [this.cellCanvas, this.gridW, this.gridH]]) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
      c.style.width = `${w}px`;
      c.style.height = `${h}px`;
      c.getContext("2d").setTransform(dpr, 0, 0, dpr, 0, 0);
    }
    this.cellsWrap.style.width = `${this.gridW}px`;
    this.cellsWrap.style.height = `${this.gridH}px`;
    this.overflowCue();
    this.draw();
  }

  setOverlay(name, value) {
    this.overlays[name] = value;
    this.draw();
  }

  value(i) {
    if (this.preview && this.preview.has(i)) return this.preview.get(i);
    return this.game.cells[i];
  }

  draw() {
    if (this.game) this.updateAria(); // at once: a screen reader should not wait for a frame
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (!this.game || !this.gridW) return; // not laid out yet (its game came while hidden): the fit on showing draws
      this.theme = {
        bg: css("--cell-bg"), line: css("--grid-line"), bold: css("--grid-bold"), fill: css("--fill"),
        cross: css("--cross"), given: css("--given-bg"), givenMark: css("--given-mark"), tint: css("--cursor-tint"), hint: css("--hint-tint"), hintMark: css("--hint-mark"),
        error: css("--error"), text: css("--clue-text"), done: css("--clue-done"), clueBg: css("--clue-bg"),
        left: css("--extreme-left"), right: css("--extreme-right"), accent: css("--accent"),
        pearlWhite: css("--pearl-white"), pearlBlack: css("--pearl-black"),
      };
      this.drawCells();
      this.drawClues();
    });
  }

  drawCells() { this.kind.paintCells(this); }

  drawClues() { this.kind.paintMargins(this); }

  describeCell(x, y) { return this.kind.describe(this, x, y); }

  updateAria() { this.ariaView.update(this); }

  moveCursor(x, y, keepVisible = true) {
    const p = this.game.puzzle;
    this.cursor = { x: Math.max(0, Math.min(p.width - 1, x)), y: Math.max(0, Math.min(p.height - 1, y)) };
    this.draw();
    if (keepVisible) this.scrollSoon();
    this.dispatchEvent(new CustomEvent("cursor", { detail: this.cursor }));
  }

  /** Scroll the cursor into view in the frame that paints the move (its words are said at
   * once): reading the box's geometry right after each move's aria change lays the page out
   * on every key, ~2 ms a move against ~0.1 (PERF.md "Tests", sixth round). */
  scrollSoon() {
    if (this.scrollFrame) return;
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = 0;
      if (this.game) this.scrollToCursor();
    });
  }

  scrollToCursor(r = this.root) { [r.scrollLeft, r.scrollTop] = scrollShowing(this, r.clientWidth, r.clientHeight, r.scrollLeft, r.scrollTop, CUE); }

  fillValue() { return this.color + 1; }

  /** The value an action puts in a cell holding `current` (repeating an action clears). */
  target(action, current) {
    const want = action === "fill" ? this.fillValue() : action === "cross" ? CROSSED : UNKNOWN;
    return current === want && action !== "clear" ? UNKNOWN : want;
  }

  act(action, label) {
    const { x, y } = this.cursor, p = this.game.puzzle;
    const i = y * p.width + x;
    this.setCells([[i, this.target(action, this.game.cells[i])]], label || action);
  }

  /** Apply a move; given cells it would change stay as they are, and the board says so. */
  setCells(changes, label) {
    const refused = changes.filter(([i, v]) => this.locked(i) && this.game.cells[i] !== v).map(([i]) => i);
    if (refused.length) this.refuse(refused);
    if (!this.game.apply(changes, label)) this.draw();
  }

  /** Outline the given cells a move tried to change for a moment, and tell the page (event "refused"). */
  refuse(indices) {
    const w = this.game.puzzle.width;
    const cells = indices.map((i) => ({ row: Math.floor(i / w) + 1, column: (i % w) + 1 }));
    clearTimeout(this.refusedTimer);
    this.refusedTimer = setTimeout(() => this.setOverlay("refused", null), 900);
    this.setOverlay("refused", cells);
    this.dispatchEvent(new CustomEvent("refused", { detail: cells }));
  }

  cellAt(ev) {
    const r = this.cellCanvas.getBoundingClientRect();
    const p = this.game.puzzle;
    const x = Math.floor((ev.clientX - r.left) / this.cell), y = Math.floor((ev.clientY - r.top) / this.cell);
    return { x: Math.max(0, Math.min(p.width - 1, x)), y: Math.max(0, Math.min(p.height - 1, y)), inside: x >= 0 && y >= 0 && x < p.width && y < p.height };
  }

  bindInput() {
    const r = this.root;
    r.addEventListener("contextmenu", (e) => { if (e.target === this.cellCanvas) e.preventDefault(); });
    const touch = (e) => e.pointerType === "touch" && this.game;
    r.addEventListener("pointerdown", (e) => {
      this.used(e.pointerType === "touch" ? "touch" : "mouse");
      if (touch(e)) this.touch.down(e); else this.strokeStart(e);
    });
    r.addEventListener("pointermove", (e) => {
      if (touch(e)) { this.touch.move(e); return; }
      this.strokeMove(e);
      if (this.stroke) this.strokeScroll.move(e);
    });
    r.addEventListener("pointerup", (e) => (touch(e) ? this.touch.up(e, false) : this.strokeEnd()));
    r.addEventListener("pointercancel", (e) => (touch(e) ? this.touch.up(e, true) : this.strokeCancel()));
    this.aria.addEventListener("keydown", (e) => {
      this.onKey(e);
      if (e.defaultPrevented) this.used("keys"); // a key the board took (a move, a mark, a colour)
    });
    this.aria.addEventListener("focus", () => this.root.classList.add("focused"));
    this.aria.addEventListener("blur", () => this.root.classList.remove("focused"));
    r.addEventListener("wheel", (e) => {
      if (!e.ctrlKey || !this.game) return;
      e.preventDefault();
      this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
  }

  /** The player used the board by `how` ("keys", "mouse", "touch"): the help that speaks of
   * it can say the right words (the guided first puzzle); event "input" when it changes. */
  used(how) {
    if (how === this.input) return;
    this.input = how;
    this.root.classList.toggle("by-finger", how === "touch");
    this.dispatchEvent(new CustomEvent("input", { detail: how }));
  }

  // strokes: board/stroke.js (the methods touch.js calls too)
  strokeStart(e) { strokes.start(this, e); }
  strokeMove(e) { strokes.move(this, e); }
  strokeEnd() { strokes.end(this); }
  strokeCancel() { strokes.cancel(this); }
  paintStroke(x, y) { strokes.paintStroke(this, x, y); }


  onKey(e) {
    if (!this.game || (this.kind.key && this.kind.key(this, e))) return;
    const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const key = e.key;
    if (moves[key]) {
      e.preventDefault();
      const [dx, dy] = moves[key];
      const step = e.ctrlKey || e.metaKey ? 5 : 1;
      this.moveCursor(this.cursor.x + dx * step, this.cursor.y + dy * step);
      if (e.shiftKey) {
        // Shift paints while moving: repeat the last action without toggling off
        const i = this.cursor.y * this.game.puzzle.width + this.cursor.x;
        const a = this.lastKeyAction;
        const v = a === "fill" ? this.fillValue() : a === "cross" ? CROSSED : UNKNOWN;
        this.setCells([[i, v]], a);
      }
      return;
    }
    if ((e.ctrlKey || e.metaKey) && (key === "Home" || key === "End")) { // the grid's first and last cell (ARIA grid keys)
      e.preventDefault();
      const p = this.game.puzzle;
      this.moveCursor(key === "Home" ? 0 : p.width - 1, key === "Home" ? 0 : p.height - 1);
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    let action = null;
    if (key === " " || key === "Enter" || key === "f" || key === "F") action = "fill";
    else if (key === "x" || key === "X") action = "cross";
    else if (key === "Backspace" || key === "Delete" || key === "c" || key === "C") action = "clear";
    else if (key === "Home") { e.preventDefault(); this.moveCursor(0, this.cursor.y); return; }
    else if (key === "End") { e.preventDefault(); this.moveCursor(this.game.puzzle.width - 1, this.cursor.y); return; }
    else if (/^[1-9]$/.test(key) && this.game.puzzle.isColor) {
      const k = Number(key);
      if (k < this.game.puzzle.colors.length) { this.setColor(k); e.preventDefault(); }
      return;
    }
    if (!action) return;
    e.preventDefault();
    this.lastKeyAction = action;
    this.act(action);
  }

  setColor(k) {
    this.color = k;
    this.dispatchEvent(new CustomEvent("color", { detail: k }));
  }
}
