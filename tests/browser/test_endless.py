"""Endless puzzles in the real site (web/js/endless/): New puzzle, the daily puzzle,
recipe links, stars on every card. Every wait follows the page's own state (the game
the page shows, the texts it writes), never a guess at how long generating takes."""
import json
import re

import pytest

from conftest import ENGINE_TIMEOUT
from helpers import (board_size, clues, engine_call, fill_rows, hold_next_answer, new_player, open_builtin, open_site, page_hook, solved,
                     title_shown, wait_board, wait_engine, wait_view)
from pysolver import api


def shown_link(page):
    """The Share link's fragment of the generated puzzle on screen ("<recipe>~<mark>")."""
    page.click("#share")
    page.wait_for_function("() => (document.querySelector('#share-url') || {}).value?.includes('#g=')")
    return page.input_value("#share-url").split("#g=", 1)[1]


def shown_recipe(page):
    """The recipe of the generated puzzle on screen, as its Share link carries it
    ("#g=<recipe>~<the puzzle's mark>")."""
    recipe, mark = shown_link(page).split("~")
    assert re.fullmatch(r"[0-9a-z]{7}", mark), mark
    return recipe


def wait_game(page, title, prefix):
    """Wait for the generated puzzle titled `title` (a regular expression) to show; its key
    ("gen:<recipe>", the recipe its Share link carries) starts with `prefix`."""
    page.locator("#puzzle-title", has_text=re.compile(title)).wait_for(timeout=ENGINE_TIMEOUT)
    key = "gen:" + shown_recipe(page)
    assert key.startswith(prefix), key
    return key


def cpython(recipe):
    return api.task("nonogram", "generate", {"recipe": recipe})["result"]


def clue_words(dict_):
    """A puzzle dict's clues as the board says them ("2 red 1 blue"; "0" for none)."""
    names = {c["char"]: c["name"] for c in dict_["colors"]}
    colour = len(dict_["colors"]) > 2

    def say(clue):  # a block is n (black and white) or [n, colour char]
        return " ".join(f"{b[0]} {names[b[1]]}" if colour else str(b if isinstance(b, int) else b[0])
                        for b in clue) or "0"
    return [say(c) for c in dict_["rows"]], [say(c) for c in dict_["columns"]]


def same_puzzle(page, recipe):
    """The puzzle on screen is the one CPython makes from the recipe: its size, its clues
    (colours named) and its palette's colours."""
    ref = cpython(recipe)["puzzle"]
    assert board_size(page) == (ref["width"], ref["height"])
    assert clues(page) == clue_words(ref)
    if len(ref["colors"]) > 2:
        assert page.locator("#palette button").count() == len(ref["colors"]) - 1   # every colour but the background


