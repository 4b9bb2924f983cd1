// The one service worker: precaches the whole build (offline after the first
// visit) and adds COOP/COEP headers to what it serves, so a page it controls is
// cross-origin isolated (SharedArrayBuffer -> Pyodide interrupt) even on static
// hosts that cannot send headers. build.py fills in BUILD.
const BUILD = null; // replaced by build.py

const SCOPE = self.registration.scope;
const PREFIX = `pysolver:${SCOPE}:`;
const CACHE = PREFIX + BUILD.version;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The version query and cache: "reload" keep HTTP and CDN caches from mixing
    // files of an older build into this one; entries are stored under the plain URL.
    await Promise.all(BUILD.precache.map(async (p) => {
      const url = new URL(p, SCOPE);
      const busted = new URL(url);
      busted.searchParams.set("v", BUILD.version);
      const response = await fetch(busted, { cache: "reload" });
      if (!response.ok) throw new Error(`precache ${url.pathname}: HTTP ${response.status}`);
      await cache.put(url, response);
    }));
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
