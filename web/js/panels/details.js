// The one "details" disclosure of the panels: what the player sees says what happened;
// engine names, statistics, budgets and timings live in here, closed by default.
import { el } from "../shell/dom.js";

/** A closed <details class="tech"> whose lines are set with set([...]) (empty: hidden). */
export function techDetails(id = "") {
  const body = el("p", { className: "tech-body" });
  const element = el("details", { className: "tech", hidden: true }, el("summary", { textContent: "Details" }), body);
  if (id) element.id = id;
  return {
    element,
    set(lines) {
      const shown = lines.filter(Boolean);
      body.textContent = shown.join("\n");
      element.hidden = !shown.length;
    },
  };
}
