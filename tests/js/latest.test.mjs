// The page's one stale-answer helper (web/js/shell/latest.js): a newer turn, or drop(),
// makes every earlier turn's answer stale.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Latest } from "../../web/js/shell/latest.js";

test("only the latest turn is fresh", () => {
  const l = new Latest();
  const a = l.next();
  assert.equal(a(), true);
  const b = l.next();
  assert.equal(a(), false);
  assert.equal(b(), true);
  l.drop();
  assert.equal(b(), false);
});

test("answers that arrive out of order: the older one is dropped", async () => {
  const l = new Latest();
  const shown = [];
  const ask = (value, ms) => { const fresh = l.next(); return new Promise((r) => setTimeout(r, ms)).then(() => { if (fresh()) shown.push(value); }); };
  await Promise.all([ask("old", 20), ask("new", 1)]);
  assert.deepEqual(shown, ["new"]);
});

test("current() asks about things as they are; a change (drop) makes it stale", () => {
  const l = new Latest();
  const a = l.current(), b = l.current();
  assert.ok(a() && b());                 // two answers about the same state: both fresh
  l.drop();
  assert.ok(!a() && !b());
  assert.ok(l.current()());
});

test("a turn's signal aborts when the turn goes stale (a newer turn, or Cancel)", () => {
  const l = new Latest();
  const a = l.next();
  const sa = a.signal;
  assert.equal(sa.aborted, false);
  const b = l.next();
  assert.equal(sa.aborted, true);
  assert.equal(b.signal.aborted, false);
  assert.equal(a.signal.aborted, true);  // asked for after it went stale
  l.drop();                              // Cancel
  assert.equal(b.signal.aborted, true);
  const c = l.next();
  assert.equal(c.signal.aborted, false);
});
