"""The HTML report of a batch database opens in Chromium: thumbnails, slowest
first, escaped titles, and the status and difficulty filters."""
import json
import shutil
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: batch_folder
import batch_folder  # noqa: E402
from pysolver import api
from pysolver.app import batch, report, report_page  # noqa: E402

NIKOLI = Path(__file__).resolve().parents[2] / "web" / "puzzles" / "nikoli"
HOSTILE = '<img src=x onerror="document.title=1">'


def shown(page):
    return page.evaluate("""() => [...document.querySelectorAll('#results tbody tr')]
        .filter(tr => !tr.hidden).map(tr => tr.dataset.status)""")


def test_report_page_shows_thumbnails_and_filters(tmp_path, page):
    batch_folder.mixed(tmp_path / "c")
    (tmp_path / "c" / "hostile.json").write_text(json.dumps(
        api.clues_from_grid(["#..", "##.", "###"], title=HOSTILE)))
    db = str(tmp_path / "r.sqlite")
    batch.run([str(tmp_path / "c")], db, jobs=1)
    rows, _ = report.load(db)
    page.set_content(report_page.to_html(rows, "r.sqlite"))

    assert page.locator("#shown").text_content() == "9 shown"
    assert HOSTILE in page.locator("#results").text_content()  # as text, not markup
    assert page.locator("#results img[src^='data:image/png']").count() == 6  # 4 unique + both of 2
    assert page.evaluate("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
    times = page.evaluate("""() => [...document.querySelectorAll('#results tbody tr td:first-child')]
        .map(td => td.textContent).filter(t => t).map(Number)""")
    assert times == sorted(times, reverse=True)

    page.get_by_label("error (3)").uncheck()
    assert sorted(shown(page)) == ["multiple", "none", "unique", "unique", "unique", "unique"]
    assert page.locator("#shown").text_content() == "6 shown"
    # the stars: every unique puzzle here is a tiny line puzzle, 1 star; the rest not rated
    page.get_by_label("not rated (5)").uncheck()
    assert shown(page) == ["unique"] * 4
    page.get_by_label("1 star (4)").uncheck()
    assert shown(page) == [] and page.locator("#shown").text_content() == "0 shown"
    page.get_by_label("not rated (5)").check()
    page.get_by_label("error (3)").check()
    page.get_by_label("1 star (4)").check()
    assert len(shown(page)) == 9


def test_the_stars_filter_keeps_nonograms_and_nikoli_puzzles_alike(tmp_path, page, artifacts):
    """One scale for every genre: a range of stars shows the rows of both genres in it (a
    numeric range of the nonogram's score hid every Nikoli row, whose measure is a word)."""
    pytest.importorskip("clingo")
    folder = tmp_path / "c"
    folder.mkdir()
    for name in ("nurikabe-7x7-1", "masyu-10x10-1"):
        shutil.copy(NIKOLI / f"{name}.txt", folder)
    for k, rows in enumerate((["#####", "#...#", "#.#.#", "#...#", "#####"], ["#.", ".#"])):
        (folder / f"n{k}.json").write_text(json.dumps(api.clues_from_grid(rows, title=f"picture {k}")))
    db = str(tmp_path / "r.sqlite")
    batch.run([str(folder)], db, jobs=1)
    rows, _ = report.load(db)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.set_content(report_page.to_html(rows, "r.sqlite"))
    genres = lambda: page.evaluate("""() => [...document.querySelectorAll('#results tbody tr')]
        .filter(tr => !tr.hidden).map(tr => tr.cells[5].textContent)""")  # noqa: E731
    tiers = {r["classification"]: r["stars"] for r in rows}
    assert tiers["nurikabe"] and tiers["masyu"] and tiers["line"] == 1
    # the stars shown in every genre's row, the engine's own measure in its title
    cells = page.locator("#results td.d .stars")
    assert cells.count() == sum(bool(r["stars"]) for r in rows)
    nurikabe = page.locator("#results tr", has_text="nurikabe").locator("td.d")
    assert nurikabe.locator(".stars").text_content() == "★" * tiers["nurikabe"] + "☆" * (5 - tiers["nurikabe"])
    assert "engine: " in nurikabe.get_attribute("title") and "minutes" in nurikabe.text_content()
    page.screenshot(path=str(artifacts / "batch-report-stars-1280.png"), full_page=True)
    # keep only the stars of the Nikoli rows and of the 1-star nonogram: both genres stay
    wanted = {tiers["nurikabe"], tiers["masyu"], 1}
    for n in range(1, 6):
        box = page.locator(f"input[name=stars][value='{n}']")
        box.set_checked(n in wanted)
    page.locator("input[name=stars][value='']").uncheck()
    kept = genres()
    assert {"nurikabe", "masyu", "line"} <= set(kept), kept
    assert page.locator("#shown").text_content() == f"{len(kept)} shown"
    # and a tier none of them has hides them all, whichever genre
    for n in range(1, 6):
        page.locator(f"input[name=stars][value='{n}']").set_checked(n not in wanted)
    assert not {"nurikabe", "masyu", "line"} & set(genres())


BOX = "(td) => { const r = td.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.left)]; }"


def test_on_a_phone_each_puzzle_is_a_card_of_named_values(tmp_path, page, artifacts):
    """On a phone (390 px) the nine columns ran off the screen, most of each row out of sight
    behind a sideways scroll; there each puzzle is a card instead: its title, file, then each value
    after its name, two to a line where they are short; the filters still hide cards."""
    batch_folder.mixed(tmp_path / "c")
    (tmp_path / "c" / "hostile.json").write_text(json.dumps(
        api.clues_from_grid(["#..", "##.", "###"], title=HOSTILE)))
    (tmp_path / "c" / ("long" * 30 + ".json")).write_text(json.dumps(  # words too long for a line
        api.clues_from_grid(["##", "#."], title="Title" * 30)))
    db = str(tmp_path / "r.sqlite")
    batch.run([str(tmp_path / "c")], db, jobs=1)
    rows, _ = report.load(db)
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_content(report_page.to_html(rows, "r.sqlite"))
    outside = page.evaluate("""() => [...document.querySelectorAll('body *')].filter((e) => {
        const r = e.getBoundingClientRect(); return r.width && r.right > innerWidth + 0.5; }).map((e) => e.outerHTML.slice(0, 60))""")
    assert outside == []                                  # nothing past the screen's right edge
    assert page.evaluate("() => [...document.querySelectorAll('td')].every((td) => td.scrollWidth <= td.clientWidth)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390   # no sideways scroll
    card = page.locator("#results tbody tr", has_text=HOSTILE)
    title, file, status, time, difficulty = (card.locator(s) for s in ("td.t", "td.f", "td.s-unique", "td:first-child", "td.d"))
    assert title.text_content() == HOSTILE                # as text, not markup
    assert title.evaluate(BOX)[0] < file.evaluate(BOX)[0] < status.evaluate(BOX)[0] < difficulty.evaluate(BOX)[0]
    assert status.evaluate(BOX)[0] == time.evaluate(BOX)[0]   # short values share a line
    label = "(td) => getComputedStyle(td, '::before').content"
    assert [c.evaluate(label) for c in (file, status, time, difficulty)] == ['"file"', '"status"', '"time (s)"', '"difficulty"']
    error = page.locator("#results tbody tr[data-status=error]").first
    assert error.locator("td.err").evaluate(label) == '"error"'
    page.screenshot(path=str(artifacts / "batch-report-390.png"), full_page=True)
    page.get_by_label("error (3)").uncheck()
    expect(error).to_be_hidden()
    expect(card).to_be_visible()
    assert page.locator("#shown").text_content() == "7 shown"
    page.set_viewport_size({"width": 1280, "height": 800})  # a wide screen keeps the table's rows
    assert status.evaluate(BOX)[0] == file.evaluate(BOX)[0] == title.evaluate(BOX)[0]
