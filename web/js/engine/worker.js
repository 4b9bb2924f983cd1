// Module worker: Pyodide + the pysolver wheel (installed with micropip), or the
// memory snapshot of that state saved by an earlier visit (engine/snapshot.js).
// Protocol (see web/README.md): {id, type, payload} in;
// {id, type: "result" | "progress" | "error", payload} out; {id: null, type: "alive"}
// once it holds its liveness lock (engine/client.js).
import { loadPyodide } from "../../pyodide/pyodide.mjs";
import * as snapshot from "./snapshot.js";

const evaluated = performance.now(); // worker creation -> this module and pyodide.mjs fetched and run

const here = (path) => new URL(path, import.meta.url).href;
// Pyodide's Emscripten module (1.2 MB of JavaScript), requested at once so that it
// is fetched and compiled while the worker reads build.json and looks for a saved
// snapshot; loadPyodide takes its factory (createPyodideModule) instead of
// importing it only once it runs. Both start paths need it.
const asmModule = import("../../pyodide/pyodide.asm.mjs");
asmModule.catch(() => {}); // a failure surfaces where loadPyodide awaits it
// Likewise its WebAssembly and standard library, the start's largest downloads (both start
// paths load them): requested now, not once build.json, the snapshot look-up and the module
// above are done, so that the network is busy with them from the worker's first moment.
// loadPyodide's own fetch of each gets the response already under way (once).
const early = new Map();
const fetchNow = self.fetch;
function fetchEarly(url) {
  const response = fetchNow(url);
  response.catch(() => {}); // a failure surfaces where it is fetched for real
  early.set(url, response);
}
for (const name of ["pyodide.asm.wasm", "python_stdlib.zip"]) fetchEarly(here(`../../pyodide/${name}`));
self.fetch = (input, init) => {
  const url = input instanceof Request ? null : new URL(String(input), self.location.href).href; // a string or a URL
  const response = url && !(init && init.integrity) && early.get(url);
  if (!response) return fetchNow(input, init);
  early.delete(url);
  return response;
};
const SNAPSHOT_DELAY_MS = 1000;
let pyodide = null;
let bridge = null;
let interrupt = null; // Int32Array over a SharedArrayBuffer (when the page is isolated)
let loading = null;
let snapshots = false; // restore from a memory snapshot (engine/snapshot.js)
let saving = false; // ... and save (or drop) one: only the page's main engine, never a helper
let bridgeSource = null;

// How far the start has got, for the page's loading message (engine/client.js
// "loading" events): the start's big downloads as their bytes arrive (build.json
// "sizes", uncompressed, as a host's gzip is undone before they are counted), then
// its steps. Both parts only grow, so the fraction only goes up.
const DOWNLOADS = 0.85; // the share of the bar the downloads fill; STEP each step after
const STEP = 0.05;
const loadingAt = { bytes: 0, steps: 0, sent: 0 };
function reportLoading() {
  const f = Math.min(0.99, DOWNLOADS * loadingAt.bytes + STEP * loadingAt.steps);
  if (f < loadingAt.sent + 0.01) return; // a message per percent at most
  loadingAt.sent = f;
  self.postMessage({ id: null, type: "loading", payload: { fraction: Math.round(f * 1000) / 1000 } });
}
function step() { loadingAt.steps += 1; reportLoading(); }

