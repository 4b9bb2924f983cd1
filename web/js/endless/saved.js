// What the endless puzzles keep in the player's storage: small JSON values under their own
// keys, and the key of a generated puzzle's saved game (its recipe: the same recipe is the
// same puzzle).

/** The JSON under `key`, or `fallback` when there is none or it is unreadable. */
export function readJson(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

/** Keep `value` under `key` (storage full or off: it is only not remembered). */
export function writeJson(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* full or off: only not remembered */ }
}

/** The saved game's key of a generated puzzle. */
export const gameKey = (recipe) => `gen:${recipe}`;
