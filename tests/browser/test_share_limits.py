"""Share links over the size policy (pysolver.limits, site/limits.json): a clear error at
once, before the page or the engine allocates anything for the puzzle (issue 15)."""
import base64
import json
import time
import zlib

import pytest

from pysolver import limits

from helpers import state, wait_until

pytestmark = [pytest.mark.browser]


def link(text: str) -> str:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)  # deflate-raw, as share.js writes it
    data = c.compress(text.encode()) + c.flush()
    return "p=" + base64.urlsafe_b64encode(data).decode().rstrip("=")


def empty(side: int) -> str:
    return json.dumps({"format": "pysolver", "version": 1, "rows": [[]] * side,
                       "columns": [[]] * side}, separators=(",", ":"))


def open_error(page, server, fragment, expected):
    """Open the link: a page load on a new tab, else a change of the address's fragment."""
    start = time.monotonic()
    page.goto(server.url + "#" + fragment)
    page.wait_for_selector("html[data-booted=true]")
    wait_until(page, f"document.querySelector('#open-error').textContent.includes({json.dumps(expected)})", 60)
    assert page.evaluate("1 + 1") == 2  # the tab answers
    return time.monotonic() - start


def test_huge_and_bomb_links_get_a_clear_error_and_the_limits_are_checked(page, site_server):
    # 1. huge empty puzzles: the first link opens with the page (a load), the second in the
    # same tab (the address's fragment changed), each refused at once
    for side in (10000, 30000):
        fragment = link(empty(side))
        assert len(fragment) < 400  # the probe's 179-character link for 10000x10000
        open_error(page, site_server, fragment,
                   f"{side}×{side}: the limit is {limits.MAX_SIDE} cells a side")
        text = page.text_content("#open-error")
        assert "Invalid array length" not in text
        page.click("#nav-play")  # Play still has its start puzzle
        assert state(page) == ["?" * 10] * 10
    # 2. a link that unpacks past the cap is stopped
    bomb = '{"rows":[[1]],"columns":[[1]]' + " " * (limits.MAX_FILE_BYTES + 1024) + "}"
    fragment = link(bomb)
    assert len(fragment) < 40_000
    open_error(page, site_server, fragment,
               f"larger than the limit of {limits.MAX_FILE_BYTES / 1048576:g} MB once unpacked")
    # 3. the link's length and cells are checked against the limits given
    small = {"max_side": 30, "max_cells": 100, "max_file_bytes": 5000}
    check = """async ([fragment, lim]) => {
      const m = await import("./js/shell/share.js");
      try { return await m.decodeShare(fragment, lim); } catch (e) { return "error: " + e.message; }
    }"""
    assert page.evaluate(check, ["p=" + "A" * 5001, small]) == \
        "error: this share link is too long (5001 characters; the limit is 5000)"
    assert page.evaluate(check, [link(empty(11)), small]) == \
        "error: this share link's puzzle has 121 cells: the limit is 100"
    goal = json.dumps({"goal": ["." * 31]})
    assert page.evaluate(check, [link(goal), small]) == \
        "error: this share link's puzzle is 31×1: the limit is 30 cells a side"
    assert page.evaluate(check, [link(empty(10)), small]) == empty(10)
    # the site's own limits are pysolver's
    assert page.evaluate("fetch('limits.json').then(r => r.json())") == limits.as_dict()
