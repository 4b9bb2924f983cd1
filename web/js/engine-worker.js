// Module worker: Pyodide + the pysolver wheel (installed with micropip).
// Protocol (see web/README.md): {id, type, payload} in;
// {id, type: "result" | "progress" | "error", payload} out.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
let pyodide = null;
let bridge = null;
let interrupt = null; // Int32Array over a SharedArrayBuffer (when the page is isolated)
let loading = null;

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

async function load(payload) {
  const t = { start: performance.now() };
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  const build = await (await fetch(here("../build.json"))).json();
  pyodide = await withWasmFailure(loadPyodide({ indexURL: here("../pyodide/") }));
  t.pyodide = performance.now();
  if (payload.interruptBuffer) {
    interrupt = payload.interruptBuffer;
    pyodide.setInterruptBuffer(interrupt);
  }
  if (payload.installer === "loadPackage") {
    // the light path (no micropip): only used by the benchmark to price micropip
    await pyodide.loadPackage(here("../" + build.wheel), { messageCallback: () => {} });
    t.micropip = t.pyodide;
  } else {
    await pyodide.loadPackage(here("../" + build.micropip), { messageCallback: () => {} });
    t.micropip = performance.now();
    const micropip = pyodide.pyimport("micropip");
    await micropip.install(here("../" + build.wheel));
  }
  t.wheel = performance.now();
  const source = await (await fetch(here("../py/bridge.py"))).text();
  pyodide.FS.writeFile("/home/pyodide/pysolver_bridge.py", source);
  bridge = pyodide.pyimport("pysolver_bridge");
  const info = JSON.parse(bridge.info());
  t.ready = performance.now();
  return {
    ...info,
    isolated: self.crossOriginIsolated === true,
    interrupt: interrupt !== null,
    timings_ms: {
      pyodide: Math.round(t.pyodide - t.start),
      micropip: Math.round(t.micropip - t.pyodide),
      wheel: Math.round(t.wheel - t.micropip),
      bridge: Math.round(t.ready - t.wheel),
      total: Math.round(t.ready - t.start),
    },
  };
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
