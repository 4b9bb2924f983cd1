// The win, for every genre: a card over the board with the finished picture (drawn by the
// genre), its title, the time and the help the player had, and the next puzzle one tap away.
// The game itself is locked by play/game.js (Undo and Clear still work). A grid the solver
// filled gets the same card, saying so: it is never counted as a win.
import { el } from "../shell/dom.js";
import { formatTime } from "./clock.js";

export class WinCard {
  /** parent: the element the card sits in; back(): the focus to the board when the card goes
   * with the focus in it (it would be left on the page, and a keyboard player lost). */
  constructor({ parent, back = null }) {
    this.back = back;
    this.heading = el("h3", { id: "win-heading" });
    this.picture = el("canvas", { className: "win-picture" });
    this.picture.setAttribute("aria-hidden", "true");
    this.title = el("p", { className: "win-title", id: "win-title" });
    this.facts = el("p", { className: "win-facts", id: "win-facts" });
    this.notes = el("p", { className: "win-facts", id: "win-notes" }); // a plug-in's words (the daily's streak)
    this.nextButton = el("button", { type: "button", id: "win-next", className: "primary", textContent: "Next puzzle" });
    this.freshButton = el("button", { type: "button", id: "win-new", textContent: "New puzzle" });
    this.closeButton = el("button", { type: "button", id: "win-close", textContent: "See the board" });
    this.element = el("div", { id: "win-card", className: "win-card", hidden: true },
      this.heading, this.picture, this.title, this.facts, this.notes,
      el("div", { className: "row" }, this.nextButton, this.freshButton, this.closeButton));
    this.element.setAttribute("role", "dialog");
    this.element.setAttribute("aria-labelledby", "win-heading");
    parent.append(this.element);
    // A tap's own click: the tap that solves the board shows the card under the finger, and the
    // browser's click for that tap (after touchend) lands on whichever button is there, which
    // hid the card (or opened the next puzzle) at once on phones. A click counts when the press
    // began on the card since it showed, or comes from the keyboard (detail 0).
    this.pressed = false;
    this.element.addEventListener("pointerdown", () => { this.pressed = true; });
    const onClick = (button, act) => button.addEventListener("click", (e) => {
      if (e.detail && !this.pressed) return;
      act();
    });
    onClick(this.closeButton, () => this.hide());
    onClick(this.nextButton, () => { this.hide(); this.next && this.next(); });
    onClick(this.freshButton, () => { this.hide(); this.fresh && this.fresh(); });
    // Escape closes it as "See the board" does, as every dialog of the site closes
    this.element.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && !this.element.hidden) { e.preventDefault(); this.hide(); }
    });
    this.shownFor = null;
  }

  /** Show the card for `game` (solved): title, draw(canvas) the finished picture, next(): open the
   * next puzzle (null: none left), fresh(): a new generated one (null when the site has none),
   * notes: lines the plug-ins add (app.won). */
  show(game, { title, draw, next = null, fresh = null, notes = [] }) {
    if (this.shownFor === game && !this.element.hidden) return;
    this.shownFor = game;
    this.pressed = false;
    this.next = next;
    this.fresh = fresh;
    const n = game.hints;
    this.heading.textContent = game.solver ? "Solved by the solver" : "Solved!";
    this.element.classList.toggle("by-solver", game.solver);
    this.title.textContent = title;
    this.facts.textContent = game.solver
      ? "The solver's solution is in the grid, so this one does not count as a win. Try the next one yourself?"
      : `Time ${formatTime(game.elapsed)} · ${n ? `${n} hint${n === 1 ? "" : "s"} used` : "no hints"}`;
    this.notes.textContent = notes.join(" ");
    this.notes.hidden = !notes.length;
    draw(this.picture);
    this.nextButton.hidden = !next;
    this.freshButton.hidden = !fresh;
    this.element.hidden = false;
    (next ? this.nextButton : this.closeButton).focus({ preventScroll: true });
    this.element.dispatchEvent(new CustomEvent("win-shown", { bubbles: true, detail: { solver: game.solver } }));
  }

  hide() {
    const focused = this.element.contains(document.activeElement);
    this.element.hidden = true;
    if (focused && this.back) this.back();
  }

  /** The game changed: the card goes once the grid is no longer solved (Undo), or another game opened. */
  update(game) {
    if (!game || !game.solved || game !== this.shownFor) this.hide();
  }
}
