"""Issue 29: hostile Nikoli share links. A malformed one gets a plain message and the
page starts as usual (later links still open); a huge one is refused by the size
policy before anything is stored, and every saved game survives it."""
import pytest

from helpers import click_cell, open_builtin, wait_engine, wait_until

pytestmark = [pytest.mark.browser]

LINK = "nurikabe/7/7/1j1i1g1i1g3h2v3g1g1m"  # a built-in puzzle's URL body


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
