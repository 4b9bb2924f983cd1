// Values kept between visits that are too large for localStorage (a contest file of a
// thousand puzzles is about 1.4 MB of JSON, where localStorage's few MB also hold every
// saved game): one IndexedDB store of structured-cloned values by key. Where IndexedDB is
// refused (blocked storage, some private windows) nothing is kept and nothing fails.
const DB = "pysolver-kept", STORE = "values";
let opened = null;

function database() {
  opened = opened || new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("blocked"));
  });
  return opened;
}

function request(mode, act) {
  return database().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = act(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = tx.onabort = () => reject(tx.error);
  }));
}

/** The value kept under `key`, or null (none, or no storage). */
export async function keptValue(key) {
  try { return (await request("readonly", (s) => s.get(key))) ?? null; } catch { return null; }
}

/** Keep `value` under `key` (null removes it); true when it was kept. */
export async function keepValue(key, value) {
  try {
    await request("readwrite", (s) => (value === null ? s.delete(key) : s.put(value, key)));
    return true;
  } catch {
    return false;
  }
}
