"""Create names a colour by its everyday word, the engine's (red, dark blue, ...: the nearest in
CIELAB, as Play names a file's colours): an added colour was "colour 2", and kept its name when
its picker made it another colour. A name the author typed is theirs: the picker never changes it."""
import re

import pytest
from playwright.sync_api import expect

from pysolver.nonogram.formats.common import colour_name
from helpers import click_cell
from test_editor import new_puzzle, open_editor

pytestmark = [pytest.mark.browser]

NAMES = "() => [...document.querySelectorAll('#ed-palette .ed-colour-name')].map((i) => i.value)"
# the words' table has come (the page's own fetch of the build's colour-words.json)
WORDS = ("() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/colour-words.json')"
         " && e.responseEnd > 0)")


def pick(page, k, rgb):
    """Colour k's picker set to `rgb`, as a player's choice in it (input, then change)."""
    page.locator("#ed-palette input[type=color]").nth(k - 1).fill(f"#{rgb.lower()}")


def test_a_colour_is_named_by_its_word_which_follows_its_picker_until_the_author_names_it(page, site_server, artifacts):
    open_editor(page, site_server)
    new_puzzle(page, 4, 3)
    page.wait_for_function(WORDS)
    page.click("#ed-add-colour")
    added = page.locator("#ed-palette input[type=color]").nth(1).input_value()[1:].upper()
    assert page.evaluate(NAMES) == ["black", colour_name(added)]
    expect(page.locator(".ed-swatch[data-color='2']")).to_have_attribute("aria-label", f"paint with {colour_name(added)} (key 2)")
    # the picker: the name follows, the engine's word for each colour
    for rgb in ("0000FF", "8B0000", "F070B0", "3366AA", "AA7744", "FF5500", "C8C8C8", "00D8E0", "7B2FA0"):
        pick(page, 2, rgb)
        expect(page.locator(".ed-colour-name").nth(1)).to_have_value(colour_name(rgb))
    page.screenshot(path=str(artifacts / "editor-colour-names-1280.png"))
    # two colours of one word are told apart; Undo takes the colour and its name back together
    pick(page, 2, "101010")
    assert page.evaluate(NAMES) == ["black", "black 2"]
    page.get_by_role("button", name="Undo", exact=True).click()
    assert page.evaluate(NAMES) == ["black", colour_name("7B2FA0")]
    # black is the editor's name too: it follows its picker
    pick(page, 1, "FFE020")
    assert page.evaluate(NAMES) == [colour_name("FFE020"), colour_name("7B2FA0")]
    # a name typed is the author's: no colour changes it
    name = page.locator(".ed-colour-name").nth(1)
    name.fill("night sky")
    name.press("Enter")
    pick(page, 2, "E02020")
    assert page.evaluate(NAMES) == [colour_name("FFE020"), "night sky"]
    expect(page.locator(".ed-swatch[data-color='2']")).to_have_attribute("aria-label", "paint with night sky (key 2)")
    # and after a reload (the draft): the editor's names still follow, the author's stay
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    page.click("#nav-editor")
    page.wait_for_function(WORDS)
    expect(page.locator(".ed-colour-name")).to_have_count(2)
    pick(page, 1, "006400")
    pick(page, 2, "0000FF")
    assert page.evaluate(NAMES) == [colour_name("006400"), "night sky"]


def download(page, fmt):
    """Download in `fmt`: (the file's text, what the status line says after it)."""
    page.select_option("#ed-format", fmt)
    with page.expect_download() as info:
        page.click("#ed-export")
    expect(page.locator("#ed-status")).to_have_text(re.compile(rf"^Saved {re.escape(info.value.suggested_filename)}"))
    with open(info.value.path(), encoding="utf-8") as f:
        return f.read(), page.locator("#ed-status").text_content()


def test_a_non_download_says_it_loses_the_names_typed_and_which_formats_keep_them(page, site_server):
    """A .non file has a colour's letter and RGB, no name (mikix's format; its readers name a
    colour by its colour): the names an author typed were lost with not a word."""
    open_editor(page, site_server)
    new_puzzle(page, 4, 3)
    page.wait_for_function(WORDS)
    page.click("#ed-add-colour")
    click_cell(page, 0, 0)
    # the editor's own names: the reader gives the same words back, nothing to say
    _, said = download(page, "non")
    assert re.fullmatch(r"Saved puzzle\.non\.", said)
    name = page.locator(".ed-colour-name").nth(1)
    name.fill("night sky")
    name.press("Enter")
    text, said = download(page, "non")
    assert "night sky" not in text
    assert said == ("Saved puzzle.non. A .non file keeps the colours but not their names (“night sky”): "
                    "JSON and webpbn XML keep them.")
    for fmt in ("json", "xml"):
        text, said = download(page, fmt)
        assert "night sky" in text
        assert re.fullmatch(rf"Saved puzzle\.{fmt}\.", said)


def test_a_files_colour_named_by_its_word_follows_its_picker(page, site_server):
    """A .non file names its colours by their colour (the reader's words): opened to edit, such a
    name stayed when the picker made it another colour ("red" on a blue)."""
    open_editor(page, site_server)
    page.wait_for_function(WORDS)
    non = "width 2\nheight 1\ncolor a #d62828\ncolor b #1d70b8\n\nrows\n1a,1b\n\ncolumns\n1a\n1b\n"
    page.set_input_files("#ed-open-file", files=[{"name": "two.non", "mimeType": "text/plain", "buffer": non.encode()}])
    expect(page.locator("#ed-status")).to_have_text(re.compile(r"^Opened two\.non"))
    assert page.evaluate(NAMES) == [colour_name("D62828"), colour_name("1D70B8")]
    pick(page, 1, "2A9D3F")
    expect(page.locator(".ed-colour-name").nth(0)).to_have_value(colour_name("2A9D3F"))
    # a name of the file's own stays
    page.set_input_files("#ed-open-file", files=[{"name": "named.json", "mimeType": "application/json", "buffer": (
        '{"format": "pysolver", "version": 1, "width": 1, "height": 1, "colors": [{"name": "white", "char": ".", '
        '"rgb": "FFFFFF"}, {"name": "sea", "char": "a", "rgb": "1D70B8"}], "goal": ["a"]}').encode()}])
    expect(page.locator("#ed-status")).to_have_text(re.compile(r"^Opened named\.json"))
    pick(page, 1, "D62828")
    expect(page.locator(".ed-colour-name").nth(0)).to_have_value("sea")
