"""Files in and out of the editor: Download keeps the given cells in every format,
opening a file without a picture can be cancelled or gives up at its limit, a file opens in
its puzzle type's editor, an image goes to Import an image."""
import pytest

from helpers import (click_cell, editor_board, editor_givens, isolated_visit, page_hook, state, wait_board,
                     wait_engine_progress, wait_until)
from pictures import CHECKER
from pysolver import api
from pysolver.nonogram import formats
from pysolver.nonogram.formats import parse
from test_editor import new_puzzle, open_editor, picture, png, set_picture, wait_clues

pytestmark = [pytest.mark.browser]

STATUS = "document.querySelector('#ed-status').textContent"


def test_download_keeps_the_given_cells_for_the_editor_and_play(page, site_server):
    open_editor(page, site_server)
    given = [2 * 7 + 2, 3 * 7 + 4]                     # a filled cell and an empty one
    for fmt in ("non", "xml", "json"):                 # one page for the three formats
        page.click("#nav-editor")
        set_picture(page, CHECKER, givens=given)           # a file with two given cells
        assert editor_givens(page) == given, fmt
        page.select_option("#ed-format", fmt)
        with page.expect_download() as dl:
            page.click("#ed-export")
        path = dl.value.path()
        wait_until(page, f"{STATUS}.startsWith('Saved') && {STATUS}.endsWith('.{fmt}.')")
        assert "not part" not in page.text_content("#ed-status"), fmt
        exported = parse(open(path, encoding="utf-8").read(), f"x.{fmt}")[0]   # still a plain puzzle file
        assert [r.replace("X", "#") for r in exported.goal] == CHECKER, fmt

        new_puzzle(page, 3, 3)                             # something else in between
        page.set_input_files("#ed-open-file", path)
        editor_board(page, 7, 6)
        assert picture(page) == CHECKER, fmt
        assert editor_givens(page) == given, fmt

        page.click("#nav-library")                         # Play opens the file with the cells shown and fixed
        page.set_input_files("#file-input", path)
        page.wait_for_function("location.hash.startsWith('#/play')")
        wait_board(page, 7, 6)
        rows = state(page)
        assert rows[2][2] == "#" and rows[3][4] == ".", fmt
        assert sum(r.count("?") for r in rows) == 7 * 6 - 2, fmt


def taai510(puzzles_dir, tmp_path):
    """Puzzle 510 as a .non without a goal: pysolver needs minutes for it."""
    text = (puzzles_dir / "taai" / "taai2011-question.txt").read_text()
    (d,) = [p for p in api.parse(text, "taai2011-question.txt")["puzzles"] if p["title"] == "Puzzle 510"]
    path = tmp_path / "taai510.non"
    path.write_text(formats.dump(api.to_puzzle(d), "non"))
    return path


# not isolated, Cancel restarts the worker; on a cross-origin isolated page (the service
# worker's headers; here the tests' server's, helpers.isolated_visit), it interrupts Python
@pytest.mark.parametrize("isolated", [False, pytest.param(True, marks=pytest.mark.isolated)],
                         ids=["restart", "interrupt"])
def test_opening_a_file_without_a_picture_can_be_cancelled(page, site_server, puzzles_dir, tmp_path, isolated):
    path = taai510(puzzles_dir, tmp_path)
    if isolated:
        isolated_visit(page, site_server)
        page.click("#nav-editor")
    else:
        open_editor(page, site_server)
    assert page.evaluate("window.crossOriginIsolated") is isolated
    cancel_opening(page, path)


def cancel_opening(page, path):
    before = picture(page)
    set_picture(page, CHECKER)
    assert page.is_hidden("#ed-open-cancel")
    page.set_input_files("#ed-open-file", str(path))
    wait_until(page, f"{STATUS} === 'Solving taai510.non to get the picture…'")
    assert page.text_content("#ed-status-details") == "Detailssearch limit: 1,300,000 line solves or 60 s"
    assert page.is_visible("#ed-open-cancel")
    wait_engine_progress(page)                 # the search runs in Python: Cancel stops a running solve
    page.click("#ed-open-cancel")
    wait_until(page, f"{STATUS}.startsWith('Cancelled')", 20)
    assert page.text_content("#ed-status") == "Cancelled opening taai510.non: the editor keeps its picture."
    assert page.is_hidden("#ed-open-cancel")
    # the editor as it was: same picture and history, and it still works (clues from the engine)
    assert picture(page) == CHECKER
    page.click("#ed-undo")                     # the same history: Undo takes back the picture opened before
    wait_clues(page)
    assert picture(page) == before
    page.click("#ed-redo")
    wait_clues(page)
    assert picture(page) == CHECKER
    # No late answer replaces the picture. The engine takes one request at a time and
    # posts the next only once the running one is answered (engine/client.js): the clues
    # of this edit come after whatever the cancelled solve answers (an interrupted
    # solve's end; a restarted worker says nothing), so once they are shown any late
    # answer has come and been dropped; no wait of so many seconds.
    click_cell(page, 1, 1)
    wait_clues(page)
    assert picture(page)[1] == "##....#"
    assert "taai510" not in page.text_content("#ed-status")   # no late "Opened taai510.non" either


