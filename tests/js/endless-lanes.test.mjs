// An expert nonogram made on several workers (web/js/endless/lanes.js) against fake
// engines that run a made-up portfolio of lanes the way the engine's generator does: a
// part advances its least [work, lane] unfinished lane, reports its floor and best after
// each advance, and answers once its floor is past its best. The puzzle must be the
// least success over all lanes, however the lanes are split and whichever worker is
// faster; and the helper engines (web/js/engine/helpers.js): how many, which are used.
import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.self = globalThis;
const { generateOnParts, compareKeys } = await import("../../web/js/endless/lanes.js");
const { Helpers } = await import("../../web/js/engine/helpers.js");

const tick = (ms) => new Promise((r) => setTimeout(r, ms));

// lane k: each advance costs `cost` work; it succeeds at advance `at` (null: never) and
// gives up after `max` advances
const lane = (cost, at, max = 50) => ({ cost, at, max });

/** A fake Engine: requests run one at a time, an advance of a lane every `ms`. */
class FakeEngine {
  constructor(lanes, { ms = 1, name = "engine" } = {}) {
    Object.assign(this, { lanes, ms, name });
    this.queue = [];
    this.jobs = []; // every request: {args, state: queued | running | answered | failed | cancelled}
    this.status = "ready";
    this.nextId = 1;
  }

  request(type, payload, { onProgress } = {}) {
    const job = { id: this.nextId++, args: payload.args, onProgress, state: "queued" };
    job.promise = new Promise((resolve, reject) => { job.resolve = resolve; job.reject = reject; });
    this.jobs.push(job);
    this.queue.push(job);
    if (this.queue.length === 1) this.runNext();
    return { id: job.id, promise: job.promise };
  }

  cancel(handle) {
    const job = this.jobs.find((j) => j.id === handle.id);
    if (job.state !== "queued" && job.state !== "running") return "done";
    job.state = "cancelled";
    job.reject({ kind: "cancelled", message: "cancelled" });
    this.drop(job);
    return "interrupted";
  }

  /** The worker dies: its running request fails as the Engine reports it. */
  die() {
    const job = this.queue[0];
    this.status = "restarting";
    if (!job) return;
    job.state = "failed";
    job.reject({ kind: "stopped", message: "the engine stopped unexpectedly and was restarted; try again" });
    this.drop(job);
  }

  drop(job) {
    const k = this.queue.indexOf(job);
    this.queue.splice(k, 1);
    if (k === 0 && this.queue.length) this.runNext();
  }

  async runNext() {
    const job = this.queue[0];
    job.state = "running";
    const [i, n] = job.args.part || [0, 1];
    const mine = this.lanes.map((l, k) => ({ k, ...l, work: 0, done: 0, open: k % n === i })).filter((l) => l.open);
    let best = null;
    const floor = () => {
      const open = mine.filter((l) => l.open).map((l) => [l.work, l.k]).sort(compareKeys);
      return open.length ? open[0] : null;
    };
    for (;;) {
      const f = floor();
      if (f === null || (best && compareKeys(f, best) > 0)) break;
      await tick(this.ms);
      if (job.state !== "running") return; // cancelled or died meanwhile
      const l = mine.find((x) => x.k === f[1]);
      l.work += l.cost;
      l.done += 1;
      if (l.done === l.at) { l.open = false; if (!best || compareKeys([l.work, l.k], best) < 0) best = [l.work, l.k]; }
      else if (l.done >= l.max) l.open = false;
      job.onProgress?.({ attempt: l.done, attempts: 10, walks: 0, floor: floor(), best, lanes: this.lanes.length });
    }
    job.state = best ? "answered" : "failed";
    if (best) job.resolve({ result: { puzzle: `lane ${best[1]}`, lane: { lane: best[1], work: best[0], lanes: this.lanes.length } } });
    else job.reject({ kind: "puzzle", message: `no expert 15x15 puzzle found for seed 1 (part ${i} of ${n})` });
    this.drop(job);
  }
}

/** The least [work, lane] success of a portfolio, by brute force. */
function argmin(lanes) {
  const wins = lanes.map((l, k) => (l.at ? [l.cost * l.at, k] : null)).filter(Boolean).sort(compareKeys);
  return wins.length ? `lane ${wins[0][1]}` : null;
}

