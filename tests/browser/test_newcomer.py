"""A newcomer's first ten minutes (issue 32), at 1280x800 with a mouse and at 390x844 with
touch: the guided first puzzle offered on the first visit and played to the end, the rules
one tap away, the win (the board locked, the picture, Next puzzle), a grid the solver filled
never counted as a win, a phone toolbar with nothing off-screen, no engine words in what a
player sees by default, and clue numbers crossed out before the engine is ready."""
import json
import re

import pytest
from playwright.sync_api import expect

from conftest import SITE
from helpers import (board_size, builtin, cell_center, cell_size, cell_words, click_cell, clue_ink, fill_rows, open_builtin,
                     open_site, solved, state, wait_board, wait_engine, wait_until)

DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
ENGINE_WORDS = re.compile(r"line solves|nodes|probes|budget|pysolver|clingo|propagation", re.I)
LEARN_KEY = "pysolver:learn:v1"

# The rules' solved example as drawn: the share of its canvas's pixels that are dark (shaded
# cells, numbers, pearls) or the loop's blue, overall and in a region [x0, y0, x1, y1] given
# as fractions of its width and height.
_EXAMPLE_INK = """([x0, y0, x1, y1]) => {
  const c = document.querySelector('#rules-body canvas.example-picture');
  const X0 = Math.floor(x0 * c.width), Y0 = Math.floor(y0 * c.height);
  const X1 = Math.ceil(x1 * c.width), Y1 = Math.ceil(y1 * c.height);
  const d = c.getContext('2d').getImageData(X0, Y0, X1 - X0, Y1 - Y0).data;
  let dark = 0, blue = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i] + d[i + 1] + d[i + 2] < 150) dark++;
    else if (d[i + 2] > 150 && d[i] < 90) blue++;
  }
  return { dark: dark / (d.length / 4), blue: blue / (d.length / 4) };
}"""


def example_ink(page, region=(0, 0, 1, 1)):
    """The rules example's ink ({dark, blue}: shares of its pixels) in `region` (fractions)."""
    return page.evaluate(_EXAMPLE_INK, list(region))


def tap(page, x, y):
    cx, cy = cell_center(page, x, y)
    page.touchscreen.tap(cx, cy)


def play_the_guide(page, touch, keys=False):
    """Follow the guide: the step it shows ("Step k of n"), its cells (the site's learn.json, the
    steps the guide outlines) filled or crossed as it says, those not done yet, until the win
    (`keys`: on the keyboard, the board focused, whose words the guide must then say)."""
    tutorial = json.loads((SITE / "learn.json").read_text())["tutorial"]
    steps, label = 0, None
    while not solved(page):
        label = page.text_content("#guide-step")
        m = re.fullmatch(r"Step (\d+) of (\d+)", label)
        assert m and int(m.group(2)) == len(tutorial["steps"]), label
        assert page.text_content("#guide-text").strip()
        # the whole step in view: none of its words scrolled below the box's fixed height (on a
        # phone the how-to of crossing, the step's last words, was cut off)
        assert page.evaluate("() => { const g = document.getElementById('guide'); return g.scrollHeight <= g.clientHeight; }"), \
            f"{label}: its words do not fit the guide's box"
        steps += 1
        assert steps < 40, "the guide does not advance"
        board = state(page)
        todo = [c for c in tutorial["steps"][int(m.group(1)) - 1]["cells"]
                if board[c["row"] - 1][c["column"] - 1] != ("." if c["value"] == "." else "#")]
        assert todo, f"{label} shows with nothing left to do"
        for c in todo:
            x, y = c["column"] - 1, c["row"] - 1
            if keys:  # to the cell from the first one, then its key, as the step says
                words = page.text_content("#guide-text")
                assert "click" not in words and ("Space fills" if c["value"] != "." else "X marks") in words, words
                page.keyboard.press("Control+Home")
                for key, n in (("ArrowRight", x), ("ArrowDown", y)):
                    for _ in range(n):
                        page.keyboard.press(key)
                page.keyboard.press("x" if c["value"] == "." else "Space")
            elif touch:  # the fill/cross toggle, as the guide says on a touch screen
                want = "Mode: cross" if c["value"] == "." else "Mode: fill"
                if page.text_content("#touch-mode") != want:
                    page.click("#touch-mode")
                tap(page, x, y)
            else:
                click_cell(page, x, y, button="right" if c["value"] == "." else "left")
        # the guide moves on (or the win card shows)
        page.wait_for_function("""label => document.querySelector('#guide-step').textContent !== label ||
            [...document.querySelectorAll('.win-card')].some((e) => !e.hidden)""", arg=label, timeout=10_000)
    n = len(tutorial["steps"])
    assert label == f"Step {n} of {n}", f"the win came at {label!r}"   # not "Step 8 of 9"
    return steps


