"""What Create's palette refuses is said where the author looks: Add colour past the engine's
limit of colours did nothing, silently; a colour renamed to another's name, or to nothing, got
its old name back with no word why."""
import json
import re

import pytest
from playwright.sync_api import expect

from pysolver import limits
from test_editor import new_puzzle, open_editor

pytestmark = [pytest.mark.browser]

CHARS = "abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWYZ0123456789%*+@&$"


def many_colours(n):
    """Our JSON: a 1-row picture of n colours besides the background, each used once."""
    chars = CHARS[:n]
    colors = [{"name": "white", "char": ".", "rgb": "FFFFFF"}] + [
        {"name": f"shade {i + 1}", "char": ch, "rgb": "%02X%02X%02X" % (i * 3, 255 - i * 3, (i * 37) % 256)}
        for i, ch in enumerate(chars)]
    return json.dumps({"format": "pysolver", "version": 1, "width": n, "height": 1, "colors": colors, "goal": [chars]})


def test_add_colour_stops_at_the_engines_limit_and_says_so(page, site_server, artifacts):
    most = limits.MAX_COLOURS
    open_editor(page, site_server)
    page.set_input_files("#ed-open-file", files=[{"name": "many.json", "mimeType": "application/json",
                                                  "buffer": many_colours(most).encode()}])
    expect(page.locator("#ed-status")).to_have_text(re.compile(r"^Opened many\.json"), timeout=60_000)
    expect(page.locator("#ed-palette .ed-colour-name")).to_have_count(most)
    add, note = page.locator("#ed-add-colour"), page.locator("#ed-colour-limit")
    expect(add).to_be_disabled()
    expect(note).to_be_visible()
    expect(note).to_have_text(f"{most} colours is the most a puzzle can have: remove one to add another.")
    page.screenshot(path=str(artifacts / "editor-colour-limit.png"))
    # one removed: another can be added, and then no more
    page.locator("#ed-palette .ed-remove").last.click()
    expect(add).to_be_enabled()
    expect(note).to_be_hidden()
    add.click()
    expect(page.locator("#ed-palette .ed-colour-name")).to_have_count(most)
    expect(add).to_be_disabled()
    expect(note).to_be_visible()


def test_a_refused_colour_name_says_why_beside_its_field(page, site_server):
    open_editor(page, site_server)
    new_puzzle(page, 4, 3)
    page.click("#ed-add-colour")
    name = page.locator("#ed-palette .ed-colour-name").nth(1)
    old = name.input_value()
    note = page.locator("#ed-colour-note-2")
    expect(note).to_be_hidden()
    for typed, words in [("black", f"Another colour is already called “black”: this one is still “{old}”."),
                         ("  ", f"A colour needs a name: it is still “{old}”."),
                         ("white", f"“white” is taken: it names the background. This colour is still “{old}”.")]:
        name.fill(typed)
        name.press("Enter")
        expect(note).to_have_text(words)
        expect(note).to_be_visible()
        expect(name).to_have_value(old)
    # typing again clears it; a name of its own is taken
    name.fill("sea")
    expect(note).to_be_hidden()
    expect(note).to_have_text("")                       # nor read out as the field's description
    name.press("Enter")
    expect(page.locator("#ed-palette .ed-colour-name").nth(1)).to_have_value("sea")
    expect(page.locator("#ed-colour-note-2")).to_be_hidden()
