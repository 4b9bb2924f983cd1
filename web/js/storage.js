// Autosave in localStorage, with a format version. One record per puzzle
// (cells, undo/redo history, timer) plus the key of the last puzzle played.

export const FORMAT = "pysolver-progress";
export const VERSION = 1;
const PREFIX = "pysolver:progress:v1:";
const LAST = "pysolver:last";
const KEEP = 30; // saved games kept (least recently played dropped first)

/** localStorage, or null where the browser refuses it (e.g. blocked storage). */
export function storage() {
  try { return window.localStorage; } catch { return null; }
}

export function saveGame(key, record) {
  const ls = storage();
  if (!ls) return false;
  const data = JSON.stringify({ format: FORMAT, version: VERSION, key, saved: Date.now(), ...record });
  try {
    ls.setItem(PREFIX + key, data);
    ls.setItem(LAST, key);
    return true;
  } catch {
    prune(Math.floor(KEEP / 2));
    try { ls.setItem(PREFIX + key, data); ls.setItem(LAST, key); return true; } catch { return false; }
  }
}

export function loadGame(key) {
  const ls = storage();
  if (!ls) return null;
  try {
    const rec = JSON.parse(ls.getItem(PREFIX + key));
    if (!rec || rec.format !== FORMAT || rec.version !== VERSION) return null;
    return rec;
  } catch { return null; }
}

export function lastKey() {
  const ls = storage();
  return ls ? ls.getItem(LAST) : null;
}

export function savedGames() {
  const ls = storage();
  if (!ls) return [];
  const out = [];
  for (let i = 0; i < ls.length; i++) {
    const k = ls.key(i);
    if (!k || !k.startsWith(PREFIX)) continue;
    try {
      const rec = JSON.parse(ls.getItem(k));
      out.push({ key: k.slice(PREFIX.length), saved: rec.saved || 0, solved: !!rec.solved, title: rec.title || "" });
    } catch { /* skip corrupt entries */ }
  }
  return out.sort((a, b) => b.saved - a.saved);
}

function prune(keep) {
  const ls = storage();
  for (const g of savedGames().slice(keep)) ls.removeItem(PREFIX + g.key);
}

export function pruneOld() { prune(KEEP); }
