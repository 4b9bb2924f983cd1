"""A blank Nikoli grid is not shared or played from Create: Play opened it with "An empty board
already keeps every rule … A link cut short when it was copied reads like this", words about a
link the author never copied."""
import re

import pytest
from playwright.sync_api import expect

from helpers import current_view
from test_nikoli_editor import choose, click, ed, new_grid, open_create

pytestmark = [pytest.mark.browser]


@pytest.mark.parametrize("family, words", [("masyu", "place some pearls"), ("heyawake", "draw rooms or place numbers")])
def test_a_blank_grid_is_not_shared_or_played(page, site_server, family, words):
    open_create(page, site_server, family)
    new_grid(page, 4, 4)
    status = page.locator("#ed-status")
    ed(page).get_by_role("button", name="Share link").click()
    expect(status).to_have_text(f"Share: the grid is empty: {words} first")
    assert ed(page).get_by_label("Share link", exact=True).input_value() == ""
    ed(page).get_by_role("button", name="Play this puzzle").click()
    expect(status).to_have_text(f"Play: the grid is empty: {words} first")
    assert current_view(page) == "editor"
    click(page, 1, 1, dx=0.45)                       # a pearl; a border between two cells
    ed(page).get_by_role("button", name="Share link").click()
    expect(ed(page).get_by_label("Share link", exact=True)).to_have_value(re.compile(r"#n="))


def test_a_blank_nurikabe_says_to_place_numbers(page, site_server):
    open_create(page, site_server)
    choose(page, "nurikabe")
    new_grid(page, 3, 3)
    ed(page).get_by_role("button", name="Play this puzzle").click()
    expect(page.locator("#ed-status")).to_have_text("Play: the grid is empty: place some numbers first")
