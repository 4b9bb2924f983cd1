"""The guided first puzzle played on the keyboard: once the player uses the keys on the board,
each step says which keys to press (it said to click, on a desktop, whatever the player used);
a click brings the mouse's words back."""
import pytest

from helpers import click_cell, open_site, solved, wait_board
from test_newcomer import DESKTOP, play_the_guide


@pytest.mark.newcomer
@DESKTOP
def test_the_guide_speaks_of_the_keys_a_keyboard_player_uses(page, site_server, artifacts):
    open_site(page, site_server)
    page.click("#guide-start")
    page.wait_for_selector("#guide:not([hidden])")
    wait_board(page, 5)
    assert "click them" in page.text_content("#guide-text")  # a desktop: the mouse's words first
    page.focus("#board [role=grid]")
    page.keyboard.press("ArrowRight")  # a move on the board: the keys' words from now on
    words = page.text_content("#guide-text")
    assert "Space fills" in words and "click" not in words, words
    page.screenshot(path=str(artifacts / "guide-keys-1280.png"))
    # a click on a cell (one this step does not ask for): the mouse's words again, and the slip named
    click_cell(page, 4, 4)
    words = page.text_content("#guide-text")
    assert "click" in words or "Undo (↶)" in words, words
    page.keyboard.press("Control+z")  # taken back by the keys: their words again
    page.focus("#board [role=grid]")
    page.keyboard.press("ArrowLeft")
    assert "Space fills" in page.text_content("#guide-text")
    assert play_the_guide(page, touch=False, keys=True) >= 5
    assert solved(page)
