// js/genres/nikoli/ask.js: asks of the Nikoli tasks, run on clingo-wasm as the site runs
// them (assumptions as constraints, brave/cautious by --enum-mode, conflict limits
// by --solve-limit), answer as native clingo did (tests/js/nikoli-asks.json, written
// by tests/js/nikoli_asks.py with pysolver.asp.tasks.solve_native).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import * as clingo from "clingo-wasm";
import { answerOf, askRun } from "../../web/js/genres/nikoli/ask.js";

const fixture = JSON.parse(fs.readFileSync(new URL("./nikoli-asks.json", import.meta.url), "utf-8"));
const key = (m) => JSON.stringify(m);

test("askRun turns assumptions into constraints and modes into options", () => {
  const run = askRun({ program: "a.", args: ["-c", "hint=1"], assume: [["a", true], ["b(1)", false]],
    mode: "cautious", models: 3, limit: 40, core: true });
  assert.equal(run.program, "a.\n:- not a.\n:- b(1).\n");
  assert.deepEqual(run.options, ["-c", "hint=1", "--stats", "--enum-mode=cautious", "--solve-limit=40"]);
  assert.equal(run.models, 0); // every refinement, the last is the consequences
});

test("clingo-wasm answers every recorded ask as native clingo did", async () => {
  assert.ok(fixture.asks.length > 20);
  const seen = new Set();
  for (const [i, rec] of fixture.asks.entries()) {
    const ask = { ...rec, program: fixture.programs[rec.program] };
    const { program, models, options } = askRun(ask);
    const got = answerOf(ask, await clingo.run(program, models, options));
    const want = rec.answer;
    const what = `ask ${i} (${ask.mode}, models ${ask.models}, limit ${ask.limit})`;
    assert.equal(got.sat, want.sat, what);
    assert.equal(got.core, null, what);
    seen.add(`${ask.mode}/${got.sat}`);
    const optimising = ask.program.includes(":~");
    // projective enumeration (the hints' rule sets): one model per projection, whose
    // other atoms either clingo may pick
    const names = [...ask.program.matchAll(/#project (\w+)\//g)].map((m) => `${m[1]}`);
    const view = (m) => key(names.length ? m.filter((a) => names.includes(a.split("(")[0])) : m);
    if (want.exhausted && ask.mode !== "auto") assert.deepEqual(got.models, want.models, what);
    else if (want.exhausted && !optimising) {
      assert.deepEqual(got.models.map(view).sort(), want.models.map(view).sort(), what);
    } else if (optimising) assert.ok(got.exhausted && got.models.length > 0, what);
    else assert.equal(got.models.length, want.models.length, what);
  }
  // the fixture covers each kind of answer the tasks read
  for (const k of ["auto/true", "auto/false", "auto/null", "brave/true", "brave/false", "cautious/true", "cautious/false"]) {
    assert.ok(seen.has(k), k);
  }
});
