// Check at the player's choice (off / complete runs / line consistency / against
// the solution) and the crossed-out clue numbers; both come from the worker.
// Stale answers: every check goes on the engine's "check" channel (engine.latest),
// and a scheduled one supersedes the previous at once, so only the answer for the
// newest state is ever shown.

export class CheckPanel {
  constructor({ select, text, view, engine, getGame }) {
    Object.assign(this, { select, text, view, engine, getGame });
    this.timer = 0;
    select.addEventListener("change", () => this.schedule(0));
  }

  get mode() { return this.select.value; }

  schedule(delay = 120) {
    clearTimeout(this.timer);
    this.engine.supersede("check"); // the state it was asked about is gone
    this.timer = setTimeout(() => this.run(), delay);
  }

  async run() {
    const game = this.getGame();
    if (!game || this.engine.status === "failed") return;
    const mode = this.mode;
    // no stored picture: the worker first looks for a solution within its own limit,
    // which it reports as it starts (hints wait behind it, so say why nothing happens yet)
    const onProgress = (m) => {
      if (m.searching === "solution" && mode === "solution") {
        this.text.textContent = `This puzzle has no stored solution: looking for one to check against (at most ${m.limit_s} s)…`;
      }
    };
    let res;
    try {
      res = await this.engine.latest("check", "check", { puzzle: game.puzzle.dict, state: game.stateRows(), mode }, { onProgress });
    } catch (err) {
      if (err.kind !== "superseded" && err.kind !== "cancelled") this.text.textContent = `Check unavailable: ${err.message}`;
      return;
    }
    this.view.setOverlay("clues", res.clues || null);
    this.view.setOverlay("check", mode === "off" ? null : res);
    this.text.textContent = mode === "off" ? "" : res.message;
    this.text.classList.toggle("spoiler", mode === "solution");
  }
}
