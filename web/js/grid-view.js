// The board: three canvases (column clues, row clues, cells) in a scroll box with
// sticky clues, plus a virtual ARIA grid (one live gridcell under the cursor).
// Input: mouse (left fill, right cross, drag locked to its first line), touch
// (fill/cross toggle), keyboard (arrows, fill/cross/clear keys, Shift paints).
import { UNKNOWN, CROSSED } from "./game.js";

const MIN_CELL = 6;
const MAX_CELL = 48;

function css(name) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function clueLabel(clue, colors, isColor) {
  if (!clue.length) return "0";
  return clue.map((b) => (isColor ? `${b.n} ${colors[b.c].name}` : String(b.n))).join(" ");
}

export class GridView extends EventTarget {
  constructor(root) {
    super();
    this.root = root;
    root.classList.add("board");
    root.replaceChildren();
    this.inner = el("div", "board-grid");
    this.corner = el("div", "board-corner");
    this.colCanvas = el("canvas", "col-clues");
    this.rowCanvas = el("canvas", "row-clues");
    this.cellsWrap = el("div", "cells-wrap");
    this.cellCanvas = el("canvas", "cells");
    this.aria = el("div", "aria-grid");
    this.aria.setAttribute("role", "grid");
    this.aria.tabIndex = 0;
    this.ariaRow = el("div", "aria-row");
    this.ariaRow.setAttribute("role", "row");
    this.ariaCell = el("div", "aria-cell");
    this.ariaCell.setAttribute("role", "gridcell");
    this.ariaCell.id = "active-cell";
    this.ariaRow.append(this.ariaCell);
    this.aria.append(this.ariaRow);
    this.aria.setAttribute("aria-activedescendant", this.ariaCell.id);
    this.colCanvas.setAttribute("aria-hidden", "true");
    this.rowCanvas.setAttribute("aria-hidden", "true");
    this.cellCanvas.setAttribute("aria-hidden", "true");
    this.cellsWrap.append(this.cellCanvas, this.aria);
    this.inner.append(this.corner, this.colCanvas, this.rowCanvas, this.cellsWrap);
    root.append(this.inner);
    this.game = null;
    this.cell = 24;
    this.cursor = { x: 0, y: 0 };
    this.color = 1; // the colour index the fill action paints
    this.touchMode = "fill";
    this.preview = null; // Map index -> value while a stroke is drawn
    this.overlays = { hint: null, check: null, clues: null };
    this.lastKeyAction = "fill";
    this.frame = 0;
    this.bindInput();
  }

  setGame(game) {
    this.game = game;
    this.overlays = { hint: null, check: null, clues: null };
    this.cursor = { x: 0, y: 0 };
    this.color = 1;
    const p = game.puzzle;
    this.maxRow = Math.max(1, ...p.rows.map((c) => c.length));
    this.maxCol = Math.max(1, ...p.cols.map((c) => c.length));
    this.aria.setAttribute("aria-rowcount", p.height);
    this.aria.setAttribute("aria-colcount", p.width);
    this.aria.setAttribute("aria-label", `Puzzle grid, ${p.width} columns by ${p.height} rows`);
    this.fit();
  }

  /** Pick a cell size so the whole puzzle fits the box, within limits. */
  fit() {
    const p = this.game.puzzle;
    const box = this.root.getBoundingClientRect();
    const w = Math.max(200, box.width - 4), h = Math.max(200, window.innerHeight - box.top - 16);
    const size = Math.min(w / (p.width + this.maxRow * 0.8), h / (p.height + this.maxCol * 0.8));
    this.setZoom(Math.floor(Math.max(10, Math.min(32, size))));
  }

