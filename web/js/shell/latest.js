// The one way to drop a stale answer in the page: a Latest hands out turns, and starting a
// turn makes every earlier one stale, so an answer that arrives late (a fetch, an engine
// reply, a clingo run) asks whether its turn is still the latest and is dropped if not.
// Each turn also carries an AbortSignal, aborted when the turn goes stale, for work that can
// stop (a clingo run, the Nikoli tasks); drop() with no new turn is Cancel. engine.latest
// channels (engine/client.js) are the same rule for requests to the engine worker: a new
// request on a channel supersedes the previous one and stops its work in the worker.
export class Latest {
  constructor() {
    this.turn = 0;
    this.abort = null; // the current turn's controller, made when a turn asks for its signal
  }

  /** Start a turn; returns fresh(), true while it is still the latest, with fresh.signal. */
  next() {
    this.drop();
    return this.current();
  }

  /** The current turn, without starting one: an answer about things as they are now (a
   * change elsewhere calls drop()). */
  current() {
    const turn = this.turn;
    const fresh = () => turn === this.turn;
    Object.defineProperty(fresh, "signal", { get: () => {
      if (turn !== this.turn) return AbortSignal.abort();
      if (!this.abort) this.abort = new AbortController();
      return this.abort.signal;
    } });
    return fresh;
  }

  /** Make every turn handed out so far stale (something newer happened, or Cancel). */
  drop() {
    this.turn++;
    if (this.abort) this.abort.abort();
    this.abort = null;
  }
}