const PORTFOLIOS = [
  [lane(3, 20), lane(5, 4), lane(2, null, 40), lane(7, 9)],   // lane 1 wins at work 20
  [lane(1, 40), lane(9, 30), lane(4, 12), lane(6, 7)],         // lane 3 at 42 ahead of lane 2 at 48
  [lane(2, 5), lane(1, 10), lane(5, 2), lane(10, 1)],          // all four at work 10: the least lane wins
  [lane(4, null, 6), lane(3, 8, 30)],                          // only lane 1 succeeds
];

test("the puzzle is the least [work, lane] success however the lanes are split and whichever worker is faster", async () => {
  for (const lanes of PORTFOLIOS) {
    const expected = argmin(lanes);
    for (const speeds of [[1], [1, 1], [1, 4], [4, 1], [1, 3, 2], [2, 1, 1, 3]]) {
      if (speeds.length > lanes.length) continue;
      const engines = speeds.map((ms, k) => new FakeEngine(lanes, { ms, name: `e${k}` }));
      const r = await generateOnParts(engines, "nonogram:15x15:1:expert:1").promise;
      assert.equal(r.puzzle, expected, `speeds ${speeds}`);
    }
  }
});

test("ties in work go to the lower lane", async () => {
  const lanes = [lane(6, 2), lane(4, 3), lane(3, 4)]; // all at work 12
  for (const speeds of [[1, 1], [5, 1], [1, 5], [1, 1, 1]]) {
    const engines = speeds.map((ms) => new FakeEngine(lanes, { ms }));
    assert.equal((await generateOnParts(engines, "r").promise).puzzle, "lane 0");
  }
});

test("a part whose floor is past another part's best success is cancelled", async () => {
  // lane 0 succeeds at work 2; lane 1 would need 100 advances: its part can never win
  const lanes = [lane(1, 2), lane(1, 100, 100)];
  const engines = [new FakeEngine(lanes), new FakeEngine(lanes)];
  const r = await generateOnParts(engines, "r").promise;
  assert.equal(r.puzzle, "lane 0");
  assert.equal(engines[1].jobs[0].state, "cancelled");
  assert.deepEqual(engines[1].jobs[0].args.part, [1, 2]);
});

test("a part that makes no puzzle leaves the others; when none does, the first part's error", async () => {
  const one = [lane(1, null, 5), lane(2, 6)];
  const engines = [new FakeEngine(one), new FakeEngine(one, { ms: 3 })];
  assert.equal((await generateOnParts(engines, "r").promise).puzzle, "lane 1");
  const none = [lane(1, null, 5), lane(2, null, 3)];
  await assert.rejects(generateOnParts([new FakeEngine(none, { ms: 4 }), new FakeEngine(none)], "r").promise,
    (e) => e.kind === "puzzle" && /^no expert 15x15 puzzle .*part 0 of 2/.test(e.message));
});

test("a helper that dies mid-run: its part runs again on the main engine, the same puzzle", async () => {
  const lanes = [lane(5, 30), lane(1, 20)]; // lane 1 (the helper's) wins at work 20
  const main = new FakeEngine(lanes, { name: "main" });
  const helper = new FakeEngine(lanes, { name: "helper" });
  const run = generateOnParts([main, helper], "r");
  while (helper.jobs[0].state === "queued") await tick(1);
  await tick(5);
  helper.die();
  const r = await run.promise;
  assert.equal(r.puzzle, "lane 1");
  assert.deepEqual(main.jobs.map((j) => j.args.part), [[0, 2], [1, 2]]);
  assert.equal(main.jobs[1].state, "answered");
});

test("when the main engine fails (not a puzzle error) the run fails with its error and the other parts stop", async () => {
  const lanes = [lane(5, 30), lane(5, 40)];
  const main = new FakeEngine(lanes);
  const helper = new FakeEngine(lanes);
  const run = generateOnParts([main, helper], "r");
  await tick(5);
  main.die();
  await assert.rejects(run.promise, (e) => e.kind === "stopped");
  assert.equal(helper.jobs[0].state, "cancelled");
});

test("the player's Cancel stops every part; nothing is reported after it", async () => {
  const lanes = [lane(1, null, 500), lane(1, null, 500), lane(1, null, 500)];
  const engines = [new FakeEngine(lanes), new FakeEngine(lanes), new FakeEngine(lanes)];
  let reports = 0;
  const run = generateOnParts(engines, "r", { onProgress: () => { reports += 1; } });
  await tick(10);
  assert.ok(reports > 0);
  run.cancel();
  const seen = reports;
  await assert.rejects(run.promise, (e) => e.kind === "cancelled");
  assert.deepEqual(engines.map((e) => e.jobs[0].state), ["cancelled", "cancelled", "cancelled"]);
  await tick(10);
  assert.equal(reports, seen);
});

