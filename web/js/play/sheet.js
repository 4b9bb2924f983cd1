// The play view's panels as a bottom sheet on narrow screens (app.css, "the play frame"): folded
// it is one row of buttons, one a panel (Hint, Check, Solve...), so the board has the height; a
// panel's button unfolds the sheet on that panel alone, again folds it; the grip at the end
// unfolds every panel (scrolling inside the sheet). On a wide screen the panels are a side
// column and none of this shows.
import { el } from "../shell/dom.js";

/** side: the aside; toggle: the grip button; tabs: the row for the panels' buttons -> {addTab, showTab, show}. */
export function bindSheet({ side, toggle, tabs }) {
  let shown = null; // null: folded; "all"; or the one panel shown
  const tabOf = new Map(); // panel -> its button
  const set = (what) => {
    shown = what;
    side.classList.toggle("collapsed", !what);
    side.classList.toggle("one", !!what && what !== "all");
    for (const [panel, b] of tabOf) {
      panel.classList.toggle("sheet-hidden", !!what && what !== "all" && what !== panel);
      b.setAttribute("aria-pressed", String(what === panel));
    }
    toggle.setAttribute("aria-expanded", String(!!what));
    toggle.setAttribute("aria-label", what ? "Fold the panels away" : "Show every panel");
    toggle.title = toggle.getAttribute("aria-label");
    toggle.lastChild.textContent = what ? "▾" : "▴";
  };
  toggle.append(document.createTextNode(""));
  toggle.addEventListener("click", () => set(shown ? null : "all"));
  set(null);
  return {
    addTab(label, panel) {
      const b = el("button", { type: "button", className: "sheet-tab", textContent: label });
      if (panel.id) b.id = `${panel.id}-tab`;
      b.setAttribute("aria-controls", panel.id || "");
      tabOf.set(panel, b);
      b.addEventListener("click", () => set(shown === panel ? null : panel));
      tabs.append(b);
      set(shown);
      return b;
    },
    /** A panel and its button shown or not (a panel of another genre than the one in play). */
    showTab(panel, on) {
      panel.hidden = !on;
      tabOf.get(panel).hidden = !on;
      if (!on && shown === panel) set(null);
    },
    /** Show one panel (a genre's action that wants it in sight), or every one. */
    show(panel = "all") { set(panel); },
    /** Whether the panels are a sheet now (a narrow screen: its grip shows) and `panel` is the one unfolded. */
    unfoldedOn(panel) { return shown === panel && getComputedStyle(toggle).display !== "none"; },
    /** Whether the sheet is folded. */
    folded() { return shown === null; },
    fold() { set(null); },
  };
}