def guided_first_puzzle(page, site_server, artifacts, touch, tag):
    open_site(page, site_server)
    # the offer is made before the page says it has booted: now or never
    assert page.is_visible("#guide-offer"), ("no guided puzzle offered on a first visit; the page's storage: "
                                             f"{page.evaluate('Object.keys(localStorage)')}")
    assert "New to nonograms?" in page.text_content("#guide-offer")
    offer, board = page.locator("#guide-offer").bounding_box(), page.locator("#board canvas.cells").bounding_box()
    assert offer["y"] + offer["height"] <= board["y"], (offer, board)  # above the board, on no cell
    page.screenshot(path=str(artifacts / f"newcomer-offer-{tag}.png"))
    page.click("#guide-start")
    page.wait_for_selector("#guide:not([hidden])")
    wait_board(page, 5)
    # the guide needs no engine: its steps were worked out at build time
    help_text = page.text_content("#guide-text")
    assert ("tap" in help_text) == touch and ("click" in help_text) == (not touch)
    steps = play_the_guide(page, touch)
    assert steps >= 5
    page.wait_for_selector("#win-card:not([hidden])")
    assert page.text_content("#win-heading") == "Solved!"
    assert "no hints" in page.text_content("#win-facts")
    assert page.is_hidden("#guide")
    page.screenshot(path=str(artifacts / f"newcomer-win-{tag}.png"))
    assert page.evaluate(f"localStorage.getItem('{LEARN_KEY}')") == "done"
    # once done, never offered again
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    page.wait_for_timeout(300)
    assert page.is_hidden("#guide-offer")


@pytest.mark.newcomer
@DESKTOP
def test_guided_first_puzzle_completes_with_a_mouse(page, site_server, artifacts):
    guided_first_puzzle(page, site_server, artifacts, touch=False, tag="desktop")


@pytest.mark.newcomer
@PHONE
def test_guided_first_puzzle_completes_by_touch(page, site_server, artifacts):
    guided_first_puzzle(page, site_server, artifacts, touch=True, tag="phone")


def answered_for_good(page):
    """The offer is gone, and a reload does not make it again."""
    assert page.is_hidden("#guide-offer")
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    page.wait_for_timeout(300)
    assert page.is_hidden("#guide-offer")


@pytest.mark.newcomer
def test_the_offer_skipped_is_not_made_again(page, site_server):
    open_site(page, site_server)
    page.wait_for_selector("#guide-offer:not([hidden])")
    page.click("#guide-no")
    answered_for_good(page)
    # one rules surface for every genre: a first Nurikabe offers its rules in the same place,
    # and How to play is the same dialog as the toolbar's ? button
    wait_engine(page)
    page.click("#nav-library")
    page.click("button.open-builtin[data-id='nurikabe-7x7-1']")
    expect(page.locator("#guide-offer")).to_contain_text("New to Nurikabe?", timeout=30_000)
    # a bar above the board: it covers none of the board's cells while it waits for an answer
    offer, board = page.locator("#guide-offer").bounding_box(), page.locator("#board canvas.cells").bounding_box()
    assert offer["y"] + offer["height"] <= board["y"], (offer, board)
    page.click("#guide-rules")
    expect(page.locator("#rules-title")).to_have_text("How to play Nurikabe")
    expect(page.get_by_role("img", name=re.compile("^A solved example Nurikabe, 7 by 7"))).to_be_visible()
    page.click(".rules-close")
    page.click("#nav-library")                   # answered: not offered again
    page.click("button.open-builtin[data-id='nurikabe-10x10-1']")
    expect(page.locator("#puzzle-title")).to_contain_text("Nurikabe 10×10", timeout=30_000)
    assert page.is_hidden("#guide-offer")
    page.click("#rules")
    expect(page.locator("#rules-title")).to_have_text("How to play Nurikabe")


