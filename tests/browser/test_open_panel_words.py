"""The Open panel says what fits the device (a phone cannot drop a file: it pastes) and its
file chooser offers every kind of file the engine reads, a PBM picture among them."""
import pytest

from helpers import open_site, title_shown, wait_board, wait_engine
from pysolver.nonogram.formats import EXTENSIONS

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                         is_mobile=True)


def offered(page):
    page.click("#nav-library")
    page.click("#open-toggle")
    return page.text_content("#open-formats"), page.get_attribute("#file-input", "accept").split(",")


def test_the_open_panel_offers_every_file_the_engine_reads_and_opens_a_pbm(page, site_server, tmp_path):
    open_site(page, site_server)
    words, accept = offered(page)
    assert words.startswith("or drop a file anywhere on the page (") and "PBM" in words, words
    # every file ending the nonogram reader knows, and .txt (TAAI, pictures in text, puzz.link URLs)
    assert {f".{e}" for e in EXTENSIONS} | {".txt"} <= set(accept), accept
    wait_engine(page)
    path = tmp_path / "little-l.pbm"
    path.write_text("P1\n3 2\n1 0 0\n1 1 1\n")
    page.set_input_files("#file-input", str(path))
    wait_board(page, 3, 2)
    title_shown(page, "little-l")  # called by its name, as a file with no title is


@PHONE
def test_on_a_phone_the_open_panel_says_paste_not_drop(page, site_server):
    open_site(page, site_server)
    words, accept = offered(page)
    assert "drop" not in words and words.startswith("or paste one below ("), words
    assert ".pbm" in accept, accept
