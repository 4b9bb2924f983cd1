// The one service worker: precaches the whole build (offline after the first
// visit) and adds COOP/COEP headers to what it serves, so a page it controls is
// cross-origin isolated (SharedArrayBuffer -> Pyodide interrupt) even on static
// hosts that cannot send headers. build.py fills in BUILD.
const BUILD = null; // replaced by build.py

const SCOPE = self.registration.scope;
const PREFIX = `pysolver:${SCOPE}:`;
const CACHE = PREFIX + BUILD.version;

// Each cache holds, under MANIFEST, the content hash of every file it holds (BUILD.precache
// gives [path, hash]): a new build copies a file whose hash is unchanged from the old cache
// instead of downloading it again (the engine's 20 MB rarely change between builds).
const MANIFEST = new URL("__precache-hashes__", SCOPE).href;

/** url -> {hash, cache} of the files the older caches of this scope hold. */
async function older() {
  const out = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const manifest = await cache.match(MANIFEST);
    if (!manifest) continue;
    try {
      for (const [url, hash] of Object.entries(await manifest.json())) out.set(url, { hash, cache });
    } catch { /* a damaged manifest: that cache's files are downloaded again */ }
  }
  return out;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const kept = await older();
    const hashes = {};
    // The version query and cache: "reload" keep HTTP and CDN caches from mixing
    // files of an older build into this one; entries are stored under the plain URL.
    await Promise.all(BUILD.precache.map(async ([p, hash]) => {
      const url = new URL(p, SCOPE);
      hashes[url.href] = hash;
      const old = kept.get(url.href);
      const same = old && old.hash === hash && (await old.cache.match(url));
      if (same) return cache.put(url, same);
      const busted = new URL(url);
      busted.searchParams.set("v", BUILD.version);
      const response = await fetch(busted, { cache: "reload" });
      if (!response.ok) throw new Error(`precache ${url.pathname}: HTTP ${response.status}`);
      await cache.put(url, response);
    }));
    await cache.put(MANIFEST, new Response(JSON.stringify(hashes), { headers: { "Content-Type": "application/json" } }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function isolated(response) {
  if (!response || response.type === "opaque" || response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || !req.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(req.url);
    url.hash = "";
    url.search = "";
    let key = url.href;
    if (req.mode === "navigate" && (key === SCOPE || key.endsWith("/"))) key = SCOPE;
    let hit = await cache.match(key);
    if (!hit && req.mode === "navigate") hit = await cache.match(new URL("index.html", SCOPE).href);
    // Only documents and scripts need the headers; other responses pass untouched so
    // the browser can reuse compiled WebAssembly for them (code caching).
    const wrap = req.mode === "navigate" || req.destination === "script" || req.destination === "worker"
      ? isolated : (r) => r;
    if (hit) return wrap(hit);
    try {
      return wrap(await fetch(req));
    } catch (err) {
      return new Response(`offline and not cached: ${url.pathname}`, { status: 504, headers: { "Content-Type": "text/plain" } });
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "version") event.source.postMessage({ type: "sw-version", version: BUILD.version });
});
