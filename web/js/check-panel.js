// Check at the player's choice (off / complete runs / line consistency / against
// the solution) and the crossed-out clue numbers; both come from the worker.

export class CheckPanel {
  constructor({ select, text, view, engine, getGame }) {
    Object.assign(this, { select, text, view, engine, getGame });
    this.timer = 0;
    this.seq = 0;
    select.addEventListener("change", () => this.schedule(0));
  }

  get mode() { return this.select.value; }

  schedule(delay = 120) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delay);
  }

  async run() {
    const game = this.getGame();
    if (!game || this.engine.status === "failed") return;
    const seq = ++this.seq;
    // no stored picture: the worker first looks for a solution within its own limit,
    // which it reports as it starts (hints wait behind it, so say why nothing happens yet;
    // true for a newer check of the same game too, which waits behind this search)
    const onProgress = (m) => {
      if (m.searching === "solution" && game === this.getGame() && this.mode === "solution") {
        this.text.textContent = `This puzzle has no stored solution: looking for one to check against (at most ${m.limit_s} s)…`;
      }
    };
    let res;
    try {
      res = await this.engine.call("check", { puzzle: game.puzzle.dict, state: game.stateRows(), mode: this.mode }, { onProgress });
    } catch (err) {
      if (seq === this.seq && err.kind !== "cancelled") this.text.textContent = `Check unavailable: ${err.message}`;
      return;
    }
    if (seq !== this.seq || game !== this.getGame()) return; // a newer state is on its way
    this.view.setOverlay("clues", res.clues || null);
    this.view.setOverlay("check", this.mode === "off" ? null : res);
    this.text.textContent = this.mode === "off" ? "" : res.message;
    if (this.mode === "solution") this.text.classList.add("spoiler"); else this.text.classList.remove("spoiler");
  }
}
