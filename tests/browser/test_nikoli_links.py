"""A puzz.link link pasted as players copy it from elsewhere opens the puzzle, as on
puzz.link: the page's guess of what is a Nikoli link (genre.js claims) let a link of a
page served from a folder go to the nonogram reader ("unknown puzzle format")."""
import pytest

from helpers import engine_call, open_site, paste_puzzle, title_shown, wait_engine

pytestmark = [pytest.mark.browser]


def test_a_link_from_a_folder_with_a_fragment_opens_and_another_puzzle_is_named(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    paste_puzzle(page, "http://indi.s58.xrea.com/pzpr/v3/p.html?nurikabe/x/7/7/1j1i1g1i1g3h2v3g1g1m#top")
    page.wait_for_selector("#view-play:not([hidden])")
    title_shown(page, "Nurikabe 7×7")
    paste_puzzle(page, "localhost:8000/dist/p.html?ayeheya/6/6/lll155007rs12222j")
    page.wait_for_selector("#open-error:has-text('a different puzzle from Heyawake')", timeout=30_000)
    assert "\n" not in page.text_content("#open-error").strip()


def test_a_link_cut_short_to_a_board_with_nothing_to_do_is_said_not_won(page, site_server):
    """A Heyawake link copied only in part (cut inside its room borders) reads as one room with
    no number, which an empty board already solves: it opened with the win card, "Solved in
    0:00", before any move. Now it opens unsolved, with a notice that the link may be cut short."""
    open_site(page, site_server)
    wait_engine(page)
    paste_puzzle(page, "puzz.link/p?heyawake/6/6/nvvd")
    title_shown(page, "Heyawake 6×6")
    page.wait_for_selector("#clue-notice:has-text('cut short')", timeout=60_000)
    assert "nothing to solve" in page.text_content("#clue-notice")
    # the engine answered what came before the notice (the win check asked on opening): a
    # request asked now is answered after it, and the page has had its turn
    engine_call(page, "genres")
    page.evaluate("() => new Promise(requestAnimationFrame)")
    assert page.is_hidden("#win-card")
    assert not page.text_content("#status").startswith("Solved")