def test_worker_and_cpython_make_byte_identical_puzzles(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    for recipe in ("nonogram:10x10:1:medium:7", "nonogram:8x12:3:easy:123456789"):
        made = engine_call(page, "task", {"genre": "nonogram", "task": "generate", "args": {"recipe": recipe}})
        ref = cpython(recipe)["puzzle"]
        assert json.dumps(made["result"]["puzzle"], sort_keys=True) == json.dumps(ref, sort_keys=True)


def test_new_puzzle_opens_a_generated_puzzle_and_remembers_the_choice(page, site_server, artifacts):
    open_site(page, site_server)
    page.click("#play-new-puzzle")                    # reachable from Play
    assert page.is_visible("#new-puzzle")
    page.select_option("#np-size", "10")
    page.select_option("#np-colours", "2")
    page.select_option("#np-level", "easy")
    page.click("#np-make")
    assert ("Making an easy 10×10 puzzle" in page.text_content("#np-status")
            or page.text_content("#np-status").startswith("Made: Easy 10×10 #"))
    key = wait_game(page, "^Easy 10×10 #", "gen:nonogram:10x10:2:easy:")   # its share link is its recipe
    assert page.is_visible("#view-play")
    assert page.text_content("#puzzle-title") == "Easy 10×10 #" + key.rsplit(":", 1)[1]
    same_puzzle(page, key.removeprefix("gen:"))
    page.screenshot(path=str(artifacts / "endless-generated-1280.png"))

    page.reload()                                     # the choice is remembered
    page.wait_for_selector("html[data-booted=true]")
    page.click("#nav-library")
    assert [page.input_value(s) for s in ("#np-genre", "#np-size", "#np-colours", "#np-level")] == \
        ["nonogram", "10", "2", "easy"]
    # the puzzle played is in the library with its stars
    card = page.locator(f"#library-cards li[data-key='{key}']")
    assert re.fullmatch("★+☆*", card.locator(".lib-stars").text_content())
    assert "made by New puzzle" in card.get_attribute("title")
    # a level not made at the size chosen: the control moves the size, and says so
    page.select_option("#np-size", "5")
    assert page.text_content("#np-status") == ""
    page.select_option("#np-level", "expert")
    assert page.input_value("#np-size") == "10"
    assert page.text_content("#np-status") == "With that choice the size is 10×10 (5×5 is not offered)."


def test_new_puzzle_cancel_keeps_the_page_working(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    page.click("#nav-library")
    page.select_option("#np-size", "25")
    page.select_option("#np-level", "hard")
    hold_next_answer(page, "generate")  # still making when Cancel is clicked, however fast
    page.click("#np-make")
    page.wait_for_function("() => document.querySelector('#np-make').textContent === 'Cancel'")
    page.click("#np-make")
    page.wait_for_function("() => document.querySelector('#np-status').textContent.startsWith('Stopped')")
    assert page.text_content("#np-make") == "Make a puzzle"
    page.select_option("#np-size", "5")
    assert page.text_content("#np-status") == ""   # the words were about the choice before
    page.select_option("#np-level", "easy")
    page.click("#np-make")
    wait_game(page, "^Easy 5×5 #", "gen:nonogram:5x5:1:easy:")


def test_a_recipe_link_opens_the_same_puzzle(page, site_server):
    recipe = "nonogram:10x10:1:medium:987654321"  # New puzzle's seeds have up to 9 digits
    open_site(page, site_server, "#g=" + recipe)
    assert wait_game(page, "^Medium 10×10 #987654321$", "gen:" + recipe) == "gen:" + recipe
    same_puzzle(page, recipe)
    # the whole title shows in the play head beside the toolbar (1280 px), and on hover
    assert page.evaluate("() => { const h = document.querySelector('#puzzle-title');"
                         " return h.scrollWidth <= h.clientWidth && h.title === h.textContent; }")


OTHER_PUZZLE = "shared from an earlier version of the puzzle maker"


def test_a_link_from_an_earlier_generator_says_its_puzzle_changed(page, site_server):
    """A recipe link carries its puzzle's mark: where the recipe now makes another puzzle
    (a later generator), the player is told; with the right mark, or none (older links),
    nothing is said."""
    recipe = "nonogram:10x10:1:easy:424242"
    open_site(page, site_server, "#g=" + recipe)
    wait_game(page, "^Easy 10×10 #424242$", "gen:" + recipe)
    link = shown_link(page)
    assert link.startswith(recipe + "~")
    for fragment, told in ((link, False), (recipe + "~0000000", True), (recipe, False)):
        new_player(page)
        open_site(page, site_server, "#g=" + fragment)
        assert page_hook(page, "(async () => { while (!app.endless.opening) await new Promise((r) => setTimeout(r, 50));"
                               " return app.endless.opening.then(() => true); })()")   # the link's puzzle is open
        title_shown(page, "Easy 10×10 #424242")
        same_puzzle(page, recipe)
        notice = page.locator("#open-notice")
        assert notice.is_visible() == told and (OTHER_PUZZLE in notice.text_content()) == told, fragment
        if told:   # it is about that puzzle: gone when another opens
            open_builtin(page, "welcome-heart")
            assert not notice.is_visible()


@pytest.mark.parametrize("link,words", [
    ("#g=nonogram:9999x10:1:easy:1", "the width must be a whole number from 5 to 60, not 9999"),
    ("#g=nonogram:10x10:1:expertish:1", "the level must be one of easy, medium, hard, expert"),
    ("#g=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "is not a puzzle recipe"),
    ("#g=nonogram:10x10:1:easy:42~zzz", "this share link is damaged ('nonogram:10x10:1:easy:42~zzz' is not"),
    ("#g=%E0%A4%A", "damaged"),
    ("#g=" + "9" * 5000, "far too long"),
    # a recipe that makes nothing: the engine's advice, without its counts
    ("#g=nonogram:5x5:1:expert:1", "that link's recipe makes no puzzle; try a larger size or another "
     "level: a board smaller than 8x8 almost never has a unique puzzle"),
])
def test_a_bad_recipe_gets_a_plain_message(page, site_server, link, words):
    open_site(page, site_server, link)
    page.wait_for_function("() => document.querySelector('#open-error').textContent", timeout=ENGINE_TIMEOUT)
    assert words in page.text_content("#open-error")
    assert "attempts" not in page.text_content("#open-error")   # the engine's counts stay out
    assert page.locator("#open-error img").count() == 0   # text, never HTML
    page.click("button.open-builtin[data-id='welcome-heart']")   # the page keeps working
    title_shown(page, "Welcome heart")


FAKE_DATE = """when => {
    const Real = Date, fixed = new Real(when).getTime();
    globalThis.Date = class extends Real {
        constructor(...a) { if (a.length) super(...a); else super(fixed); }
        static now() { return fixed; }
    };
}"""


def fix_date(page, when):
    """The page's clock shows `when` (local time) by an init script, which the warm page's
    fixture removes after the test (Playwright's clock would stay installed on the next
    test's page). A later call wins."""
    page.add_init_script(f"({FAKE_DATE})({json.dumps(when)});")


def daily_key(page, server, when):
    """The game key of the daily puzzle on the date of `when` (its seed is the date's)."""
    fix_date(page, when)
    open_site(page, server)
    page.click("#nav-library")
    page.click("#daily-open")
    day = when[:10].replace("-", "")
    key = wait_game(page, "^Daily puzzle, ", "gen:nonogram:")
    assert re.search(f":{day}\\d$", key), key
    return key


def test_the_daily_puzzle_is_everyones_on_a_date_and_changes_the_next_day(page, site_server, artifacts):
    thursday = "2026-11-26T10:00:00"
    first = daily_key(page, site_server, thursday)
    assert first.startswith("gen:nonogram:10x10:1:medium:2026112")   # a Thursday: medium
    title = page.text_content("#puzzle-title")
    assert title.startswith("Daily puzzle, ") and "26" in title and "Nov" in title
    shown = clues(page)
    new_player(page)                                  # another player, later that day
    assert daily_key(page, site_server, "2026-11-26T23:30:00") == first
    assert clues(page) == shown
    head = re.search("difficulty (★+☆*)", page.text_content("#puzzle-meta")).group(1)
    page.click("#nav-library")
    assert "Thursday" in page.text_content("#daily-info")
    # made: the card says the puzzle's stars, as its head does, not the recipe's "medium"
    assert page.text_content("#daily-info").endswith(f" · difficulty {head}")
    assert page.text_content("#daily-status") == "Not played yet"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(artifacts / "endless-library-1280.png"))
    nxt = daily_key(page, site_server, "2026-11-27T08:00:00")   # the next day (a Friday)
    assert nxt != first and nxt.startswith("gen:nonogram:10x10:1:medium:2026112")


def test_solving_the_daily_puzzle_starts_a_streak(page, site_server):
    key = daily_key(page, site_server, "2026-11-26T10:00:00")
    # the player fills the picture (the goal CPython makes from the same recipe), a stroke a run
    goal = cpython(key.removeprefix("gen:"))["puzzle"]["goal"]
    fill_rows(page, [row.replace(".", "?") for row in goal])
    page.wait_for_function("() => [...document.querySelectorAll('.win-card')].some((e) => !e.hidden)")
    assert solved(page)
    assert page.text_content("#win-notes") == "Streak: 1 day in a row solved"   # said on the win card too
    page.click("#win-close")
    page.click("#nav-library")
    assert page.text_content("#daily-streak") == "Streak: 1 day in a row solved"
    assert page.text_content("#daily-status").startswith("Solved")
    # yesterday's, solved by the Solve panel's solution: no win, so no day added to the streak
    page.click("#daily-yesterday")
    wait_game(page, "^Daily puzzle, ", "gen:nonogram:")
    page.click("#solve")
    page.click("#solve-result .show-solution")
    page.wait_for_selector("#win-card:not([hidden])")
    assert page.text_content("#win-heading") == "Solved by the solver" and page.is_hidden("#win-notes")
    page.click("#win-close")
    page.click("#nav-library")
    assert page.text_content("#daily-streak") == "Streak: 1 day in a row solved"


def test_stars_on_every_card(page, site_server, artifacts):
    open_site(page, site_server)
    page.click("#nav-library")
    page.wait_for_function("() => document.querySelectorAll('#library-cards .lib-card').length > 30")
    page.wait_for_function("() => [...document.querySelectorAll('#library-cards li')].some(li => li.dataset.genre !== 'nonogram')")
    stars = page.eval_on_selector_all("#library-cards .lib-stars", "ps => ps.map(p => p.textContent)")
    assert stars and all(re.fullmatch("★+☆*", s) and len(s) == 5 for s in stars)
    page.select_option("#lib-sort", "difficulty")
    first = page.eval_on_selector_all("#library-cards .lib-meta", "ps => ps.slice(0, 5).map(p => p.textContent)")
    assert all(max(map(int, m.split(" ")[0].split("×"))) <= 15 for m in first), first
    page.select_option("#lib-stars", "2")            # one tier
    tier = page.eval_on_selector_all("#library-cards .lib-stars", "ps => ps.map(p => p.textContent)")
    assert tier and set(tier) == {"★★☆☆☆"} and len(tier) < len(stars)
    page.click("#library-cards .lib-card[data-genre=nonogram] button.open-builtin")   # a built-in nonogram of that tier
    wait_view(page, "play")
    page.wait_for_function("() => /difficulty/.test(document.getElementById('puzzle-meta').textContent)")
    assert "difficulty ★★☆☆☆" in page.text_content("#puzzle-meta")   # the card's stars in the play head
    page.click("#nav-library")
    page.select_option("#lib-stars", "all")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "endless-library-390.png"))


