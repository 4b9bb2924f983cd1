"""A puzzle whose one colour is not black is drawn in its colour (it was drawn black)."""
import pytest

from helpers import cell_pixels, click_cell, move_cursor, open_site, paste_puzzle, state, title_shown, wait_engine

pytestmark = [pytest.mark.browser]

RED = ('title "Red corner"\ncolor r #ff0000\nwidth 3\nheight 3\nrows\n1r\n0\n0\ncolumns\n1r\n0\n0\n'
       'goal "r00000000"\n')


def first_pixel(page, x, y):
    return tuple(int(v) for v in cell_pixels(page, x, y).split(",")[:3])


def test_a_red_one_colour_puzzle_is_drawn_red(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    paste_puzzle(page, RED)
    title_shown(page, "Red corner", timeout=90_000)
    click_cell(page, 0, 0)
    assert state(page)[0] == "#??"
    move_cursor(page, 2, 2)  # its row and column tint away from the cell compared
    assert first_pixel(page, 0, 0) == (255, 0, 0)
