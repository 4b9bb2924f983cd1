// The notice above the board when the puzzle in play has no solution. The engine's
// test is cheap and bounded (line logic from the empty grid, then one-cell tests
// for a fraction of a second; pysolver.nonogram.player.hint.no_solution), and it runs after the board is
// drawn: a contradiction that only deep search finds opens without a notice.
// Opening another game supersedes the test of the previous one (engine.latest).

export class ClueNotice {
  constructor({ element, engine, getGame }) {
    Object.assign(this, { element, engine, getGame });
  }

  /** Test the clues of the game just opened; the notice shows only for that game. */
  run() {
    const game = this.getGame();
    this.element.hidden = true;
    this.element.textContent = "";
    if (!game || this.engine.status === "failed") {
      this.engine.supersede("notice");
      return;
    }
    this.engine.latestTask("notice", "nonogram", "diagnose", { puzzle: game.puzzle.dict }).then((res) => {
      if (!res.no_solution) return;
      this.element.textContent = res.notice; // engine text: never HTML
      this.element.hidden = false;
    }, () => { /* superseded, or no engine: the hint and check panels say why they cannot help */ });
  }
}
