"""The ready-made expert puzzles in the site's New puzzle (web/js/endless/ready-made.js; the pool
is web/puzzles/pool/, made offline): the kinds it lists are offered at expert, Make opens
one the player has not opened yet at once (the engine makes nothing), its link opens the
same puzzle in another browser, and once all are played Make says, before the wait, that
it makes a new one. Expectations come from the pool's files in the repository (its kinds,
entries, titles, clues); waits follow the page's texts and state."""
import json
import re

import pytest

from conftest import ROOT
from helpers import clues, new_player, open_site, page_hook, title_shown
from test_endless import clue_words, shown_recipe

POOL = ROOT / "web" / "puzzles" / "pool"
OPENED_KEY = "pysolver:pool-opened"
PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)


def pool_kinds():
    """The kinds web/puzzles/pool/index.json lists (the pool is part of the site)."""
    assert (POOL / "index.json").is_file(), "web/puzzles/pool/index.json is missing: the ready-made puzzles are part of the site"
    return json.loads((POOL / "index.json").read_text())["kinds"]


def made(kind):
    return json.loads((POOL / kind["file"]).read_text())["made"]


MADE_HERE = (10, 15, 20, 25)  # black-and-white expert sizes made in the page (daily.js EXPERT_SIZES)


def expert_sizes():
    """The sizes New puzzle offers at expert: those made quickly in the page, and the pool's."""
    return sorted(set(MADE_HERE) | {k["size"] for k in pool_kinds()})


def colour_kind():
    kinds = [k for k in pool_kinds() if k["colours"] > 1]
    if not kinds:
        pytest.skip("the pool has no colour expert kind")
    return kinds[0]


def count_makes(page):
    """From now on the page counts the puzzles it makes (window.__makes: their recipes)."""
    page_hook(page, """(() => {
      const endless = app.endless, generate = endless.generate;
      window.__makes = [];
      endless.generate = function (recipe, ...rest) { window.__makes.push(recipe); return generate.call(this, recipe, ...rest); };
    })()""")


def makes(page):
    return page.evaluate("() => window.__makes")


def choose(page, kind):
    """Puzzles, New puzzle: expert, the kind's size and colours (each option waits for the
    pool's index to offer it), then its line saying how many are left."""
    page.click("#nav-library")
    page.select_option("#np-level", "expert")
    page.select_option("#np-size", str(kind["size"]))
    if page.is_visible("#np-colours") or kind["colours"] > 1:
        page.select_option("#np-colours", str(kind["colours"]))
    page.wait_for_function("() => /ready-made/.test(document.querySelector('#np-pool').textContent)")


def shown_entry(page, kind):
    """The pool's entry of the puzzle on screen (its title is the entry's), once it shows."""
    size = kind["size"]
    page.wait_for_function(f"() => /^Expert {size}×{size} #\\d+$/.test(document.querySelector('#puzzle-title')?.textContent || '')")
    by_title = {e["puzzle"]["title"]: e for e in made(kind)}
    return by_title[page.text_content("#puzzle-title")]


def same_as(page, entry):
    """The puzzle on screen is the entry: its clues (colours named), its palette, its stars."""
    puzzle = entry["puzzle"]
    assert clues(page) == clue_words(puzzle)
    if len(puzzle["colors"]) > 2:
        assert page.locator("#palette button").count() == len(puzzle["colors"]) - 1   # every colour but the background
    stars = "★" * entry["stars"] + "☆" * (5 - entry["stars"])
    assert f"difficulty {stars}" in page.text_content("#puzzle-meta")


def test_expert_offers_the_pools_kinds_and_no_more(page, site_server):
    kinds = pool_kinds()
    open_site(page, site_server)
    page.click("#nav-library")
    page.select_option("#np-level", "expert")
    want = [f"{n}×{n}" for n in expert_sizes()]
    page.wait_for_function("(want) => [...document.querySelectorAll('#np-size option')].map(o => o.textContent).join() === want.join()", arg=want)
    for size in expert_sizes():
        page.select_option("#np-size", str(size))
        offered = [int(v) for v in page.eval_on_selector_all("#np-colours option", "os => os.map(o => o.value)")]
        expected = sorted(({1} if size in MADE_HERE else set()) | {k["colours"] for k in kinds if k["size"] == size})
        assert offered == expected, size
        assert page.is_hidden("#np-colours") == (offered == [1])   # black and white only: no choice to show
        pooled = any(k["size"] == size and k["colours"] == offered[0] for k in kinds)
        if pooled:   # the first count offered is ready-made: its line says how many are left
            page.wait_for_function("() => /ready-made/.test(document.querySelector('#np-pool').textContent)")
        else:
            assert page.text_content("#np-pool") == ""
    # a remembered choice of a ready-made kind is offered again on the next visit
    big = max(kinds, key=lambda k: (k["size"], k["colours"]))
    choose(page, big)
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    page.click("#nav-library")
    page.wait_for_function("(v) => document.querySelector('#np-size').value === v", arg=str(big["size"]))
    assert [page.input_value(s) for s in ("#np-size", "#np-colours", "#np-level")] == [str(big["size"]), str(big["colours"]), "expert"]


