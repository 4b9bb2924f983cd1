// Share links against the size policy (web/js/shell/share.js with explicit limits, as the page
// passes site/limits.json's): refused before the puzzle is allocated, unpacking stopped at the cap.
import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeShare, encodeShare } from "../../web/js/shell/share.js";

const lim = { max_side: 2000, max_cells: 4000000, max_file_bytes: 16 * 1024 * 1024 };
const empty = (side) => ({ rows: Array.from({ length: side }, () => []), columns: Array.from({ length: side }, () => []) });

test("a short link for an empty 10000x10000 or 30000x30000 puzzle is refused by its size", async () => {
  for (const side of [10000, 30000]) {
    const frag = await encodeShare(empty(side));
    assert.ok(frag.length < 400, frag.length);
    await assert.rejects(decodeShare(frag, lim), new RegExp(`${side}×${side}: the limit is 2000 cells a side`));
  }
  await assert.rejects(decodeShare(await encodeShare(empty(11)), { ...lim, max_cells: 100 }),
    /has 121 cells: the limit is 100/);
  assert.deepEqual(JSON.parse(await decodeShare(await encodeShare(empty(10)), lim)), empty(10));
});

test("unpacking stops at the cap, and a long link is refused before unpacking", async () => {
  const bomb = await encodeShare({ rows: [[1]], columns: [[1]], pad: " ".repeat(3 * 1024 * 1024) });
  await assert.rejects(decodeShare(bomb, { ...lim, max_file_bytes: 1024 * 1024 }),
    /larger than the limit of 1 MB once unpacked/);
  await assert.rejects(decodeShare("p=" + "A".repeat(101), { ...lim, max_file_bytes: 100 }),
    /too long \(101 characters; the limit is 100\)/);
});
