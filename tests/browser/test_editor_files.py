"""Files in and out of the editor: Download keeps the given cells in every format."""
import pytest

from helpers import wait_until
from pictures import CHECKER
from pysolver.formats import parse
from test_editor import new_puzzle, open_editor, picture, set_picture, wait_clues

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

STATUS = "document.querySelector('#ed-status').textContent"


@pytest.mark.parametrize("fmt", ["non", "xml", "json"])
def test_download_keeps_the_given_cells_for_the_editor_and_play(page, site_server, fmt):
    open_editor(page, site_server)
    set_picture(page, CHECKER)
    given = [2 * 7 + 2, 3 * 7 + 4]                     # a filled cell and an empty one
    page.evaluate("g => window.nonogramApp.editor.doc.setGivens(g, true)", given)
    wait_clues(page)
    page.select_option("#ed-format", fmt)
    with page.expect_download() as dl:
        page.click("#ed-export")
    path = dl.value.path()
    wait_until(page, f"{STATUS}.startsWith('Saved')")
    assert "not part" not in page.text_content("#ed-status")
    exported = parse(open(path, encoding="utf-8").read(), f"x.{fmt}")[0]   # still a plain puzzle file
    assert [r.replace("X", "#") for r in exported.goal] == CHECKER

    new_puzzle(page, 3, 3)                             # something else in between
    page.set_input_files("#ed-open-file", path)
    page.wait_for_function("() => window.nonogramApp.editor.doc.width === 7")
    wait_clues(page)
    assert picture(page) == CHECKER
    assert page.evaluate("[...window.nonogramApp.editor.doc.givens].sort((a, b) => a - b)") == given
    assert page.locator(".ed-cell.given").count() == 2

    page.click("#nav-library")                         # Play opens the file with the cells shown and fixed
    page.set_input_files("#file-input", path)
    page.wait_for_function("location.hash.startsWith('#/play')")
    rows = page.evaluate("window.nonogramApp.getGame().stateRows()")
    assert rows[2][2] == "#" and rows[3][4] == "."
    assert sum(r.count("?") for r in rows) == 7 * 6 - 2
