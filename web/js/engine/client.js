// Page side of the engine worker: requests as promises, progress callbacks,
// cancel (interrupt when cross-origin isolated, else terminate + respawn).
// The page never waits on the worker synchronously.
//
// Requests wait in a queue here and go to the worker one at a time: the worker
// cannot read a message while Python runs, so only a queue on this side can drop
// a request that has not started, know which request an interrupt stops, and
// hand the requests still waiting to a new worker after a restart.
//
// Liveness: each worker holds a Web Lock named for it while it lives; the page
// queues for the same lock, which it is granted only when the worker is gone
// (terminated, crashed, killed for memory). That never misfires on a long solve
// (a busy worker keeps its lock) and needs no heartbeat. A request that declares a
// time limit (payload.timeout, or a progress message's limit_s) and has not been
// answered STUCK_GRACE after it is taken as stuck. Either way the worker is
// restarted: the request it was answering fails with a message that says so, the
// queued ones go to the new worker.

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
// a safety net only (the engine holds its limits within about a second): the
// slack given past a request's own time limit before it counts as stuck
const STUCK_GRACE_MS = 10000;
const MAX_CRASHES = 3; // then the engine is "failed" rather than restarted again
let workers = 0; // numbers the liveness locks of this page's workers

export class Engine extends EventTarget {
  constructor(options = {}) {
    super();
    // {installer: "micropip" | "loadPackage", snapshot: false to start without, saveSnapshot: false to
    // restore the saved one but never save or drop one, restarts: false to fail for good when the
    // worker dies (both: a helper, engine/helpers.js), restoreLimitMs, stuckGraceMs}
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
    this.channels = new Map(); // channel -> handle of its latest request (latest())
    this.crashes = 0;
    this.loaded = 0; // how far the start has got, 0..1 ("loading" events; 1 once ready)
  }

  setStatus(status, detail = {}) {
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", { detail: { status, ...detail } }));
  }

