// The notice above the board when the puzzle in play has no solution (or, a Nikoli family's,
// nothing to solve: an empty board keeps every rule), for every genre: the
// frame (play/view.js) asks the genre's diagnose task when a puzzle opens, after the board is
// drawn. The tasks are cheap and bounded (a nonogram's: line logic from the empty grid, then
// one-cell tests for a fraction of a second, pysolver.nonogram.player.hint.no_solution; a
// Nikoli family's: one clingo call within a work limit, pysolver.nikoli.genre.diagnose): a
// contradiction only deep search finds opens without a notice. Opening another game drops
// the test of the previous one.

export class ClueNotice {
  /** element: the notice; getGame(): the game in play; diagnose(game, signal): the genre's
   * task -> Promise<{no_solution, notice}> (null: the genre has none; notice null: nothing to say). */
  constructor({ element, getGame, diagnose }) {
    Object.assign(this, { element, getGame, diagnose });
    this.abort = null;
  }

  /** Test the clues of the game just opened; the notice shows only for that game. */
  run() {
    const game = this.getGame();
    this.element.hidden = true;
    this.element.textContent = "";
    if (this.abort) this.abort.abort();
    this.abort = new AbortController();
    const { signal } = this.abort;
    const asked = game ? this.diagnose(game, signal) : null;
    if (!asked) return;
    asked.then((res) => {
      if (signal.aborted || this.getGame() !== game || !res || !res.notice) return;
      this.element.textContent = res.notice; // engine text: never HTML
      this.element.hidden = false;
    }, () => { /* dropped, or no engine: the hint and check panels say why they cannot help */ });
  }
}
