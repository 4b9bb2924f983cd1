// A library card's picture, drawn small on a canvas: the player's progress, the
// solved picture once solved, or a blank board for a puzzle never played.
const BOX = 88; // CSS pixels of the longer side
const PAPER = "#fbfaf7", LINE = "#d9d6cc", CROSS = "#b9b5aa";

/** rec: a saved game ({cells, solved, puzzle}) or null; w, h: the puzzle's size. */
export function drawThumb(canvas, w, h, rec) {
  const { ctx, cs } = thumbCanvas(canvas, w, h);
  const cells = rec && typeof rec.cells === "string" && rec.cells.length === w * h ? rec.cells : null;
  if (!cells || !rec.solved) gridLines(ctx, w, h, cs, cells ? 5 : 1);
  if (!cells) return;
  const colors = (rec.puzzle && Array.isArray(rec.puzzle.colors) ? rec.puzzle.colors : []).map((c) => `#${c.rgb}`);
  for (let i = 0; i < cells.length; i++) {
    const v = cells.charCodeAt(i) - 48;
    if (v < 1 || (v === 1 && rec.solved)) continue; // a solved picture shows its filled cells only
    const x = (i % w) * cs, y = Math.floor(i / w) * cs;
    if (v === 1) {
      ctx.fillStyle = CROSS;
      const d = Math.max(1, cs / 3);
      ctx.fillRect(x + (cs - d) / 2, y + (cs - d) / 2, d, d);
    } else {
      ctx.fillStyle = colors[v - 1] || "#1d1d1f";
      ctx.fillRect(x, y, cs + 0.3, cs + 0.3); // the overlap hides seams between cells
    }
  }
}

// the board's colours on a card: paper, whichever the page's theme
const THEME = { bg: PAPER, line: LINE, bold: "#5a574f", fill: "#1d1d1f", cross: CROSS, text: "#1d1d1f", accent: "#2458c6",
  tint: "rgba(0, 0, 0, 0)", hintMark: "#2458c6", error: "#c62828", digits: 0.75 };

/** A board drawn small by its genre's board plug-in (board/grid-view.js's `kind`), so a card
 * shows what the board shows: puzzle as the plug-in reads it, cells the player's values. */
export function drawBoardThumb(canvas, kind, puzzle, cells) {
  const { width: w, height: h } = puzzle;
  const { cs } = thumbCanvas(canvas, w, h, true);
  kind.paintCells({
    game: { puzzle, cells, fixed: new Map() }, value: (i) => cells[i], cell: cs, theme: THEME, cellCanvas: canvas,
    gridW: w * cs, gridH: h * cs, cursor: { x: -1, y: -1 }, root: { classList: { contains: () => false } }, overlays: {},
  });
}

/** The canvas sized for a w x h board and cleared to paper: its context and cell size (CSS px;
 * whole pixels when `whole`, as board plug-ins draw). */
function thumbCanvas(canvas, w, h, whole = false) {
  const cs = whole ? Math.max(2, Math.floor(BOX / Math.max(w, h))) : BOX / Math.max(w, h);
  const cw = Math.max(1, Math.round(w * cs)), ch = Math.max(1, Math.round(h * cs));
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(cw * dpr);
  canvas.height = Math.round(ch * dpr);
  canvas.style.width = `${cw}px`;
  canvas.style.height = `${ch}px`;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, cw, ch);
  return { ctx, cs };
}

/** Grid lines every `every` cells (every cell for a blank board when cells are big enough). */
function gridLines(ctx, w, h, cs, every) {
  if (every === 1 && cs < 5) every = 5;
  ctx.strokeStyle = LINE;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = every; x < w; x += every) { ctx.moveTo(Math.round(x * cs) + 0.5, 0); ctx.lineTo(Math.round(x * cs) + 0.5, h * cs); }
  for (let y = every; y < h; y += every) { ctx.moveTo(0, Math.round(y * cs) + 0.5); ctx.lineTo(w * cs, Math.round(y * cs) + 0.5); }
  ctx.stroke();
}
