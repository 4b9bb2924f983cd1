// The editor's grid: a table of cells with the clues the engine derived,
// painting by mouse, touch and keyboard, and highlights (cells where an
// alternative solution differs, cells a suggestion would change, given cells).

const MIN_CELL = 8, MAX_CELL = 28;

export class EditorGrid extends EventTarget {
  constructor(container) {
    super();
    this.box = container;
    this.doc = null;
    this.color = 1;          // colour index painted by the left button / Space
    this.cursor = { x: 0, y: 0 };
    this.stroke = null;      // {value, changes: Map(index -> colour)}
    this.marks = new Map();  // index -> class name ("diff", "suggest")
    this.clues = null;       // {rows, columns} from the engine, or null while pending
    this.table = null;
    this.box.addEventListener("contextmenu", (e) => { if (e.target.closest(".ed-cell")) e.preventDefault(); });
    this.box.addEventListener("pointerdown", (e) => this.onDown(e));
    window.addEventListener("pointermove", (e) => this.onMove(e));
    window.addEventListener("pointerup", () => this.endStroke());
    window.addEventListener("pointercancel", () => this.endStroke());
    this.box.addEventListener("keydown", (e) => this.onKey(e));
  }

  setDoc(doc) {
    this.doc = doc;
    this.cursor = { x: 0, y: 0 };
    this.build();
  }

