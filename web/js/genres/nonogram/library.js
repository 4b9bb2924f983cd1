// The nonogram genre's cards in the library (library/items.js says what a source gives):
// the built-in puzzles of puzzles/catalogue.json and saved games of nonograms opened from
// files or links.
import { loadGame } from "../../shell/storage.js";
import { statusOf } from "../../library/items.js";
import { drawNonogramThumb } from "./thumb.js";

/** Authors (and copyright lines) as shown to players: without e-mail addresses. */
export function plainAuthor(text) {
  return String(text || "").replace(/\s*[<(]?[\w.+-]+@[\w-]+(\.[\w-]+)+[>)]?/g, "").trim();
}

export async function loadCatalogue() {
  const r = await fetch("puzzles/catalogue.json");
  if (!r.ok) throw new Error(`puzzles/catalogue.json: HTTP ${r.status}`);
  return (await r.json()).puzzles;
}

function item(key, rec, fields) {
  const status = statusOf(rec);
  const { width, height } = fields;
  return { key, rec, status, genre: "nonogram", genreName: "Nonogram", builtinId: null, stars: null, minutes: null,
    cls: null, author: "", note: "",
    // the card's picture through the board plug-in (./thumb.js): the saved game's puzzle, or
    // a built-in's size alone until it is opened
    draw: (canvas) => drawNonogramThumb(canvas, rec && rec.puzzle ? rec.puzzle : { width, height }, status === "new" ? null : rec), ...fields };
}

/** catalogue() -> the catalogue's entries; openBuiltin(entry); openSaved(dict, key). */
export function nonogramSource({ catalogue, openBuiltin, openSaved }) {
  return {
    genres: [{ id: "nonogram", name: "Nonogram" }],
    builtins: () => catalogue().map((e) => {
      const key = `builtin:${e.id}`;
      return item(key, loadGame(key), { title: e.title, width: e.width, height: e.height, colors: e.colors || 1,
        builtinId: e.id, stars: Number.isInteger(e.stars) ? e.stars : null,
        minutes: typeof e.minutes === "number" ? e.minutes : null,
        cls: e.class || null, author: plainAuthor(e.author), note: plainAuthor(e.copyright), open: () => openBuiltin(e) });
    }),
    saved: (key, rec) => {
      const p = rec.puzzle;
      // a puzzle stored as its share link (shell/storage.js linkForm) keeps its size and small fields
      const linked = p.partial === true && typeof p.link === "string" && p.link.startsWith("#p=") &&
        Number.isInteger(p.width) && Number.isInteger(p.height);
      if (!linked && (!Array.isArray(p.rows) || !Array.isArray(p.columns) || !Array.isArray(p.colors))) return null;
      return item(key, rec, { title: rec.title || "Untitled puzzle", width: linked ? p.width : p.columns.length,
        height: linked ? p.height : p.rows.length,
        colors: Array.isArray(p.colors) ? Math.max(1, p.colors.length - 1) : 1, author: plainAuthor(p.author),
        stars: Number.isInteger(p.stars) ? p.stars : null, // a generated puzzle's (endless/endless.js)
        note: typeof p.recipe === "string" ? "made by New puzzle" : "opened from a file or link", givens: Array.isArray(p.givens) ? p.givens.length : 0, open: () => openSaved(p, key) });
    },
  };
}
