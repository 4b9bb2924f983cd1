"""A player with a keyboard only (no mouse): after every action the focus is somewhere they can
go on from (the board, the control they used, the one that stops a run), never left on the
page's body, where the next Tab starts again from the top of the page; every card and dialog
closes with Escape."""
import re

import pytest
from playwright.sync_api import expect

from helpers import builtin, editor_cursor, open_builtin, open_site, wait_engine
from test_engine_ui import use_pysolver

FOCUSED = "(() => { const e = document.activeElement; return e === document.body ? 'body' : e.id || e.className; })()"


def focused(page):
    return page.evaluate(FOCUSED)


def play_by_keyboard(page, goal):
    """From the grid's first cell: Space fills each '#' of `goal`, the arrows walk the rows."""
    for r, row in enumerate(goal):
        for c, ch in enumerate(row):
            if ch == "#":
                page.keyboard.press("Space")
            page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        for _ in row:
            page.keyboard.press("ArrowLeft")


def test_the_win_card_closes_with_escape_and_gives_the_focus_back_to_the_board(page, site_server):
    open_site(page, site_server)
    assert focused(page) == "aria-grid"
    play_by_keyboard(page, list(builtin("welcome-heart")["goal"]))
    page.wait_for_selector("#win-card:not([hidden])")
    assert focused(page) == "win-next"
    page.keyboard.press("Escape")                          # closes, as every dialog does
    expect(page.locator("#win-card")).to_be_hidden()
    assert focused(page) == "aria-grid"                    # back on the board, not on the page
    page.keyboard.press("Control+z")                       # the last fill taken back and made again
    page.keyboard.press("Control+y")
    page.wait_for_selector("#win-card:not([hidden])")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert focused(page) == "win-close"
    page.keyboard.press("Enter")                           # See the board
    expect(page.locator("#win-card")).to_be_hidden()
    assert focused(page) == "aria-grid"


