// The rules' example picture: a genre's example puzzle with its solution (learn.json,
// solved at build time), drawn as an SVG. Numbers go in as text nodes, never as markup.
const NS = "http://www.w3.org/2000/svg";
const CELL = 22;

function node(tag, attrs = {}, text = "") {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text) e.textContent = text;
  return e;
}

const text = (x, y, s, size = 13) => node("text", { x, y, "font-size": size, "text-anchor": "middle",
  "dominant-baseline": "central", class: "pic-number" }, s);

/** An <svg> of the example: {puzzle, solution} of genre `name` ("nonogram" or a Nikoli family). */
export function examplePicture(name, { puzzle, solution }) {
  return name === "nonogram" ? nonogramPicture(puzzle, solution) : gridPicture(name, puzzle, solution);
}

function frame(w, h, label) {
  const svg = node("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img", class: "example-picture" });
  svg.setAttribute("aria-label", label);
  return svg;
}

function gridLines(svg, x0, y0, w, h) {
  for (let i = 0; i <= w; i++) svg.append(node("line", { x1: x0 + i * CELL, y1: y0, x2: x0 + i * CELL, y2: y0 + h * CELL, class: "pic-grid" }));
  for (let j = 0; j <= h; j++) svg.append(node("line", { x1: x0, y1: y0 + j * CELL, x2: x0 + w * CELL, y2: y0 + j * CELL, class: "pic-grid" }));
}

function nonogramPicture(p, rows) {
  const cw = 12; // a clue number's slot
  const left = Math.max(...p.rows.map((r) => r.length), 1) * cw + 6;
  const top = Math.max(...p.columns.map((c) => c.length), 1) * 14 + 4;
  const svg = frame(left + p.width * CELL + 1, top + p.height * CELL + 1,
    `an example nonogram, ${p.width} by ${p.height}, solved: its clues count the runs of filled cells`);
  rows.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === "#") svg.append(node("rect", { x: left + x * CELL, y: top + y * CELL, width: CELL, height: CELL, class: "pic-filled" }));
  }));
  gridLines(svg, left, top, p.width, p.height);
  p.rows.forEach((clue, y) => clue.forEach((n, k) => svg.append(
    text(left - (clue.length - k) * cw, top + y * CELL + CELL / 2, String(n), 12))));
  p.columns.forEach((clue, x) => clue.forEach((n, k) => svg.append(
    text(left + x * CELL + CELL / 2, top - (clue.length - k) * 14 + 6, String(n), 12))));
  return svg;
}

// box-drawing characters of a loop solution: the sides each one leaves its cell by
const SIDES = { "─": "LR", "│": "UD", "┌": "RD", "┐": "LD", "└": "UR", "┘": "UL" };
const STEP = { L: [-0.5, 0], R: [0.5, 0], U: [0, -0.5], D: [0, 0.5] };

function gridPicture(family, p, rows) {
  const { width: w, height: h } = p;
  const svg = frame(w * CELL + 2, h * CELL + 2, `an example ${family} puzzle, ${w} by ${h}, solved`);
  const o = 1;
  rows.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === "#") svg.append(node("rect", { x: o + x * CELL, y: o + y * CELL, width: CELL, height: CELL,
      class: family === "bag" ? "pic-outside" : "pic-filled" }));
  }));
  gridLines(svg, o, o, w, h);
  if (p.rooms) { // Heyawake's rooms: thick borders between cells of different rooms
    const room = (x, y) => p.rooms[y * w + x];
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      if (x + 1 < w && room(x, y) !== room(x + 1, y)) svg.append(node("line", { x1: o + (x + 1) * CELL, y1: o + y * CELL, x2: o + (x + 1) * CELL, y2: o + (y + 1) * CELL, class: "pic-room" }));
      if (y + 1 < h && room(x, y) !== room(x, y + 1)) svg.append(node("line", { x1: o + x * CELL, y1: o + (y + 1) * CELL, x2: o + (x + 1) * CELL, y2: o + (y + 1) * CELL, class: "pic-room" }));
    }
  }
  svg.append(node("rect", { x: o, y: o, width: w * CELL, height: h * CELL, class: "pic-border" }));
  if (family === "masyu") {
    rows.forEach((row, y) => [...row].forEach((ch, x) => {
      for (const s of SIDES[ch] || "") {
        const cx = o + (x + 0.5) * CELL, cy = o + (y + 0.5) * CELL;
        svg.append(node("line", { x1: cx, y1: cy, x2: cx + STEP[s][0] * CELL, y2: cy + STEP[s][1] * CELL, class: "pic-loop" }));
      }
    }));
  }
  for (const [x, y, n] of p.clues || []) {
    const cx = o + (x + 0.5) * CELL, cy = o + (y + 0.5) * CELL;
    if (family === "masyu") svg.append(node("circle", { cx, cy, r: CELL * 0.32, class: n === 2 ? "pic-black-pearl" : "pic-white-pearl" }));
    else {
      const shaded = rows[y] && rows[y][x] === "#" && family !== "bag";
      const t = text(cx, cy, n === -2 ? "?" : String(n));
      if (shaded) t.setAttribute("class", "pic-number on-filled");
      svg.append(t);
    }
  }
  return svg;
}