  setZoom(size) {
    this.cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.round(size)));
    this.layout();
    this.dispatchEvent(new CustomEvent("zoom", { detail: { cell: this.cell } }));
  }

  zoomBy(factor) { this.setZoom(this.cell * factor); }

  layout() {
    const p = this.game.puzzle, cs = this.cell;
    this.slot = Math.max(cs * 0.85, 15);
    this.rowW = Math.ceil(this.maxRow * this.slot + 8);
    this.colH = Math.ceil(this.maxCol * this.slot + 8);
    this.gridW = p.width * cs + 1;
    this.gridH = p.height * cs + 1;
    this.inner.style.gridTemplateColumns = `${this.rowW}px ${this.gridW}px`;
    this.inner.style.gridTemplateRows = `${this.colH}px ${this.gridH}px`;
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
      if (!this.game) return;
      this.theme = {
        bg: css("--cell-bg"), line: css("--grid-line"), bold: css("--grid-bold"), fill: css("--fill"),
        cross: css("--cross"), tint: css("--cursor-tint"), hint: css("--hint-tint"), hintMark: css("--hint-mark"),
        error: css("--error"), text: css("--clue-text"), done: css("--clue-done"), clueBg: css("--clue-bg"),
        left: css("--extreme-left"), right: css("--extreme-right"),
      };
      this.drawCells();
      this.drawClues();
    });
  }

  drawCells() {
    const ctx = this.cellCanvas.getContext("2d");
    const p = this.game.puzzle, cs = this.cell, t = this.theme;
    const { width, height } = p;
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, this.gridW, this.gridH);
    // cursor row/column and hinted line tints
    ctx.fillStyle = t.tint;
    ctx.fillRect(0, this.cursor.y * cs, width * cs, cs);
    ctx.fillRect(this.cursor.x * cs, 0, cs, height * cs);
    const hint = this.overlays.hint;
    if (hint && hint.line) {
      ctx.fillStyle = t.hint;
      const i = hint.line.index - 1;
      if (hint.line.axis === "row") ctx.fillRect(0, i * cs, width * cs, cs);
      else ctx.fillRect(i * cs, 0, cs, height * cs);
    }
    const check = this.overlays.check;
    if (check && check.lines) {
      ctx.fillStyle = t.error;
      ctx.globalAlpha = 0.18;
      for (const l of check.lines) {
        const i = l.index - 1;
        if (l.axis === "row") ctx.fillRect(0, i * cs, width * cs, cs);
        else ctx.fillRect(i * cs, 0, cs, height * cs);
      }
      ctx.globalAlpha = 1;
    }
    const pad = cs >= 12 ? 1 : 0;
    const m = cs * 0.3;
    ctx.beginPath(); // all crosses in one path, stroked once
    ctx.fillStyle = t.fill;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = this.value(y * width + x);
        if (v === UNKNOWN) continue;
        if (v === CROSSED) {
          if (cs < 8) continue;
          ctx.moveTo(x * cs + m, y * cs + m); ctx.lineTo(x * cs + cs - m, y * cs + cs - m);
          ctx.moveTo(x * cs + cs - m, y * cs + m); ctx.lineTo(x * cs + m, y * cs + cs - m);
        } else {
          if (p.isColor) ctx.fillStyle = p.colors[v - 1].rgb;
          ctx.fillRect(x * cs + pad, y * cs + pad, cs - pad, cs - pad);
        }
      }
    }
    ctx.strokeStyle = t.cross;
    ctx.lineWidth = Math.max(1, cs / 14);
    ctx.stroke();
    this.drawGridLines(ctx, width, height, cs);
    if (hint) this.drawHint(ctx, hint, cs);
    if (check && check.cells) {
      ctx.strokeStyle = t.error;
      ctx.lineWidth = Math.max(2, cs / 8);
      for (const c of check.cells) {
        const x = (c.column - 1) * cs, y = (c.row - 1) * cs;
        ctx.beginPath(); ctx.moveTo(x + 2, y + 2); ctx.lineTo(x + cs - 2, y + cs - 2); ctx.stroke();
        ctx.strokeRect(x + 2, y + 2, cs - 4, cs - 4);
      }
    }
  }

  drawGridLines(ctx, width, height, cs) {
    const t = this.theme;
    ctx.lineWidth = 1;
    ctx.strokeStyle = t.line;
    ctx.beginPath();
    for (let x = 0; x <= width; x++) if (x % 5) { ctx.moveTo(x * cs + 0.5, 0); ctx.lineTo(x * cs + 0.5, height * cs); }
    for (let y = 0; y <= height; y++) if (y % 5) { ctx.moveTo(0, y * cs + 0.5); ctx.lineTo(width * cs, y * cs + 0.5); }
    ctx.stroke();
    ctx.strokeStyle = t.bold;
    ctx.beginPath();
    for (let x = 0; x <= width; x += 5) { ctx.moveTo(x * cs + 0.5, 0); ctx.lineTo(x * cs + 0.5, height * cs); }
    for (let y = 0; y <= height; y += 5) { ctx.moveTo(0, y * cs + 0.5); ctx.lineTo(width * cs, y * cs + 0.5); }
    ctx.moveTo(width * cs + 0.5, 0); ctx.lineTo(width * cs + 0.5, height * cs);
    ctx.moveTo(0, height * cs + 0.5); ctx.lineTo(width * cs, height * cs + 0.5);
    ctx.stroke();
  }

  /** Hint stage 2+: the cells to set, and the leftmost/rightmost arrangements along the line. */
  drawHint(ctx, hint, cs) {
    const t = this.theme, p = this.game.puzzle;
    const i = hint.line ? hint.line.index - 1 : 0;
    const isRow = hint.line && hint.line.axis === "row";
    const band = (k, which, ch) => {
      // a thin bar in the top (leftmost) or bottom (rightmost) third of the cell
      const x = isRow ? k * cs : i * cs, y = isRow ? i * cs : k * cs;
      ctx.fillStyle = which === "left" ? t.left : t.right;
      const th = Math.max(2, cs * 0.18);
      if (isRow) ctx.fillRect(x + 1, which === "left" ? y + 1 : y + cs - th - 1, cs - 1, th);
      else ctx.fillRect(which === "left" ? x + 1 : x + cs - th - 1, y + 1, th, cs - 1);
      if (p.isColor && ch !== "#") {
        const c = p.colors.find((col) => col.char === ch);
        if (c) { ctx.fillStyle = c.rgb; ctx.fillRect(isRow ? x + cs / 3 : (which === "left" ? x + 1 : x + cs - th - 1), isRow ? (which === "left" ? y + 1 : y + cs - th - 1) : y + cs / 3, isRow ? cs / 3 : th, isRow ? th : cs / 3); }
      }
    };
    if (hint.stage >= 2 && hint.cells) {
      // the cells to set: a dashed outline with a small mark of the value
      ctx.strokeStyle = t.hintMark;
      ctx.lineWidth = Math.max(1.5, cs / 16);
      ctx.setLineDash([Math.max(2, cs / 8), Math.max(2, cs / 10)]);
      for (const c of hint.cells) {
        const x = (c.column - 1) * cs, y = (c.row - 1) * cs;
        ctx.strokeRect(x + 2, y + 2, cs - 3, cs - 3);
      }
      ctx.setLineDash([]);
      for (const c of hint.cells) {
        const x = (c.column - 1) * cs, y = (c.row - 1) * cs;
        if (c.value === ".") {
          ctx.fillStyle = t.hintMark;
          ctx.beginPath(); ctx.arc(x + cs / 2, y + cs / 2, Math.max(1.5, cs / 9), 0, Math.PI * 2); ctx.fill();
        } else {
          const col = p.isColor ? p.colors.find((k) => k.char === c.value) : null;
          ctx.fillStyle = col ? col.rgb : t.hintMark;
          ctx.fillRect(x + cs * 0.34, y + cs * 0.34, cs * 0.32, cs * 0.32);
        }
      }
    }
    if (hint.stage >= 2 && hint.leftmost && hint.line) {
      // drawn last so the two arrangements stay visible over the marks
      [...hint.leftmost].forEach((ch, k) => { if (ch !== "." && ch !== "?") band(k, "left", ch); });
      [...(hint.rightmost || "")].forEach((ch, k) => { if (ch !== "." && ch !== "?") band(k, "right", ch); });
    }
  }

  /** Both looks of every clue number ("normal" and crossed-out "done"), drawn once per
   * puzzle, zoom and theme; each frame copies from them instead of drawing text. */
  clueLayer(axis, crossedStyle) {
    const p = this.game.puzzle, cs = this.cell, slot = this.slot, t = this.theme;
    const W = axis === "row" ? this.rowW : this.gridW, H = axis === "row" ? this.gridH : this.colH;
    const dpr = window.devicePixelRatio || 1;
    const layer = document.createElement("canvas");
    layer.width = Math.round(W * dpr);
    layer.height = Math.round(H * dpr);
    const ctx = layer.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = t.clueBg;
    ctx.fillRect(0, 0, W, H);
    ctx.font = `${Math.max(8, Math.round(slot * 0.62))}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const clues = axis === "row" ? p.rows : p.cols;
    clues.forEach((clue, i) => {
      const list = clue.length ? clue : [{ n: 0, c: 1 }];
      list.forEach((b, k) => {
        const { cx, cy } = this.slotCenter(axis, i, k, list.length);
        const crossed = crossedStyle && clue.length;
        if (p.isColor && clue.length) {
          ctx.fillStyle = p.colors[b.c].rgb;
          const sz = Math.min(slot, cs) - 2;
          ctx.fillRect(cx - sz / 2, cy - sz / 2, sz, sz);
          ctx.fillStyle = contrast(p.colors[b.c].rgb);
        } else {
          ctx.fillStyle = crossed ? t.done : t.text;
        }
        ctx.fillText(String(b.n), cx, cy + 1);
        if (crossed) {
          ctx.strokeStyle = p.isColor ? contrast(p.colors[b.c].rgb) : t.done;
          ctx.lineWidth = 1.5;
          ctx.beginPath();
          ctx.moveTo(cx - slot * 0.4, cy + slot * 0.3); ctx.lineTo(cx + slot * 0.4, cy - slot * 0.3);
          ctx.stroke();
        }
      });
    });
    // bold separators every 5 lines, as in the grid
    ctx.strokeStyle = t.bold;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let k = 0; k <= clues.length; k += 5) {
      if (axis === "row") { ctx.moveTo(0, k * cs + 0.5); ctx.lineTo(W, k * cs + 0.5); }
      else { ctx.moveTo(k * cs + 0.5, 0); ctx.lineTo(k * cs + 0.5, H); }
    }
    ctx.stroke();
    return layer;
  }

  slotCenter(axis, i, k, count) {
    const cs = this.cell, slot = this.slot;
    const off = (axis === "row" ? this.maxRow : this.maxCol) - count + k;
    return axis === "row" ? { cx: 4 + off * slot + slot / 2, cy: i * cs + cs / 2 }
      : { cx: i * cs + cs / 2, cy: 4 + off * slot + slot / 2 };
  }

  drawClues() {
    const p = this.game.puzzle, cs = this.cell, slot = this.slot, t = this.theme;
    const key = [p.dict, cs, window.devicePixelRatio, ...Object.values(t)];
    if (!this.layers || this.layers.key.some((v, i) => v !== key[i]) || this.layers.key.length !== key.length) {
      this.layers = { key };
      for (const axis of ["row", "column"]) {
        this.layers[axis] = { normal: this.clueLayer(axis, false), done: this.clueLayer(axis, true) };
      }
    }
    const dpr = window.devicePixelRatio || 1;
    const done = this.overlays.clues;
    const hint = this.overlays.hint;
    for (const axis of ["column", "row"]) {
      const canvas = axis === "row" ? this.rowCanvas : this.colCanvas;
      const ctx = canvas.getContext("2d");
      const layers = this.layers[axis];
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(layers.normal, 0, 0);
      const marks = done ? (axis === "row" ? done.rows : done.columns) : null;
      const clues = axis === "row" ? p.rows : p.cols;
      if (marks) {
        clues.forEach((clue, i) => {
          const m = marks[i];
          if (!m) return;
          clue.forEach((b, k) => {
            if (!m[k]) return;
            const { cx, cy } = this.slotCenter(axis, i, k, clue.length);
            const w = axis === "row" ? slot : cs, h = axis === "row" ? cs : slot;
            const sx = Math.round((cx - w / 2) * dpr), sy = Math.round((cy - h / 2) * dpr);
            const sw = Math.round(w * dpr), sh = Math.round(h * dpr);
            ctx.drawImage(layers.done, sx, sy, sw, sh, sx, sy, sw, sh);
          });
        });
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const W = axis === "row" ? this.rowW : this.gridW, H = axis === "row" ? this.gridH : this.colH;
      const cur = axis === "row" ? this.cursor.y : this.cursor.x;
      ctx.fillStyle = t.tint;
      if (axis === "row") ctx.fillRect(0, cur * cs, W, cs); else ctx.fillRect(cur * cs, 0, cs, H);
      if (hint && hint.line && hint.line.axis === axis) {
        ctx.fillStyle = t.hint;
        const k = hint.line.index - 1;
        if (axis === "row") ctx.fillRect(0, k * cs, W, cs); else ctx.fillRect(k * cs, 0, cs, H);
      }
    }
  }

  describeCell(x, y) {
    const p = this.game.puzzle;
    const v = this.game.get(x, y);
    const state = v === UNKNOWN ? "unknown" : v === CROSSED ? "crossed" :
      p.isColor ? `filled ${p.colors[v - 1].name}` : "filled";
    return `Row ${y + 1}, column ${x + 1}: ${state}. Row clue ${clueLabel(p.rows[y], p.colors, p.isColor)}; ` +
      `column clue ${clueLabel(p.cols[x], p.colors, p.isColor)}.`;
  }

  updateAria() {
    const { x, y } = this.cursor, cs = this.cell;
    this.ariaRow.setAttribute("aria-rowindex", y + 1);
    this.ariaCell.setAttribute("aria-colindex", x + 1);
    this.ariaCell.setAttribute("aria-selected", "true");
    this.ariaCell.textContent = this.describeCell(x, y);
    Object.assign(this.ariaCell.style, { left: `${x * cs}px`, top: `${y * cs}px`, width: `${cs + 1}px`, height: `${cs + 1}px` });
  }

  moveCursor(x, y, keepVisible = true) {
    const p = this.game.puzzle;
    this.cursor = { x: Math.max(0, Math.min(p.width - 1, x)), y: Math.max(0, Math.min(p.height - 1, y)) };
    this.draw();
    if (keepVisible) this.scrollToCursor();
    this.dispatchEvent(new CustomEvent("cursor", { detail: this.cursor }));
  }

  scrollToCursor() {
    const cs = this.cell, r = this.root;
    const left = this.rowW + this.cursor.x * cs, top = this.colH + this.cursor.y * cs;
    if (left - this.rowW < r.scrollLeft) r.scrollLeft = left - this.rowW;
    else if (left + cs > r.scrollLeft + r.clientWidth) r.scrollLeft = left + cs - r.clientWidth;
    if (top - this.colH < r.scrollTop) r.scrollTop = top - this.colH;
    else if (top + cs > r.scrollTop + r.clientHeight) r.scrollTop = top + cs - r.clientHeight;
  }

  fillValue() { return this.color + 1; }

  /** The value an action puts in a cell holding `current` (repeating an action clears). */
  target(action, current) {
    const want = action === "fill" ? this.fillValue() : action === "cross" ? CROSSED : UNKNOWN;
    return current === want && action !== "clear" ? UNKNOWN : want;
  }

  act(action, label) {
    const { x, y } = this.cursor, p = this.game.puzzle;
    const i = y * p.width + x;
    this.game.apply([[i, this.target(action, this.game.cells[i])]], label || action);
  }

  cellAt(ev) {
    const r = this.cellCanvas.getBoundingClientRect();
    const p = this.game.puzzle;
    const x = Math.floor((ev.clientX - r.left) / this.cell), y = Math.floor((ev.clientY - r.top) / this.cell);
    return { x: Math.max(0, Math.min(p.width - 1, x)), y: Math.max(0, Math.min(p.height - 1, y)), inside: x >= 0 && y >= 0 && x < p.width && y < p.height };
  }

  bindInput() {
    const c = this.cellCanvas;
    c.addEventListener("contextmenu", (e) => e.preventDefault());
    c.addEventListener("pointerdown", (e) => this.strokeStart(e));
    c.addEventListener("pointermove", (e) => this.strokeMove(e));
    c.addEventListener("pointerup", (e) => this.strokeEnd(e));
    c.addEventListener("pointercancel", () => { this.stroke = null; this.preview = null; this.draw(); });
    this.aria.addEventListener("keydown", (e) => this.onKey(e));
    this.aria.addEventListener("focus", () => this.root.classList.add("focused"));
    this.aria.addEventListener("blur", () => this.root.classList.remove("focused"));
    this.root.addEventListener("wheel", (e) => {
      if (!e.ctrlKey || !this.game) return;
      e.preventDefault();
      this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
  }

  strokeStart(e) {
    if (!this.game || (e.button !== 0 && e.button !== 2)) return;
    const { x, y, inside } = this.cellAt(e);
    if (!inside) return;
    e.preventDefault();
    this.aria.focus({ preventScroll: true });
    c_capture(this.cellCanvas, e.pointerId);
    const action = e.button === 2 ? "cross" : e.pointerType === "touch" ? this.touchMode : "fill";
    const start = this.game.get(x, y);
    this.stroke = { x0: x, y0: y, axis: null, start, value: this.target(action, start), action };
    this.cursor = { x, y };
    this.paintStroke(x, y);
  }

  strokeMove(e) {
    if (!this.stroke) return;
    const { x, y } = this.cellAt(e);
    const s = this.stroke;
    if (!s.axis && (x !== s.x0 || y !== s.y0)) s.axis = Math.abs(x - s.x0) >= Math.abs(y - s.y0) ? "row" : "column";
    this.paintStroke(s.axis === "column" ? s.x0 : x, s.axis === "row" ? s.y0 : y);
  }

  /** Preview the stroke from its start to (x, y): only cells that held the start cell's value change. */
  paintStroke(x, y) {
    const s = this.stroke, p = this.game.puzzle;
    this.preview = new Map();
    const x1 = Math.min(s.x0, x), x2 = Math.max(s.x0, x), y1 = Math.min(s.y0, y), y2 = Math.max(s.y0, y);
    for (let yy = y1; yy <= y2; yy++) {
      for (let xx = x1; xx <= x2; xx++) {
        const i = yy * p.width + xx;
        if (this.game.cells[i] === s.start) this.preview.set(i, s.value);
      }
    }
    s.count = Math.max(x2 - x1, y2 - y1) + 1;
    this.cursor = { x, y };
    this.dispatchEvent(new CustomEvent("stroke", { detail: { count: s.count, action: s.action } }));
    this.draw();
  }

  strokeEnd() {
    if (!this.stroke) return;
    const changes = [...this.preview.entries()];
    const action = this.stroke.action;
    this.stroke = null;
    this.preview = null;
    this.dispatchEvent(new CustomEvent("stroke", { detail: null }));
    if (!this.game.apply(changes, action)) this.draw();
  }

  onKey(e) {
    if (!this.game) return;
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
        this.game.apply([[i, v]], a);
      }
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

function c_capture(el, id) {
  try { el.setPointerCapture(id); } catch { /* pointer already gone */ }
}

function el(tag, cls) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  return e;
}

function contrast(hex) {
  const n = parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255, g = (n >> 8) & 255, b = n & 255;
  return r * 0.299 + g * 0.587 + b * 0.114 > 150 ? "#000" : "#fff";
}