  start() {
    if (this.ready) return this.ready;
    // detail.reason: why it restarts ({kind, message}: "stopped", "stuck", "cancelled", ...)
    this.setStatus(this.worker === null && this.info === null ? "loading" : "restarting", { reason: this.reason });
    const ready = this.ready = new Promise((resolve, reject) => {
      if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
        reject(new EngineError({ kind: "unsupported", message: "this browser lacks WebAssembly or module workers" }));
        return;
      }
      const payload = {
        installer: this.options.installer || "micropip",
        snapshot: this.options.snapshot !== false,
        saveSnapshot: this.options.saveSnapshot !== false,
      };
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
      this.loaded = 1;
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
      this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    } catch (err) {
      reject(new EngineError({ kind: "unsupported", message: String(err.message || err) }));
      return;
    }
    const worker = this.worker;
    // a terminated worker's last messages must not settle the new worker's requests
    this.worker.onmessage = (e) => { if (worker === this.worker) this.onMessage(e.data); };
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.lost(worker, e.message || "worker error", reject);
    };
    this.interrupt = payload.interruptBuffer || null;
    const lock = `pysolver-engine-${Date.now()}-${++workers}`;
    this.send("load", { ...payload, lock }).promise.then(resolve, reject);
    this.watch(worker, lock, reject);
  }

  /** Queue for the worker's liveness lock: granted once the worker is gone. */
  watch(worker, lock, reject) {
    const locks = self.navigator && navigator.locks;
    if (!locks) return; // no Web Locks (very old browsers): the error event still counts
    worker.addEventListener("message", function held(e) {
      if (!e.data || e.data.type !== "alive") return;
      worker.removeEventListener("message", held);
      locks.request(lock, () => this.lost(worker, "it stopped unexpectedly", reject)).catch(() => {});
    }.bind(this));
  }

  /**
   * The worker died (error event or its lock released): while it is the current
   * one, fail what it was answering and start a new one (the queue is kept), or
   * fail the start when it never loaded or keeps dying.
   */
  lost(worker, why, reject) {
    if (worker !== this.worker) return; // terminated on purpose (restart, cancel)
    if (this.status === "ready" && this.options.restarts !== false && ++this.crashes <= MAX_CRASHES) {
      this.restart({ kind: "stopped", message: `the engine ${why} and was restarted; try again` });
      return;
    }
    const err = new EngineError({ kind: "worker", message: `the engine worker ${why}` });
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.current = null;
    if (this.status === "ready" && this.options.restarts === false) {
      // a helper that had started: failed for good, its queue and later requests with it
      this.error = err;
      this.ready = Promise.reject(err);
      this.ready.catch(() => {});
      this.setStatus("failed", { error: err });
      for (const q of this.queue.splice(0)) q.reject(err);
      return;
    }
    reject(err);
  }

  /** Arm the stuck-request safety net for the running request `r`, limit in seconds. */
  armLimit(r, limit) {
    if (typeof limit !== "number" || !(limit > 0)) return;
    clearTimeout(r.limitTimer);
    r.limitTimer = setTimeout(() => {
      if (this.current !== r) return;
      this.restart({ kind: "stuck", message: `the engine did not stop at its ${limit} s time limit and was restarted` });
    }, limit * 1000 + (this.options.stuckGraceMs ?? STUCK_GRACE_MS));
  }

  onMessage(msg) {
    if (msg.type === "restoring") {
      this.restoreTimer = setTimeout(() => this.abandonRestore(), this.options.restoreLimitMs ?? RESTORE_LIMIT_MS);
      return;
    }
    if (msg.type === "alive") return; // watch() took it
    if (msg.type === "loading") {
      // how far the start has got (0..1): only ever up, whatever the worker sends
      const fraction = Math.max(this.loaded, msg.payload.fraction);
      if (fraction > this.loaded) {
        this.loaded = fraction;
        this.dispatchEvent(new CustomEvent("loading", { detail: { fraction } }));
      }
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
      // a search announced with its own limit (e.g. the check's solution search)
      if (p === this.current && msg.payload) this.armLimit(p, msg.payload.limit_s);
      if (p.onProgress && !p.cancelled) p.onProgress(msg.payload);
      return;
    }
    this.pending.delete(msg.id);
    clearTimeout(p.limitTimer);
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
    const args = r.payload && (r.type === "task" ? r.payload.args : r.payload);
    this.armLimit(r, args && args.timeout);
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

  /** The worker protocol's `read`: {genre, format, puzzles} of the text, read by the genre that
   * recognises it (among `genres`, names, when given: the first reads what none recognises). */
  read(text, filename, genres = null) {
    return this.call("read", genres ? { text, filename, genres } : { text, filename });
  }

  /** A genre's task that asks clingo nothing (protocol `task`): a request handle whose
   * promise resolves with the task's result. (Tasks that ask: genres/nikoli/asp.js runTask.) */
  task(genre, name, args, opts) {
    const handle = this.request("task", { genre, task: name, args }, opts);
    return { ...handle, promise: handle.promise.then((reply) => reply.result) };
  }

  /** task() on a `latest` channel: a newer one supersedes it. Resolves with the result. */
  latestTask(channel, genre, name, args, opts) {
    return this.latest(channel, "task", { genre, task: name, args }, opts).then((reply) => reply.result);
  }

  /**
   * The one way to drop stale answers: a request on `channel` (e.g. "check")
   * supersedes the channel's previous one, which is cancelled without a restart
   * (dropped when queued, interrupted when isolated, else its answer ignored) and
   * rejects with kind "superseded". Returns the new request's promise.
   */
  latest(channel, type, payload, opts) {
    this.supersede(channel);
    const handle = this.request(type, payload, opts);
    this.channels.set(channel, handle);
    const done = () => { if (this.channels.get(channel) === handle) this.channels.delete(channel); };
    handle.promise.then(done, done);
    return handle.promise;
  }

  /** Drop the channel's outstanding request, if any (its answer is stale). */
  supersede(channel) {
    const old = this.channels.get(channel);
    if (!old) return;
    this.channels.delete(channel);
    this.cancel(old, { restart: false, kind: "superseded" });
  }

  /**
   * Cancel a request. A queued one is dropped ("removed"); the running one is
   * interrupted when the page is isolated ("interrupted"), else the worker is
   * restarted ("restarted") unless `restart: false` ("running": left to finish,
   * its answer ignored). The promise rejects with kind "cancelled" at once, and
   * the request's progress stops; "done" when it had already been answered.
   * (`kind` names the rejection: latest() uses "superseded".)
   */
  cancel(handle, { restart = true, kind = "cancelled" } = {}) {
    const id = handle && handle.id;
    const cancelled = () => new EngineError({ kind, message: kind });
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
    if (this.current) clearTimeout(this.current.limitTimer);
    this.reason = reason;
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
