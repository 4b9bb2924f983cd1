// A mouse stroke held at or past the edge of the board's visible cells scrolls a board bigger
// than its box (zoomed in) that way, as a spreadsheet's selection does, and the stroke takes
// the cells that come under the pointer: a line can be drawn across the whole board.
const EDGE = 24;     // px inside the visible cells' edge where the scrolling starts
const STEP = 4;      // px a frame at the edge; more the further past it, up to MAX_STEP
const MAX_STEP = 32;

/** px a frame to scroll along one axis: the pointer at `at` near `lo` or `hi` (the visible
 * cells' edges), and only as far as the box can scroll that way (`scroll` of `max`). */
function step(at, lo, hi, scroll, max) {
  if (at < lo + EDGE && scroll > 0) return -Math.min(MAX_STEP, STEP + Math.round((lo + EDGE - at) / 4));
  if (at > hi - EDGE && scroll < max) return Math.min(MAX_STEP, STEP + Math.round((at - hi + EDGE) / 4));
  return 0;
}

export class StrokeScroll {
  /** `view`: a GridView (its root is the scroll box, its sticky margins rowW and colH px, of which rowStick and colStick stay in view);
   * `follow(point)`: the stroke's move to the pointer's {clientX, clientY}. */
  constructor(view, follow) {
    this.view = view;
    this.follow = follow;
    this.frame = 0;
    this.at = null;
  }

  /** After a stroke's pointer move: scroll while the pointer stays at an edge. */
  move(e) {
    this.at = { clientX: e.clientX, clientY: e.clientY };
    if (!this.frame && this.delta().some(Boolean)) this.frame = requestAnimationFrame(() => this.tick());
  }

  stop() {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.at = null;
  }

  delta() {
    const v = this.view, b = v.root, r = b.getBoundingClientRect();
    const left = r.left + b.clientLeft, top = r.top + b.clientTop;
    // the margins' edges in view: whole until they reach the part that stays (rowStick, colStick)
    const rowEdge = Math.max(v.rowStick, v.rowW - b.scrollLeft), colEdge = Math.max(v.colStick, v.colH - b.scrollTop);
    return [step(this.at.clientX, left + rowEdge, left + b.clientWidth, b.scrollLeft, b.scrollWidth - b.clientWidth),
      step(this.at.clientY, top + colEdge, top + b.clientHeight, b.scrollTop, b.scrollHeight - b.clientHeight)];
  }

  tick() {
    this.frame = 0;
    if (!this.at || !this.view.stroke) return;
    const [dx, dy] = this.delta();
    if (!dx && !dy) return;
    this.view.root.scrollBy({ left: dx, top: dy, behavior: "instant" });
    this.follow(this.at);
    this.frame = requestAnimationFrame(() => this.tick());
  }
}