test("a run superseded by the next one: the old one's parts stop, the new one's answer is its own", async () => {
  const slow = [lane(1, 200, 200), lane(1, 300, 300)];
  const engines = [new FakeEngine(slow), new FakeEngine(slow)];
  const old = generateOnParts(engines, "old");
  await tick(5);
  old.cancel();
  engines.forEach((e) => { e.lanes = [lane(2, 3), lane(1, 4)]; }); // the next seed's lanes
  const next = generateOnParts(engines, "new");
  await assert.rejects(old.promise, (e) => e.kind === "cancelled");
  assert.equal((await next.promise).puzzle, "lane 1");
  assert.deepEqual(engines.map((e) => e.jobs.map((j) => j.args.recipe)), [["old", "new"], ["old", "new"]]);
});

test("progress: the part furthest along speaks for the seed", async () => {
  const lanes = [lane(1, 3), lane(1, 6)];
  const seen = [];
  await generateOnParts([new FakeEngine(lanes), new FakeEngine(lanes, { ms: 3 })], "r", { onProgress: (p) => seen.push(p) }).promise;
  assert.ok(seen.every((p) => p.attempts === 10 && p.lanes === 2 && !("floor" in p)));
  assert.deepEqual(seen.map((p) => p.attempt), [...seen.map((p) => p.attempt)].sort((a, b) => a - b)); // never back
  assert.equal(seen.at(-1).attempt, 3); // part 0's lane 0 went furthest before it won
});

// -- the helper engines ------------------------------------------------------------------

class FakeMain {
  constructor(info) { this.info = info; this.options = { installer: "micropip" }; this.status = "ready"; }
  start() { return Promise.resolve(this.info); }
}
const made = (h) => h.list.map((e) => e.options);
function helpersOn(cores, info, fail = false) {
  return new Helpers(new FakeMain(info), {
    cores,
    make: (options) => ({ options, status: "loading", start() { this.status = fail ? "failed" : "ready"; return fail ? Promise.reject(new Error("no")) : Promise.resolve({}); } }),
  });
}
const ISOLATED = { interrupt: true, lanes: { easy: 1, expert: 2 } };

test("helpers: min(lanes, cores, 4) workers in all, none on one core or a page that cannot interrupt", async () => {
  const cases = [[8, ISOLATED, 1], [1, ISOLATED, 0], [2, { ...ISOLATED, interrupt: false }, 0],
    [8, { interrupt: true, lanes: { expert: 4 } }, 3], [3, { interrupt: true, lanes: { expert: 4 } }, 2],
    [16, { interrupt: true, lanes: { expert: 8 } }, 3], [8, { interrupt: true }, 0]];
  for (const [cores, info, helpers] of cases) {
    const h = helpersOn(cores, info);
    await h.want("expert");
    await h.want("expert"); // asked again: no more
    assert.equal(h.list.length, helpers, JSON.stringify([cores, info]));
    assert.equal(h.engines("expert").length, helpers + 1);
    assert.equal(h.engines("easy").length, 1); // below expert: one lane, the main engine alone
  }
  const h = helpersOn(8, ISOLATED);
  await h.want("expert");
  assert.deepEqual(made(h), [{ installer: "micropip", saveSnapshot: false, restarts: false }]);
});

test("helpers: a search smaller than 15x15 starts none and runs on the main engine alone", async () => {
  const h = helpersOn(8, ISOLATED);
  await h.want("expert", 10 * 10);
  assert.equal(h.list.length, 0);
  await h.want("expert", 15 * 15);
  assert.equal(h.list.length, 1);
  assert.deepEqual(h.engines("expert", 10 * 10), [h.main]);
  assert.equal(h.engines("expert", 15 * 15).length, 2);
  assert.equal(h.engines("expert", 25 * 25).length, 2);
});

test("helpers: one that fails to start, or is not ready yet, is not used", async () => {
  const h = helpersOn(4, { interrupt: true, lanes: { expert: 4 } }, true);
  await h.want("expert");
  await tick(0);
  assert.equal(h.list.length, 3);
  assert.deepEqual(h.engines("expert"), [h.main]);
  const slow = new Helpers(new FakeMain(ISOLATED), { cores: 2, make: (options) => ({ options, status: "loading", start: () => new Promise(() => {}) }) });
  await slow.want("expert");
  assert.deepEqual(slow.engines("expert"), [slow.main]);
});
