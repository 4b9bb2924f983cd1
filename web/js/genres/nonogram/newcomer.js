// What a newcomer meets in the nonogram's Play view (issue 32): the rules one tap away, the
// input help of this device, the guided first puzzle on the first visit, clue numbers crossed
// out on the page as the player plays, and the win (a locked board, the picture, time, hints,
// the next puzzle). The shell's Play calls opened(game) and changed(game) (by a move).
import { WinCard } from "../../play/win.js";
import { Guide } from "../../learn/guide.js";
import { inputHelp, showRules } from "../../learn/rules.js";
import { drawThumb } from "../../library/thumb.js";
import { el } from "../../shell/dom.js";
import { clueMarks } from "./clue-marks.js";

export const HELP = {
  mouse: "Left click or Space fills, right click or X crosses, drag paints along one line; " +
    "arrows move, Shift+arrows paint, Backspace clears; 1–9 pick a colour; Ctrl+Z / Ctrl+Y undo and redo; " +
    "H asks for a hint; Ctrl+wheel zooms. Cells with a notch in their corner were given with the puzzle and stay as they are.",
  touch: "Tap fills and a long press crosses (or switch Mode to cross); drag along a line to paint several cells; " +
    "two fingers pan and zoom. Cells with a notch in their corner were given with the puzzle and stay as they are.",
};


export { plainAuthor } from "./library.js";

export class NonogramNewcomer {
  /** section: the Play view; view: its board; getGame(); library (next puzzle); open(dict, key);
   * announce(text); fresh() -> the win card's "New puzzle" action, or null when the site makes none. */
  constructor({ section, view, getGame, library, open, announce, fresh = () => null }) {
    Object.assign(this, { view, getGame, library, announce, fresh });
    const body = section.querySelector(".play-body");
    const help = section.querySelector(".help");
    if (help) help.textContent = inputHelp(HELP);
    this.win = new WinCard({ parent: body });
    const guideBox = el("div", { id: "guide", className: "panel guide" });
    guideBox.setAttribute("role", "region");
    guideBox.setAttribute("aria-label", "Tutorial");
    const offerBox = el("div", { id: "guide-offer", className: "guide-offer", hidden: true });
    offerBox.setAttribute("role", "dialog");
    body.before(guideBox);
    body.append(offerBox);
    this.guide = new Guide({ box: guideBox, offerBox, view, getGame, open, rules: () => showRules("nonogram", HELP) });
    this.wasSolved = false;
    this.onLocked = () => announce("Solved: the board is locked. Undo takes back the last move; Clear starts again.");
  }

  /** The rules, with the guided first puzzle one tap away. */
  showRules() {
    return showRules("nonogram", HELP, { label: "Learn by playing a tiny puzzle", run: () => this.guide.start() });
  }

  /** A game was opened (or replaced by another tab's copy). */
  opened(game, previous = null) {
    if (previous) previous.removeEventListener("locked", this.onLocked);
    game.removeEventListener("locked", this.onLocked);
    game.addEventListener("locked", this.onLocked);
    this.wasSolved = game.solved;
    this.win.update(game);
    this.marks(game);
    this.guide.update();
  }

  /** The grid changed by a move, undo or redo. */
  changed(game) {
    this.marks(game);
    this.guide.update();
    if (game.solved && !this.wasSolved) this.showWin(game);
    else this.win.update(game);
    this.wasSolved = game.solved;
  }

  marks(game) { this.view.setOverlay("clues", clueMarks(game.puzzle, game.cells)); }

  showWin(game) {
    const next = this.library.next(game.key);
    const p = game.puzzle;
    this.win.show(game, {
      title: p.title || "Untitled puzzle",
      draw: (canvas) => drawThumb(canvas, p.width, p.height, { ...game.serialize(), puzzle: p.dict, solved: true }),
      next: next ? () => next.open() : null,
      fresh: this.fresh(),
    });
  }
}
