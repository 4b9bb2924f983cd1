// One way to drop a stale answer: a Latest hands out turns, and starting a turn makes
// every earlier one stale, so an answer that arrives late (a fetch, an engine reply) asks
// whether its turn is still the latest and is dropped if not. (engine.latest channels do
// this for engine requests and also stop the stale work in the worker.)
export class Latest {
  constructor() { this.turn = 0; }

  /** Start a turn; returns a function that says whether it is still the latest. */
  next() {
    const turn = ++this.turn;
    return () => turn === this.turn;
  }

  /** Make every turn handed out so far stale (something newer happened without asking). */
  drop() { this.turn++; }
}
