// Painting the board: the cells canvas (fills, crosses, given cells, grid lines, check
// and hint marks, the two extreme arrangements) and the clue canvases (numbers drawn once
// per puzzle, zoom and theme into cached layers, then copied each frame).
import { UNKNOWN, CROSSED } from "../../board/cells.js";
import { PAD, slotRoom } from "../../board/fit.js";

export function drawCells(v) {
  const ctx = v.cellCanvas.getContext("2d");
  const p = v.game.puzzle, cs = v.cell, t = v.theme;
  const { width, height } = p;
  ctx.fillStyle = t.bg;
  ctx.fillRect(0, 0, v.gridW, v.gridH);
  // given cells that are empty get their own ground (filled ones are covered by the fill)
  ctx.fillStyle = t.given;
  for (const [i, val] of v.game.fixed) if (val === CROSSED) ctx.fillRect((i % width) * cs, Math.floor(i / width) * cs, cs, cs);
  // cursor row/column and hinted line tints
  ctx.fillStyle = t.tint;
  ctx.fillRect(0, v.cursor.y * cs, width * cs, cs);
  ctx.fillRect(v.cursor.x * cs, 0, cs, height * cs);
  const hint = v.overlays.hint;
  if (hint && hint.line) {
    ctx.fillStyle = t.hint;
    const i = hint.line.index - 1;
    if (hint.line.axis === "row") ctx.fillRect(0, i * cs, width * cs, cs);
    else ctx.fillRect(i * cs, 0, cs, height * cs);
  }
  const check = v.overlays.check;
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
  ctx.fillStyle = p.isColor ? t.fill : ink(p, t);
  const rimmed = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const val = v.value(y * width + x);
      if (val === UNKNOWN) continue;
      if (val === CROSSED) {
        if (cs < 8 || v.picture) continue; // a finished picture (a card's, board/thumb.js) is its fills
        ctx.moveTo(x * cs + m, y * cs + m); ctx.lineTo(x * cs + cs - m, y * cs + cs - m);
        ctx.moveTo(x * cs + cs - m, y * cs + m); ctx.lineTo(x * cs + m, y * cs + cs - m);
      } else {
        if (p.isColor) ctx.fillStyle = p.colors[val - 1].rgb;
        ctx.fillRect(x * cs + pad, y * cs + pad, cs - pad, cs - pad);
        if (p.isColor && cs >= 8 && faint(p.colors[val - 1].rgb, t.bg)) rimmed.push([x, y, p.colors[val - 1].rgb]);
      }
    }
  }
  ctx.strokeStyle = t.cross;
  ctx.lineWidth = Math.max(1, cs / 14);
  ctx.stroke();
  // a colour that nearly vanishes on the empty cells (black on the dark theme, 1.4:1) gets a
  // rim in the ink that reads on it: a filled cell never looks empty
  const rim = Math.max(1, Math.round(cs / 20));
  ctx.lineWidth = rim;
  for (const [x, y, rgb] of rimmed) {
    ctx.strokeStyle = contrast(rgb);
    ctx.strokeRect(x * cs + pad + rim * 1.5, y * cs + pad + rim * 1.5, cs - pad - rim * 3, cs - pad - rim * 3);
  }
  drawGivens(v, ctx, cs);
  if (!v.picture) drawGridLines(v, ctx, width, height, cs);
  if (hint) drawHint(v, ctx, hint, cs);
  if (check && check.cells) {
    ctx.strokeStyle = t.error;
    ctx.lineWidth = Math.max(2, cs / 8);
    for (const c of check.cells) {
      const x = (c.column - 1) * cs, y = (c.row - 1) * cs;
      ctx.beginPath(); ctx.moveTo(x + 2, y + 2); ctx.lineTo(x + cs - 2, y + cs - 2); ctx.stroke();
      ctx.strokeRect(x + 2, y + 2, cs - 4, cs - 4);
    }
  }
  if (v.overlays.refused) {
    // given cells a move just tried to change
    ctx.strokeStyle = t.error;
    ctx.lineWidth = Math.max(2, cs / 8);
    for (const c of v.overlays.refused) ctx.strokeRect((c.column - 1) * cs + 1.5, (c.row - 1) * cs + 1.5, cs - 2, cs - 2);
  }
}

/** The filled cells' colour of a puzzle of one colour: the theme's (black, light on the dark
 * theme), unless its file names another (a red picture is drawn red). */
function ink(p, t) {
  const rgb = p.colors && p.colors[1] ? String(p.colors[1].rgb).replace(/^#/, "") : "000000";
  return /^0{6}$/.test(rgb) ? t.fill : `#${rgb}`;
}

/** A given cell (fixed, shown with the puzzle) carries a notch in its top left corner,
 * in a colour that stands out from the cell's own; its value still reads at a glance. */
function drawGivens(v, ctx, cs) {
  if (cs < 8) return;
  const p = v.game.puzzle, t = v.theme, w = p.width, n = Math.max(4, Math.round(cs * 0.4));
  for (const [i, val] of v.game.fixed) {
    const x = (i % w) * cs + 1, y = Math.floor(i / w) * cs + 1;
    ctx.fillStyle = val === CROSSED ? t.givenMark : contrast(p.isColor ? p.colors[val - 1].rgb : ink(p, t));
    ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + n, y); ctx.lineTo(x, y + n); ctx.closePath(); ctx.fill();
  }
}

