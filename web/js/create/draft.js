// Every genre's editor draft in localStorage (the Create frame, create/editor.js): a record
// per genre under the genre's key, written with as much undo history as fits a budget and
// retried with less when storage is short. Play's saved games share the same storage, so a
// draft never takes more than DRAFT_BUDGET. What a record holds is the genre's
// (genres/nonogram/editor/draft.js, genres/nikoli/draft.js).

export const DRAFT_BUDGET = 1_000_000; // characters of JSON (2 MB as browsers count them)

/** Save a draft:
 * `record(budget)` is the record with at most about `budget` characters of history, written
 * under `key`; on a storage error retried with an eighth of the budget, then no history.
 * Returns {ok, kept (undo steps saved)}; not ok without storage (null: blocked or missing). */
export function storeDraft(key, record, storage, budget = DRAFT_BUDGET) {
  if (!storage) return { ok: false, kept: 0 };
  for (const b of [budget, budget / 8, 0]) {
    const rec = record(b);
    try {
      storage.setItem(key, JSON.stringify(rec));
      return { ok: true, kept: rec.undo.length };
    } catch { /* quota: try again with less history */ }
  }
  return { ok: false, kept: 0 };
}

/** Whether a draft is saved under `key` (readable or not: "Continue the draft" says when it is not). */
export function hasDraft(key, storage) {
  try { return !!(storage && storage.getItem(key)); } catch { return false; }
}

/** The draft under `key` as `restore(record)` reads it, or null (none, not readable, no storage). */
export function readDraft(key, storage, restore) {
  try { return restore(JSON.parse(storage.getItem(key))); } catch { return null; }
}
