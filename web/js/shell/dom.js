// The one DOM helper of the page's modules: elements built from properties and children.
// Untrusted text goes in as textContent (or a text child), never as HTML.

/** A new element with properties set and children appended (text children stay text). */
export function el(tag, props = {}, ...kids) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
}

/** A button with an id (type "button": never submits a form), its text and tooltip. */
export function button(id, text, title = "") {
  return el("button", { type: "button", id, textContent: text, title });
}

/** Turn button `off` off and `on` on (a run's button and its Cancel, as the run starts or ends):
 * the focus on `off` goes to `on`, not to the page's body, where a button turned off leaves it. */
export function handOver(off, on) {
  const focused = document.activeElement === off;
  on.disabled = false;
  off.disabled = true;
  if (focused) on.focus();
}
