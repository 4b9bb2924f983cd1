"""A colour puzzle whose file gives its colours only as letters and RGB (the generator's
puzzles saved as .non) names them in players' words: the cells' words and the palette."""
from helpers import cell_words, open_site, paste_puzzle, title_shown

# the generator's red and orange, as a .non file writes them
TEXT = ("title \"Two colours\"\ncolor r #d7301f\ncolor o #f08a24\nwidth 2\nheight 2\n"
        "rows\n1r,1o\n1o\ncolumns\n1r\n2o\n")


def test_colours_with_only_rgb_are_named_in_players_words(page, site_server):
    open_site(page, site_server)
    paste_puzzle(page, TEXT)
    title_shown(page, "Two colours")
    words = cell_words(page, 0, 0)
    assert "Row clue 1 red 1 orange" in words and "column clue 1 red" in words, words
    titles = page.eval_on_selector_all("#palette button", "bs => bs.map((b) => b.title)")
    assert titles == ["red (key 1)", "orange (key 2)"], titles