@pytest.mark.newcomer
@PHONE
def test_an_offer_passed_by_is_not_made_over_every_puzzle(page, site_server):
    """A first visitor who opens other puzzles without answering the offer: it goes with the
    puzzle it was made over, for the rest of the visit (on the phone it pushed every board
    down a third of the screen), and a later visit asks again."""
    open_site(page, site_server)
    page.wait_for_selector("#guide-offer:not([hidden])")
    wait_engine(page)
    open_builtin(page, "qnonograms-94")
    assert page.is_hidden("#guide-offer")
    open_builtin(page, "bag-7x7-1")                  # a genre's first puzzle offers its rules
    expect(page.locator("#guide-offer")).to_contain_text("New to Bag?")
    open_builtin(page, "bag-10x10-1")
    assert page.is_hidden("#guide-offer")
    open_builtin(page, "bag-7x7-1")
    assert page.is_hidden("#guide-offer")
    open_builtin(page, "nurikabe-7x7-1")             # another genre's still comes, once
    expect(page.locator("#guide-offer")).to_contain_text("New to Nurikabe?")
    assert page.evaluate(f"localStorage.getItem('{LEARN_KEY}:bag')") is None   # not answered
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    wait_engine(page)
    open_builtin(page, "bag-10x10-1")
    expect(page.locator("#guide-offer")).to_contain_text("New to Bag?")


@pytest.mark.newcomer
def test_a_puzzle_won_answers_the_offer(page, site_server):
    """A first visitor who solves the puzzle on their own (the offer still up) is not
    offered the rules again: the bar went on pushing the board down after the win."""
    open_site(page, site_server)
    page.wait_for_selector("#guide-offer:not([hidden])")
    expect(page.locator("#puzzle-title")).to_have_text("Welcome heart")
    goal = builtin("welcome-heart")["goal"]
    fill_rows(page, [row.replace(".", "?") for row in goal])
    page.wait_for_selector("#win-card:not([hidden])")
    answered_for_good(page)


def test_win_locks_the_board_and_offers_the_next_puzzle(page, site_server):
    open_site(page, site_server)
    open_builtin(page, "welcome-heart")
    goal = builtin("welcome-heart")["goal"]               # the picture, from the site's own file
    fill_rows(page, [row.replace(".", "?") for row in goal])   # each run of it one stroke, nothing crossed
    page.wait_for_selector("#win-card:not([hidden])")
    assert page.text_content("#win-heading") == "Solved!"
    assert page.text_content("#win-title") == "Welcome heart"
    assert re.fullmatch(r"Time \d+:\d\d · no hints", page.text_content("#win-facts"))
    page.click("#win-close")
    before = state(page)
    click_cell(page, 0, 0)                                # locked: nothing changes
    click_cell(page, 1, 1, button="right")
    assert state(page) == before
    assert "locked" in page.text_content("#status")
    page.click("#undo")                                   # Undo still works, and unlocks
    assert not solved(page)
    page.click("#redo")
    page.wait_for_selector("#win-card:not([hidden])")
    assert page.is_visible("#win-new")                    # a new generated puzzle, one tap away too
    page.click("#win-next")
    page.wait_for_function("() => document.querySelector('#puzzle-title').textContent !== 'Welcome heart'", timeout=30_000)
    assert page.is_hidden("#win-card")


