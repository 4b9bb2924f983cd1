// Memory snapshot of the loaded engine, for the next visit: Pyodide's heap after
// micropip installed the wheel and the bridge was imported, plus the files that
// install wrote (Emscripten's file system is not in the heap). Restoring it skips
// Python's start-up and imports (several seconds) on a warm load.
// It uses Pyodide's private snapshot options (_makeSnapshot, makeMemorySnapshot,
// _loadSnapshot), so it is keyed by the build's engine hash (build.json "engine")
// and any failure falls back to a normal start (engine/worker.js).
// Stored in Cache Storage as ONE entry (atomic: two tabs cannot mix halves):
//   u32 meta length | meta JSON | padding to 16 | heap | file bytes

const CACHE = "pysolver-engine-snapshot";
const HOME = "/home/pyodide";

const entryUrl = (key) => new URL(`./engine-snapshot/${encodeURIComponent(key)}`, self.location.href).href;
const available = () => typeof caches === "object" && caches !== null;

// The Python half: micropip holds JavaScript objects (pyodide_js, loadBinaryFile...)
// that a snapshot cannot carry; drop its modules (a later `import micropip` loads it
// afresh from the restored files) and collect before the heap is copied.
const PURGE = `
import gc, sys
for _m in [m for m in sys.modules if m.split(".")[0] in ("micropip", "pyodide_js")]:
    del sys.modules[_m]
del _m
gc.collect()
`;

function listFiles(FS, dir, out) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const path = `${dir}/${name}`;
    if (FS.isDir(FS.stat(path).mode)) {
      out.push({ path, dir: true });
      listFiles(FS, path, out);
    } else {
      out.push({ path, data: FS.readFile(path) });
    }
  }
  return out;
}

/** Copy the heap and the installed files; store them under key. Returns {mb, ms}. */
export async function save(py, key, meta) {
  if (!available()) throw new Error("no Cache Storage here");
  const t0 = performance.now();
  py.runPython(PURGE);
  // Pyodide expects loadedPackages empty in a snapshot; the restore puts it back
  const loaded = { ...py.loadedPackages };
  for (const k of Object.keys(py.loadedPackages)) delete py.loadedPackages[k];
  let heap;
  try {
    // besides globals (restored by path), what is left are references held only by
    // the dropped micropip modules: they come back as inert stand-ins (deserialize)
    heap = py.makeMemorySnapshot({ serializer: () => ({ stale: true }) });
  } finally {
    Object.assign(py.loadedPackages, loaded);
  }
  const sitePackages = py._api.sitepackages;
  const files = listFiles(py.FS, sitePackages, [{ path: sitePackages, dir: true }]);
  for (const name of py.FS.readdir(HOME)) {
    if (name.endsWith(".py")) files.push({ path: `${HOME}/${name}`, data: py.FS.readFile(`${HOME}/${name}`) });
  }
  let offset = 0;
  const list = files.map((f) => {
    if (f.dir) return { path: f.path, dir: true };
    const entry = { path: f.path, offset, length: f.data.length };
    offset += f.data.length;
    return entry;
  });
  const head = new TextEncoder().encode(JSON.stringify({ ...meta, key, heap: heap.length, files: list, packages: loaded }));
  const start = Math.ceil((4 + head.length) / 16) * 16;
  const blob = new Uint8Array(start + heap.length + offset);
  new DataView(blob.buffer).setUint32(0, head.length, true);
  blob.set(head, 4);
  blob.set(heap, start);
  let at = start + heap.length;
  for (const f of files) if (!f.dir) { blob.set(f.data, at); at += f.data.length; }
  const cache = await caches.open(CACHE);
  await cache.put(entryUrl(key), new Response(blob, { headers: { "Content-Type": "application/octet-stream" } }));
  for (const req of await cache.keys()) if (req.url !== entryUrl(key)) await cache.delete(req);
  return { mb: Math.round(blob.length / 1e5) / 10, ms: Math.round(performance.now() - t0) };
}

/** The snapshot stored under key, or null. Only the look-up is awaited: `heap` is a
 * promise (Pyodide takes one, so reading overlaps its own start) and
 * `restore(py)` puts the files back once Pyodide is up. */
export async function load(key) {
  if (!available()) return null;
  const hit = await (await caches.open(CACHE)).match(entryUrl(key));
  if (!hit) return null;
  const parsed = hit.arrayBuffer().then((buffer) => parse(new Uint8Array(buffer), key));
  const heap = parsed.then((p) => p.heap);
  // a damaged entry surfaces when loadPyodide awaits heap; not as an unhandled rejection
  for (const p of [parsed, heap]) p.catch(() => {});
  return {
    heap,
    read: parsed.then((p) => p.at),
    async restore(py) {
      const { blob, meta, base } = await parsed;
      for (const f of meta.files) {
        if (f.dir) py.FS.mkdirTree(f.path);
        else py.FS.writeFile(f.path, blob.subarray(base + f.offset, base + f.offset + f.length));
      }
      Object.assign(py.loadedPackages, meta.packages);
      return meta;
    },
  };
}

function parse(blob, key) {
  const at = performance.now();
  const length = new DataView(blob.buffer).getUint32(0, true);
  const meta = JSON.parse(new TextDecoder().decode(blob.subarray(4, 4 + length)));
  const start = Math.ceil((4 + length) / 16) * 16;
  const end = start + meta.heap + meta.files.reduce((n, f) => n + (f.length || 0), 0);
  if (meta.key !== key || end !== blob.length) throw new Error("the stored engine snapshot is damaged");
  return { at, blob, meta, heap: blob.subarray(start, start + meta.heap), base: start + meta.heap };
}

/** Forget every stored snapshot (after one failed to restore). */
export async function drop() {
  if (available()) await caches.delete(CACHE);
}

/** Restored references that no live module uses: loud if anything ever does. */
export function deserialize() {
  return Object.freeze({ staleSnapshotReference: true });
}
