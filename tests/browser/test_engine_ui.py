"""Hints, checks and solving through pysolver in the worker."""
import json
import re

import pytest

from pysolver import api

from helpers import builtin, cell_pixels, click_cell, isolated_visit, open_builtin, open_site, solved, state, wait_engine

pytestmark = [pytest.mark.browser]


def _goal_char(goal_row_char):
    return "." if goal_row_char == "." else "#"


def use_pysolver(page):
    """Pick pysolver in the Solve panel (the default is "auto", which hands hard
    puzzles to clingo after a budget: these tests are about pysolver itself)."""
    page.wait_for_selector("#solve-engine option[value='auto']", state="attached", timeout=30_000)
    assert page.input_value("#solve-engine") == "auto"
    page.select_option("#solve-engine", "pysolver")


@pytest.mark.empty_storage  # the heart must open empty: not an earlier test's game a renderer kept
def test_check_after_a_mistake_then_hints_then_an_alternative_solution_wins(page, site_server, artifacts):
    # 1. the check after a mistake (Welcome heart)
    open_site(page, site_server)
    wait_engine(page)
    click_cell(page, 0, 0)            # row 1 of the heart is empty: a mistake
    page.click("#hint")               # the solution is known (found on opening): Hint says so
    page.wait_for_function("document.getElementById('hint-text').textContent.startsWith('There is a mistake')")
    assert page.text_content("#hint") == "Hint: show where"
    page.select_option("#check-mode", "lines")
    page.wait_for_function("document.getElementById('check-text').textContent.startsWith('1 line')")
    on = [cell_pixels(page, 5, 0, inset=3), cell_pixels(page, 5, 1, inset=3)]
    page.select_option("#check-mode", "off")
    page.wait_for_function("document.getElementById('check-text').textContent === ''")
    off = [cell_pixels(page, 5, 0, inset=3), cell_pixels(page, 5, 1, inset=3)]
    assert on[0] != off[0] and on[1] == off[1]   # row 1 is tinted, row 2 is not
    page.select_option("#check-mode", "runs")   # the run is not closed yet: no complaint
    page.wait_for_function("document.getElementById('check-text').textContent.startsWith('No line')")
    click_cell(page, 1, 0, button="right")       # now it is a complete run in an empty row
    page.wait_for_function("document.getElementById('check-text').textContent.startsWith('1 line')")
    page.select_option("#check-mode", "solution")
    page.wait_for_function("document.getElementById('check-text').textContent.startsWith('1 cell')")
    on = [cell_pixels(page, 0, 0), cell_pixels(page, 1, 0), cell_pixels(page, 5, 0)]
    page.select_option("#check-mode", "off")
    page.wait_for_function("document.getElementById('check-text').textContent === ''")
    off = [cell_pixels(page, 0, 0), cell_pixels(page, 1, 0), cell_pixels(page, 5, 0)]
    page.select_option("#check-mode", "solution")
    page.wait_for_function("document.getElementById('check-text').textContent.startsWith('1 cell')")
    assert on[0] != off[0] and on[1:] == off[1:]   # the wrong cell is marked, and it alone
    assert "spoiler" in page.get_attribute("#check-text", "class")
    page.select_option("#check-mode", "off")
    page.click("#clear")                         # the heart empty again for the hints
    assert state(page) == ["?" * 10] * 10, "Clear left marks on the board"
    # 2. the hint in three stages, on the same puzzle
    assert page.text_content("#puzzle-title") == "Welcome heart"
    goal = builtin("welcome-heart")["goal"]
    seen_extremes = False
    for _ in range(12):
        # stage 1: where to look (the line is named, nothing else changes)
        before = state(page)
        page.click("#hint")
        page.wait_for_function("document.getElementById('hint-text').textContent.startsWith('Look at')")
        m = re.fullmatch(r"Look at (row|column) (\d+)\.", page.text_content("#hint-text"))
        assert m, page.text_content("#hint-text")
        axis, index = m.group(1), int(m.group(2)) - 1
        assert state(page) == before
        assert page.text_content("#hint") == "Hint: show what and why"
        # stage 2: the explanation and the two extreme arrangements
        page.click("#hint")
        explanation = page.text_content("#hint-text")
        assert explanation and not explanation.startswith("Look at")
        assert state(page) == before
        if page.is_visible("#hint-legend"):    # the leftmost/rightmost arrangements drawn, with their legend
            if not seen_extremes:
                page.screenshot(path=str(artifacts / "hint.png"))
            seen_extremes = True
        # stage 3: apply, as one undoable move, and every applied cell is right
        before = state(page)
        page.click("#hint")
        after = state(page)
        changed = [(y, x) for y in range(len(after)) for x in range(len(after[0]))
                   if after[y][x] != before[y][x]]
        assert changed
        for y, x in changed:                    # in the line named, and right
            assert (y if axis == "row" else x) == index, (axis, index, changed)
            assert after[y][x] == _goal_char(goal[y][x])
        if seen_extremes:
            break
    assert seen_extremes, "no hint showed the leftmost/rightmost arrangements"
    page.click("#undo")
    assert state(page) == before
    # 3. an alternative solution wins (Two ways to frame it)
    open_builtin(page, "two-ways")
    goal = builtin("two-ways")["goal"]
    wait_engine(page)
    page.click("#solve")
    page.wait_for_function("document.getElementById('solve-progress').textContent.startsWith('Result')")
    assert "more than one solution" in page.text_content("#solve-progress")
    assert page.locator(".solutions figure").count() == 2
    assert "4 differing cells" in page.text_content(".solutions")
    page.screenshot(path=str(artifacts / "solve-multiple.png"))
    # play the solution that is NOT the stored goal, by hand
    other = [list(r) for r in goal]
    other[2][2], other[2][3], other[3][2], other[3][3] = ".", "#", "#", "."
    assert other != [list(r) for r in goal]
    for y, row in enumerate(other):
        for x, ch in enumerate(row):
            if ch == "#":
                click_cell(page, x, y)
    assert solved(page)
    assert "Solved" in page.text_content("#status")
    assert page.is_visible("#win-card")
    page.wait_for_timeout(500)  # let the clue marks arrive
    page.screenshot(path=str(artifacts / "win-alternative.png"))
    page.click("#undo")                          # one cell short of a solution: no win
    assert not solved(page) and page.is_hidden("#win-card")


