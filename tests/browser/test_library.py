"""The library: cards with progress thumbnails, status, sort and filter, Continue, and the
compact Open panel."""
import pytest

from helpers import (builtin, click_cell, fill_rows, open_builtin, open_site, paste_puzzle, solved, wait_engine, wait_view,
                     title_shown, wait_words)

pytestmark = [pytest.mark.browser]

LINKED = "https://puzz.link/p?mashu/7/7/0004092220009030i"  # a Masyu that is not built in
CARD = "#library-cards .lib-card[data-key='builtin:{}']"


def keys(page):
    return page.eval_on_selector_all("#library-cards .lib-card", "cs => cs.map(c => c.dataset.key)")


def dark_pixels(page, selector):
    return page.eval_on_selector(selector, """c => {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 150) n++;
        return n;
    }""")


def ink_pixels(page, selector):
    """Pixels of a card's canvas other than its paper (board/thumb.js)."""
    return page.eval_on_selector(selector, """c => {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] !== 0xfb || d[i + 1] !== 0xfa || d[i + 2] !== 0xf7) n++;
        return n;
    }""")


def fresh_library(page, site_server):
    """The Puzzles view at 1280x800 with nothing saved (the test marked `empty_storage`)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_site(page, site_server)
    page.click("#nav-library")


@pytest.mark.empty_storage
def test_library_filters_progress_nikoli_cards_and_a_linked_nikoli_puzzle(page, site_server, artifacts):
    # 1. the library filters and shows progress
    fresh_library(page, site_server)
    total = page.locator("#library-cards .lib-card").count()
    assert total >= 30
    assert page.is_hidden("#open-panel")             # opening files waits behind its own button
    assert page.locator("#daily-puzzle").bounding_box()["y"] < 200   # the cards come first: daily and new puzzles,
    assert page.locator("#library-cards .lib-card").first.bounding_box()["y"] < 480   # then the library's
    assert page.text_content(CARD.format("webpbn-1") + " .lib-status") == "New"
    assert dark_pixels(page, CARD.format("webpbn-1") + " canvas") == 0   # a blank board: nothing given away,
    assert ink_pixels(page, CARD.format("webpbn-1") + " canvas") > 0     # but its grid drawn

    open_builtin(page, "webpbn-1")                   # solved
    fill_rows(page, builtin("webpbn-1")["goal"])
    assert solved(page)
    open_builtin(page, "welcome-heart")              # then left in progress
    for x in range(2, 7):
        click_cell(page, x, 3)

    page.click("#nav-library")
    heart = CARD.format("welcome-heart")
    assert page.get_attribute(heart, "data-status") == "progress"
    assert page.text_content(heart + " .lib-status").startswith("In progress")
    # its button says more than the title to a screen reader: the size, the stars, the progress
    said = page.locator(f"{heart} button").evaluate(
        "b => b.getAttribute('aria-describedby').split(' ').map((id) => { const e = document.getElementById(id);"
        " return e.getAttribute('aria-label') || e.textContent; }).join(' | ')")
    assert "10×10" in said and "Difficulty: " in said and "In progress" in said, said
    assert dark_pixels(page, heart + " canvas") > 0     # the player's marks, drawn small
    one = CARD.format("webpbn-1")
    assert page.get_attribute(one, "data-status") == "solved"
    assert page.text_content(one + " .lib-status").startswith("Solved in ")
    assert dark_pixels(page, one + " canvas") > 0        # the finished picture
    assert "Continue: Welcome heart" in page.text_content("#library-continue")
    page.screenshot(path=str(artifacts / "library-1280.png"))

    page.select_option("#lib-status", "progress")
    assert keys(page) == ["builtin:welcome-heart"]
    page.select_option("#lib-status", "solved")
    assert keys(page) == ["builtin:webpbn-1"]
    page.select_option("#lib-status", "new")
    assert len(keys(page)) == total - 2
    assert page.text_content("#library-count") == f"{total - 2} of {total} puzzles"
    page.select_option("#lib-status", "all")
    page.select_option("#lib-colour", "colour")
    assert "builtin:tulip" in keys(page) and "builtin:welcome-heart" not in keys(page)
    assert all("colours" in t for t in page.eval_on_selector_all(
        "#library-cards .lib-meta", "ps => ps.map(p => p.textContent)"))
    assert page.is_hidden("#library-empty")
    page.select_option("#lib-genre", "masyu")                   # no colour Masyu: the list says so
    assert keys(page) == [] and page.text_content("#library-count") == f"0 of {total} puzzles"
    assert page.is_visible("#library-empty")
    assert page.text_content("#library-empty").startswith("No puzzle matches these filters")
    page.select_option("#lib-genre", "all")
    assert page.is_hidden("#library-empty")
    page.select_option("#lib-colour", "all")
    page.select_option("#lib-size", "small")
    sizes = page.eval_on_selector_all("#library-cards .lib-meta", "ps => ps.map(p => p.textContent.split(' ')[0])")
    assert sizes and all(max(map(int, s.split("×"))) <= 10 for s in sizes)
    page.select_option("#lib-size", "all")
    page.select_option("#lib-sort", "size")
    areas = [int(a) * int(b) for a, b in (s.split(" ")[0].split("×") for s in page.eval_on_selector_all(
        "#library-cards .lib-meta", "ps => ps.map(p => p.textContent)"))]
    assert areas == sorted(areas)
    page.select_option("#lib-sort", "recent")
    assert keys(page)[:2] == ["builtin:welcome-heart", "builtin:webpbn-1"]

    page.set_viewport_size({"width": 390, "height": 844})
    page.select_option("#lib-sort", "title")
    page.screenshot(path=str(artifacts / "library-390.png"))
    page.click("#open-toggle")                        # the Open panel: a file or pasted text
    assert page.is_visible("#paste-text") and page.is_visible("#open-file-button")
    page.screenshot(path=str(artifacts / "library-open-390.png"))
    page.keyboard.press("Escape")
    assert page.is_hidden("#open-panel")

    page.click("#library-continue .lib-card")         # anywhere on the card opens it
    page.wait_for_function("location.hash === '#/play'")
    assert page.text_content("#puzzle-title") == "Welcome heart"
    assert page.text_content("#status") == "Progress restored."
    # 2. Nikoli cards draw their clues under the progress
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#nav-library")
    card = "#library-cards .lib-card:has(button[data-id='{}']) canvas"
    page.wait_for_selector(card.format("nurikabe-7x7-1"))
    for name in ("nurikabe-7x7-1", "heyawake-7x7-1", "masyu-7x7-1", "bag-20x20-1"):
        assert dark_pixels(page, card.format(name)) > 0, name    # a new puzzle shows its clues
    nurikabe = card.format("nurikabe-7x7-1")
    clues_only = dark_pixels(page, nurikabe)
    page.select_option("#lib-genre", "heyawake")                # one genre's cards
    genres = page.eval_on_selector_all("#library-cards .lib-card", "cs => cs.map(c => c.dataset.genre)")
    assert genres and set(genres) == {"heyawake"}
    page.select_option("#lib-genre", "all")
    page.locator(nurikabe).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "library-nikoli-1280.png"))

    open_builtin(page, "nurikabe-7x7-1")
    wait_view(page, "play")  # the one play route
    click_cell(page, 1, 0)                                        # (1, 0) has no number: shaded
    wait_words(page, 1, 0, r": shaded")
    page.click("#nav-library")
    assert page.get_attribute("#library-cards .lib-card:has(button[data-id='nurikabe-7x7-1'])",
                              "data-status") == "progress"
    assert dark_pixels(page, nurikabe) > clues_only             # the progress over the clues
    assert "Continue: Nurikabe 7×7 #1" in page.text_content("#library-continue")
    # 3. a Nikoli puzzle opened from a link gets a card and Continue
    wait_engine(page)
    paste_puzzle(page, LINKED)                     # not a built-in puzzle
    page.wait_for_selector("#puzzle-title:text-is('Masyu 7×7')")
    page.focus("#board .aria-grid")
    page.keyboard.press("Shift+ArrowRight")        # a line segment from the top left cell: a move
    page.wait_for_selector("#undo:not([disabled])")
    page.click("#nav-library")
    saved = "#library-cards .lib-card:has(button.open-saved)"
    assert page.get_attribute(saved, "data-genre") == "masyu"
    assert page.get_attribute(saved, "data-status") == "progress"
    assert page.text_content(saved + " .lib-meta").startswith("7×7 · Masyu")
    assert page.text_content("#library-continue").startswith("Continue: Masyu 7×7")
    page.click("#library-continue .lib-card")
    page.wait_for_function("location.hash === '#/play'")  # the one play route
    assert page.text_content("#status") == "Progress restored."


def test_the_open_panel_names_what_each_genre_opens(page, site_server):
    # it named only the nonogram's formats: nothing told a player a puzz.link URL could be pasted
    open_site(page, site_server)
    page.click("#nav-library")
    page.click("#open-toggle")
    words = "Nonogram: webpbn XML, .non, .nin, .g, JSON or a PBM picture; Nurikabe, Heyawake, Masyu or Bag: a puzz.link URL"
    assert page.text_content("#open-panel .meta") == f"or drop a file anywhere on the page ({words})"
    assert page.get_attribute("#paste-text", "placeholder") == f"Paste a puzzle here ({words})"


def test_a_saved_games_long_title_of_one_word_stays_inside_its_card(page, site_server):
    """A shared puzzle's title of one long word (120 letters: as long as a title goes) ran out
    of its card on Puzzles, cut off at the card's edge, where a title of words wraps."""
    title = "Longword" * 15
    page.goto(site_server.url + "#n=nurikabe/7/7/1j1i1g1i1g3h2v3g1g1m&t=" + title)
    title_shown(page, title, timeout=90_000)
    page.locator("#view-play [role=grid]").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")                        # a move: the game is saved, a card of its own
    page.get_by_role("button", name="Puzzles", exact=True).click()
    card = page.locator("#library-cards > li", has_text=title)
    card.wait_for()
    name = card.get_by_role("button", name=title)
    assert name.evaluate("b => b.scrollWidth <= b.clientWidth"), "the title is wider than its button"
    assert name.bounding_box()["x"] + name.bounding_box()["width"] <= card.bounding_box()["x"] + card.bounding_box()["width"]
