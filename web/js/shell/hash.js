// A short hash of a text: saved games are keyed by it (play/play-game.js, the genres'
// game.js) and a generated puzzle's link carries one (share.js puzzleMark).

/** Two FNV-1a hashes of a text, as hex. */
export function hash(s) {
  let h1 = 0x811c9dc5, h2 = 0x01000193;
  for (let i = 0; i < s.length; i++) {
    h1 = Math.imul(h1 ^ s.charCodeAt(i), 16777619) >>> 0;
    h2 = Math.imul(h2 ^ s.charCodeAt(i), 2246822519) >>> 0;
  }
  return `${h1.toString(16)}${h2.toString(16)}`;
}
