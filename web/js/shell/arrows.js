// Arrow keys along a row of controls, the one way for every such row (WAI-ARIA's toolbar and
// radio group): Left and Right (a radio group: Up and Down too) go to the previous and next,
// wrapping round, Home and End to the first and last. A radio group is also one Tab stop
// (a roving tabindex: the checked radio takes Tab), and its arrows choose as they move; so is a
// toolbar (the tool last focused takes Tab), whose arrows only move.

const STEP = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };

/** The control `key` sends the focus to from `from` among `items` (in order), or null: no such
 * key (`upDown`: Up and Down step as Left and Right), or `from` is not one of them. */
export function arrowTarget(key, from, items, { upDown = false } = {}) {
  const at = items.indexOf(from);
  if (at < 0) return null;
  if (key === "Home") return items[0];
  if (key === "End") return items[items.length - 1];
  if (!(key in STEP) || (!upDown && (key === "ArrowUp" || key === "ArrowDown"))) return null;
  return items[(at + STEP[key] + items.length) % items.length];
}

/** Only the checked radio of `radios` (else the first) is reached by Tab; call it again
 * whenever the checked one changes. */
export function rove(radios) {
  const on = radios.find((b) => b.getAttribute("aria-checked") === "true") || radios[0];
  for (const b of radios) b.tabIndex = b === on ? 0 : -1;
}

/** The arrows, Home and End of a radio group in `box` (its radios: `radios()`, buttons whose
 * click chooses): the one reached is chosen and takes the focus. */
export function radioKeys(box, radios) {
  box.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const to = arrowTarget(e.key, e.target, radios(), { upDown: true });
    if (!to) return;
    e.preventDefault();
    to.click();
    to.focus();
  });
}

// a field's arrows move its caret: it keeps them, and a Tab stop of its own
const FIELD = "input:not([type=checkbox]):not([type=radio]), select, textarea";

/** The toolbar `box` as one Tab stop: Tab enters at the tool last focused (else the first that
 * can be used) and leaves the toolbar; Left, Right, Home and End go from tool to tool (its radios
 * too: Space or Enter chooses), past the ones turned off or hidden. A tool turned off or hidden
 * while it had the focus hands it on to the one that takes Tab, not to the page. */
export function toolbarKeys(box) {
  const shown = (b) => { for (let e = b; e && e !== box; e = e.parentElement) if (e.hidden) return false; return true; };
  const all = () => [...box.querySelectorAll("button, input, select, textarea")].filter((b) => !b.matches(FIELD));
  // in the order seen, line by line (a narrow screen's style puts the colours first)
  const seen = (a, b) => {
    const r = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    return r.bottom <= q.top ? -1 : q.bottom <= r.top ? 1 : r.left - q.left;
  };
  const live = () => all().filter((b) => !b.disabled && shown(b));
  const usable = () => {
    const tools = live();
    return box.getClientRects().length ? tools.sort(seen) : tools;
  };
  let last = null;
  // on every tool turned on or off (Undo, at each move): the order seen, a layout read, only
  // when the tool last focused is gone
  const mark = () => {
    const kept = live().includes(last), lost = last && !kept && [last, document.body].includes(document.activeElement);
    const on = kept ? last : usable()[0];
    for (const b of all()) b.tabIndex = b === on ? 0 : -1;
    if (lost && on) on.focus();
  };
  box.addEventListener("focusin", (e) => {
    if (e.target.matches(FIELD)) return;
    last = e.target;
    mark();
  });
  box.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.target.matches(FIELD)) return;
    const to = arrowTarget(e.key, e.target, usable());
    if (!to) return;
    e.preventDefault();
    to.focus();
  });
  // tools come and go (a genre's, the phone's menu), turn on and off (Undo): Tab must still find one
  new MutationObserver(mark).observe(box, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled", "hidden"] });
  mark();
}
