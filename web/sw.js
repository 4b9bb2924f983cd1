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
    // cache: "reload" skips the HTTP cache so a new build never mixes in old files
    await cache.addAll(BUILD.precache.map((p) => new Request(new URL(p, SCOPE), { cache: "reload" })));
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
    if (hit) return isolated(hit);
    try {
      return isolated(await fetch(req));
    } catch (err) {
      return new Response(`offline and not cached: ${url.pathname}`, { status: 504, headers: { "Content-Type": "text/plain" } });
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "version") event.source.postMessage({ type: "sw-version", version: BUILD.version });
});
