// The one thumbnail painter, for a library card, the win card, the Solve panel and the rules'
// solved example: a board drawn small by its genre's board plug-in (board/grid-view.js's `kind`:
// genres/nonogram/board.js, board/shade.js, board/loop.js), so a picture shows what the board
// shows: the blank puzzle, the player's marks, or the finished picture; with `margins`, the
// plug-in's margins too (a nonogram's clue numbers), laid out as the board lays them out.
const BOX = 88; // CSS pixels of the longer side
const PAPER = "#fbfaf7";

// the board's colours on a card: paper, whichever the page's theme
const THEME = { bg: PAPER, line: "#d9d6cc", bold: "#5a574f", fill: "#1d1d1f", cross: "#b9b5aa", text: "#1d1d1f", accent: "#2458c6",
  tint: "rgba(0, 0, 0, 0)", hint: "rgba(0, 0, 0, 0)", hintMark: "#2458c6", error: "#c62828", given: "#ece9e0", givenMark: "#2458c6",
  clueBg: PAPER, done: "#b9b5aa", left: "#2458c6", right: "#c62828", digits: 0.75, pearlWhite: PAPER, pearlBlack: "#1d1d1f" };

/** What a plug-in paints from: the board's fields (grid-view.js) for a still picture. */
function stillView(puzzle, cells, canvas, overlays, picture, theme = THEME) {
  return {
    game: { puzzle, cells, fixed: new Map() }, value: (i) => cells[i], theme, cellCanvas: canvas,
    cursor: { x: -1, y: -1 }, root: { classList: { contains: () => false } }, overlays, picture,
  };
}

/** Paint `puzzle` (as the plug-in reads it) with the values `cells` on `canvas`. picture: the
 * finished picture (the plug-in leaves out crosses and grid lines where it knows how).
 * box: CSS pixels of the longer side; overlays: the board's layers drawn over it (a solution's
 * differences); margins: the plug-in's margins around the cells (cells of `cell` CSS px at most). */
export function drawBoardThumb(canvas, kind, puzzle, cells, { picture = false, box = BOX, overlays = {}, margins = false, cell = 24 } = {}) {
  if (margins) { drawWithMargins(canvas, kind, puzzle, cells, { picture, box, overlays, cell }); return; }
  const { width: w, height: h } = puzzle;
  // whole device pixels a cell, as board plug-ins draw; a big puzzle's small cells are
  // stretched to the card's size, pixel for pixel
  const dpr = (typeof window !== "undefined" && window.devicePixelRatio) || 1;
  const cs = Math.max(1, Math.floor((box * dpr) / Math.max(w, h)));
  canvas.width = w * cs;
  canvas.height = h * cs;
  const scale = Math.max(w, h) * cs < 0.8 * box * dpr ? box / (Math.max(w, h) * cs) : 1 / dpr;
  canvas.style.width = `${Math.round(canvas.width * scale)}px`;
  canvas.style.height = `${Math.round(canvas.height * scale)}px`;
  canvas.style.imageRendering = scale * dpr > 1 ? "pixelated" : "";
  const ctx = canvas.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  kind.paintCells({ ...stillView(puzzle, cells, canvas, overlays, picture), cell: cs, gridW: w * cs, gridH: h * cs });
}

/** The largest cell size (CSS px, `most` at most) at which the board measured by `size` fits a
 * box of `box` px each way; its measures. */
export function stillCell(size, box, most) {
  for (let cs = most; cs > 6; cs--) {
    const s = size(cs);
    if (s.totalW <= box && s.totalH <= box) return { cs, ...s };
  }
  return { cs: 6, ...size(6) };
}

/** The board at a fixed cell size with its margins, as grid-view.js lays it out: the plug-in
 * paints the cells and each margin on canvases of their own, copied into `canvas`. */
function drawWithMargins(canvas, kind, puzzle, cells, { picture, box, overlays, cell }) {
  const dpr = (typeof window !== "undefined" && window.devicePixelRatio) || 1;
  const part = (w, h) => {
    const c = document.createElement("canvas");
    c.width = Math.round(w * dpr);
    c.height = Math.round(h * dpr);
    c.getContext("2d").setTransform(dpr, 0, 0, dpr, 0, 0);
    return c;
  };
  // cells as big as the board's: its digits' size, not a card's larger ones
  const v = stillView(puzzle, cells, null, overlays, picture, { ...THEME, digits: 0.6 });
  kind.prepare(v);
  const m = stillCell((cs) => kind.size(v, cs), box, cell);
  Object.assign(v, m, { cell: m.cs });
  v.cellCanvas = part(v.gridW, v.gridH);
  v.rowCanvas = part(v.rowW || 1, v.gridH);
  v.colCanvas = part(v.gridW, v.colH || 1);
  kind.paintCells(v);
  kind.paintMargins(v);
  const W = v.rowW + v.gridW, H = v.colH + v.gridH;
  canvas.width = Math.round(W * dpr);
  canvas.height = Math.round(H * dpr);
  canvas.style.width = `${W}px`;
  canvas.style.height = `${H}px`;
  canvas.style.imageRendering = "";
  const ctx = canvas.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const at = (c, x, y) => ctx.drawImage(c, Math.round(x * dpr), Math.round(y * dpr));
  if (v.colH) at(v.colCanvas, v.rowW, 0);
  if (v.rowW) at(v.rowCanvas, 0, v.colH);
  at(v.cellCanvas, v.rowW, v.colH);
}