// Pyodide and micropip fetch with the global fetch: on a normal start it is wrapped to
// count the bytes of the files build.json sizes (the response is the same but for a
// body that counts as it streams, so WebAssembly still compiles while it downloads).
function countDownloads(sizes) {
  const total = Object.values(sizes || {}).reduce((a, b) => a + b, 0);
  if (!total) return;
  const names = Object.keys(sizes).map((p) => "/" + p);
  const plain = self.fetch;
  let got = 0;
  self.fetch = async (input, init) => {
    const response = await plain(input, init);
    const path = new URL(typeof input === "string" ? input : input.url, self.location.href).pathname;
    if (!response.ok || !response.body || !names.some((n) => path.endsWith(n))) return response;
    const counter = new TransformStream({
      transform(chunk, out) {
        got += chunk.byteLength;
        loadingAt.bytes = Math.min(1, got / total);
        reportLoading();
        out.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter),
      { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

// loadPyodide never settles when the wasm cannot be fetched or compiled: Emscripten
// only reports it on the console. Turn that report into a rejection.
function withWasmFailure(promise) {
  const { warn, error } = console;
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  const watch = (orig) => (...args) => {
    const text = args.map(String).join(" ");
    if (/instantiation failed|Aborted\(|failed to asynchronously prepare wasm/i.test(text)) {
      fail(new Error(`Pyodide's WebAssembly could not be loaded (${text.slice(0, 120)})`));
    }
    orig.apply(console, args);
  };
  console.warn = watch(warn);
  console.error = watch(error);
  return Promise.race([promise, failed]).finally(() => { console.warn = warn; console.error = error; });
}

async function fresh(build, payload, t) {
  t.fresh = performance.now();
  countDownloads(build.sizes);
  // The pysolver wheel, needed last, is fetched while Pyodide starts (one round trip
  // and its transfer off the critical path on a slow network); micropip then installs
  // it from Emscripten's file system.
  const wheel = payload.installer === "loadPackage" ? null : fetch(here("../../" + build.wheel)).then((r) => {
    if (!r.ok) throw new Error(`${build.wheel}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  if (wheel) wheel.catch(() => {}); // surfaces where it is awaited
  if (wheel) fetchEarly(here("../../" + build.micropip)); // loadPackage's, once Pyodide is up
  // _makeSnapshot lets this instance be snapshotted once it is loaded (see engine/snapshot.js)
  pyodide = await withWasmFailure(loadPyodide({
    indexURL: here("../../pyodide/"), createPyodideModule: (await asmModule).default, _makeSnapshot: saving,
  }));
  t.pyodide = performance.now();
  setInterrupt();
  step();
  if (payload.installer === "loadPackage") {
    // the light path (no micropip): only used by the benchmark to price micropip
    await pyodide.loadPackage(here("../../" + build.wheel), { messageCallback: () => {} });
    t.micropip = t.pyodide;
  } else {
    await pyodide.loadPackage(here("../../" + build.micropip), { messageCallback: () => {} });
    t.micropip = performance.now();
    step();
    const micropip = pyodide.pyimport("micropip");
    const file = `/tmp/${build.wheel.split("/").pop()}`;
    pyodide.FS.writeFile(file, new Uint8Array(await wheel));
    await micropip.install(`emfs:${file}`);
  }
  t.wheel = performance.now();
  step();
  pyodide.FS.writeFile("/home/pyodide/pysolver_bridge.py", await bridgeSource);
  bridge = pyodide.pyimport("pysolver_bridge");
}

async function restore(build, t) {
  try {
    const snap = await snapshot.load(build.engine);
    if (!snap) return "none";
    // the page arms a watchdog: a heap that hangs Python cannot report itself
    self.postMessage({ id: null, type: "restoring" });
    snap.read.then((at) => { t.read = at; }, () => {});
    pyodide = await withWasmFailure(loadPyodide({
      indexURL: here("../../pyodide/"), createPyodideModule: (await asmModule).default,
      _loadSnapshot: snap.heap, _snapshotDeserializer: snapshot.deserialize,
    }));
    t.pyodide = performance.now();
    setInterrupt();
    loadingAt.bytes = 1; // nothing left to download: the rest is the restore's
    step();
    const meta = await snap.restore(pyodide);
    bridge = pyodide.pyimport("pysolver_bridge");
    if (JSON.parse(bridge.info()).pysolver !== meta.pysolver) throw new Error("engine version changed");
    return "restored";
  } catch (err) {
    console.warn("engine snapshot not used:", err);
    pyodide = bridge = null;
    if (saving) await snapshot.drop().catch(() => {});
    return "failed";
  }
}

function setInterrupt() {
  // always: a restored heap may remember the interrupt setting of the page that saved it
  pyodide.setInterruptBuffer(interrupt || undefined);
}

async function load(payload) {
  const t = { start: performance.now() };
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  interrupt = payload.interruptBuffer || null;
  snapshots = payload.snapshot !== false && payload.installer !== "loadPackage";
  saving = snapshots && payload.saveSnapshot !== false;
  bridgeSource = fetch(here("../../py/bridge.py")).then((r) => r.text());
  bridgeSource.catch(() => {});
  const build = await (await fetch(here("../../build.json"))).json();
  // the page gave up on restoring the saved heap in an earlier worker
  if (payload.dropSnapshot && saving) await snapshot.drop().catch(() => {});
  let from = payload.dropSnapshot ? "abandoned" : "off";
  if (snapshots && build.engine && !payload.dropSnapshot) from = await restore(build, t);
  if (from !== "restored") await fresh(build, payload, t);
  const info = JSON.parse(bridge.info());
  t.ready = performance.now();
  if (saving && build.engine && from !== "restored") scheduleSnapshot(build.engine, info);
  const since = (a, b) => (a === undefined || b === undefined ? null : Math.round(b - a));
  return {
    ...info,
    isolated: self.crossOriginIsolated === true,
    interrupt: interrupt !== null,
    snapshot: from,
    timings_ms: {
      snapshot_read: since(t.start, t.read), // overlaps the Pyodide start
      pyodide: since(t.start, t.pyodide),
      micropip: since(t.pyodide, t.micropip),
      wheel: since(t.micropip, t.wheel),
      bridge: since(t.wheel ?? t.pyodide, t.ready),
      total: since(t.start, t.ready),
      evaluated: Math.round(evaluated),
      request: Math.round(t.start), // worker clock (0 = worker created): the load request arrived
      before_start: since(t.start, t.fresh), // build.json and the snapshot look-up, before a normal start
    },
    time_origin: performance.timeOrigin,
  };
}

// Saved once the page has had its first answers: the copy blocks the worker for
// about a tenth of a second, which a waiting first hint should not pay.
function scheduleSnapshot(key, info) {
  setTimeout(async () => {
    let payload;
    try {
      if (interrupt) Atomics.store(interrupt, 0, 0); // a Cancel pressed while idle must not stop it
      payload = { stored: true, ...await snapshot.save(pyodide, key, { pysolver: info.pysolver }) };
    } catch (err) {
      payload = { stored: false, message: String(err && err.message || err) };
    }
    self.postMessage({ id: null, type: "snapshot", payload });
  }, SNAPSHOT_DELAY_MS);
}

function call(id, type, payload) {
  if (interrupt) Atomics.store(interrupt, 0, 0);
  const progress = (text) => self.postMessage({ id, type: "progress", payload: JSON.parse(text) });
  const out = JSON.parse(bridge.call(type, JSON.stringify(payload ?? {}), progress));
  if (out.error) {
    self.postMessage({ id, type: "error", payload: out.error });
  } else {
    self.postMessage({ id, type: "result", payload: out.result });
  }
}

self.onmessage = async (event) => {
  const { id, type, payload } = event.data || {};
  try {
    if (type === "load") {
      if (payload && payload.lock && self.navigator.locks) {
        // held until this worker ends: the page, queued for it, learns that it died
        navigator.locks.request(payload.lock, () => {
          self.postMessage({ id: null, type: "alive" });
          return new Promise(() => {});
        }).catch(() => {});
      }
      loading = loading || load(payload || {});
      self.postMessage({ id, type: "result", payload: await loading });
      return;
    }
    if (loading) await loading;
    if (!bridge) throw new Error("the engine is not loaded: send a load message first");
    call(id, type, payload);
  } catch (err) {
    self.postMessage({ id, type: "error", payload: { kind: "internal", message: String(err && err.message || err) } });
  }
};
