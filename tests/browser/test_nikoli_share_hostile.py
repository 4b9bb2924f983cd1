"""Issue 29: hostile Nikoli share links. A malformed one gets a plain message that stays on
the Puzzles view (later links still open; the game in play is kept); a huge one is refused by the size
policy before anything is stored, and every saved game survives it."""
import pytest

from helpers import click_cell, current_view, open_builtin, state, wait_engine, wait_until

pytestmark = [pytest.mark.browser]

LINK = "nurikabe/7/7/1j1i1g1i1g3h2v3g1g1m"  # a 7x7 Nurikabe's URL body


def saved(page):
    return page.evaluate("Object.fromEntries(Object.entries(localStorage))")


def test_a_malformed_link_gets_a_plain_message_then_a_huge_link_is_refused_and_saved_games_survive(page, site_server):
    # 1. a malformed link on the page's load: a plain message, the page starts, a later link opens
    page.goto(site_server.url + "#n=%E0%A4%A")
    page.wait_for_selector("html[data-booted=true]", timeout=30_000)
    wait_until(page, "document.querySelector('#open-error').textContent.includes('damaged')", 90)
    text = page.text_content("#open-error")
    assert "URI" not in text and "Error" not in text
    wait_engine(page)
    page.evaluate(f"location.hash = '#n={LINK}'")  # a later link in the same tab opens
    page.locator("h2:visible", has_text="Nurikabe").first.wait_for(timeout=90_000)  # its game heads Play
    # 2. a huge link is refused and the saved games survive
    open_builtin(page, "webpbn-6")
    click_cell(page, 3, 5)  # a game in progress: saved
    wait_until(page, "Object.keys(localStorage).some(k => k.includes('webpbn-6'))", 30)
    before = saved(page)
    page.evaluate("location.hash = '#n=nurikabe/2000/2000/'")
    wait_until(page, "document.querySelector('#open-error').textContent.includes('40000')", 90)
    after = saved(page)
    assert set(before) <= set(after)
    assert all(after[k] == v for k, v in before.items() if "webpbn-6" in k)
    assert sum(len(v) for v in after.values()) < sum(len(v) for v in before.values()) + 10_000


DAMAGED = {  # a link as a chat or a mail program may cut or mangle it -> what the page says is wrong
    "#n=": "its puzzle is missing",
    f"#n={LINK}&s=%3Cb%3E01": "the marks it carries cannot be read",
    f"#n={LINK}&x": "its end cannot be read",
    "#n=%E0%A4%A": "part of it may be missing",
}


def test_a_damaged_link_says_so_and_the_message_stays_on_screen_and_the_game_in_play_is_kept(page, site_server):
    # on the page's load: the message stays (the start puzzle no longer opens over it and wipes it;
    # the first three were not even noticed: the page started as if there were no link)
    for link, why in DAMAGED.items():
        page.goto("about:blank")
        page.goto(site_server.url + link)
        page.wait_for_selector("html[data-booted=true]", timeout=30_000)
        assert current_view(page) == "library", link
        assert page.is_visible("#open-error")
        assert page.text_content("#open-error") == f"Could not open the puzzle: this share link is damaged ({why}); ask for it again"
    # in a game: the link is refused, the game is as it was
    wait_engine(page)
    open_builtin(page, "webpbn-6")
    click_cell(page, 3, 5)
    before = state(page)
    for link, why in DAMAGED.items():
        page.evaluate("() => document.getElementById('open-error').textContent = ''")
        page.evaluate("(link) => { location.hash = link; }", link)
        page.wait_for_function("(why) => document.getElementById('open-error').textContent.includes(why)", arg=why)
        assert current_view(page) == "library"
        page.click("#nav-play")
        assert state(page) == before
