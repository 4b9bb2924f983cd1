"""A Nikoli puzzle made in Create has a title and an author, as a nonogram has (the frame's one
pair of fields): before, it could have none, and whatever was shared, played or downloaded was
"My Nurikabe 7×7". They travel in the share link (puzz.link's URL has no place for them), Play's
head, the downloaded file (comment lines the engine's reader takes back) and the draft; a
hostile title is text wherever it shows."""
import re
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from helpers import title_shown
from test_nikoli_editor import choose, click, ed, new_grid, open_create

pytestmark = [pytest.mark.browser]

TITLE = '<img src=x onerror="window.pwned=1">Lake & "rocks"'
AUTHOR = "Ann <b>Lee</b>"


def name(page, field, text):
    box = ed(page).get_by_role("textbox", name=field, exact=True)
    box.fill(text)
    box.press("Enter")


def test_a_nikoli_puzzles_title_and_author_go_with_it(page, site_server, tmp_path):
    open_create(page, site_server, "masyu")
    new_grid(page, 4, 4)
    click(page, 1, 1)                                   # a white pearl
    click(page, 2, 2)
    click(page, 2, 2)                                   # a black one
    name(page, "Title", TITLE)
    name(page, "Author", AUTHOR)
    # the share link carries them
    ed(page).get_by_role("button", name="Share link").click()
    box = ed(page).get_by_label("Share link", exact=True)
    expect(box).to_have_value(re.compile(r"#n=.+&t=.+&a=.+"))
    link = box.input_value()
    assert unquote(re.search(r"&t=([^&]+)", link).group(1)) == TITLE
    # the file: comment lines before the URL, which the reader takes back
    ed(page).get_by_label("Format", exact=True).select_option("url")
    with page.expect_download() as dl:
        ed(page).get_by_role("button", name="Download").click()
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    lines = path.read_text().splitlines()
    assert lines[:2] == [f"# title: {TITLE}", f"# by: {AUTHOR}"] and lines[2].startswith("https://puzz.link/p?mashu/4/4/")
    assert dl.value.suggested_filename.endswith(".txt") and "<" not in dl.value.suggested_filename
    # Play: the title heads it, as text; the author in its line
    ed(page).get_by_role("button", name="Play this puzzle").click()
    title_shown(page, TITLE)
    expect(page.locator("#puzzle-meta")).to_contain_text(f"by {AUTHOR}")
    # a reload: the draft has them
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    page.get_by_role("button", name="Create", exact=True).click()
    expect(page.locator("#ed-title")).to_have_value(TITLE)
    expect(page.locator("#ed-author")).to_have_value(AUTHOR)
    # New clears them (Play: "My Masyu 4×4"); the file opened to edit brings them back
    new_grid(page, 5, 5)
    expect(page.locator("#ed-title")).to_have_value("")
    click(page, 0, 0)
    ed(page).get_by_role("button", name="Play this puzzle").click()
    title_shown(page, "My Masyu 5×5")
    page.get_by_role("button", name="Create", exact=True).click()
    page.set_input_files("#ed-open-file", str(path))
    expect(page.locator("#ed-status")).to_have_text(re.compile(rf"^Opened {re.escape(path.name)}"))
    expect(page.locator("#ed-title")).to_have_value(TITLE)
    expect(page.locator("#ed-author")).to_have_value(AUTHOR)
    # the link, opened anywhere: the same title and author, as text
    page.goto(link)
    title_shown(page, TITLE)
    expect(page.locator("#puzzle-title img")).to_have_count(0)
    assert page.evaluate("window.pwned") is None
    # Play's own Download keeps them too
    with page.expect_download() as dl:
        page.locator("#export").click()
    p2 = tmp_path / "again.txt"
    dl.value.save_as(p2)
    assert p2.read_text().splitlines()[:2] == [f"# title: {TITLE}", f"# by: {AUTHOR}"]


def test_the_nonogram_and_nikoli_editors_keep_their_own_titles(page, site_server):
    """One pair of fields for every genre, each genre's document its own title."""
    open_create(page, site_server, "nurikabe")
    name(page, "Title", "Islands")
    choose(page, "nonogram")
    expect(page.locator("#ed-title")).to_have_value("")
    name(page, "Title", "Dancer")
    choose(page, "nurikabe")
    expect(page.locator("#ed-title")).to_have_value("Islands")
    # New starts untitled; Undo brings the puzzle before back with its title, Redo the new one
    # with the title typed after New (it came back untitled)
    new_grid(page, 4, 4)
    expect(page.locator("#ed-title")).to_have_value("")
    name(page, "Title", "Atoll")
    ed(page).get_by_role("button", name="Undo").click()
    expect(page.locator("#ed-title")).to_have_value("Islands")
    ed(page).get_by_role("button", name="Redo").click()
    expect(page.locator("#ed-title")).to_have_value("Atoll")


def test_the_author_shows_on_the_saved_games_card(page, site_server):
    open_create(page, site_server, "nurikabe")
    new_grid(page, 4, 4)
    click(page, 0, 0)
    page.keyboard.type("3")
    name(page, "Title", "Corner isle")
    name(page, "Author", AUTHOR)
    ed(page).get_by_role("button", name="Play this puzzle").click()
    title_shown(page, "Corner isle")
    page.locator("#view-play [role=grid]").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")                        # a move: the game is saved
    page.get_by_role("button", name="Puzzles", exact=True).click()
    card = page.locator("#library-cards > *", has_text="Corner isle")
    expect(card.locator(".lib-author")).to_have_text(AUTHOR)
