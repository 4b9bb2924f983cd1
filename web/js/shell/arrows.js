// Arrow keys along a row of controls, the one way for every such row (WAI-ARIA's toolbar and
// radio group): Left and Right (a radio group: Up and Down too) go to the previous and next,
// wrapping round, Home and End to the first and last. A radio group is also one Tab stop
// (a roving tabindex: the checked radio takes Tab), and its arrows choose as they move.

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
