// The Hint panel of every genre: its DOM (a button, the text, previous / next step and
// "How many?", the genre's legend), on the logic of panels/hint-flow.js. The genre gives its
// tasks (ask, present, gridKey, prepare: web/README.md, "Genres"); the panel draws on the
// frame's board (the "hint" overlay) and moves its cursor to what the hint names.
import { el, button } from "../shell/dom.js";
import { HintFlow, FIRST } from "./hint-flow.js";

export class HintPanel {
  /** frame: the play frame (play/view.js); the genre's tasks come with use(). */
  constructor({ frame, getGame = () => frame.game }) {
        this.legend = null;
    this.legendBox = el("div", { className: "hint-legend" });
    this.button = button("hint", FIRST);
    this.text = el("p", { id: "hint-text", className: "hint-text" });
    this.text.setAttribute("aria-live", "polite");
    const step = (name, label, action) => {
      const b = button(name, label);
      b.addEventListener("click", action);
      return b;
    };
    const prev = step("hint-prev", "◀ Previous step", () => this.flow.showStep(this.flow.step - 1));
    const next = step("hint-next", "Next step ▶", () => this.flow.showStep(this.flow.step + 1));
    const count = step("hint-count", "How many?", () => this.flow.showCount());
    const steps = el("div", { className: "hint-steps", hidden: true }, prev, next, count);
    this.element = frame.addPanel("Hint", el("div", { className: "panel", id: "hint-panel" }, el("h3", { textContent: "Hint" }),
      this.button, this.text, steps, this.legendBox));
    this.sheet = frame.sheet;
    const view = () => frame.view;
    this.flow = new HintFlow({ tasks: null, getGame, ui: {
      text: (s) => { this.text.textContent = s; },
      button: (label, disabled) => { this.button.textContent = label; this.button.disabled = disabled; },
      overlay: (o) => { if (view()) view().setOverlay("hint", o); },
      cursor: (c) => {
        const v = view();
        if (v) v.moveCursor(c.column ? c.column - 1 : v.cursor.x, c.row ? c.row - 1 : v.cursor.y);
      },
      legend: (on) => { if (this.legend) this.legend.hidden = !on; },
      steps: ({ count: c = false, steps: s = false, prev: p = false, next: n = false }) => {
        steps.hidden = !(c || s);
        count.hidden = !c;
        prev.hidden = next.hidden = !s;
        prev.disabled = !p;
        next.disabled = !n;
      },
    } });
    this.button.addEventListener("click", () => this.next());
  }

  /** The genre in play's tasks (null: it has no hints, the panel hides) and legend (or null). */
  use(tasks, legend) {
    this.sheet.showTab(this.element, !!tasks);
    this.flow.tasks = tasks;
    this.legend = legend;
    if (legend) legend.hidden = true;
    this.legendBox.replaceChildren(...(legend ? [legend] : []));
    if (tasks) this.flow.reset();
  }

  reset() { if (this.flow.tasks) this.flow.reset(); }

  onGameChange() { if (this.flow.tasks) this.flow.onGameChange(); }

  /** The button, and the H key (which works while the button waits). */
  next() { return this.flow.next(); }

  /** Get ready again for the game in play (a restarted engine forgot what it knew). */
  prepare(game) { this.flow.prepare(game); }
}
