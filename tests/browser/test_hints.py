"""Hints that catch the player's mistakes and show a what-if's chain, in the built site."""
import re

import pytest

from pysolver import api
from helpers import (board_pixels, builtin, cell_pixels, click_cell, cursor_at, fill_rows, move_cursor, open_builtin, open_site, state,
                     wait_engine)

pytestmark = [pytest.mark.browser]

TEXT = "document.getElementById('hint-text').textContent"


def test_a_wrong_mark_no_line_contradicts_is_caught_shown_and_fixed(page, site_server, artifacts):
    # Bloop Bloop (unique): row 2, column 6 filled is wrong, yet rows and columns
    # alone allow it (the issue: four hints built 24 wrong cells on it)
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "webpbn-26167")
    click_cell(page, 5, 1)
    before = state(page)
    assert before[1][5] == "#"
    move_cursor(page, 5, 1)                         # the cursor where stage 2 puts it, to compare
    drawn, mark = board_pixels(page), cell_pixels(page, 5, 1)
    page.click("#hint")
    page.wait_for_function(f"{TEXT}.startsWith('There is a mistake')", timeout=30_000)
    assert board_pixels(page) == drawn              # stage 1 does not say where: the board is as it was
    assert page.text_content("#hint") == "Hint: show where"
    page.click("#hint-count")                       # how many, when the player asks
    assert page.text_content("#hint-text") == "There is a mistake: 1 of your marks is wrong."
    page.click("#hint")                             # stage 2: where, with the right value
    assert cursor_at(page) == (5, 1)                # the cursor goes to the wrong mark ...
    assert cell_pixels(page, 5, 1) != mark          # ... framed, with the right value drawn in
    assert state(page) == before                    # (drawn, not applied)
    assert page.text_content("#hint-text").startswith("1 of your marks is wrong")
    assert page.text_content("#hint") == "Hint: fix the marks"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(artifacts / "hint-mistake.png"))
    page.click("#hint")                             # stage 3: fixed, as one move
    after = state(page)
    assert after[1][5] == "." and after[:1] + after[2:] == before[:1] + before[2:]
    assert page.text_content("#hint-text") == "Fixed 1 mark (undo takes it back)."
    page.click("#undo")
    assert state(page) == before
    # with the mistake fixed, hints are deductions again
    page.click("#redo")
    page.click("#hint")
    page.wait_for_function(f"{TEXT}.startsWith('Look at')", timeout=30_000)


def test_a_what_if_points_at_the_cell_then_steps_through_its_chain(page, site_server, artifacts):
    # Nonrepresentational Test Pattern: from the empty grid, the first hint is a
    # what-if on row 1, column 6 whose contradiction appears in row 2 (the issue)
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "webpbn-23")
    page.click("#hint")
    page.wait_for_function(f"{TEXT}.startsWith('Try a what-if')", timeout=30_000)
    assert page.text_content("#hint-text").startswith("Try a what-if on row 1, column 6")
    assert cursor_at(page) == (5, 0)                # the cursor on the cell to try
    assert page.text_content("#hint") == "Hint: show the chain"
    page.click("#hint")
    assert page.text_content("#hint-text").startswith("Step 0 of 9. What-if: suppose row 1, column 6 were filled.")
    assert page.is_disabled("#hint-prev") and not page.is_disabled("#hint-next")
    lines, sizes, size = [], [], 1                  # the what-if's cells: the tried one, then each step's
    for k in range(1, 10):
        page.click("#hint-next")
        text = page.text_content("#hint-text")
        assert text.startswith(f"Step {k} of 9. ")
        m = re.match(r"Step \d+ of 9\. (Row|Column) (\d+) (?:then gives (\d+) cells?|cannot be completed)", text)
        assert m, text
        size += int(m.group(3) or 0)
        lines.append((m.group(1).lower(), int(m.group(2))))
        sizes.append(size)
    # the cells of the what-if build up step by step, and the chain ends in row 2
    assert sizes == sorted(sizes) and sizes[0] > 1
    assert lines[-1] == ("row", 2)
    assert "Row 2 cannot be completed" in page.text_content("#hint-text")
    assert page.is_disabled("#hint-next")
    page.screenshot(path=str(artifacts / "hint-chain.png"))
    page.click("#hint-prev")
    assert page.text_content("#hint-text").startswith("Step 8 of 9. ")
    # apply: the tested cell takes the other value; the chain's what-if cells are not applied
    before = state(page)
    page.click("#hint")
    after = state(page)
    assert after[0][5] == "." and before[0][5] == "?"
    assert sum(a != b for ra, rb in zip(after, before) for a, b in zip(ra, rb)) == 1