function drawGridLines(v, ctx, width, height, cs) {
  const t = v.theme;
  ctx.lineWidth = 1;
  ctx.strokeStyle = t.line;
  ctx.beginPath();
  if (cs >= 4) for (let x = 0; x <= width; x++) if (x % 5) { ctx.moveTo(x * cs + 0.5, 0); ctx.lineTo(x * cs + 0.5, height * cs); }
  if (cs >= 4) for (let y = 0; y <= height; y++) if (y % 5) { ctx.moveTo(0, y * cs + 0.5); ctx.lineTo(width * cs, y * cs + 0.5); }
  ctx.stroke();
  ctx.strokeStyle = t.bold;
  ctx.beginPath();
  for (let x = 0; x <= width; x += 5) { ctx.moveTo(x * cs + 0.5, 0); ctx.lineTo(x * cs + 0.5, height * cs); }
  for (let y = 0; y <= height; y += 5) { ctx.moveTo(0, y * cs + 0.5); ctx.lineTo(width * cs, y * cs + 0.5); }
  ctx.moveTo(width * cs + 0.5, 0); ctx.lineTo(width * cs + 0.5, height * cs);
  ctx.moveTo(0, height * cs + 0.5); ctx.lineTo(width * cs, height * cs + 0.5);
  ctx.stroke();
}

/** Hint stage 2+: the cells to set, and the leftmost/rightmost arrangements along the line;
 * any stage: solid frames (``frames``: the cell a what-if tests, the wrong marks). */
function drawHint(v, ctx, hint, cs) {
  const t = v.theme, p = v.game.puzzle;
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
  for (const f of hint.frames || []) {
    // the cell a what-if tests (or a reveal names), the wrong marks: a solid frame
    ctx.strokeStyle = t.hintMark;
    ctx.lineWidth = Math.max(2, cs / 7);
    ctx.strokeRect((f.column - 1) * cs + 1, (f.row - 1) * cs + 1, cs - 1, cs - 1);
  }
  if (hint.stage >= 2 && hint.leftmost && hint.line) {
    // drawn last so the two arrangements stay visible over the marks
    [...hint.leftmost].forEach((ch, k) => { if (ch !== "." && ch !== "?") band(k, "left", ch); });
    [...(hint.rightmost || "")].forEach((ch, k) => { if (ch !== "." && ch !== "?") band(k, "right", ch); });
  }
}

/** Both looks of every clue number ("normal" and crossed-out "done"), drawn once per
 * puzzle, zoom and theme; each frame copies from them instead of drawing text. */
