// A Nikoli library card's picture, and the rules' solved example: the genre's own board plug-in (board/shade.js,
// board/loop.js) draws the clues (numbers, pearls, Heyawake's rooms) and the player's
// progress small (board/thumb.js), so the card shows what the board shows.
import { drawBoardThumb } from "../../board/thumb.js";
import { boardOf, cellsFromRows, nikoliPuzzle, SHADED } from "./game.js";
import { UNKNOWN, CROSSED } from "../../board/cells.js";

/** shape: {family, width, height, board: {clues: [[x, y, n]...], rooms}} (an index entry, or a
 * saved game's puzzle); rec: a saved game ({cells}) or null for a puzzle never played. */
export function drawNikoliThumb(canvas, shape, rec) {
  const { family, width, height } = shape, board = shape.board || { clues: [], rooms: null };
  const puzzle = nikoliPuzzle({ family, width, height, clues: board.clues, rooms: board.rooms, url: "" });
  const cells = new Uint8Array(puzzle.cellCount);
  const saved = rec && typeof rec.cells === "string" && rec.cells.length === cells.length ? rec.cells : "";
  for (let i = 0; i < saved.length; i++) cells[i] = Math.min(2, Math.max(0, saved.charCodeAt(i) - 48));
  drawBoardThumb(canvas, boardOf(family), puzzle, cells);
}

/** The rules' solved example (learn.json's {puzzle, solution}: an engine puzzle dict) on
 * `canvas`, its clues drawn by the family's board plug-in; returns what it shows, in words. */
export function drawNikoliExample(canvas, { puzzle, solution }) {
  const p = nikoliPuzzle(puzzle);
  // the shaded cells, the loop: no dots or crosses where the solution leaves a cell or side empty
  const cells = cellsFromRows(p, solution).map((v) => (v === CROSSED ? UNKNOWN : v));
  drawBoardThumb(canvas, boardOf(p.family), p, cells, { picture: true, margins: true, box: 220, cell: 28 });
  const head = `A solved example ${p.genreName}, ${p.width} by ${p.height}`;
  if (p.family === "masyu") {
    const black = [...p.clues.values()].filter((k) => k === 2).length;
    return `${head}: ${black} black and ${p.clues.size - black} white pearls, and the one loop through them all.`;
  }
  const shaded = cells.filter((v) => v === SHADED).length;
  const rooms = p.rooms ? ` in ${new Set(p.rooms).size} rooms` : "";
  return p.family === "bag"
    ? `${head}: ${p.clues.size} numbers inside the loop, ${shaded} cells outside it shaded.`
    : `${head}: ${p.clues.size} numbered cells${rooms}, ${shaded} cells shaded.`;
}
