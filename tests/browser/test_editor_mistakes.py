"""An author's mistakes in Create, and what the page says to them: checking a blank grid."""
import pytest
from playwright.sync_api import expect

from helpers import click_cell
from test_editor import mark_of, new_puzzle, open_editor, run_check, wait_clues

pytestmark = [pytest.mark.browser]


def test_checking_a_blank_grid_says_to_paint_first(page, site_server):
    """A blank grid was "Unique: exactly one solution", ✓, one star, "about 3 minutes": every
    clue 0 is unique, but no puzzle an author means to share."""
    open_editor(page, site_server)
    new_puzzle(page, 10, 10)
    page.click("#ed-check-run")
    result = page.locator("#ed-check-result")
    expect(result).to_have_text("The picture is empty: paint some cells, then check it.")
    expect(page.locator("#ed-verdict")).to_have_count(0)            # no ✓, no stars
    expect(page.locator("#ed-check-run")).to_be_enabled()
    click_cell(page, 4, 4)                                            # one cell: a real check again
    wait_clues(page)
    assert run_check(page) == "unique"
    assert mark_of(page, "#ed-verdict") == "✓"