function clueLayer(v, axis, crossedStyle) {
  const p = v.game.puzzle, cs = v.cell, t = v.theme;
  const W = axis === "row" ? v.rowW : v.gridW, H = axis === "row" ? v.gridH : v.colH;
  const dpr = window.devicePixelRatio || 1;
  const layer = document.createElement("canvas");
  layer.width = Math.round(W * dpr);
  layer.height = Math.round(H * dpr);
  const ctx = layer.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = t.clueBg;
  ctx.fillRect(0, 0, W, H);
  ctx.font = `${v.weight} ${v.font}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const clues = axis === "row" ? p.rows : p.cols;
  // row clues squeezed to a tight gap: every other number, counted from the grid, on the
  // cells' ground, so "1 2 2 1" never reads as "1221" (a colour clue has its own swatch)
  const zebra = axis === "row" && v.tight && !p.isColor;
  clues.forEach((clue, i) => {
    const list = clue.length ? clue : [{ n: 0, c: 1 }];
    list.forEach((b, k) => {
      const { cx, cy, w, h } = slotBox(v, axis, i, k, list.length);
      const crossed = crossedStyle && clue.length;
      if (zebra && (list.length - k) % 2 === 0) {
        ctx.fillStyle = t.bg;
        ctx.fillRect(cx - w / 2, cy - h / 2, w, h);
      }
      if (p.isColor && clue.length) {
        ctx.fillStyle = p.colors[b.c].rgb;
        ctx.fillRect(cx - w / 2 + 1, cy - h / 2 + 1, w - 2, h - 2);
        ctx.fillStyle = contrast(p.colors[b.c].rgb);
      } else {
        ctx.fillStyle = crossed ? t.done : t.text;
      }
      // a number too wide for its slot is squeezed, never left touching its neighbour
      // ("10" over "13" in narrow columns)
      ctx.fillText(String(b.n), cx, cy + 1, slotRoom(w));
      if (crossed) {
        ctx.strokeStyle = p.isColor ? contrast(p.colors[b.c].rgb) : t.done;
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(cx - w * 0.4, cy + h * 0.3); ctx.lineTo(cx + w * 0.4, cy - h * 0.3);
        ctx.stroke();
      }
    });
  });
  // the grid's lines run on through the clues (light each line, bold every 5): a number's
  // line reads at a glance even when the cells are small
  ctx.lineWidth = 1;
  for (const [step, colour] of [[1, t.line], [5, t.bold]]) {
    ctx.strokeStyle = colour;
    ctx.beginPath();
    for (let k = 0; k <= clues.length; k += step) {
      if (axis === "row") { ctx.moveTo(0, k * cs + 0.5); ctx.lineTo(W, k * cs + 0.5); }
      else { ctx.moveTo(k * cs + 0.5, 0); ctx.lineTo(k * cs + 0.5, H); }
    }
    ctx.stroke();
  }
  return layer;
}

/** Centre and size of the slot of number k (of count) in clue i: clues end at the grid. */
function slotBox(v, axis, i, k, count) {
  const cs = v.cell;
  const off = (axis === "row" ? v.maxRow : v.maxCol) - count + k;
  return axis === "row" ? { cx: PAD + off * v.rowSlot + v.rowSlot / 2, cy: i * cs + cs / 2, w: v.rowSlot, h: cs }
    : { cx: i * cs + cs / 2, cy: PAD + off * v.colSlot + v.colSlot / 2, w: cs, h: v.colSlot };
}

export function drawClues(v) {
  const p = v.game.puzzle, cs = v.cell, t = v.theme;
  const key = [p.dict, cs, window.devicePixelRatio, ...Object.values(t)];
  if (!v.layers || v.layers.key.some((x, i) => x !== key[i]) || v.layers.key.length !== key.length) {
    v.layers = { key };
    for (const axis of ["row", "column"]) {
      v.layers[axis] = { normal: clueLayer(v, axis, false), done: clueLayer(v, axis, true) };
    }
  }
  const dpr = window.devicePixelRatio || 1;
  const done = v.overlays.clues;
  const hint = v.overlays.hint;
  for (const axis of ["column", "row"]) {
    const canvas = axis === "row" ? v.rowCanvas : v.colCanvas;
    const ctx = canvas.getContext("2d");
    const layers = v.layers[axis];
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(layers.normal, 0, 0);
    const marks = done ? (axis === "row" ? done.rows : done.columns) : null;
    const clues = axis === "row" ? p.rows : p.cols;
    const crossed = (i, k) => !!(marks && marks[i] && marks[i][k]); // a number crossed out: done
    clues.forEach((clue, i) => clue.forEach((b, k) => {
      if (crossed(i, k)) copyBox(ctx, layers.done, slotBox(v, axis, i, k, clue.length), 0, dpr);
    }));
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const W = axis === "row" ? v.rowW : v.gridW, H = axis === "row" ? v.gridH : v.colH;
    const cur = axis === "row" ? v.cursor.y : v.cursor.x;
    ctx.fillStyle = t.tint;
    if (axis === "row") ctx.fillRect(0, cur * cs, W, cs); else ctx.fillRect(cur * cs, 0, cs, H);
    const hinted = hint && hint.line && hint.line.axis === axis ? hint.line.index - 1 : -1;
    if (hinted >= 0) {
      ctx.fillStyle = t.hint;
      if (axis === "row") ctx.fillRect(0, hinted * cs, W, cs); else ctx.fillRect(hinted * cs, 0, cs, H);
    }
    // a colour clue keeps its true colour in a tinted line (the hint's yellow made red read as
    // orange, green as olive): its swatches copied again over the tints, the tint around them
    if (!p.isColor) continue;
    for (const i of new Set([cur, hinted])) {
      const clue = clues[i] || [];
      clue.forEach((b, k) => copyBox(ctx, crossed(i, k) ? layers.done : layers.normal, slotBox(v, axis, i, k, clue.length), 1, dpr));
    }
  }
}

/** Copy a slot's box (CSS pixels, `inset` in from its edges) of a clue layer, pixel for pixel. */
function copyBox(ctx, layer, { cx, cy, w, h }, inset, dpr) {
  const sx = Math.round((cx - w / 2 + inset) * dpr), sy = Math.round((cy - h / 2 + inset) * dpr);
  const sw = Math.round((w - 2 * inset) * dpr), sh = Math.round((h - 2 * inset) * dpr);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer, sx, sy, sw, sh, sx, sy, sw, sh);
  ctx.restore();
}

/** Black or white ink, whichever reads better on `hex` (WCAG's relative luminance: black from
 * 0.179 up). A weighted sum with a cut at 150 gave white on pure green (1.4:1) and on teal (3:1). */
function contrast(hex) {
  return luminance(hex) >= 0.179 ? "#000" : "#fff";
}

/** WCAG's relative luminance of "#rrggbb" (or "#rgb"). */
function luminance(hex) {
  let d = String(hex).trim().replace(/^#/, "");
  if (d.length === 3) d = d.replace(/./g, "$&$&");
  const n = parseInt(d, 16);
  const lin = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

/** Does a cell of colour `hex` stand out from the empty cells' `bg` by less than 1.6:1? */
function faint(hex, bg) {
  const [a, b] = [luminance(hex), luminance(bg)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) < 1.6;
}