# a 15x15 picture of our own that needs branching (unique; 3 search nodes after 1,030
# probes in CPython; Forever, the smallest built-in that does, takes 271 nodes, about 4 s
# of the page's engine)
SEARCH_PICTURE = ["....#...##...#.", "##.#.##.#.#....", ".........#..###", ".#....#.##.#...",
                  "#..###.#.#####.", ".#.##....#..#..", "###.......###..", "..###........#.",
                  "..#.#..#..###..", "#...#..###...##", ".#..#####.###.#", "#.##......#..##",
                  ".#..##.....#...", "..#..###.#.##..", ".......#...#.#."]


def test_cancel_a_long_solve_then_keep_going_then_solve_a_search_puzzle(page, site_server, tmp_path):
    # 1. a long solve cancelled (Knotty), the page and the engine still usable
    open_site(page, site_server)
    open_builtin(page, "webpbn-knotty")
    wait_engine(page)
    # a first visit is not yet controlled by the service worker: cancel restarts the worker
    assert page.evaluate("window.crossOriginIsolated") is False
    use_pysolver(page)
    page.click("#solve")
    page.wait_for_function("document.getElementById('solve-details').textContent.includes('nodes')",
                           timeout=60_000)
    page.click("#solve-cancel")
    assert page.text_content("#solve-progress").startswith("Cancelled")
    assert not page.is_disabled("#solve")
    assert page.text_content("#status") == "Solve cancelled"
    page.click("#solve")                         # a new run is not under the last one's words
    assert page.text_content("#status") == "Solving…"
    page.click("#solve-cancel")
    click_cell(page, 2, 2)                       # the grid stays usable meanwhile
    assert state(page)[2][2] == "#"
    wait_engine(page)
    page.click("#hint")                          # and the engine answers again
    page.wait_for_function("document.getElementById('hint-text').textContent.length > 0 && "
                           "document.getElementById('hint-text').textContent !== 'Thinking…'")
    assert not page.text_content("#hint-text").startswith("No hint")
    # 2. a puzzle that needs branching (unique), opened from a file, solved by pysolver and shown
    page.click("#nav-library")
    path = tmp_path / "branching.json"
    path.write_text(json.dumps(api.clues_from_grid(SEARCH_PICTURE, title="Branching")))
    page.set_input_files("#file-input", str(path))
    page.wait_for_function("location.hash.startsWith('#/play')")
    assert page.input_value("#solve-engine") == "pysolver", "the Solve panel forgot the solver chosen"
    page.click("#solve")
    page.wait_for_function("document.getElementById('solve-progress').textContent.startsWith('Result')",
                           timeout=400_000)
    text = page.text_content("#solve-progress")
    assert "one solution (unique)" in text and "classification: search" in page.text_content("#solve-details")
    page.click(".show-solution")
    assert solved(page)
    assert "Solved" in page.text_content("#status")
    assert page.text_content("#win-heading") == "Solved by the solver"   # finished by Solve, not the player's win


@pytest.mark.isolated
def test_cancel_by_interrupt_when_isolated(page, site_server):
    isolated_visit(page, site_server)
    open_builtin(page, "webpbn-knotty")
    assert page.get_attribute("#engine-status", "data-isolated") == "true"
    use_pysolver(page)
    page.click("#solve")
    page.wait_for_function("document.getElementById('solve-details').textContent.includes('nodes')",
                           timeout=60_000)
    page.click("#solve-cancel")
    assert page.text_content("#solve-progress") == "Cancelled."
    # interrupted, not restarted: the engine stays ready and answers at once
    assert page.get_attribute("#engine-status", "data-status") == "ready"
    page.click("#hint")
    page.wait_for_function("document.getElementById('hint-text').textContent.startsWith('Look at')")
