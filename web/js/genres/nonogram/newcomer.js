// What a newcomer meets in the nonogram's Play view (issue 32): the rules one tap away, the
// input help of this device, the guided first puzzle on the first visit, clue numbers crossed
// out on the page as the player plays (the win card is the play frame's, play/view.js). The
// nonogram's Play calls opened(game) and changed(game) (by a move).
import { Guide } from "../../learn/guide.js";
import { inputHelp, showRules } from "../../learn/rules.js";
import { el } from "../../shell/dom.js";
import { clueMarks } from "./clue-marks.js";
import { drawNonogramExample } from "./thumb.js";

// said of a puzzle with cells given at the start (in the rules too, for any puzzle)
const GIVENS = " Cells with a notch in their corner were given with the puzzle and stay as they are.";
// said of a puzzle of several colours (in the rules too)
const COLOUR_KEYS = " 1–9 pick a colour;";

export const HELP = {
  mouse: "Left click or Space fills, right click or X crosses, drag paints along one line; " +
    `arrows move, Shift+arrows paint, Backspace clears;${COLOUR_KEYS} Ctrl+Z / Ctrl+Y undo and redo; ` +
    "H asks for a hint; Ctrl+wheel zooms." + GIVENS,
  touch: "Tap fills and a long press crosses (or switch Mode to cross); drag along a line to paint several cells; " +
    "two fingers pan and zoom." + GIVENS,
};

/** The input help under Play's panels: the words on given cells only when the puzzle has
 * some, on colour keys only when it has colours. */
export function playHelp(game) {
  let words = inputHelp(HELP);
  if (!(game && game.fixed && game.fixed.size)) words = words.replace(GIVENS, "");
  if (!(game && game.puzzle && game.puzzle.isColor)) words = words.replace(COLOUR_KEYS, "");
  return words;
}


export { plainAuthor } from "./library.js";

export class NonogramNewcomer {
  /** section: the Play view; offerBox: the frame's first-visit offer; view: its board; getGame(); open(dict, key). */
  constructor({ section, offerBox, view, getGame, open }) {
    Object.assign(this, { view, getGame });
    const body = section.querySelector(".play-body");
    const guideBox = el("div", { id: "guide", className: "panel guide" });
    guideBox.setAttribute("role", "region");
    guideBox.setAttribute("aria-label", "Tutorial");
    body.before(guideBox);
    this.guide = new Guide({ box: guideBox, offerBox, view, getGame, open, rules: () => showRules("nonogram", { help: HELP, example: drawNonogramExample }) });
  }

  /** The rules, with the guided first puzzle one tap away. */
  showRules() {
    return showRules("nonogram", { help: HELP, example: drawNonogramExample,
      tryIt: { label: "Learn by playing a tiny puzzle", run: () => this.guide.start() } });
  }

  /** A game was opened (or replaced by another tab's copy). */
  opened(game) {
    this.marks(game);
    this.guide.update();
  }

  /** Another genre's game opens on Play: the tutorial waits (update() shows it again with its puzzle); the frame hides the offer. */
  leave() {
    this.guide.box.hidden = true;
  }

  /** The grid changed by a move, undo or redo. */
  changed(game) {
    this.marks(game);
    this.guide.update();
  }

  marks(game) { this.view.setOverlay("clues", clueMarks(game.puzzle, game.cells)); }
}
