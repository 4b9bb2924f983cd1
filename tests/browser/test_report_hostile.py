"""Issue 29: a batch database is data, whoever wrote it. Its report, opened in
Chromium, shows hostile fields as text, runs none of them, and its own script (the
filters, allowed by its hash: the CSP forbids inline script) still works."""
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: batch_folder
import batch_folder  # noqa: E402
from pysolver.app import batch, report, report_page  # noqa: E402

HOSTILE = "<img src=x onerror=\"document.title='pwned'\">"


def test_hostile_database_fields_run_nothing(tmp_path, page):
    batch_folder.mixed(tmp_path / "c")
    db = str(tmp_path / "r.sqlite")
    batch.run([str(tmp_path / "c")], db, jobs=1)
    con = sqlite3.connect(db)
    con.execute("UPDATE puzzles SET width=?", (HOSTILE,))
    con.execute("UPDATE verdicts SET classification=?, difficulty=?, time_s=?",
                (HOSTILE, HOSTILE, HOSTILE))
    con.execute("UPDATE entries SET title=?", (HOSTILE,))
    con.commit()
    con.close()
    rows, _ = report.load(db)
    text = report_page.to_html(rows, HOSTILE)
    assert "'unsafe-inline'; img-src" not in text and "script-src 'sha256-" in text
    page.set_content(text)
    page.wait_for_function("() => document.getElementById('shown').textContent !== ''")
    assert page.locator("#shown").text_content() == "8 shown"  # the report's own script ran
    assert HOSTILE in page.locator("#results").text_content()  # as text, not markup
    assert page.locator("#results img:not([src^='data:'])").count() == 0
    assert page.title().startswith("Batch report") and page.title() != "pwned"
