// The Create frame's choices without the DOM (Node-tested: tests/js/create.test.mjs): which
// genres it offers (the registered ones with an editor), the genre chosen last, a size field
// read within the genre's limits, when "Continue the draft" is offered, and how a file's error reads.

export const GENRE_KEY = "pysolver:create:genre"; // the genre chosen last in Create

/** The registered genres that give an editor ({id, name, editor}), in registration order. */
export function editorGenres(genres) {
  return genres.filter((g) => typeof g.editor === "function");
}

/** The genre to show: the one chosen last when it is still offered, else the first. */
export function chosenGenre(storage, ids) {
  let last = null;
  try { last = storage ? storage.getItem(GENRE_KEY) : null; } catch { /* storage blocked */ }
  return ids.includes(last) ? last : ids[0] || null;
}

/** Remember the genre chosen (the page works without storage: nothing is remembered). */
export function rememberGenre(storage, id) {
  try { if (storage) storage.setItem(GENRE_KEY, id); } catch { /* full or blocked */ }
}

/** A size field's number within [min, max], or `fallback` when it is not a number. */
export function side(value, { min, max }, fallback) {
  const n = Math.round(Number(value));
  if (value === "" || value === null || !Number.isFinite(n)) return fallback;
  return Math.max(min, Math.min(max, n));
}

/** What to tell a maker whose size fields asked for more (or less) than the genre allows, which
 * side() made its largest (smallest): "" when every number was within [min, max] or not a number. */
export function sizeNote(values, { min, max }) {
  const ns = values.filter((v) => v !== "" && v !== null).map(Number).filter(Number.isFinite);
  return ns.some((n) => Math.round(n) > max || Math.round(n) < min) ? `Columns and rows go from ${min} to ${max}.` : "";
}

/** "Continue the draft" is offered while a saved draft exists and the board is not it (the
 * draft could not be read when the genre was first shown, or saving an edit failed; New and
 * opening a file are moves, saved at once: web/README.md "The editor frame"). */
export function offerResume({ hasDraft, boardIsDraft }) {
  return !!hasDraft && !boardIsDraft;
}

/** The error `message` about the file `name` as the status line says it: the name once in
 * front (the engine's reader puts it there already, a grid genre's twice: "a.txt: a.txt:1: ..."). */
export function aboutFile(name, message) {
  let m = String(message);
  while (name && m.startsWith(`${name}: `)) m = m.slice(name.length + 2);
  return name && !m.startsWith(name) ? `${name}: ${m}` : m;
}
