"""A puzzle file with no title of its own (a .nin has none) is called by its file's name,
in the play head and on its card among the puzzles; pasted text has no name to give."""
import pytest

from helpers import open_site, paste_puzzle, title_shown, wait_board, wait_engine

pytestmark = [pytest.mark.browser]

CROSS = "3 3\n1\n3\n1\n1\n3\n1\n"       # a plus sign, no title
BAR = "3 3\n0\n3\n0\n1\n1\n1\n"          # a bar across, no title


def test_a_file_without_a_title_is_called_by_its_name(page, site_server, tmp_path):
    open_site(page, site_server)
    wait_engine(page)
    path = tmp_path / "harbour-cat.nin"
    path.write_text(CROSS)
    page.click("#nav-library")
    page.set_input_files("#file-input", str(path))
    wait_board(page, 3, 3)
    title_shown(page, "harbour-cat")                # was "Untitled puzzle"
    page.click("#nav-library")
    assert "harbour-cat" in page.text_content("#library-cards")   # the card of the game saved
    paste_puzzle(page, BAR)                        # no file, no name: the usual words
    title_shown(page, "Untitled puzzle")
