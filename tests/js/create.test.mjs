// The Create frame's choices without the DOM (web/js/create/choice.js): the genres it offers,
// the genre chosen last, the size fields within a genre's limits, when "Continue the draft"
// shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { editorGenres, chosenGenre, rememberGenre, side, sizeNote, offerResume, aboutFile, GENRE_KEY } from "../../web/js/create/choice.js";

class MemoryStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
}
const blocked = { getItem() { throw new Error("SecurityError"); }, setItem() { throw new Error("SecurityError"); } };

test("the genres with an editor, in registration order", () => {
  const load = async () => ({});
  const list = [{ id: "nonogram", editor: load }, { id: "sudoku" }, { id: "nurikabe", editor: load }];
  assert.deepEqual(editorGenres(list).map((g) => g.id), ["nonogram", "nurikabe"]);
});

test("the genre chosen last is shown again; else the first; storage may be missing or blocked", () => {
  const ids = ["nonogram", "nurikabe", "masyu"];
  const ls = new MemoryStorage();
  assert.equal(chosenGenre(ls, ids), "nonogram");
  rememberGenre(ls, "masyu");
  assert.equal(ls.getItem(GENRE_KEY), "masyu");
  assert.equal(chosenGenre(ls, ids), "masyu");
  assert.equal(chosenGenre(ls, ["nonogram"]), "nonogram", "a genre no longer offered");
  assert.equal(chosenGenre(null, ids), "nonogram");
  assert.equal(chosenGenre(blocked, ids), "nonogram");
  rememberGenre(blocked, "masyu"); // no throw
  assert.equal(chosenGenre(ls, []), null);
});

test("a size field within the genre's limits; not a number keeps the size", () => {
  const lim = { min: 2, max: 30 };
  assert.equal(side("7", lim, 5), 7);
  assert.equal(side("1", lim, 5), 2);
  assert.equal(side("300", lim, 5), 30);
  assert.equal(side("6.6", lim, 5), 7);
  for (const bad of ["", "abc", null, "Infinity"]) assert.equal(side(bad, lim, 5), 5, String(bad));
});

test("a size beyond the genre's limits is said, not only taken in", () => {
  const lim = { min: 2, max: 30 };
  assert.equal(sizeNote(["7", "30"], lim), "");
  assert.equal(sizeNote(["31", "7"], lim), "Columns and rows go from 2 to 30.");
  assert.equal(sizeNote(["7", "1"], lim), "Columns and rows go from 2 to 30.");
  assert.equal(sizeNote(["", "abc"], lim), "");            // not a number: the size is kept, nothing to say
});

test("Continue the draft: a saved draft that is not on the board", () => {
  assert.equal(offerResume({ hasDraft: true, boardIsDraft: false }), true);
  assert.equal(offerResume({ hasDraft: true, boardIsDraft: true }), false);
  assert.equal(offerResume({ hasDraft: false, boardIsDraft: false }), false);
});

test("a file's error names the file once", () => {
  assert.equal(aboutFile("a.txt", "a.txt: a.txt:1: expected 'FAMILY WxH'"), "a.txt:1: expected 'FAMILY WxH'");
  assert.equal(aboutFile("a.non", "a.non: line 3: 'rows' needs 2 clue lines"), "a.non: line 3: 'rows' needs 2 clue lines");
  assert.equal(aboutFile("a.non", "a Masyu puzzle: choose Masyu to edit it"), "a.non: a Masyu puzzle: choose Masyu to edit it");
});
