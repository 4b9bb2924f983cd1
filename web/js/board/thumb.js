// The one thumbnail painter, for a library card, the win card and the Solve panel: a board drawn small by its
// genre's board plug-in (board/grid-view.js's `kind`: genres/nonogram/board.js, board/shade.js,
// board/loop.js), so a card shows what the board shows: the blank puzzle, the player's marks,
// or the finished picture.
const BOX = 88; // CSS pixels of the longer side
const PAPER = "#fbfaf7";

// the board's colours on a card: paper, whichever the page's theme
const THEME = { bg: PAPER, line: "#d9d6cc", bold: "#5a574f", fill: "#1d1d1f", cross: "#b9b5aa", text: "#1d1d1f", accent: "#2458c6",
  tint: "rgba(0, 0, 0, 0)", hint: "rgba(0, 0, 0, 0)", hintMark: "#2458c6", error: "#c62828", given: "#ece9e0", givenMark: "#2458c6",
  digits: 0.75 };

/** Paint `puzzle` (as the plug-in reads it) with the values `cells` on `canvas`. picture: the
 * finished picture (the plug-in leaves out crosses and grid lines where it knows how). */
/** box: CSS pixels of the longer side; overlays: the board's layers drawn over it (a solution's differences). */
export function drawBoardThumb(canvas, kind, puzzle, cells, { picture = false, box = BOX, overlays = {} } = {}) {
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
  kind.paintCells({
    game: { puzzle, cells, fixed: new Map() }, value: (i) => cells[i], cell: cs, theme: THEME, cellCanvas: canvas,
    gridW: w * cs, gridH: h * cs, cursor: { x: -1, y: -1 }, root: { classList: { contains: () => false } }, overlays, picture,
  });
}
