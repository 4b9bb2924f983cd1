"""Issue 29: a game opened from a share link is stored as its link (plus its size, title and
the player's state), not as the whole puzzle; continuing it from the Puzzles view reads the
link again and restores the board and the marks."""
import json

import pytest

from helpers import open_site, wait_engine, wait_until
from pysolver import api

pytestmark = [pytest.mark.browser]

PREFIX = "pysolver:progress:v1:"
BIG = "nurikabe/100/100/zzzzzzzzzz5zzzzzzz3"  # a 40-byte link (with "#n=") to 10,000 cells
MOSS = "webpbn/36459.xml"  # 60x60, in the shared corpus


def records(page):
    return page.evaluate(f"Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('{PREFIX}')))")


def said(page, board):
    """What the board's grid says of the cell under its cursor (the screen reader's words)."""
    return page.text_content(f"{board} .aria-cell")


def keys(page, board, *names):
    page.focus(f"{board} .aria-grid")
    for k in names:
        page.keyboard.press(k)


def continue_card(page, title):
    page.click("#nav-library")
    page.click(f"#library-cards .lib-card button.open-saved:text-is('{title}')")


def test_a_big_nikoli_link_and_a_nonogram_share_link_are_saved_as_links_and_continue(page, site_server, puzzles_dir):
    # 1. a big Nikoli link is saved small
    open_site(page, site_server)
    wait_engine(page)
    page.evaluate(f"location.hash = '#n={BIG}'")
    page.wait_for_selector("#puzzle-title:text-is('Nurikabe 100×100')", timeout=90_000)
    keys(page, "#board", "f", "ArrowRight", "x")  # (1, 1) shaded, (2, 1) marked unshaded
    wait_until(page, f"Object.keys(localStorage).some(k => k.startsWith('{PREFIX}n:') && localStorage[k].includes('\"played\":true'))", 30)
    (text,) = [v for k, v in records(page).items() if k.startswith(PREFIX + "n:")]
    print(f"saved record of a {len('#n=' + BIG)}-byte link to a 100x100 Nurikabe: {len(text)} characters")
    assert len(text) < 600, text  # the whole puzzle and plain cells took over 11,000
    rec = json.loads(text)
    assert rec["puzzle"]["link"] == f"https://puzz.link/p?{BIG}" and rec["puzzle"]["partial"] is True
    assert "url" not in rec["puzzle"]  # the engine's 537-character URL is read again from the link
    # 2. a nonogram share link is saved as its link
    dict_ = api.read((puzzles_dir / MOSS).read_text(), "36459.xml")["puzzles"][0]
    fragment = page.evaluate("async (d) => (await import('./js/shell/share.js')).encodeShare(d)", dict_)
    page.evaluate(f"location.hash = '#{fragment}'")
    page.wait_for_selector("#puzzle-title:text-is('Moss')", timeout=90_000)
    keys(page, "#view-play", "f")
    wait_until(page, f"Object.entries(localStorage).some(([k, v]) => !k.startsWith('{PREFIX}n:') && "
                     f"v.includes('\"played\":true') && v.includes('\"link\"'))", 30)
    (text,) = [v for k, v in records(page).items() if '"link"' in v and not k.startswith(PREFIX + "n:")]
    whole = len(json.dumps(dict_, separators=(",", ":")))
    print(f"saved record of a {len(fragment) + 1}-byte link to a 60x60 nonogram: {len(text)} characters "
          f"(the puzzle alone: {whole})")
    rec = json.loads(text)
    assert rec["puzzle"]["link"] == f"#{fragment}" and "rows" not in rec["puzzle"]
    assert len(text) < len(fragment) + 1000
    # a later visit: both games are continued from the Puzzles view
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    # 3. the Nikoli game continues
    page.click("#nav-library")
    card = page.locator("#library-cards .lib-card[data-genre=nurikabe]", has_text="Nurikabe 100×100")
    assert "In progress" in card.text_content()
    card.locator("button.open-saved").click()
    page.wait_for_selector("#puzzle-title:text-is('Nurikabe 100×100')", timeout=90_000)
    wait_until(page, "document.querySelector('#board .aria-cell') !== null", 30)
    keys(page, "#board", "Home")  # the cursor starts in row 1
    assert said(page, "#board").startswith("Row 1, column 1: shaded")
    keys(page, "#board", "ArrowRight")
    assert said(page, "#board").startswith("Row 1, column 2: marked unshaded")
    keys(page, "#board", "Home", "ArrowDown", "ArrowDown")  # ten z's skip 200 cells: the 5 opens row 3
    assert said(page, "#board").startswith("Row 3, column 1: marked unshaded, number 5")
    # 4. the nonogram continues
    continue_card(page, "Moss")
    page.wait_for_selector("#puzzle-title:text-is('Moss')", timeout=90_000)
    assert "Progress restored" in page.text_content("#status")
    keys(page, "#view-play", "Home")
    assert said(page, "#view-play").startswith("Row 1, column 1: filled")
