// Helper engine workers: further Engines (the same worker code) that take parts of a
// search split into lanes (an expert nonogram: endless/lanes.js), so that it runs on
// several cores. Each is a whole Pyodide (memory), so they start only when asked
// (want(): expert came into view), never on a visit that does not need them. They are
// quiet (nobody shows their loading or status: the page's engine status stays the main
// engine's), restore the main engine's saved snapshot but never save or drop one, and end
// with the page like any worker. One that fails to start or dies is simply not used (it is
// not restarted: its part runs on the main engine, endless/lanes.js).
import { Engine } from "./client.js";

export const MAX_WORKERS = 4; // in all, the main engine included
// a search of fewer cells runs on the main engine alone: at 10x10 a helper shortened no wait
// (expert p95 2.18 s on one worker, 2.25 s on two) for twice the CPU (PERF.md "Expert in the
// page on two workers", the lead's quiet runs)
export const HELPERS_FROM_CELLS = 15 * 15;

export class Helpers {
  /** main: the page's Engine; cores: the machine's (navigator.hardwareConcurrency);
   * make(options): a new Engine (the tests' fakes). */
  constructor(main, { cores = self.navigator && navigator.hardwareConcurrency, make = (o) => new Engine(o) } = {}) {
    this.main = main;
    this.cores = Number(cores) || 1;
    this.make = make;
    this.list = []; // the helpers started, in order (whatever their status)
  }

  /** How many workers a search of `lanes` lanes runs on: min(lanes, cores, MAX_WORKERS),
   * the main one included; 1 (the main engine alone) on one core, and on a page that cannot
   * interrupt a worker (not cross-origin isolated): there a part that can no longer win
   * could only be stopped by restarting its worker, the main engine's too. */
  workersFor(lanes) {
    if (!(this.main.info && this.main.info.interrupt)) return 1;
    return Math.max(1, Math.min(Number(lanes) || 1, this.cores, MAX_WORKERS));
  }

  /** The lane count the main engine reports for a level (its load info; 1 when it has none). */
  lanesOf(level) {
    const lanes = this.main.info && this.main.info.lanes;
    return (lanes && Number(lanes[level])) || 1;
  }

  /** Start the helpers a search at `level` of `cells` cells can use (once the main engine is
   * up: its load info says the lanes and whether the page is isolated). Resolves when they
   * are asked for, not when they are ready: engines() takes only those ready. */
  async want(level, cells = Infinity) {
    if (cells < HELPERS_FROM_CELLS) return;
    try { await this.main.start(); } catch { return; } // no engine: no helpers either
    const missing = this.workersFor(this.lanesOf(level)) - 1 - this.list.length;
    for (let k = 0; k < missing; k++) {
      const helper = this.make({ ...this.main.options, saveSnapshot: false, restarts: false });
      this.list.push(helper);
      helper.start().catch(() => {}); // a helper that fails is only left out
    }
  }

  /** Resolves once every helper started is ready or has failed. */
  settled() {
    return Promise.allSettled(this.list.map((h) => h.start())).then(() => {});
  }

  /** The engines a search at `level` of `cells` cells runs on now: the main one first, then
   * each helper that is ready (one still loading or gone is not waited for). */
  engines(level, cells = Infinity) {
    if (cells < HELPERS_FROM_CELLS) return [this.main];
    const ready = this.list.filter((h) => h.status === "ready");
    return [this.main, ...ready].slice(0, this.workersFor(this.lanesOf(level)));
  }
}
