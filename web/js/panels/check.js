// The Check panel of every genre: a choice of what to check (the genre's modes; "off" first),
// one result display for every genre (panels/check-report.js: the verdict, ✓ or ✗, in the
// genre's sentence, the mistakes one a line, the board's "check" overlay of their cells and
// lines), the engine's limits behind "Details". It checks again after every move (schedule: a
// short delay, so a stroke asks once) and a newer check makes the older answer stale
// (shell/latest.js). The genre gives only data (web/README.md, "The panels"):
//   modes: [[value, label]...]; check(game, mode, {signal, progress(words, details)}) ->
//   {wrong: [{words?, cells?, lines?}], words?, unavailable?, detail?, spoiler?, clues?};
//   with mode "off" too (the nonogram's crossed-out clue numbers come with every check).
import { el } from "../shell/dom.js";
import { Latest } from "../shell/latest.js";
import { techDetails } from "./details.js";
import { checkReport } from "./check-report.js";

export class CheckPanel {
  /** frame: the play frame (play/view.js); the genre's tasks come with use(). */
  constructor({ frame, getGame = () => frame.game }) {
    Object.assign(this, { frame, tasks: null, getGame });
    this.modes = new WeakMap(); // a genre's tasks -> the mode last chosen while it played
    this.select = el("select", { id: "check-mode" });
    this.text = el("p", { id: "check-text" });
    this.text.setAttribute("aria-live", "polite");
    this.list = el("ul", { id: "check-list", className: "check-list", hidden: true }); // the mistakes, one a line
    this.details = techDetails("check-details"); // the engine's limits, behind "Details"
    this.element = frame.addPanel("Check", el("div", { className: "panel", id: "check-panel" },
      el("h3", {}, el("label", { htmlFor: this.select.id, textContent: "Check" })), this.select, this.text, this.list, this.details.element));
    this.runs = new Latest();
    this.timer = 0;
    this.select.addEventListener("change", () => { this.modes.set(this.tasks, this.mode); this.schedule(0); });
  }

  /** The genre in play's tasks (null: it has no check, the panel hides): its modes in the choice. */
  use(tasks) {
    this.frame.sheet.showTab(this.element, !!tasks);
    if (tasks === this.tasks) return;
    this.reset();
    this.tasks = tasks;
    if (!tasks) return;
    this.select.replaceChildren(...tasks.modes.map(([value, textContent]) => el("option", { value, textContent })));
    this.select.value = this.modes.get(tasks) || tasks.modes[0][0];
  }

  get mode() { return this.select.value; }

  /** A new game: nothing said yet. */
  reset() {
    this.runs.drop();
    clearTimeout(this.timer);
    this.show({ state: "off", words: "", items: [], more: 0 });
    this.details.set([]);
    if (this.frame.view) this.frame.view.setOverlay("check", null);
  }

  /** Check again after `delay` ms; the state an older check was asked about is gone. */
  schedule(delay = 120) {
    clearTimeout(this.timer);
    this.runs.drop();
    this.timer = setTimeout(() => this.run(), delay);
  }

  async run() {
    const game = this.getGame(), mode = this.mode;
    if (!game || !this.tasks) return;
    const fresh = this.runs.next();
    const progress = (words, details) => {
      if (fresh()) { this.show({ state: "unknown", words, items: [], more: 0 }); this.details.set(details); }
    };
    let res;
    try {
      res = await this.tasks.check(game, mode, { signal: fresh.signal, progress });
    } catch (err) {
      if (fresh() && err.kind !== "superseded" && err.kind !== "cancelled") {
        this.show({ state: "unknown", words: `Check unavailable: ${err.message}`, items: [], more: 0 });
      }
      return;
    }
    if (!fresh() || !res || game !== this.getGame()) return;
    const view = this.frame.view, report = checkReport(res, mode);
    if ("clues" in res) view.setOverlay("clues", res.clues || null);
    view.setOverlay("check", report.overlay);
    this.show(report);
    this.details.set(mode === "off" || !res.detail ? [] : [res.detail]);
    this.text.classList.toggle("spoiler", !!res.spoiler);
  }

  /** The one result display: the verdict line (its ✓ or ✗ by CSS) and the mistakes' list. */
  show({ state, words, items, more }) {
    this.text.textContent = words;
    this.text.className = state === "ok" || state === "wrong" ? `check-${state}` : "";
    const lines = items.map((textContent) => el("li", { textContent }));
    if (more) lines.push(el("li", { className: "more", textContent: `…and ${more} more (outlined on the board)` }));
    this.list.replaceChildren(...lines);
    this.list.hidden = !lines.length;
  }
}