def test_a_solve_filled_board_is_not_a_win(page, site_server):
    open_site(page, site_server)
    open_builtin(page, "welcome-heart")
    wait_engine(page)
    page.click("#solve")
    page.wait_for_selector(".show-solution", timeout=60_000)
    page.click(".show-solution")
    page.wait_for_selector("#win-card:not([hidden])")
    assert page.text_content("#win-heading") == "Solved by the solver"
    assert page.text_content("#status") == "Solved by the solver."
    assert page.locator(".play-title .win").count() == 0  # the card says it: no second line under the title
    assert "Solved!" not in page.text_content("#win-card")   # not the player's win (the library says so too)
    page.click("#nav-library")
    card = page.locator(".lib-card[data-key='builtin:welcome-heart']")
    assert card.get_attribute("data-status") == "shown"
    assert card.locator(".lib-status").text_content() == "Solved by the solver"


def toolbar_outside(page, view):
    """Toolbar controls (and the More menu's, when open) not wholly inside the 390 px viewport."""
    return page.evaluate("""view => {
        const out = [];
        for (const e of document.querySelectorAll(`${view} .toolbar button, ${view} .toolbar .chip, ${view} .toolbar input`)) {
            const r = e.getBoundingClientRect();
            if (!r.width) continue;   // not shown (in the closed menu)
            if (r.left < 0 || r.right > window.innerWidth) out.push(e.id || e.textContent);
        }
        return out;
    }""", view)


@PHONE
def test_phone_help_toolbar_and_finger_sized_cells(page, site_server, artifacts):
    # 1. the help is for touch
    open_site(page, site_server)
    help_text = page.text_content("#view-play .help")
    assert "long press" in help_text and "Left click" not in help_text
    page.click("#rules")
    page.wait_for_selector("#rules-dialog[open]")
    assert "Tap fills" in page.text_content(".rules-help")
    page.click(".rules-close")
    # 2. the toolbar fits without sideways scrolling
    open_builtin(page, "tulip")                           # a colour puzzle: the palette too
    assert page.is_visible("#touch-mode") and page.is_visible("#palette button")
    assert toolbar_outside(page, "#view-play") == []
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    assert page.is_hidden("#zoom-fit")                    # in the menu
    page.click("#more")
    for sel in ("#clear", "#zoom-in", "#zoom-fit", "#share", "#export"):
        assert page.is_visible(sel), sel
    assert toolbar_outside(page, "#view-play") == []
    page.screenshot(path=str(artifacts / "newcomer-phone-menu.png"))
    page.click("#zoom-in")                                # a tool keeps the menu open
    assert page.is_visible("#zoom-fit")
    page.keyboard.press("Escape")
    page.mouse.click(5, 400)                              # a tap elsewhere closes it
    assert page.is_hidden("#zoom-fit")
    # a Nikoli puzzle's toolbar too
    page.goto(site_server.url + "#n=nurikabe/7/7/1j1k1k7g1t2i3i1g1j")
    page.wait_for_selector("#view-play:not([hidden])")
    assert toolbar_outside(page, "#view-play") == []
    page.click("#more")
    assert page.is_visible("#share")
    assert toolbar_outside(page, "#view-play") == []
    page.click("#more")                                   # folded again, for the next step
    assert page.is_hidden("#share")
    # 3. cells stay finger-sized and the board pans
    for pid in ("webpbn-6", "webpbn-36459"):              # 20x20 and 60x60
        open_builtin(page, pid)
        m = page.evaluate("""(() => { const r = document.querySelector('#board');
            return {rowW: r.querySelector('canvas.row-clues').getBoundingClientRect().width,
                    boxW: r.clientWidth, scrollW: r.scrollWidth}; })()""")
        m["cell"] = cell_size(page)
        assert m["cell"] >= 20, (pid, m)
        # clue numbers stay readable: digits at least 8 px tall (an 11 px font's)
        assert min(r["height"] for r in clue_ink(page) if r["runs"]) >= 8, pid
        assert m["rowW"] <= 0.4 * m["boxW"], (pid, m)        # the row clues leave the board most of the width
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    assert m["scrollW"] > m["boxW"]                          # the 60x60 pans inside its box
    # the 60x60's row clues take at most a third of the board's width, zoomed in too (as
    # drawn: the clue column's box against the board's); their numbers keep their size
    page.click("#more")
    for zoom in range(4):
        share = page.evaluate("""(() => { const w = (s) => document.querySelector(s).getBoundingClientRect().width;
            return [w('#board canvas.row-clues'), w('#board')]; })()""")
        assert share[0] <= share[1] / 3, (zoom, share)
        page.click("#zoom-in")
    page.keyboard.press("Escape")