def test_opening_a_file_without_a_picture_gives_up_at_its_limit(page, site_server, puzzles_dir, tmp_path):
    path = taai510(puzzles_dir, tmp_path)
    open_editor(page, site_server)
    set_picture(page, CHECKER)
    # the limit is counted work, not seconds: a small budget (set through the editor's hook)
    # is reached after the same work on any machine, far inside the safety net of seconds
    page_hook(page, "app.editor.tool.pictureWork = 20000")
    page.set_input_files("#ed-open-file", str(path))
    wait_until(page, f"{STATUS}.includes('no picture could be found: the file has no goal picture')", 60)
    # the limit in players' words; the engine's count behind Details
    assert "line solves" not in page.text_content("#ed-status")
    assert page.text_content("#ed-status-details") == "Detailsthe search stopped at its limit of 20,000 line solves"
    assert page.is_hidden("#ed-open-cancel")
    assert picture(page) == CHECKER


def test_a_file_of_several_puzzles_opens_its_first_to_edit_and_says_so(page, site_server):
    open_editor(page, site_server)
    contest = "$1\n2\n0\n1\n1\n$2\n1\n1\n2\n0\n$3\n2\n2\n2\n2\n"   # three 2x2 puzzles (Play chooses among them)
    page.set_input_files("#ed-open-file", files=[{"name": "contest.txt", "mimeType": "text/plain", "buffer": contest.encode()}])
    wait_until(page, f"{STATUS}.startsWith('Opened contest.txt')", 60)
    assert page.text_content("#ed-status").startswith("Opened contest.txt, the first of its 3 puzzles")
    editor_board(page, 2, 2)


def test_a_file_opens_in_the_editor_of_its_puzzle_type(page, site_server):
    """A Nurikabe file opened while Nonogram was the puzzle type was "unknown puzzle format
    (expected ... or a Nurikabe ... puzz.link URL)"; a picture opened while Masyu was, an error too.
    The puzzle type now follows the file."""
    open_editor(page, site_server)
    nurikabe = "https://puzz.link/p?nurikabe/7/7/1j1i1g1i1g3h2v3g1g1m\n"
    page.set_input_files("#ed-open-file", files=[{"name": "islands.txt", "mimeType": "text/plain", "buffer": nurikabe.encode()}])
    wait_until(page, f"{STATUS}.startsWith('Opened islands.txt')", 60)
    assert page.input_value("#ed-genre") == "nurikabe"
    page.wait_for_selector("#ed-board [role=grid][aria-colcount='7'][aria-rowcount='7']")
    page.select_option("#ed-genre", "masyu")
    page.wait_for_function("() => !document.querySelector('#ed-new').disabled")
    set_picture(page, CHECKER)                          # a nonogram's picture, while Masyu is chosen
    assert page.input_value("#ed-genre") == "nonogram"
    assert picture(page) == CHECKER


def test_an_image_chosen_to_open_goes_to_import_an_image(page, site_server):
    """A PNG chosen in "Open a puzzle file to edit" was refused: "this is an image, not a puzzle
    file; to make a puzzle of a picture, use Create, then Import an image", said in Create."""
    open_editor(page, site_server)
    picture_png = png(16, 8, lambda x, y: (0, 0, 0, 255) if x < 8 else (255, 255, 255, 255))
    page.set_input_files("#ed-open-file", files=[{"name": "half.png", "mimeType": "image/png", "buffer": picture_png}])
    wait_until(page, f"{STATUS}.startsWith('half.png is an image: Import an image (below) makes a puzzle of it')")
    assert page.get_attribute("#ed-import-panel", "open") is not None
    page.wait_for_function("() => !document.querySelector('#ed-image-apply').disabled")
    assert page.text_content("#ed-import").count("half.png: 16×8 pixels") == 1


def test_an_image_dropped_on_create_goes_to_import_an_image(page, site_server):
    """A PNG dropped on Create was refused as the chosen one was ("use Create, then Import an image")."""
    open_editor(page, site_server)
    dt = page.evaluate_handle("""(bytes) => { const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], 'dropped.png', {type: 'image/png'})); return dt; }""",
                              list(png(4, 4, lambda x, y: (0, 0, 0, 255) if x == y else (255, 255, 255, 255))))
    page.dispatch_event("#view-editor", "dragenter", {"dataTransfer": dt})
    page.dispatch_event("#view-editor", "drop", {"dataTransfer": dt})
    wait_until(page, f"{STATUS}.startsWith('dropped.png is an image: Import an image (below) makes a puzzle of it')")
    page.wait_for_function("() => !document.querySelector('#ed-image-apply').disabled")
    assert "dropped.png: 4×4 pixels" in page.text_content("#ed-import")
