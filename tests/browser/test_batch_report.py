"""The HTML report of a batch database opens in Chromium: thumbnails, slowest
first, escaped titles, and the status and difficulty filters."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: batch_folder
import batch_folder  # noqa: E402
from pysolver import api
from pysolver.app import batch, report  # noqa: E402

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
    page.set_content(report.to_html(rows, "r.sqlite"))

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
    page.locator("input[name=min]").fill("2")
    assert shown(page) == ["multiple"]  # difficulty 3; line-solved ones are below 2
    page.locator("input[name=min]").fill("")
    page.locator("input[name=max]").fill("0")
    assert shown(page) == ["none"]
    page.get_by_label("error (3)").check()
    page.locator("input[name=max]").fill("")
    assert len(shown(page)) == 9