def test_without_the_pools_index_the_form_offers_what_is_made_here(page, site_server):
    """Offline on a first visit, or the index not served: today's offer, no error shown."""
    page.route(re.compile(r"/puzzles/pool/index\.json$"), lambda route: route.fulfill(status=404, body="not here"))
    with page.expect_console_message(lambda m: m.type == "warning" and "ready-made" in m.text):
        open_site(page, site_server)
        page.click("#nav-library")
    page.select_option("#np-level", "expert")
    assert page.eval_on_selector_all("#np-size option", "os => os.map(o => o.textContent)") == [
        f"{n}×{n}" for n in MADE_HERE]
    assert page.is_hidden("#np-colours")
    assert page.text_content("#np-pool") == "" and page.text_content("#open-error") == ""


def test_a_ready_made_colour_expert_opens_at_once_and_its_link_is_the_same_puzzle(page, site_server, artifacts):
    kind = colour_kind()
    n = len(made(kind))
    page.set_viewport_size({"width": 1280, "height": 800})
    open_site(page, site_server)
    count_makes(page)
    choose(page, kind)
    assert page.text_content("#np-pool") == f"{n} of {n} ready-made puzzle{'s' if n > 1 else ''} left"
    page.screenshot(path=str(artifacts / "endless-pool-form-1280.png"))
    page.click("#np-make")
    entry = shown_entry(page, kind)
    assert makes(page) == []                       # nothing made: the ready-made one, at once
    assert page.is_visible("#view-play")
    same_as(page, entry)
    assert page.locator("#palette button").count() == kind["colours"]
    assert shown_recipe(page) == entry["recipe"]   # its link is its recipe
    page.keyboard.press("Escape")
    page.screenshot(path=str(artifacts / "endless-pool-puzzle-1280.png"))
    page.click("#nav-library")
    if n > 1:
        assert page.text_content("#np-pool") == f"{n - 1} of {n} ready-made puzzles left"
    # another player opens the link: the same puzzle, from the pool too
    new_player(page)
    open_site(page, site_server)
    count_makes(page)
    page.evaluate("(recipe) => { location.hash = '#g=' + recipe; }", entry["recipe"])
    title_shown(page, entry["puzzle"]["title"])
    same_as(page, entry)
    assert makes(page) == []
    assert shown_recipe(page) == entry["recipe"]
    choose(page, kind)                             # and it counts as opened there
    if n > 1:
        assert page.text_content("#np-pool") == f"{n - 1} of {n} ready-made puzzles left"


def test_the_last_ready_made_one_then_a_new_one_with_a_warning(page, site_server, artifacts):
    kind = pool_kinds()[0]
    entries = made(kind)
    n = len(entries)
    open_site(page, site_server)
    # the player has opened all but the last one (on another visit)
    page.evaluate("([key, recipes]) => localStorage.setItem(key, JSON.stringify({ recipes }))",
                  [OPENED_KEY, [e["recipe"] for e in entries[:-1]]])
    count_makes(page)
    choose(page, kind)
    assert page.text_content("#np-pool") == f"1 of {n} ready-made puzzle{'s' if n > 1 else ''} left"
    page.click("#np-make")
    assert shown_entry(page, kind)["recipe"] == entries[-1]["recipe"]
    assert makes(page) == []
    page.click("#nav-library")
    played = f"You have played all {n} ready-made"
    assert page.text_content("#np-pool").startswith(played)
    page.click("#np-make")                         # all played: a new one is made here, said before the wait
    page.wait_for_function("() => document.querySelector('#np-make').textContent === 'Cancel'")
    assert page.text_content("#np-status").startswith(
        f"You have played all {n} ready-made expert puzzle{'s' if n > 1 else ''} of this kind: making a new one, "
        "which can take a few minutes on this device…")
    assert page.is_hidden("#np-pool")              # the status alone says it
    page.locator("#new-puzzle").screenshot(path=str(artifacts / "endless-pool-making-new.png"))
    recipe = makes(page)[0]                        # a seed past the pool's
    prefix = f"nonogram:{kind['size']}x{kind['size']}:{kind['colours']}:expert:"
    last = max(int(e["recipe"].rsplit(":", 1)[1]) for e in entries)
    assert recipe.startswith(prefix) and int(recipe.removeprefix(prefix)) > last, recipe
    page.click("#np-make")
    page.wait_for_function("() => document.querySelector('#np-status').textContent === 'Stopped: no puzzle made.'")
    assert page.text_content("#np-make") == "Make a puzzle"
    assert page.is_visible("#np-pool") and page.text_content("#np-pool").startswith(played)


