// The game clock: it counts only while the player plays. It starts at the first
// move (as nonograms.org does) and stops while the page is hidden, while another
// view shows, while a solve runs, and once the puzzle is solved.

export function formatTime(ms) {
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

export class GameClock {
  /** element shows the time; getGame(); paused() -> true while something else stops it. */
  constructor({ element, getGame, paused }) {
    Object.assign(this, { element, getGame, paused });
    this.last = performance.now();
    setInterval(() => this.tick(), 500);
  }

  running() {
    const game = this.getGame();
    return !!game && game.played && !game.solved && !document.hidden && !this.paused();
  }

  tick() {
    const now = performance.now();
    const dt = now - this.last;
    this.last = now;
    // a long gap (a sleeping laptop, a throttled tab) counts as at most 2 s
    if (this.running()) { this.getGame().elapsed += Math.min(dt, 2000); this.show(); }
  }

  show() {
    const game = this.getGame();
    this.element.textContent = game ? formatTime(game.elapsed) : "0:00";
    this.element.title = game && !game.played ? "The clock starts at your first move" : "";
  }
}
