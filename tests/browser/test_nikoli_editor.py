"""The Nikoli editor's frame: every edit is an undoable move (the view's Undo and Redo,
Ctrl+Z / Ctrl+Y), and the draft, history included, survives a reload ("Continue the
draft"). The puzzle is read back as the player would: its exported URL."""
import pytest
from playwright.sync_api import expect

from helpers import open_site, title_shown, wait_engine

pytestmark = [pytest.mark.browser]


def centre(page, x, y):
    box = page.locator("#board canvas.cells").bounding_box()
    cols = int(page.get_attribute("#board [role=grid][aria-colcount]", "aria-colcount"))
    cs = box["width"] / cols
    return box["x"] + (x + 0.5) * cs, box["y"] + (y + 0.5) * cs


def export(page):
    page.eval_on_selector("#nk-ed-url", "e => { e.value = ''; }")
    page.click("#nk-ed-export")
    page.wait_for_function("document.getElementById('nk-ed-url').value !== ''")
    return page.input_value("#nk-ed-url")


def test_edits_undo_redo_and_the_draft_survives_a_reload(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    page.evaluate("location.hash = '#/nikoli'")  # the old route: a Nikoli game on Play, with Create
    assert page.is_hidden("#nk-ed-resume")          # no draft yet
    page.select_option("#nk-ed-family", "nurikabe")
    page.fill("#nk-ed-width", "5")
    page.fill("#nk-ed-height", "5")
    page.click("#nk-ed-new")
    title_shown(page, "New Nurikabe")
    assert page.is_disabled("#undo") and page.is_disabled("#redo")
    page.mouse.click(*centre(page, 0, 0))
    page.keyboard.type("3")
    one = export(page)
    page.mouse.click(*centre(page, 4, 4))
    page.keyboard.type("2")
    two = export(page)
    assert one != two
    page.click("#undo")                          # the 2 goes
    assert export(page) == one
    assert page.is_enabled("#redo")
    page.keyboard.press("Control+y")                # and comes back
    assert export(page) == two
    page.keyboard.press("Control+z")
    assert export(page) == one
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    wait_engine(page)
    page.evaluate("location.hash = '#/nikoli'")  # the old route: a Nikoli game on Play, with Create
    page.click("#nk-ed-resume")                     # the draft, with its history
    title_shown(page, "New Nurikabe")
    assert page.input_value("#nk-ed-width") == "5"
    assert export(page) == one
    expect(page.locator("#undo")).to_be_enabled()  # the history comes back with the draft
    expect(page.locator("#redo")).to_be_enabled()
    page.click("#redo")
    assert export(page) == two
    page.click("#undo")
    page.click("#undo")
    assert page.is_disabled("#undo")             # back to the blank grid
    page.click("#nk-ed-export")
    page.wait_for_selector("#nk-ed-text:not(:empty)")
