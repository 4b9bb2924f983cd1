// The first visit to a genre offers its rules, once per genre (issue 28: one rules surface for
// every genre): "New to Nurikabe?" in a bar above the board (play/view.js: it covers no cell),
// the play frame's one offer box, with How to play (the rules dialog, learn/rules.js: the same
// as the toolbar's ? button) and No thanks;
// a genre may add a way to learn by playing (the nonogram's guided first puzzle, learn/guide.js).
// The answer is remembered in localStorage, so it is made once.
import { el } from "../shell/dom.js";

export const LEARN_KEY = "pysolver:learn:v1"; // the nonogram's answer, "done" or "skipped" (its key from before)

/** Where genre `genre`'s answer is kept (another genre's: LEARN_KEY + ":" + its id). */
export const learnKey = (genre) => (genre === "nonogram" ? LEARN_KEY : `${LEARN_KEY}:${genre}`);

/** The answer given to genre `genre`'s offer, or null (no storage: as answered, never nag). */
export function answered(genre) {
  try { return window.localStorage.getItem(learnKey(genre)); } catch { return "skipped"; }
}

export function remember(genre, what) {
  try { window.localStorage.setItem(learnKey(genre), what); } catch { /* nothing to keep it in */ }
}

// genres whose offer the player passed by, opening another puzzle without answering it: not
// made again on this visit (a bar that came back over every puzzle pushed the phone's board
// down each time); not remembered, so a later visit asks once more
const passed = new Set();

/** The player opens another puzzle with the offer in `box` unanswered: it goes, for this visit. */
export function passOffer(box) {
  if (box.hidden) return;
  box.hidden = true;
  if (box.dataset.genre) passed.add(box.dataset.genre);
}

/** Show the offer in `box`: {genre, title, words, rules(): the rules dialog, tryIt?: {label,
 * run()}: learning by playing (its own code remembers how that ended)}. */
export function showOffer(box, { genre, title, words, rules, tryIt = null }) {
  if (passed.has(genre)) return;
  const answer = (id, textContent, run, className = "") => {
    const b = el("button", { type: "button", id, textContent, className });
    b.addEventListener("click", () => { box.hidden = true; run(); });
    return b;
  };
  const buttons = [];
  if (tryIt) buttons.push(answer("guide-start", tryIt.label, () => tryIt.run(), "primary"));
  buttons.push(answer("guide-rules", tryIt ? "Just the rules" : "How to play", () => { remember(genre, "skipped"); rules(); },
    tryIt ? "" : "primary"));
  buttons.push(answer("guide-no", "No thanks", () => remember(genre, "skipped")));
  box.replaceChildren(el("h3", { textContent: title }), el("p", { textContent: words }), el("div", { className: "row" }, ...buttons));
  box.dataset.genre = genre;
  box.hidden = false;
  box.dispatchEvent(new CustomEvent("guide-offered", { bubbles: true }));
}