def test_a_damaged_kind_file_falls_back_to_making_one(page, site_server):
    kind = pool_kinds()[0]
    page.route(re.compile(re.escape("/puzzles/pool/" + kind["file"]) + "$"),
               lambda route: route.fulfill(status=200, content_type="application/json", body="<html>oops</html>"))
    open_site(page, site_server)
    count_makes(page)
    page.click("#nav-library")
    page.select_option("#np-level", "expert")
    page.select_option("#np-size", str(kind["size"]))
    if kind["colours"] > 1 or page.is_visible("#np-colours"):
        page.select_option("#np-colours", str(kind["colours"]))
    page.click("#np-make")
    page.wait_for_function("() => document.querySelector('#np-make').textContent === 'Cancel'")
    size = kind["size"]
    assert page.text_content("#np-status").startswith(
        f"Making an expert {size}×{size} puzzle, which can take a few minutes on this device…")
    assert page.text_content("#np-pool") == ""     # no count said for a kind that could not be read
    assert makes(page)[0].startswith(f"nonogram:{size}x{size}:{kind['colours']}:expert:")
    page.click("#np-make")
    page.wait_for_function("() => document.querySelector('#np-status').textContent === 'Stopped: no puzzle made.'")
    assert page.text_content("#open-error") == ""


def test_a_slow_expert_link_outside_the_pool_says_it_can_take_minutes(page, site_server):
    kind = pool_kinds()[0]
    last = max(int(e["recipe"].rsplit(":", 1)[1]) for e in made(kind))
    recipe = f"nonogram:{kind['size']}x{kind['size']}:{kind['colours']}:expert:{last + 1000}"   # not ready-made
    open_site(page, site_server)
    count_makes(page)
    page.evaluate("(recipe) => { location.hash = '#g=' + recipe; }", recipe)
    page.wait_for_function("() => document.querySelector('#np-make').textContent === 'Cancel'")
    assert page.text_content("#np-status").startswith(
        "Making the puzzle of the link you opened, which can take a few minutes on this device…")
    assert makes(page) == [recipe]
    page.click("#np-make")
    page.wait_for_function("() => document.querySelector('#np-status').textContent === 'Stopped: no puzzle made.'")


@PHONE
def test_on_a_phone_the_form_and_the_ready_made_puzzle_fit(page, site_server, artifacts):
    kind = colour_kind() if any(k["colours"] > 1 for k in pool_kinds()) else pool_kinds()[0]
    entries = made(kind)
    open_site(page, site_server)
    page.evaluate("([key, recipes]) => localStorage.setItem(key, JSON.stringify({ recipes }))",
                  [OPENED_KEY, [e["recipe"] for e in entries]])   # all played: the longest line
    choose(page, kind)
    page.locator("#new-puzzle").scroll_into_view_if_needed()
    fits = "() => document.documentElement.scrollWidth <= window.innerWidth"
    assert page.evaluate(fits)
    box = page.locator("#np-pool").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.screenshot(path=str(artifacts / "endless-pool-form-390.png"))
    page.evaluate("localStorage.removeItem('pysolver:pool-opened')")
    choose(page, kind)
    page.locator("#new-puzzle").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "endless-pool-form-left-390.png"))
    page.click("#np-make")
    shown_entry(page, kind)
    assert page.evaluate(fits)
    page.screenshot(path=str(artifacts / "endless-pool-puzzle-390.png"))


def test_the_pool_is_precached_for_offline_play():
    """A ready-made puzzle's link opens offline too: the service worker precaches the index
    and every kind's file (as every file of the site)."""
    from conftest import SITE
    if not (SITE / "sw.js").is_file():
        pytest.skip("site/ is not built")
    build = json.loads(re.search(r"const BUILD = (\{.*?\});", (SITE / "sw.js").read_text()).group(1))
    needed = {"puzzles/pool/index.json"} | {"puzzles/pool/" + k["file"] for k in pool_kinds()}
    assert needed <= {path for path, _ in build["precache"]}