def test_real_titles_and_no_engine_words_in_a_nonogram_or_a_nikoli_puzzle(page, site_server):
    # 1. built-in puzzles have real titles and no e-mail
    open_site(page, site_server)
    open_builtin(page, "jwilk-data000")                   # a .nin file has no title of its own
    assert page.text_content("#puzzle-title") == "Duck"
    open_builtin(page, "gnonograms-spade")
    assert "@" not in page.text_content("#puzzle-meta") and "Frederico Vera" in page.text_content("#puzzle-meta")
    # the head's line whole on hover too (a narrow head cuts a long author short)
    assert page.get_attribute("#puzzle-meta", "title") == page.text_content("#puzzle-meta")
    page.click("#nav-library")
    authors = page.evaluate("[...document.querySelectorAll('.lib-author')].map((e) => e.textContent).join(' ')")
    assert "@" not in authors
    titles = page.evaluate("[...document.querySelectorAll('.open-builtin')].map((e) => e.textContent)")
    assert not [t for t in titles if "Untitled" in t or re.search(r"data\d{3}", t)]
    # 2. no engine words in the default view of a nonogram
    open_builtin(page, "tulip")
    wait_engine(page)
    page.click("#hint")
    wait_until(page, "document.getElementById('hint-text').textContent.length > 10", 60)
    page.click("#hint")
    page.wait_for_timeout(300)
    page.select_option("#check-mode", "lines")
    wait_until(page, "document.getElementById('check-text').textContent.length > 0", 60)
    page.click("#solve")
    wait_until(page, "document.getElementById('solve-progress').textContent.startsWith('Result')", 120)
    # what the page shows, less the puzzle's credit line (this puzzle's author is "pysolver project")
    shown = page.evaluate("document.body.innerText").replace(page.inner_text("#puzzle-meta"), "")
    assert not ENGINE_WORDS.findall(shown), ENGINE_WORDS.findall(shown)
    # the detail is one tap away
    page.click("#solve-details summary")
    assert ENGINE_WORDS.search(page.evaluate("document.getElementById('solve-details').innerText"))
    page.click("#solve-details summary")         # folded again, for the next puzzle
    # 3. nor of a Nikoli puzzle
    page.goto(site_server.url + "#n=nurikabe/7/7/1j1k1k7g1t2i3i1g1j")
    page.wait_for_selector("#view-play:not([hidden])")
    expect(page.locator("#puzzle-meta")).to_contain_text("Nurikabe", timeout=30_000)
    for panel in ("#hint-text", "#check-text", "#solve-progress"):   # the nonogram's answers went with it
        expect(page.locator(panel), f"{panel} still shows the nonogram's answer").to_have_text("")
    wait_engine(page)
    page.click("#hint")
    wait_until(page, "document.getElementById('hint-text').textContent.startsWith('Look at')", 90)
    page.click("#hint")
    page.select_option("#check-mode", "rules")
    wait_until(page, "document.getElementById('check-text').textContent.length > 0", 60)
    page.click("#solve")
    page.wait_for_selector("#solve-progress:has-text('unique')", timeout=90_000)
    # less its credit line: a built-in, its link opens with its card's title, stars and credit
    assert page.text_content("#puzzle-title") == "Nurikabe 7×7 #1"
    shown = page.evaluate("document.body.innerText").replace(page.inner_text("#puzzle-meta"), "")
    assert not ENGINE_WORDS.findall(shown), ENGINE_WORDS.findall(shown)
    assert not re.search(r"\d\.\d\d s", shown)              # no machine-dependent time in plain view
    assert "s (clingo)" in page.text_content("#solve-details")