@pytest.mark.newcomer
def test_answering_the_first_visit_offer_leaves_the_focus_on_the_board(page, site_server):
    open_site(page, site_server)
    page.wait_for_selector("#guide-offer:not([hidden])")
    page.keyboard.press("Shift+Tab")                       # the offer's buttons come just before the board
    assert focused(page) == "guide-no"
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "guide-rules"
    page.keyboard.press("Enter")                           # Just the rules
    expect(page.locator("#rules-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    assert focused(page) == "aria-grid"                    # the bar went with its button: the board has it
    open_builtin(page, "nurikabe-7x7-1")                   # another genre's first puzzle: its offer
    expect(page.locator("#guide-offer")).to_contain_text("New to Nurikabe?")
    page.focus("#guide-no")
    page.keyboard.press("Enter")                           # No thanks
    expect(page.locator("#guide-offer")).to_be_hidden()
    assert focused(page) == "aria-grid"


def test_solve_and_the_editors_check_keep_the_focus_on_their_buttons(page, site_server):
    """Solve and Check turn off while they run: the focus goes to their Cancel, and back."""
    open_site(page, site_server)
    open_builtin(page, "webpbn-knotty")                    # a long solve: Cancel is there to press
    wait_engine(page)
    use_pysolver(page)
    page.focus("#solve")
    page.keyboard.press("Enter")
    assert focused(page) == "solve-cancel"
    page.keyboard.press("Enter")
    expect(page.locator("#solve-progress")).to_have_text(re.compile("^Cancelled"))
    assert focused(page) == "solve"
    open_builtin(page, "welcome-heart")                    # a run that ends by itself
    page.focus("#solve")
    page.keyboard.press("Enter")
    expect(page.locator("#solve-progress")).to_have_text(re.compile("^Result"), timeout=60_000)
    assert focused(page) == "solve"
    page.focus("#nav-editor")
    page.keyboard.press("Enter")                           # Create: a cell painted (a blank grid is not checked), its Check
    editor_cursor(page, 0, 0)
    page.keyboard.press("Space")
    page.wait_for_selector("#ed-grid[aria-busy=false]")
    page.focus("#ed-check-run")
    page.keyboard.press("Enter")
    expect(page.locator("#ed-verdict")).to_be_visible(timeout=60_000)
    assert focused(page) == "ed-check-run"


@pytest.mark.newcomer
def test_the_guided_first_puzzle_says_which_keys_play_it(page, site_server):
    """Its steps said only "click" and "right-click": a keyboard player learnt nothing to press."""
    open_site(page, site_server)
    page.wait_for_selector("#guide-offer:not([hidden])")
    page.focus("#guide-start")
    page.keyboard.press("Enter")                           # Show me how
    expect(page.locator("#guide")).to_contain_text("Space fills, X crosses")
    assert focused(page) == "aria-grid"


def test_the_play_toolbar_takes_the_arrow_keys_of_a_toolbar(page, site_server):
    """Play's tools are named a toolbar, which tells a screen reader's user that the arrows go
    from tool to tool; they did nothing there (each tool was only a Tab stop)."""
    open_site(page, site_server)
    open_builtin(page, "welcome-heart")
    # the top navigation names the view shown as the current page, not as a pressed toggle
    assert page.get_attribute("#nav-play", "aria-current") == "page"
    assert page.get_attribute("#nav-library", "aria-current") is None
    assert page.locator("nav button[aria-pressed]").count() == 0
    page.focus("#zoom-in")
    page.keyboard.press("ArrowRight")
    assert focused(page) == "zoom-fit"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert focused(page) == "zoom-out"
    page.keyboard.press("Home")                            # the first tool that can be used
    first = focused(page)
    assert first in ("clear", "touch-mode", "rules")       # Undo and Redo are off: nothing to undo yet
    page.keyboard.press("ArrowLeft")                       # round to the last
    page.keyboard.press("ArrowRight")
    assert focused(page) == first


def test_the_daily_buttons_hand_the_focus_to_cancel_while_the_puzzle_is_made(page, site_server):
    """The day's buttons turn off while its puzzle is made: a keyboard player who pressed one
    was left on the page's body, with no way to the Cancel beside it."""
    open_site(page, site_server)
    open_builtin(page, "webpbn-knotty")                    # a long solve holds the engine:
    wait_engine(page)                                      # the day's puzzle waits its turn
    use_pysolver(page)
    page.click("#solve")
    page.click("#nav-library")
    page.focus("#daily-open")
    page.keyboard.press("Enter")
    assert focused(page) == "np-make" and page.text_content("#np-make") == "Cancel"
    page.keyboard.press("Enter")                           # cancels the making
    expect(page.locator("#np-make")).to_have_text("Make a puzzle")
    assert focused(page) == "daily-open"


TOOLBAR = "document.activeElement.closest('[role=toolbar]') !== null"


def tab_stops(page, start, back_to):
    """The controls Tab reaches from `start` until it comes back to `back_to`."""
    page.focus(start)
    stops = []
    for _ in range(60):
        page.keyboard.press("Tab")
        stops.append((focused(page), page.evaluate(TOOLBAR)))
        if focused(page) == back_to:
            return stops
    raise AssertionError(f"Tab never came back to {back_to}: {stops}")


def test_the_play_toolbar_is_one_tab_stop_its_arrows_go_from_tool_to_tool(page, site_server):
    """Tab stopped at every tool of Play (a dozen stops between the header and the board); as an
    ARIA toolbar it is one stop, at the tool last used, and the arrows, Home and End move in it."""
    open_site(page, site_server)
    open_builtin(page, "welcome-heart")
    stops = tab_stops(page, "#nav-play", "aria-grid")
    assert [name for name, inside in stops if inside] == ["touch-mode"]   # Undo and Redo are off: nothing to undo
    page.keyboard.press("Space")                           # a fill on the board: Undo turns on
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "touch-mode"                   # the tool Tab reached before, not Undo
    assert page.evaluate("document.activeElement.matches(':focus-visible')")   # and the player sees where
    page.keyboard.press("Home")
    assert focused(page) == "undo"
    page.keyboard.press("ArrowRight")                      # past Redo, off
    assert focused(page) == "touch-mode"
    page.keyboard.press("End")
    assert focused(page) == "export"                       # Download, the last on a wide screen
    page.keyboard.press("ArrowLeft")
    assert focused(page) == "share"
    page.keyboard.press("Tab")                             # leaves the toolbar at once
    assert not page.evaluate(TOOLBAR)
    page.focus(".aria-grid")
    page.keyboard.press("Shift+Tab")                       # and comes back where it left
    assert focused(page) == "share"
    assert [name for name, inside in tab_stops(page, "#nav-play", "aria-grid") if inside] == ["share"]
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Home")
    page.keyboard.press("Enter")                           # Undo: nothing left to undo, it turns off
    expect(page.locator("#undo")).to_be_disabled()
    assert focused(page) == "redo"                         # the focus goes on to a tool, not to the page
    page.keyboard.press("Enter")                           # Redo: the board's fill again
    page.focus(".aria-grid")
    page.keyboard.press("Control+z")                       # the board's keys as before
    expect(page.locator("#redo")).to_be_enabled()
    expect(page.locator("#undo")).to_be_disabled()


def test_the_play_toolbar_colours_and_the_phone_menu_by_keyboard(page, site_server):
    """The colours are radios among the tools (the arrows reach them, Space chooses); on a phone
    the menu's tools join the arrows while it is open."""
    open_site(page, site_server)
    open_builtin(page, "tulip")
    page.focus(".aria-grid")
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "touch-mode"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")                      # the second colour
    swatch = page.locator("#palette [role=radio]").nth(1)
    expect(swatch).to_be_focused()
    expect(swatch).to_have_attribute("aria-checked", "false")
    page.keyboard.press("Space")
    expect(swatch).to_have_attribute("aria-checked", "true")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.locator("#more")).to_be_visible()          # the phone's toolbar, laid out
    expect(page.locator("#export")).to_be_hidden()         # Download moved into the menu
    page.keyboard.press("End")
    assert focused(page) == "more"
    page.keyboard.press("Enter")
    expect(page.locator("#more-menu")).to_be_visible()
    page.keyboard.press("ArrowRight")
    assert focused(page) == "clear"                        # the menu's first tool
    page.keyboard.press("Escape")                          # closes the menu: back on More
    expect(page.locator("#more-menu")).to_be_hidden()
    assert focused(page) == "more"
    page.keyboard.press("ArrowRight")                      # round to the first seen: a phone shows the colours first
    expect(page.locator("#palette [role=radio]").first).to_be_focused()
    assert len([name for name, inside in tab_stops(page, "#nav-play", "aria-grid") if inside]) == 1
