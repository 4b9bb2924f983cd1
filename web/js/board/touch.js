// Touch on the board: one finger paints (from a cell) or pans (from the clues); a long press
// on a cell crosses; two fingers pan and pinch-zoom without painting. A second finger that
// lands soon after the first cancels the stroke the first began (it was the start of a
// gesture); later, the stroke is kept as drawn.

const LONG_PRESS_MS = 450;
const SECOND_FINGER_MS = 350;

export class BoardTouch {
  constructor(view) {
    this.view = view;
    this.points = new Map(); // pointerId -> {x, y}
    this.gesture = null; // {kind: "pan", ...} or {kind: "pinch", ...}
    this.pressTimer = 0;
  }

  down(e) {
    const v = this.view;
    this.points.set(e.pointerId, { x: e.clientX, y: e.clientY });
    try { v.root.setPointerCapture(e.pointerId); } catch { /* pointer already gone */ }
    e.preventDefault();
    if (this.points.size === 1) {
      this.firstAt = e.timeStamp;
      if (e.target === v.cellCanvas && (v.cellAt(e).inside || v.kind.stroke)) { // a kind's own strokes decide (Create's borders start on the outer line too)
        v.strokeStart(e);
        this.pressTimer = setTimeout(() => this.longPress(), LONG_PRESS_MS);
      } else {
        this.gesture = { kind: "pan", x: e.clientX, y: e.clientY, left: v.root.scrollLeft, top: v.root.scrollTop };
      }
    } else if (this.points.size === 2) {
      clearTimeout(this.pressTimer);
      if (v.stroke) {
        if (e.timeStamp - this.firstAt < SECOND_FINGER_MS) v.strokeCancel();
        else v.strokeEnd();
      }
      this.startPinch();
    }
  }

  /** A long press: the stroke, still on its first cell, crosses instead. */
  longPress() {
    const v = this.view, s = v.stroke;
    if (!s || s.axis || s.action === "cross" || v.kind.stroke) return;
    s.tap = { action: s.action, value: s.value };
    s.action = "cross";
    s.value = v.target("cross", s.start);
    if (navigator.vibrate) navigator.vibrate(15);
    v.paintStroke(s.x0, s.y0);
  }

  /** The finger lifted before a long press's time, but a busy page ran the timer first:
   * the stroke is the tap it was (the events' times decide, not the page's speed). */
  shortPress() {
    const v = this.view, s = v.stroke;
    if (!s || !s.tap || s.axis) return;
    s.action = s.tap.action;
    s.value = s.tap.value;
    s.tap = null;
    v.paintStroke(s.x0, s.y0);
  }

  /** Remember, in cell units, the board point under the fingers' midpoint: it stays under them. */
  startPinch() {
    const v = this.view, [a, b] = [...this.points.values()];
    const r = v.root.getBoundingClientRect();
    const mx = (a.x + b.x) / 2 - r.left, my = (a.y + b.y) / 2 - r.top;
    this.gesture = {
      kind: "pinch", dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, cell: v.cell,
      ax: (v.root.scrollLeft + mx - v.inner.offsetLeft - v.rowW) / v.cell,
      ay: (v.root.scrollTop + my - v.inner.offsetTop - v.colH) / v.cell,
    };
  }

  move(e) {
    const v = this.view, p = this.points.get(e.pointerId);
    if (!p) return;
    p.x = e.clientX; p.y = e.clientY;
    const g = this.gesture;
    if (g && g.kind === "pinch" && this.points.size >= 2) {
      const [a, b] = [...this.points.values()];
      const size = Math.round(g.cell * Math.hypot(a.x - b.x, a.y - b.y) / g.dist);
      if (size !== v.cell) v.setZoom(size);
      const r = v.root.getBoundingClientRect();
      v.root.scrollLeft = v.inner.offsetLeft + v.rowW + g.ax * v.cell - ((a.x + b.x) / 2 - r.left);
      v.root.scrollTop = v.inner.offsetTop + v.colH + g.ay * v.cell - ((a.y + b.y) / 2 - r.top);
    } else if (g && g.kind === "pan") {
      v.root.scrollLeft = g.left - (e.clientX - g.x);
      v.root.scrollTop = g.top - (e.clientY - g.y);
    } else if (v.stroke) {
      const { x, y } = v.cellAt(e);
      if (x !== v.stroke.x0 || y !== v.stroke.y0) clearTimeout(this.pressTimer);
      v.strokeMove(e);
    }
  }

  up(e, cancelled) {
    if (!this.points.delete(e.pointerId)) return;
    clearTimeout(this.pressTimer);
    const v = this.view;
    if (v.stroke && !cancelled && e.timeStamp - this.firstAt < LONG_PRESS_MS) this.shortPress();
    if (v.stroke) { if (cancelled) v.strokeCancel(); else v.strokeEnd(); }
    // a finger left after a pinch does nothing until it lifts too
    if (!this.points.size) this.gesture = null;
    else if (this.gesture && this.gesture.kind === "pinch") this.gesture = { kind: "rest" };
  }
}
