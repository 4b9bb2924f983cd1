"""A colour that nearly vanishes on the empty cells (a picture's black on the dark theme: the
empty cells are #2a2c31, 1.4:1) gets a rim in the ink that reads on it, so a filled cell never
looks empty; a colour that stands out (red, or black on the light theme) is drawn plain."""
import pytest

from helpers import cell_pixels, click_cell, move_cursor, open_site, paste_puzzle, state, title_shown

pytestmark = [pytest.mark.browser]

# black in the first cell, red in the second
TEXT = ("title \"Black and red\"\ncolor k #000000\ncolor r #d7301f\nwidth 3\nheight 3\n"
        "rows\n1k,1r\n0\n0\ncolumns\n1k\n1r\n0\n")


def pixels(page, x, y):
    """The cell's pixels, 2 px in from its grid lines, as (r, g, b) triples."""
    flat = [int(v) for v in cell_pixels(page, x, y).split(",")]
    return [tuple(flat[i:i + 3]) for i in range(0, len(flat), 4)]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_colour_faint_on_the_empty_cells_gets_a_rim(page, site_server, theme):
    open_site(page, site_server)
    if theme == "dark":
        page.focus("#theme-toggle")
        page.keyboard.press("Enter")
        page.wait_for_selector("html[data-theme=dark]")
    paste_puzzle(page, TEXT)
    title_shown(page, "Black and red")
    click_cell(page, 0, 0)  # the first colour, black, is chosen
    page.keyboard.press("2")
    click_cell(page, 1, 0)
    assert state(page, {"black": "k", "red": "r"})[0] == "kr?"
    move_cursor(page, 2, 2)  # its row and column tint away from the cells read
    black, red = pixels(page, 0, 0), pixels(page, 1, 0)
    light_in_black = sum(min(p) > 150 for p in black)
    assert all(p == (215, 48, 31) for p in red), set(red)  # red stands out: no rim
    if theme == "dark":
        assert light_in_black >= 8, light_in_black  # the rim: white around the black
        assert black[len(black) // 2 + int(len(black) ** 0.5) // 2] == (0, 0, 0)  # its middle stays black
    else:
        assert light_in_black == 0 and set(black) == {(0, 0, 0)}
