// "How to play": each genre's rules, a solved example and how to play it on this device,
// in one dialog, one tap away in every play view (play/toolbar.js's Rules button). The
// rules are the engine's genre data (pysolver.registry), written by the build into
// learn.json (tools/build/learn.py), so they show at once, before the engine is ready.
import { el } from "../shell/dom.js";

let learn = null;

/** learn.json, fetched once: {genres: {name: {title, rules, example}}, tutorial: {puzzle, steps}}. */
export function loadLearn() {
  if (!learn) {
    learn = fetch("learn.json").then((r) => {
      if (!r.ok) throw new Error(`learn.json: HTTP ${r.status}`);
      return r.json();
    });
    learn.catch(() => { learn = null; }); // a failed fetch is tried again next time
  }
  return learn;
}

/** Whether the player uses touch (a coarse pointer and no fine one): the help follows the device. */
export function touchDevice() {
  return window.matchMedia("(pointer: coarse)").matches && !window.matchMedia("(any-pointer: fine)").matches;
}

/** The help for this device of a {touch, mouse} pair. */
export const inputHelp = (help) => (touchDevice() ? help.touch : help.mouse);

let dialog = null;

function theDialog() {
  if (dialog) return dialog;
  const close = el("button", { type: "button", className: "rules-close", textContent: "Close" });
  dialog = el("dialog", { id: "rules-dialog", className: "rules-dialog" },
    el("h2", { id: "rules-title" }), el("div", { id: "rules-body" }), el("div", { className: "row" }, close));
  dialog.setAttribute("aria-labelledby", "rules-title");
  close.addEventListener("click", () => dialog.close());
  // a tap on the backdrop closes it too
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
  document.body.append(dialog);
  return dialog;
}

/** The solved example's picture: a canvas the genre's `draw(canvas, {puzzle, solution})` paints
 * (its thumbnail painter, board/thumb.js), named by the words `draw` returns. */
function examplePicture(draw, example) {
  const canvas = el("canvas", { className: "example-picture" });
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", draw(canvas, example));
  return canvas;
}

/** Open the rules of genre `name`; `help`: {touch, mouse}, how to play it on the board
 * (the genre's words), shown for this device; `tryIt`: {label, run()}, a way to learn by
 * playing (the guided first puzzle); `example`: the genre's painter of its solved example
 * (genres/<genre>/thumb.js). Resolves once the dialog shows. */
export async function showRules(name, { help = null, tryIt = null, example = null } = {}) {
  const d = theDialog();
  const body = d.querySelector("#rules-body");
  let genre = null;
  try {
    genre = (await loadLearn()).genres[name] || null;
  } catch (err) {
    body.replaceChildren(el("p", { className: "error", textContent: `The rules could not be loaded (${err.message}); check the connection and try again.` }));
  }
  if (genre) {
    d.querySelector("#rules-title").textContent = `How to play ${genre.title}`;
    const parts = [el("ul", { className: "rules" }, ...genre.rules.map((r) => el("li", { textContent: r })))];
    if (genre.example && example) {
      parts.push(el("figure", { className: "rules-example" }, examplePicture(example, genre.example),
        el("figcaption", { textContent: "A solved example." })));
    }
    if (help) parts.push(el("p", { className: "rules-help", textContent: inputHelp(help) }));
    if (tryIt) {
      const b = el("button", { type: "button", id: "rules-try", textContent: tryIt.label });
      b.addEventListener("click", () => { d.close(); tryIt.run(); });
      parts.push(el("div", { className: "row" }, b));
    }
    body.replaceChildren(...parts);
  } else if (!body.querySelector(".error")) {
    d.querySelector("#rules-title").textContent = "How to play";
    body.replaceChildren(el("p", { textContent: `No rules are known for "${name}".` }));
  }
  if (!d.open) d.showModal();
  d.dispatchEvent(new CustomEvent("rules-shown", { detail: name }));
}
