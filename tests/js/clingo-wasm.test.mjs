// The pinned clingo-wasm (package.json) runs on this Node: it declares Node >= 22,
// but its code needs only worker_threads and WebAssembly, which Node 20 has.
// The site runs its browser build; Node runs it only here.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as clingo from "clingo-wasm";

test("clingo-wasm solves a tiny program and finds every model", async () => {
  const out = await clingo.run("a :- not b. b :- not a. :- a, c. c.", 0);
  assert.equal(out.Result, "SATISFIABLE");
  assert.deepEqual(out.Call[0].Witnesses.map((w) => [...w.Value].sort()), [["b", "c"]]);
  await clingo.restart?.();
});

test("clingo-wasm reports an unsatisfiable program", async () => {
  const out = await clingo.run("a. :- a.", 0);
  assert.equal(out.Result, "UNSATISFIABLE");
});

test("clingo-wasm takes the root lookahead the Nurikabe solve asks for (aspsolve.solve_args)", async () => {
  const out = await clingo.run("{ a; b }. :- a, b. :- not a, not b.", 0, ["--lookahead=atom,1"]);
  assert.equal(out.Result, "SATISFIABLE");
  assert.equal(out.Call[0].Witnesses.length, 2);
});
