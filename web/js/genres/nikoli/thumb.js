// A Nikoli library card's picture: the genre's own board plug-in (board/shade.js,
// board/loop.js) draws the clues (numbers, pearls, Heyawake's rooms) and the player's
// progress small (board/thumb.js), so the card shows what the board shows.
import { drawBoardThumb } from "../../board/thumb.js";
import { boardOf, nikoliPuzzle } from "./game.js";

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