  cellSize() {
    const d = this.doc;
    return Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(640 / Math.max(d.width, d.height))));
  }

  /** (Re)build the table for the document's size; contents come from render(). */
  build() {
    const d = this.doc;
    const t = document.createElement("table");
    t.className = "ed-table";
    t.style.setProperty("--ed-cell", `${this.cellSize()}px`);
    const head = t.insertRow();
    const corner = document.createElement("th");
    corner.className = "ed-corner";
    head.append(corner);
    this.colHeads = [];
    for (let x = 0; x < d.width; x++) {
      const th = document.createElement("th");
      th.className = "ed-colclue";
      th.scope = "col";
      if (x % 5 === 4 && x !== d.width - 1) th.classList.add("bold-r");
      head.append(th);
      this.colHeads.push(th);
    }
    this.rowHeads = [];
    this.cellEls = new Array(d.width * d.height);
    for (let y = 0; y < d.height; y++) {
      const tr = t.insertRow();
      const th = document.createElement("th");
      th.className = "ed-rowclue";
      th.scope = "row";
      tr.append(th);
      this.rowHeads.push(th);
      for (let x = 0; x < d.width; x++) {
        const td = document.createElement("td");
        td.className = "ed-cell";
        td.dataset.x = String(x);
        td.dataset.y = String(y);
        if (x % 5 === 4 && x !== d.width - 1) td.classList.add("bold-r");
        if (y % 5 === 4 && y !== d.height - 1) td.classList.add("bold-b");
        tr.append(td);
        this.cellEls[y * d.width + x] = td;
      }
    }
    this.table = t;
    this.built = `${d.width}x${d.height}`;
    this.box.replaceChildren(t);
    this.render();
    this.renderClues();
  }

  /** Repaint every cell from the document (cheap enough for 100x100 on each move). */
  render() {
    const d = this.doc;
    if (!this.table || this.built !== `${d.width}x${d.height}`) return this.build();
    for (let i = 0; i < this.cellEls.length; i++) this.paintCell(i, d.cells[i]);
    this.renderCursor();
  }

  paintCell(i, v) {
    const td = this.cellEls[i];
    const c = this.doc.colors[v];
    // black and white follows the theme (as the play view does); colours are the picture's own
    td.style.background = !v ? "" : this.doc.isColor ? `#${c.rgb}` : "var(--fill)";
    td.dataset.v = String(v);
    td.classList.toggle("given", this.doc.givens.has(i));
    const mark = this.marks.get(i);
    td.classList.toggle("diff", mark === "diff");
    td.classList.toggle("suggest", mark === "suggest");
  }

  renderCursor() {
    if (this.cursorEl) this.cursorEl.classList.remove("cursor");
    const { x, y } = this.cursor;
    this.cursorEl = this.cellEls[y * this.doc.width + x];
    if (this.cursorEl) this.cursorEl.classList.add("cursor");
    this.box.setAttribute("aria-label",
      `Editor grid ${this.doc.width} by ${this.doc.height}; row ${y + 1}, column ${x + 1}: ` +
      `${this.doc.colors[this.doc.get(x, y)].name}`);
  }

  /** Clues as sent by the engine ({rows, columns} in pysolver JSON blocks); null = stale. */
  setClues(clues) {
    this.clues = clues;
    this.renderClues();
  }

  renderClues() {
    const d = this.doc;
    const stale = !this.clues || this.clues.rows.length !== d.height || this.clues.columns.length !== d.width;
    this.table.classList.toggle("stale", stale);
    if (stale) return;
    const fill = (el, clue, vertical) => {
      el.replaceChildren();
      if (!clue.length) {
        const s = document.createElement("span");
        s.textContent = "0";
        s.className = "ed-clue zero";
        el.append(s);
      }
      for (const b of clue) {
        const [n, ch] = Array.isArray(b) ? b : [b, null];
        const s = document.createElement("span");
        s.className = "ed-clue";
        s.textContent = String(n);
        if (ch !== null && d.isColor) {
          const c = d.colors.find((col) => col.char === ch);
          if (c) { s.style.background = `#${c.rgb}`; s.style.color = contrast(c.rgb); }
        }
        el.append(s);
      }
      el.classList.toggle("vertical", vertical);
    };
    this.clues.rows.forEach((clue, y) => fill(this.rowHeads[y], clue, false));
    this.clues.columns.forEach((clue, x) => fill(this.colHeads[x], clue, true));
  }

  /** Highlight cells: Map(index -> "diff" | "suggest"); empty map clears. */
  setMarks(marks) {
    this.marks = marks;
    if (this.table) this.render();
  }

  setColor(k) {
    this.color = k;
    this.dispatchEvent(new CustomEvent("color", { detail: k }));
  }

  // -- input ---------------------------------------------------------------
  cellAt(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const td = el && el.closest && el.closest(".ed-cell");
    if (!td || !this.box.contains(td)) return null;
    return { x: Number(td.dataset.x), y: Number(td.dataset.y) };
  }

  onDown(e) {
    const cell = this.cellAt(e);
    if (!cell || !this.doc) return;
    e.preventDefault();
    this.box.focus({ preventScroll: true });
    const i = this.doc.index(cell.x, cell.y);
    // right button erases; left paints, or erases when the stroke starts on its own colour
    const value = e.button === 2 || this.doc.cells[i] === this.color ? 0 : this.color;
    this.stroke = { value, changes: new Map() };
    this.cursor = cell;
    this.strokeAt(cell);
    this.renderCursor();
  }

  onMove(e) {
    if (!this.stroke) return;
    const cell = this.cellAt(e);
    if (cell) this.strokeAt(cell);
  }

  strokeAt({ x, y }) {
    const i = this.doc.index(x, y);
    if (this.stroke.changes.has(i)) return;
    this.stroke.changes.set(i, this.stroke.value);
    this.paintCell(i, this.stroke.value);
    this.dispatchEvent(new CustomEvent("stroke", { detail: this.stroke.changes.size }));
  }

  endStroke() {
    if (!this.stroke) return;
    const changes = [...this.stroke.changes];
    this.stroke = null;
    this.doc.paint(changes); // fires "change"; the view re-renders and asks for clues
    this.dispatchEvent(new CustomEvent("stroke", { detail: 0 }));
  }

  onKey(e) {
    if (!this.doc || e.ctrlKey || e.metaKey || e.altKey) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const { x, y } = this.cursor;
    if (moves[e.key]) {
      e.preventDefault();
      const [dx, dy] = moves[e.key];
      this.cursor = {
        x: Math.max(0, Math.min(this.doc.width - 1, x + dx)),
        y: Math.max(0, Math.min(this.doc.height - 1, y + dy)),
      };
      if (e.shiftKey) this.doc.paint([[this.doc.index(this.cursor.x, this.cursor.y), this.color]]);
      this.renderCursor();
    } else if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      const i = this.doc.index(x, y);
      this.doc.paint([[i, this.doc.cells[i] === this.color ? 0 : this.color]]);
    } else if (e.key === "Backspace" || e.key === "Delete") {
      e.preventDefault();
      this.doc.paint([[this.doc.index(x, y), 0]]);
    } else if (/^[1-9]$/.test(e.key) && Number(e.key) < this.doc.colors.length) {
      e.preventDefault();
      this.setColor(Number(e.key));
    }
  }
}

/** Black or white text, whichever reads better on the background rgb. */
export function contrast(rgb) {
  const n = parseInt(rgb, 16);
  const lum = 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
  return lum > 140 ? "#000" : "#fff";
}
