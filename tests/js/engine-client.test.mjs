// The page side of the engine (web/js/engine/client.js) against a fake worker and a
// fake Web Locks manager: stale answers (latest), a dead worker, a stuck request.
import { test } from "node:test";
import assert from "node:assert/strict";

// Web Locks as the browser grants them: one holder per name, the others queue
class Locks {
  constructor() { this.held = new Map(); }
  request(name, cb) {
    return new Promise((resolve) => {
      const grant = () => {
        const done = Promise.resolve(cb()).then(resolve);
        this.held.set(name, { done, waiting: [] });
        done.then(() => { const w = this.held.get(name).waiting; this.held.delete(name); if (w.length) w.shift()(); });
      };
      if (this.held.has(name)) this.held.get(name).waiting.push(grant); else grant();
    });
  }
}

const workers = [];
// A worker that loads at once and answers requests with `answer(type, payload)`:
// a value (posted on the next tick) or undefined (never answers: busy or frozen).
class FakeWorker extends EventTarget {
  constructor() { super(); this.alive = true; this.got = []; workers.push(this); }
  post(data) {
    setTimeout(() => {
      if (!this.alive) return;
      const e = new MessageEvent("message", { data });
      this.onmessage?.(e);
      this.dispatchEvent(e);
    }, 0);
  }
  postMessage({ id, type, payload }) {
    this.got.push(type);
    if (type === "load") {
      // as engine-worker.js: hold the liveness lock until the worker ends
      navigator.locks.request(payload.lock, () => { this.post({ id: null, type: "alive" }); return new Promise((r) => { this.release = r; }); });
      this.post({ id, type: "result", payload: { python: "3.14" } });
      return;
    }
    const out = FakeWorker.answer(type, payload);
    if (out !== undefined) this.post({ id, type: "result", payload: out });
  }
  terminate() { this.alive = false; this.release?.(); }
}
FakeWorker.answer = (type) => type;

globalThis.self = globalThis;
Object.defineProperty(globalThis, "navigator", { value: { locks: new Locks() }, configurable: true });
globalThis.Worker = FakeWorker;
const { Engine } = await import("../../web/js/engine/client.js");
const kindOf = (p) => p.then((v) => `answered:${v}`, (e) => e.kind);
const until = async (cond) => { for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5)); assert.ok(cond()); };

test("latest: a newer request on a channel supersedes the older; other channels are kept", async () => {
  FakeWorker.answer = (type) => type;
  const engine = new Engine();
  await engine.start();
  const a = kindOf(engine.latest("check", "first", {}));
  const b = kindOf(engine.latest("check", "second", {}));
  const c = kindOf(engine.latest("notice", "third", {}));
  assert.deepEqual([await a, await b, await c], ["superseded", "answered:second", "answered:third"]);
  const d = engine.latest("check", "fourth", {});
  engine.supersede("check");
  assert.equal(await kindOf(d), "superseded");
});

test("a worker that dies mid-request is replaced; the queue goes to the new worker", async () => {
  FakeWorker.answer = (type) => (type === "long" ? undefined : type);
  workers.length = 0;
  const engine = new Engine();
  const statuses = [];
  engine.addEventListener("status", (e) => statuses.push(e.detail.status));
  await engine.start();
  const running = engine.request("long", {});
  const queued = engine.request("after", {});
  await until(() => workers[0].got.includes("long"));
  await new Promise((r) => setTimeout(r, 20)); // the page queued for the lock
  workers[0].terminate();                       // no error event, no answer
  await assert.rejects(running.promise, (e) => e.kind === "stopped" && /stopped unexpectedly/.test(e.message));
  assert.equal(await queued.promise, "after");
  assert.equal(workers.length, 2);
  assert.deepEqual(workers[1].got, ["load", "after"]);
  assert.deepEqual(statuses, ["loading", "ready", "restarting", "ready"]);
});

test("a busy worker without a limit is never taken for dead", async () => {
  FakeWorker.answer = () => undefined;
  workers.length = 0;
  const engine = new Engine({ stuckGraceMs: 10 });
  await engine.start();
  engine.request("solve", { puzzle: {} });
  await new Promise((r) => setTimeout(r, 150));
  assert.equal(workers.length, 1);
  assert.equal(engine.status, "ready");
});

test("a request unanswered well past its own time limit is stuck: restarted", async () => {
  FakeWorker.answer = (type) => (type === "solve" ? undefined : type);
  workers.length = 0;
  const engine = new Engine({ stuckGraceMs: 30 });
  await engine.start();
  const stuck = engine.request("solve", { timeout: 0.02 });
  const next = engine.request("hint", {});
  await assert.rejects(stuck.promise, (e) => e.kind === "stuck" && /0.02 s time limit/.test(e.message));
  assert.equal(await next.promise, "hint");
  assert.equal(workers.length, 2);
});

test("a helper (restarts: false) whose worker dies fails for good: its request, the queue and later ones fail", async () => {
  FakeWorker.answer = (type) => (type === "long" ? undefined : type);
  workers.length = 0;
  const engine = new Engine({ restarts: false });
  await engine.start();
  const running = engine.request("long", {});
  const queued = engine.request("after", {});
  await until(() => workers[0].got.includes("long"));
  await new Promise((r) => setTimeout(r, 20)); // the page queued for the lock
  workers[0].terminate();
  await assert.rejects(running.promise, (e) => e.kind === "worker" && /stopped unexpectedly/.test(e.message));
  await assert.rejects(queued.promise, (e) => e.kind === "worker");
  await assert.rejects(engine.request("later", {}).promise, (e) => e.kind === "worker");
  assert.equal(engine.status, "failed");
  assert.equal(workers.length, 1); // not restarted
});
