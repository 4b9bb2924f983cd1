"""A share link pasted into the Open panel's paste box opens as it does in the address bar
(it was "unknown puzzle format"), whole, with another copy of the site's address before it,
or cut short (then it is said to be damaged)."""
import pytest

from helpers import open_builtin, open_site, paste_puzzle, title_shown, wait_engine

pytestmark = [pytest.mark.browser]


def share_link(page):
    page.click("#share")
    page.wait_for_function("() => document.getElementById('share-url').value.includes('#')")
    return page.input_value("#share-url")


def test_a_share_link_pasted_opens_its_puzzle(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "tulip")
    link = share_link(page)
    open_builtin(page, "nurikabe-7x7-1")
    nikoli, nikoli_title = share_link(page), page.text_content("#puzzle-title")
    open_builtin(page, "welcome-heart")
    paste_puzzle(page, link)
    title_shown(page, "Tulip in a pot")
    assert page.text_content("#open-error") == ""
    # the same link from another copy of the site, and a Nikoli one
    paste_puzzle(page, "https://someone.example/puzzles/" + link[link.index("#"):])
    title_shown(page, "Tulip in a pot")
    paste_puzzle(page, nikoli)
    title_shown(page, nikoli_title)
    # cut short when copied: said to be damaged, not an unknown format
    paste_puzzle(page, link[:len(link) // 2])
    page.wait_for_selector("#open-error:has-text('this share link is damaged')")
    assert "unknown puzzle format" not in page.text_content("#open-error")
