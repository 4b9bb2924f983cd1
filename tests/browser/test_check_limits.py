"""Checks and hints where the engine's answer has limits: no stored solution and
none quick to find, a second solution, clues that no grid satisfies."""
import json

import pytest

from conftest import SITE
from helpers import board_pixels, builtin, fill_rows, open_builtin, open_site, solved, wait_engine, wait_until
from pysolver import api
from pysolver.nonogram import formats

pytestmark = [pytest.mark.browser]

TEXT = "document.getElementById('{}').textContent"
BRIDGE = SITE / "py" / "bridge.py"


def import_file(page, path):
    page.click("#nav-library")
    page.set_input_files("#file-input", str(path))
    page.wait_for_function("location.hash.startsWith('#/play')")


def marks_shown(page):
    """Whether the check marks anything on the board: the board as drawn, against the same
    board with the check off (then back to the solution check)."""
    on = board_pixels(page)
    page.select_option("#check-mode", "off")
    page.wait_for_function(f"{TEXT.format('check-text')} === ''")
    off = board_pixels(page)
    page.select_option("#check-mode", "solution")
    return on != off


# every text the check panel shows from now on (to see that one never showed)
WATCH_CHECK = """() => { window.__checkTexts = []; const t = document.getElementById('check-text');
    new MutationObserver(() => window.__checkTexts.push(t.textContent))
        .observe(t, { childList: true, characterData: true, subtree: true }); }"""


def hint_text(page, timeout=30.0):
    """Ask for a hint and wait for its text (not "Thinking…")."""
    page.click("#hint")
    return wait_until(page, f"!document.getElementById('hint').disabled && "
                            f"{TEXT.format('hint-text')} !== 'Thinking…' && {TEXT.format('hint-text')}",
                      timeout)


# the engine started without its saved snapshot (?snapshot=off), so that it imports the
# bridge served below (a restored snapshot holds the bridge already imported), and with
# the wheel installed by loadPackage, not micropip (a shorter cold start): a warm page,
# not the first visit of a fresh context (about 5 CPU s less)
def test_solution_check_without_a_stored_solution_gives_up_in_time(page, site_server, puzzles_dir,
                                                                    tmp_path):
    # Puzzle 510 has no goal picture and pysolver needs minutes for it
    text = (puzzles_dir / "taai" / "taai2011-question.txt").read_text()
    (d,) = [p for p in api.parse(text, "taai2011-question.txt")["puzzles"] if p["title"] == "Puzzle 510"]
    path = tmp_path / "taai510.non"
    path.write_text(formats.dump(api.to_puzzle(d), "non"))
    # the engine's limit, changed here: every limit the page states must be the engine's
    bridge = BRIDGE.read_text()
    assert "\nSOLUTION_WORK = 700_000\n" in bridge
    page.route("**/py/bridge.py", lambda route: route.fulfill(
        body=bridge.replace("\nSOLUTION_WORK = 700_000\n", "\nSOLUTION_WORK = 100_000\n"),
        content_type="text/x-python"))
    # the worker's own limit: a site built without the clingo plug-in (build.json lists the
    # plug-ins build.py found; clingo would race the search and find a solution: test_races.py)
    build = json.loads((SITE / "build.json").read_text())
    build["plugins"] = [p for p in build["plugins"] if "clingo" not in p]
    page.route("**/build.json", lambda route: route.fulfill(body=json.dumps(build), content_type="application/json"))
    open_site(page, site_server, "?snapshot=off&installer=loadPackage")
    wait_engine(page)
    import_file(page, path)
    page.wait_for_selector("#solve-engine option[value='pysolver']", state="attached")
    assert page.locator("#solve-engine option[value='clingo']").count() == 0   # no clingo here
    page.select_option("#check-mode", "solution")
    # while the worker looks for a solution, the panel says so, with the engine's limit
    page.wait_for_function(f"{TEXT.format('check-text')} === 'This puzzle has no stored "
                           "solution: looking for one to check against…'")
    assert page.text_content("#check-details") == "Detailssearch limit: up to 100,000 line solves"
    page.click("#hint")   # waits behind the search
    unavailable = ("This puzzle has no stored solution and the check's search did not find one, "
                   "so the check against the solution is unavailable (the other check modes still work).")
    # the search stops at its counted limit (the seconds here only bound a hung page)
    wait_until(page, f"{TEXT.format('check-text')} === {unavailable!r}", 180)
    assert "check-" not in page.get_attribute("#check-text", "class")   # no verdict on the marks: neither ✓ nor ✗
    wait_until(page, f"{TEXT.format('hint-text')}.startsWith('Look at')", 120)
    assert page.text_content("#check-details") == "Detailssearch limit: 100,000 line solves"
    assert page.get_attribute("#engine-status", "data-status") == "ready"
    # remembered: back to the solution check, the answer comes at once, no new search
    page.select_option("#check-mode", "lines")
    page.wait_for_function(f"{TEXT.format('check-text')}.startsWith('No line')")
    page.evaluate(WATCH_CHECK)
    page.select_option("#check-mode", "solution")
    wait_until(page, f"{TEXT.format('check-text')} === {unavailable!r}", 60)
    assert not any("looking for one" in t for t in page.evaluate("window.__checkTexts"))   # no new search
    assert not marks_shown(page)