def test_new_puzzle_makes_a_nikoli_puzzle_through_the_same_control(page, site_server):
    open_site(page, site_server)
    page.click("#nav-library")
    page.select_option("#np-genre", "nurikabe")
    assert page.is_visible("#np-level") and page.is_hidden("#np-colours")   # levels as a nonogram's, no colours
    page.select_option("#np-genre", "bag")   # the levels the page makes quickly, per genre and size
    assert page.eval_on_selector_all("#np-level option", "os => os.map(o => o.textContent)") == ["Easy", "Expert"]
    page.select_option("#np-genre", "nurikabe")
    page.select_option("#np-size", "5")
    page.select_option("#np-level", "hard")
    page.click("#np-make")
    wait_view(page, "play", timeout=ENGINE_TIMEOUT)  # the one play route
    assert page.text_content("#np-status").startswith("Made: Hard Nurikabe 5×5 #")
    wait_board(page, 5, 5)
    assert page.text_content("#puzzle-title").startswith("Hard Nurikabe 5×5 #")
    head = re.search("difficulty (★+☆*)", page.text_content("#puzzle-meta"))   # the head's stars
    assert page.text_content("#puzzle-meta") == f"Nurikabe · 5×5 · difficulty {head.group(1)}"   # no "made by New puzzle" credit
    page.click("#nav-library")   # remembered, and the puzzle is a card with its stars
    assert page.input_value("#np-genre") == "nurikabe" and page.input_value("#np-level") == "hard"
    stars = page.eval_on_selector_all("#library-cards li[data-genre=nurikabe]", "ls => ls.filter(l => l.title === 'made by New puzzle').map(l => l.querySelector('.lib-stars').textContent)")
    assert len(stars) == 1 and re.fullmatch("★+☆*", stars[0])
    assert head and head.group(1) == stars[0]   # the same stars in the play head and on the card