# a 15x15 that needs branching: after its line and what-if hints (29, walked by the
# engine in this process) no deduction is left (test_mistakes.py holds the same for Forever
# after 157 hints, the "needs deeper search" after 124: about 3 times the page's work)
SEARCH_PUZZLE = "nonodataset/15x15-backtracking/15x15-backtracking-00251.non"


def stuck_state(puzzle):
    """The grid after each hint the Hint engine gives from the empty grid, up to where it
    has no deduction left (its next hint reveals a cell)."""
    rows = [["?"] * puzzle["width"] for _ in range(puzzle["height"])]
    for _ in range(puzzle["width"] * puzzle["height"]):
        hint = api.run("nonogram", "hint", {"puzzle": puzzle, "state": ["".join(r) for r in rows]})
        if hint["kind"] not in ("line", "probe"):
            assert hint["kind"] == "reveal", hint
            return ["".join(r) for r in rows]
        for c in hint["cells"]:
            rows[c["row"] - 1][c["column"] - 1] = c["value"]
    raise AssertionError("the hints never ended")


def test_where_deductions_end_hint_reveals_a_cell(page, site_server, puzzles_dir):
    path = puzzles_dir / SEARCH_PUZZLE
    stuck = stuck_state(api.read(path.read_text(), path.name)["puzzles"][0])
    open_site(page, site_server)
    wait_engine(page)
    page.click("#nav-library")
    page.set_input_files("#file-input", str(path))
    page.wait_for_function("location.hash.startsWith('#/play')")
    fill_rows(page, stuck)
    page.click("#hint")
    page.wait_for_function(f"{TEXT}.startsWith('No deduction from here')", timeout=180_000)
    m = re.search(r"Hint can reveal row (\d+), column (\d+)", page.text_content("#hint-text"))
    assert m, page.text_content("#hint-text")
    focus = {"row": int(m.group(1)), "column": int(m.group(2))}
    assert cursor_at(page) == (focus["column"] - 1, focus["row"] - 1)   # the cursor on it
    assert page.text_content("#hint") == "Hint: reveal it"
    page.click("#hint")
    assert page.text_content("#hint-text").startswith("Reveal one cell")
    assert page.text_content("#hint") == "Hint: apply the revealed cell"
    before = state(page)
    page.click("#hint")
    after = state(page)
    y, x = focus["row"] - 1, focus["column"] - 1
    assert before[y][x] == "?" and after[y][x] != "?"
    assert sum(a != b for ra, rb in zip(after, before) for a, b in zip(ra, rb)) == 1


# The pixels of one column's strip of the column clues' canvas, as "r,g,b" -> count.
_COLUMN_CLUE_COLOURS = """(x) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const c = document.querySelector('#board canvas.col-clues'), r = c.getBoundingClientRect();
  const W = +document.querySelector('#board [role=grid]').getAttribute('aria-colcount');
  const d = c.width / r.width, cs = (document.querySelector('#board canvas.cells').getBoundingClientRect().width - 1) / W;
  const data = c.getContext('2d').getImageData(Math.round(x * cs * d), 0, Math.round(cs * d), c.height).data, out = {};
  for (let i = 0; i < data.length; i += 4) { const k = `${data[i]},${data[i + 1]},${data[i + 2]}`; out[k] = (out[k] || 0) + 1; }
  done(out);
})))"""


def test_a_hinted_line_of_a_colour_puzzle_keeps_its_clue_colours(page, site_server):
    # the hint's yellow tint over a colour clue turned its red to orange and its green to olive
    puzzle = builtin("tulip")
    rgb = {c["char"]: ",".join(str(int(c["rgb"][k:k + 2], 16)) for k in (0, 2, 4)) for c in puzzle["colors"]}
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "tulip")
    for _ in range(30):  # Hint (where, what, apply) until it points at a column of several colours
        said = page.text_content("#hint-text")
        page.click("#hint")
        # the hint's own text, not the "Thinking…" a slower machine shows before it
        page.wait_for_function(f"{TEXT} && {TEXT} !== {said!r} && !{TEXT}.startsWith('Thinking')",
                               timeout=30_000)
        m = re.fullmatch(r"Look at column (\d+)\.", page.text_content("#hint-text"))
        if m and len({c for _, c in puzzle["columns"][int(m.group(1)) - 1]}) >= 2:
            break
    else:
        pytest.fail("no hint pointed at a column of several colours")
    x = int(m.group(1)) - 1
    wanted = {rgb[c] for _, c in puzzle["columns"][x]}
    seen = page.evaluate(_COLUMN_CLUE_COLOURS, x)
    missing = [c for c in wanted if seen.get(c, 0) < 20]
    assert not missing, (f"column {x + 1}'s clue colours {missing} are not drawn as the puzzle's: "
                         f"{sorted(seen.items(), key=lambda kv: -kv[1])[:8]}")