@DESKTOP
def test_before_the_engine_clues_crossed_out_and_rules_one_tap_away(page, site_server, artifacts):
    held = []
    page.route("**/pyodide/**", lambda route: held.append(route))      # the engine's files never come
    page.route("**/wheels/**", lambda route: held.append(route))
    open_site(page, site_server)
    # 1. clue numbers crossed out before the engine is ready
    open_builtin(page, "welcome-heart")
    assert page.get_attribute("#engine-status", "data-status") != "ready"
    width, _ = board_size(page)
    for x in range(width):                                 # row 4's clue is 10: fill it
        click_cell(page, x, 3)
    # the board says row 4's 10 is crossed out (drawn struck through, and in its words)
    assert "Row clue 10 (crossed out: 10), satisfied" in cell_words(page, 0, 3)
    # and every column whose one block it is not yet is left alone
    assert re.search(r"column clue [\d ]+, (not )?satisfied\.$", cell_words(page, 0, 3))
    assert page.get_attribute("#engine-status", "data-status") != "ready"
    # 2. the rules, one tap away, the engine still not there
    page.click("#rules")
    page.wait_for_selector("#rules-dialog[open]")
    assert page.text_content("#rules-title") == "How to play Nonogram"
    assert "runs of filled cells" in page.text_content("#rules-body")
    # the solved example, by the thumbnail painter: its name says what it shows; its pixels
    # show filled cells, row clues left of them, column clues above, a blank corner
    expect(page.get_by_role("img", name=re.compile(r"^A solved example nonogram, \d+ by \d+: row clues [\d ;]+; column clues"))).to_be_visible()
    assert example_ink(page)["dark"] > 0.12
    assert example_ink(page, (0, 0.4, 1 / 6, 1))["dark"] > 0.003       # row clue numbers
    assert example_ink(page, (0.4, 0, 1, 1 / 6))["dark"] > 0.003       # column clue numbers
    assert example_ink(page, (0, 0, 1 / 6, 1 / 6))["dark"] == 0        # the corner
    assert "Left click" in page.text_content(".rules-help")
    page.screenshot(path=str(artifacts / "newcomer-rules-desktop.png"))
    page.click(".rules-close")
    assert page.get_attribute("#engine-status", "data-status") != "ready"
    # every Nikoli genre's rules, from the same data, with its own picture by the same painter
    for family, title in (("nurikabe", "Nurikabe"), ("heyawake", "Heyawake"), ("masyu", "Masyu"), ("bag", "Bag")):
        page.evaluate("""f => Promise.all([import('./js/learn/rules.js'), import('./js/genres/nikoli/thumb.js')])
            .then(([m, t]) => m.showRules(f, { example: t.drawNikoliExample }))""", family)
        page.wait_for_selector("#rules-dialog[open]")
        assert page.locator("#rules-body li").count() >= 2
        expect(page.get_by_role("img", name=re.compile(f"^A solved example {title}, 7 by 7: "))).to_be_visible()
        ink = example_ink(page)
        if family == "masyu":
            assert ink["blue"] > 0.04 and ink["dark"] > 0.01, ink      # the loop, the black pearls
        else:
            assert ink["dark"] > 0.2, ink                                # the shaded cells
        page.evaluate("document.getElementById('rules-dialog').close()")
    # the guided puzzle from the rules, any time, with the engine still not there
    page.click("#rules")
    page.click("#rules-try")
    page.wait_for_selector("#guide:not([hidden])")
    assert page.text_content("#guide-step") == "Step 1 of " + str(page.evaluate(
        "fetch('learn.json').then((r) => r.json()).then((d) => d.tutorial.steps.length)"))
    assert page.get_attribute("#engine-status", "data-status") != "ready"