def test_a_second_solution_is_not_reported_wrong(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "two-ways")
    goal = builtin("two-ways")["goal"]
    other = next(s for s in api.solve({"rows": [[7], [1, 1], [1, 1, 1], [1, 1, 1], [1, 1], [1, 1], [7]],
                                       "columns": [[7], [1, 1], [1, 1, 1], [1, 1, 1], [1, 1], [1, 1], [7]]},
                                      max_solutions=2)["solutions"] if s != goal)
    page.select_option("#check-mode", "solution")
    # incomplete: compared with the stored picture (one filled cell it does not have)
    y, x = next((y, x) for y, r in enumerate(other) for x, ch in enumerate(r)
                if ch == "#" and goal[y][x] != "#")
    fill_rows(page, ["".join("#" if (yy, xx) == (y, x) else "?" for xx in range(7)) for yy in range(7)])
    page.wait_for_function(f"{TEXT.format('check-text')} === '1 cell differs from the solution'")
    # the one result display: the mistake named where it is, under the verdict
    assert page.text_content("#check-list") == f"Row {y + 1}, column {x + 1}"
    assert page.get_attribute("#check-text", "class") == "check-wrong spoiler"
    # complete and valid, but not the stored picture: solved, and never called wrong
    # the filled cell is left out of the strokes (a stroke that starts on a filled cell clears)
    fill_rows(page, ["".join("?" if (yy, xx) == (y, x) else ch for xx, ch in enumerate(r))
                     for yy, r in enumerate(other)])
    page.wait_for_selector("#win-card", state="visible")
    assert solved(page)
    page.wait_for_function(f"{TEXT.format('check-text')}.startsWith('Every clue is satisfied')")
    assert page.text_content("#check-text") == (
        "Every clue is satisfied: the grid is a valid solution, different from the stored one "
        "(this puzzle has more than one solution).")
    assert "check-ok" in page.get_attribute("#check-text", "class") and page.is_hidden("#check-list")
    assert not marks_shown(page)
    assert hint_text(page).startswith("The puzzle is solved")


def test_clues_without_a_solution_are_blamed_not_the_player(page, site_server, tmp_path):
    path = tmp_path / "nosol.non"
    path.write_text('title "Impossible"\nwidth 2\nheight 2\n\nrows\n2\n0\n\ncolumns\n0\n2\n')
    open_site(page, site_server)
    wait_engine(page)
    import_file(page, path)
    # known from the start (tests/browser/test_play_notice.py): the hint says so at once
    explanation = hint_text(page)
    assert explanation.startswith("Column 1, clue 0 (empty): this puzzle has no solution."), explanation
    # and still after a mark (the player's marks are never blamed)
    fill_rows(page, ["##", "??"])
    explanation = hint_text(page)
    assert explanation.startswith("Column 1, clue 0 (empty): this puzzle has no solution."), explanation
    assert "the marks in this column" not in explanation
