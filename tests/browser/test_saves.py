"""Saved games: older formats migrate, a full storage is told and retried, two tabs on one
puzzle see each other's saves and never overwrite newer progress without asking."""
import json
import re
import time
from pathlib import Path

import pytest

from helpers import click_cell, open_site, page_hook, state, wait_until, wait_words

pytestmark = [pytest.mark.browser]

HEART = json.loads((Path(__file__).resolve().parents[2] / "web/puzzles/welcome-heart.json").read_text())
KEY = "pysolver:progress:v1:builtin:welcome-heart"


def stored_cells(rec):
    """A stored record's cells as the game has them (shell/storage.js stores runs as "<char>*<count>*")."""
    return re.sub(r"(.)\*(\d+)\*", lambda m: m[1] * int(m[2]), rec["cells"])


def wait_saved(page, index, timeout=10.0):
    """Wait until the store the tabs share holds a filled cell at `index` (a tab's move saved):
    a click reaches a tab in the background as an input event, and its move (and save) may
    come after the test's next click in another tab."""
    end = time.monotonic() + timeout
    while True:
        rec = json.loads(page.evaluate("k => localStorage.getItem(k)", KEY) or "null")
        if rec and stored_cells(rec)[index] == "2":
            return
        assert time.monotonic() < end, f"the move at cell {index} was never saved"
        page.wait_for_timeout(50)


def fill_storage(page):
    """Fill localStorage with other keys until not even one more character fits."""
    page.evaluate("""() => {
        let n = 0;
        for (let size = 1 << 20; size >= 1; size = size >> 1) {
            const chunk = 'x'.repeat(size);
            for (;;) { try { localStorage.setItem('junk:' + n, chunk); n++; } catch { break; } }
        }
    }""")


@pytest.mark.empty_storage  # the heart must open unplayed: not an earlier test's game a renderer kept
def test_unplayed_not_restored_then_full_storage_told_then_a_version_1_save_migrated(page, site_server):
    # 1. an unplayed puzzle is not restored, and the clock waits for the first move
    open_site(page, site_server)
    page.evaluate("localStorage.clear()")  # (whatever a renderer kept from an earlier test)
    page.reload()                        # the same puzzle again, never played: its page left stores nothing
    page.wait_for_selector("html[data-booted=true]")
    assert page.text_content("#status") == "Opened Welcome heart."
    page.wait_for_timeout(1600)
    assert page.text_content("#timer") == "0:00"   # the clock starts at the first move
    click_cell(page, 2, 2)
    wait_until(page, "document.getElementById('timer').textContent !== '0:00'", 10)
    # 2. a full storage is told, and every move saved when room comes back (the same game);
    # the retry's delay (5 s) shortened: the same retry, not 5 s of waiting
    page_hook(page, "app.play.autosave.retryMs = 200")
    click_cell(page, 1, 1)
    fill_storage(page)
    for x in range(2, 8):
        click_cell(page, x, 3)
    wait_until(page, "!document.getElementById('save-notice').hidden", 5)
    assert page.is_visible("#save-notice")
    assert "storage for this site is full" in page.text_content("#save-notice")
    before = state(page)
    # room again (the player cleared other data): the next try saves every move
    page.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('junk:')) localStorage.removeItem(k); }")
    wait_until(page, "document.getElementById('save-notice').textContent.includes('saved again')", 15)
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    assert state(page) == before
    page.click("#undo")                  # with its whole history
    assert state(page)[3][7] == "?" and state(page)[3][6] == "#"
    # 3. a version 1 save is migrated and resumed (planted before the page's scripts, at the next load)
    cells = ["0"] * 100
    cells[11] = "2"                     # row 2, column 2 filled
    cells[0] = "1"                      # row 1, column 1 crossed
    v1 = {"format": "pysolver-progress", "version": 1, "key": "builtin:welcome-heart", "saved": 1,
          "puzzle": HEART, "title": HEART["title"], "cells": "".join(cells),
          "undo": [{"c": [0, 0, 1], "l": "cross"}, {"c": [11, 0, 2], "l": "fill"}], "redo": [],
          "elapsed": 65000, "solved": False}
    # planted before the page's scripts run (the page being left saves its own game on the way out)
    page.add_init_script(f"localStorage.clear(); localStorage.setItem({json.dumps(KEY)}, {json.dumps(json.dumps(v1))}); "
                         "localStorage.setItem('pysolver:last', 'builtin:welcome-heart');")
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    rows = state(page)
    assert rows[0][0] == "." and rows[1][1] == "#"
    assert page.text_content("#status") == "Progress restored."
    assert page.text_content("#timer") in ("1:05", "1:06", "1:07")
    page.click("#undo")                  # its history came along
    assert state(page)[1][1] == "?"
    rec = json.loads(page.evaluate("k => localStorage.getItem(k)", KEY))
    assert rec["version"] == 3 and rec["played"] is True


def test_two_tabs_see_each_others_moves_and_never_overwrite_newer(page, site_server):
    first = page
    # registered before the page's own listener, so the test can make this tab miss a save;
    # the storage cleared before the page's scripts (whatever a renderer kept from an earlier
    # test: this tab loads once, so no reload after a clear)
    first.add_init_script("localStorage.clear(); "
                          "window.addEventListener('storage', (e) => { if (window.missSaves) e.stopImmediatePropagation(); }, true)")
    open_site(first, site_server)
    second = page.context.new_page()
    open_site(second, site_server)     # the same puzzle: the last one played
    assert second.text_content("#puzzle-title") == "Welcome heart"

    click_cell(second, 1, 1)             # the second's move reaches the first
    wait_words(first, 1, 1, r": filled", 10)
    click_cell(first, 2, 1)              # and the first builds on it
    wait_words(second, 2, 1, r": filled", 10)
    assert state(second)[1][:3] == "?##"

    # the first tab misses the second's next save (as when both move at once)
    first.evaluate("window.missSaves = true")
    click_cell(second, 3, 1)
    wait_saved(first, 13)                # the second's move is in the store
    click_cell(first, 5, 5)              # its save finds a newer copy: it asks instead
    wait_until(first, "!document.getElementById('save-notice').hidden", 5)
    assert "newer progress from another tab" in first.text_content("#save-notice")
    stored = json.loads(first.evaluate("k => localStorage.getItem(k)", KEY))
    assert stored_cells(stored)[13] == "2" and stored_cells(stored)[55] == "0"   # the second's move kept
    first.click("#save-load-newer")
    assert state(first)[1][:4] == "?###" and state(first)[5][5] == "?"
    assert first.is_hidden("#save-notice")

    # or the player keeps this tab's copy, on request only
    click_cell(second, 4, 1)
    wait_saved(first, 14)
    click_cell(first, 6, 6)
    wait_until(first, "!document.getElementById('save-notice').hidden", 5)
    first.click("#save-keep-mine")
    stored = json.loads(first.evaluate("k => localStorage.getItem(k)", KEY))
    assert stored_cells(stored)[66] == "2" and stored_cells(stored)[14] == "0"
