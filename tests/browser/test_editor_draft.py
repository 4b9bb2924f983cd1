"""The editor's draft in localStorage: big pictures and long histories stay within
the draft's budget, the newest picture always survives a reload."""
import random

import pytest

from helpers import wait_until
from test_editor import new_puzzle, open_editor, picture, png, set_value, wait_clues

pytestmark = [pytest.mark.browser]

SAID = """() => { window.edSaid = []; const s = document.querySelector('#ed-status');
    new MutationObserver(() => window.edSaid.push(s.textContent))
        .observe(s, {childList: true, characterData: true, subtree: true}); }"""


# 44 edits of 200x200 overflow the draft's history budget (~170 s; the budget's
# packing and trimming are also checked in-page by
# test_draft_record_budget_packing_and_quota_retries); the default run takes the
# same path on 100x100 with fewer edits
@pytest.mark.parametrize("size, edits", [pytest.param(200, 44, marks=pytest.mark.slow, id="200-past-the-budget"),
                                         pytest.param(100, 6, id="100-few-edits")])
def test_after_many_whole_picture_edits_the_latest_picture_survives_a_reload(
        page, site_server, tmp_path, size, edits):
    # grey noise: every threshold gives another picture that packs no smaller
    rnd = random.Random(7)
    grey = [[rnd.randrange(256) for _ in range(size)] for _ in range(size)]
    path = tmp_path / "noise.png"
    path.write_bytes(png(size, size, lambda x, y: (grey[y][x],) * 3 + (255,)))
    open_editor(page, site_server)
    new_puzzle(page, size, size)
    page.evaluate(SAID)
    page.click("#ed-import-panel summary")
    page.set_input_files("#ed-image-file", str(path))
    page.wait_for_function("() => !document.querySelector('#ed-image-apply').disabled")
    set_value(page, "#ed-image-width", size)
    set_value(page, "#ed-image-height", size)
    pictures = []
    for k in range(edits):
        if k % 4 == 3:
            page.click("#ed-invert")
        else:
            set_value(page, "#ed-image-threshold", 40 + 5 * k)
            page.click("#ed-image-apply")
        page.wait_for_function("n => window.nonogramApp.editor.doc.undoStack.length === n", arg=k + 2)
        pictures.append(picture(page))
    page.click("#ed-clear")
    page.wait_for_function("() => window.nonogramApp.editor.doc.cells.every(v => v === 0)")
    page.click("#ed-invert")                         # all filled: the latest picture
    page.wait_for_function("() => window.nonogramApp.editor.doc.cells.every(v => v === 1)")
    said = page.evaluate("window.edSaid")
    assert not [s for s in said if "could not be saved" in s]
    stored = page.evaluate("localStorage.getItem('pysolver:draft:v1').length")
    assert stored <= 1_000_000 + 10_000                # the budget (history) plus the picture itself

    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    page.click("#nav-editor")
    wait_clues(page)
    assert picture(page) == ["#" * size] * size
    page.click("#ed-undo")                           # the clear
    page.wait_for_function("() => window.nonogramApp.editor.doc.cells.every(v => v === 0)")
    page.click("#ed-undo")                           # back to the last import/invert
    wait_clues(page)
    assert picture(page) == pictures[-1]
    page.click("#ed-undo")
    wait_clues(page)
    assert picture(page) == pictures[-2]
    assert "could not be saved" not in page.text_content("#ed-status")


UNIT = """async () => {
  const d = await import('./js/editor-draft.js');
  const { EditorDoc } = await import('./js/editor-model.js');
  const out = {};
  // packing: any palette size, any cell count
  out.pack = [2, 3, 4, 9, 70].every((k) => {
    const cells = Array.from({length: 1001}, (_, i) => (i * 7919) % k);
    return d.unpackCells(d.packCells(cells, k), cells.length, k).join() === cells.join();
  });
  // 200 whole-picture moves of random 200x200 pictures: more than the budget holds
  let seed = 1;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const doc = new EditorDoc({width: 200, height: 200});
  for (let k = 0; k < 200; k++) doc.replace({cells: Array.from({length: 40000}, () => (rnd() < 0.5 ? 1 : 0))}, 'import');
  const rec = d.draftRecord(doc);
  const text = JSON.stringify(rec);
  out.size = text.length;
  out.kept = rec.undo.length;
  const back = d.restoreDraft(JSON.parse(text));
  out.same = back.goalRows().join() === doc.goalRows().join();
  // undo of the kept steps gives the same pictures as in memory
  let ok = true;
  for (let k = 0; k < rec.undo.length; k++) { back.undo(); doc.undo(); ok = ok && back.goalRows().join() === doc.goalRows().join(); }
  out.undoSame = ok;
  for (let k = 0; k < rec.undo.length; k++) { back.redo(); doc.redo(); }
  // a storage that holds less than the budget: saved with less history; one that holds nothing: not saved
  const small = {item: null, setItem(k, v) { if (v.length > 200000) throw new DOMException('full', 'QuotaExceededError'); this.item = v; }};
  const res = d.saveDraft(doc, small);
  out.small = {ok: res.ok, kept: res.kept, total: res.total, same: d.restoreDraft(JSON.parse(small.item)).goalRows().join() === doc.goalRows().join()};
  const full = {setItem() { throw new DOMException('full', 'QuotaExceededError'); }};
  out.full = d.saveDraft(doc, full).ok;
  // a version 1 draft (plain arrays) still opens, with its history
  const v1 = {format: 'pysolver-draft', version: 1, saved: 1, state: {width: 2, height: 1, colors: [{name: 'white', char: '.', rgb: 'FFFFFF'}, {name: 'black', char: '#', rgb: '000000'}], cells: [1, 0], givens: [1], meta: {title: 'old'}},
    undo: [{l: 'new', s: [{width: 1, height: 1, colors: [{name: 'white', char: '.', rgb: 'FFFFFF'}, {name: 'black', char: '#', rgb: '000000'}], cells: [1], givens: [], meta: {}},
      {width: 2, height: 1, colors: [{name: 'white', char: '.', rgb: 'FFFFFF'}, {name: 'black', char: '#', rgb: '000000'}], cells: [0, 0], givens: [], meta: {}}]}, {l: 'paint', c: [0, 0, 1]}], redo: []};
  const old = d.restoreDraft(v1);
  out.v1 = [old.goalRows(), [...old.givens], old.meta.title];
  old.undo(); old.undo();
  out.v1undo = old.goalRows();
  return out;
}"""


def test_draft_record_budget_packing_and_quota_retries(page, site_server):
    open_editor(page, site_server)
    out = page.evaluate(UNIT)
    assert out["pack"]
    assert out["size"] <= 1_000_000 + 10_000
    assert 100 < out["kept"] < 200                   # the oldest steps beyond the budget are dropped
    assert out["same"] and out["undoSame"]
    assert out["small"]["ok"] and out["small"]["same"] and 0 < out["small"]["kept"] < out["small"]["total"]
    assert out["full"] is False
    assert out["v1"] == [["#."], [1], "old"]
    assert out["v1undo"] == ["#"]
