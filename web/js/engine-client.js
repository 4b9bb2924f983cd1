// Page side of the engine worker: requests as promises, progress callbacks,
// cancel (interrupt when cross-origin isolated, else terminate + respawn).
// The page never waits on the worker synchronously.

export class EngineError extends Error {
  constructor(payload) {
    super(payload && payload.message || "engine error");
    this.kind = payload && payload.kind || "internal";
    this.payload = payload;
  }
}

// A snapshot restore answers in about a second; one that has not answered after
// this long is taken to hang and is dropped for a normal start.
const RESTORE_LIMIT_MS = 20000;

export class Engine extends EventTarget {
  constructor(options = {}) {
    super();
    // {installer: "micropip" | "loadPackage", snapshot: false to start without, restoreLimitMs}
    this.options = options;
    this.status = "idle"; // idle | loading | ready | failed | restarting
    this.info = null;
    this.error = null;
    this.snapshot = null; // {stored, mb, ms} | {stored: false, message} once the worker saved one
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, onProgress, type}
    this.worker = null;
    this.ready = null;
  }

  setStatus(status, detail = {}) {
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", { detail: { status, ...detail } }));
  }

  start() {
    if (this.ready) return this.ready;
    this.setStatus(this.worker === null && this.info === null ? "loading" : "restarting");
    this.ready = new Promise((resolve, reject) => {
      if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
        reject(new EngineError({ kind: "unsupported", message: "this browser lacks WebAssembly or module workers" }));
        return;
      }
      const payload = { installer: this.options.installer || "micropip", snapshot: this.options.snapshot !== false };
      if (self.crossOriginIsolated && typeof SharedArrayBuffer === "function") {
        payload.interruptBuffer = new Int32Array(new SharedArrayBuffer(4));
      }
      this.spawn(payload, resolve, reject);
      this.abandonRestore = () => {
        // the saved heap hangs: a new worker drops it and starts normally
        this.worker.terminate();
        this.pending.clear(); // only the load is pending while loading
        this.spawn({ ...payload, dropSnapshot: true }, resolve, reject);
      };
    }).then((info) => {
      clearTimeout(this.restoreTimer);
      this.info = info;
      this.error = null;
      this.setStatus("ready", { info });
      return info;
    }, (err) => {
      clearTimeout(this.restoreTimer);
      this.error = err;
      this.setStatus("failed", { error: err });
      throw err;
    });
    return this.ready;
  }

  /** A new worker sent ``load``: its answer settles the start promise. */
  spawn(payload, resolve, reject) {
    try {
      this.worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    } catch (err) {
      reject(new EngineError({ kind: "unsupported", message: String(err.message || err) }));
      return;
    }
    this.worker.onmessage = (e) => this.onMessage(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault();
      if (this.status === "ready" && (this.crashes = (this.crashes || 0) + 1) <= 3) {
        // it died after starting (e.g. out of memory): answer what was pending, start anew
        this.restart({ kind: "internal", message: `the engine stopped (${e.message || "worker error"}); restarting` });
        return;
      }
      const err = new EngineError({ kind: "worker", message: e.message || "the engine worker failed to start" });
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      reject(err);
    };
    this.interrupt = payload.interruptBuffer || null;
    this.send("load", payload).promise.then(resolve, reject);
  }

  onMessage(msg) {
    if (msg.type === "restoring") {
      this.restoreTimer = setTimeout(() => this.abandonRestore(), this.options.restoreLimitMs ?? RESTORE_LIMIT_MS);
      return;
    }
    if (msg.type === "snapshot") {
      // the worker saved (or failed to save) its memory snapshot for the next visit
      this.snapshot = msg.payload;
      this.dispatchEvent(new CustomEvent("snapshot", { detail: msg.payload }));
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === "progress") {
      if (p.onProgress) p.onProgress(msg.payload);
      return;
    }
    this.pending.delete(msg.id);
    if (msg.type === "result") p.resolve(msg.payload);
    else p.reject(new EngineError(msg.payload));
  }

  send(type, payload, onProgress) {
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress, type });
    });
    this.worker.postMessage({ id, type, payload });
    return { id, promise };
  }

  /** Start a request; returns {id, promise}. The promise rejects with EngineError. */
  request(type, payload, { onProgress } = {}) {
    let id = null;
    const promise = this.start().then(() => {
      const sent = this.send(type, payload, onProgress);
      id = sent.id;
      handle.id = id;
      return sent.promise;
    });
    const handle = { get id() { return id; }, set id(v) { id = v; }, promise, type };
    return handle;
  }

  call(type, payload, opts) {
    return this.request(type, payload, opts).promise;
  }

  /** Cancel a running request. Interrupt when possible; else restart the worker. */
  cancel(handle) {
    const id = handle && handle.id;
    if (id !== null && id !== undefined && !this.pending.has(id)) return "done";
    if (this.interrupt && this.status !== "loading") {
      Atomics.store(this.interrupt, 0, 2); // SIGINT: Python raises KeyboardInterrupt
      return "interrupted";
    }
    this.restart({ kind: "cancelled", message: "cancelled" });
    return "restarted";
  }

  restart(reason) {
    clearTimeout(this.restoreTimer);
    if (this.worker) this.worker.terminate();
    const err = new EngineError(reason);
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.worker = null;
    this.ready = null;
    this.start().catch(() => {});
  }
}
