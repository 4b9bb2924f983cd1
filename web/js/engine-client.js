// Page side of the engine worker: requests as promises, progress callbacks,
// cancel (interrupt when cross-origin isolated, else terminate + respawn).
// The page never waits on the worker synchronously.
//
// Requests wait in a queue here and go to the worker one at a time: the worker
// cannot read a message while Python runs, so only a queue on this side can drop
// a request that has not started, know which request an interrupt stops, and
// hand the requests still waiting to a new worker after a restart.

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
    this.pending = new Map(); // id -> {resolve, reject, onProgress, type}: sent to the worker
    this.queue = []; // requests not sent yet, in order
    this.current = null; // the request the worker is answering
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
    const ready = this.ready = new Promise((resolve, reject) => {
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
      if (this.ready !== ready) return info; // a restart replaced this worker
      clearTimeout(this.restoreTimer);
      this.info = info;
      this.error = null;
      this.setStatus("ready", { info });
      this.pump();
      return info;
    }, (err) => {
      if (this.ready !== ready) throw err;
      clearTimeout(this.restoreTimer);
      this.error = err;
      this.setStatus("failed", { error: err });
      const queued = this.queue.splice(0);
      for (const q of queued) q.reject(err);
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
    const worker = this.worker;
    // a terminated worker's last messages must not settle the new worker's requests
    this.worker.onmessage = (e) => { if (worker === this.worker) this.onMessage(e.data); };
    this.worker.onerror = (e) => {
      e.preventDefault();
      if (worker !== this.worker) return;
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
      if (p.onProgress && !p.cancelled) p.onProgress(msg.payload);
      return;
    }
    this.pending.delete(msg.id);
    if (msg.type === "result") p.resolve(msg.payload);
    else p.reject(new EngineError(msg.payload));
    if (p === this.current) {
      this.current = null;
      this.pump();
    }
  }

  /** Post a message now (only ``load`` skips the queue); returns {id, promise}. */
  send(type, payload, onProgress) {
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => {
      this.pending.set(id, { id, resolve, reject, onProgress, type });
    });
    this.worker.postMessage({ id, type, payload });
    return { id, promise };
  }

  /** Post the next queued request once the worker is ready and free. */
  pump() {
    if (this.current || this.status !== "ready" || !this.queue.length) return;
    const r = this.current = this.queue.shift();
    this.pending.set(r.id, r);
    this.worker.postMessage({ id: r.id, type: r.type, payload: r.payload });
  }

  /** Start a request; returns {id, promise, type}. The promise rejects with EngineError. */
  request(type, payload, { onProgress } = {}) {
    const r = { id: this.nextId++, type, payload, onProgress, cancelled: false };
    const promise = new Promise((resolve, reject) => {
      // settles once: a cancelled request ignores the worker's late answer
      r.resolve = (v) => { if (!r.cancelled) resolve(v); };
      r.reject = (e) => { if (!r.cancelled) reject(e); };
      r.cancel = (e) => { reject(e); r.cancelled = true; };
    });
    this.queue.push(r);
    this.start().then(() => this.pump(), (err) => {
      // the engine failed to start (maybe long before this request)
      const k = this.queue.indexOf(r);
      if (k >= 0) { this.queue.splice(k, 1); r.reject(err); }
    });
    return { id: r.id, promise, type };
  }

  call(type, payload, opts) {
    return this.request(type, payload, opts).promise;
  }

  /**
   * Cancel a request. A queued one is dropped ("removed"); the running one is
   * interrupted when the page is isolated ("interrupted"), else the worker is
   * restarted ("restarted") unless `restart: false` ("running": left to finish,
   * its answer ignored). The promise rejects with kind "cancelled" at once, and
   * the request's progress stops; "done" when it had already been answered.
   */
  cancel(handle, { restart = true } = {}) {
    const id = handle && handle.id;
    const cancelled = () => new EngineError({ kind: "cancelled", message: "cancelled" });
    const k = this.queue.findIndex((q) => q.id === id);
    if (k >= 0) {
      const [r] = this.queue.splice(k, 1);
      r.cancel(cancelled());
      return "removed";
    }
    const r = this.current;
    if (!r || r.id !== id || r.cancelled) return "done";
    if (this.interrupt) {
      // only while this request runs: the worker clears the flag before each request,
      // and the next one is posted only after this one is answered
      Atomics.store(this.interrupt, 0, 2); // SIGINT: Python raises KeyboardInterrupt
      r.cancel(cancelled());
      return "interrupted";
    }
    if (!restart) {
      r.cancel(cancelled());
      return "running";
    }
    this.restart({ kind: "cancelled", message: "cancelled" });
    return "restarted";
  }

  /**
   * Terminate the worker and start a new one. What the old worker was answering
   * fails with `reason`; requests only queued behind it go to the new worker.
   */
  restart(reason) {
    clearTimeout(this.restoreTimer);
    if (this.worker) this.worker.terminate();
    const err = new EngineError(reason);
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.current = null;
    this.worker = null;
    this.ready = null;
    this.start().catch(() => {});
  }
}
