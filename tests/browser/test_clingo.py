"""clingo-wasm in the Solve view: same solutions as pysolver; cancel leaves the page usable."""
import pytest

from conftest import ENGINE_TIMEOUT, SITE
from helpers import (CLINGO, ENGINE, SOLVERS, builtin, open_builtin, open_site, paste_puzzle, state, wait_board, wait_engine,
                     wait_until)
from pysolver.nonogram.formats import parse
from pysolver.nonogram.puzzle import satisfies
from pysolver.nonogram.solver.search import solve

pytestmark = [pytest.mark.browser]


def python_rows(puzzle_file):
    """The puzzle, pysolver's verdict and solutions (row strings, '#' for black)."""
    p = parse((SITE / "puzzles" / puzzle_file).read_text(encoding="utf-8"), puzzle_file)[0]
    res = solve(p, 2, timeout=60)
    chars = [c.char for c in p.colors] if p.is_color else [".", "#"]
    return p, res.status, [["".join(chars[k] for k in row) for row in g] for g in res.solutions]


def solve_with(page, engine_id, timeout=60_000):
    page.click("#nav-play")
    page.wait_for_selector(f"#solve-engine option[value='{engine_id}']", state="attached",
                           timeout=30_000)
    page.select_option("#solve-engine", engine_id)
    page.click("#solve")
    page.wait_for_function(
        "() => /^Result: /.test(document.getElementById('solve-progress').textContent)",
        timeout=timeout)
    # the plain result, then the engine's words from the details (classification, time, engine)
    details = page.evaluate("document.querySelector('#solve-details .tech-body').textContent")
    return page.text_content("#solve-progress") + " " + details.split("\n")[0]


def test_clingo_wasm_shows_the_pysolver_solution(page, site_server):
    # three puzzles in one page: one Pyodide and one clingo-wasm start for all
    open_site(page, site_server)
    wait_engine(page)
    for puzzle_id, puzzle_file in (("tulip", "tulip.json"), ("webpbn-6574", "webpbn/6574.xml"),
                                   ("two-ways", "two-ways.json")):
        p, status, sols = python_rows(puzzle_file)
        open_builtin(page, puzzle_id)
        line = solve_with(page, "clingo")
        assert line.endswith("(clingo)"), (puzzle_id, line)
        # two-ways has exactly two: clingo's search ends with its second, so it says so
        words = {"unique": "one solution (unique)", "multiple": "2 solutions (all counted)"}
        assert words[status] in line, (puzzle_id, line)
        figures = page.locator("#solve-result figure")
        assert figures.count() == len(sols), puzzle_id
        shown = []
        for k in range(len(sols)):
            figures.nth(k).locator("button.show-solution").click()
            shown.append(state(page))
        if status == "unique":
            assert shown == sols, puzzle_id
        else:  # any two different solutions will do
            assert len(set(map(tuple, shown))) == 2, puzzle_id
            index = {c: k for k, c in enumerate([c.char for c in p.colors] if p.is_color else ".#")}
            for rows in shown:
                assert satisfies(p, [[index[c] for c in r] for r in rows]), puzzle_id


def test_cancelled_clingo_run_leaves_the_page_usable(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "webpbn-knotty")  # clingo needs far longer than this test waits
    page.click("#nav-play")
    page.wait_for_selector("#solve-engine option[value='clingo']", state="attached",
                           timeout=30_000)
    page.select_option("#solve-engine", "clingo")
    page.click("#solve")
    wait_until(page, f"async () => {CLINGO}.busy()")     # clingo at work (its own event, not a clock)
    assert page.is_enabled("#solve-cancel")
    page.click("#solve-cancel")
    assert page.text_content("#solve-progress").startswith("Cancelled")
    assert page.is_enabled("#solve")
    # the page still plays, and clingo (restarted) and pysolver both solve again
    open_builtin(page, "two-ways")
    assert "Result: 2 solutions (all counted)" in solve_with(page, "clingo")
    assert page.locator("#solve-result figure").count() == 2
    open_builtin(page, "tulip")
    line = solve_with(page, "pysolver", timeout=ENGINE_TIMEOUT)
    assert "(pysolver)" in line
    # the module API directly: a timeout stops the run and reports what was found
    res = page.evaluate(f"""async (tulip) => {{
        const engine = {ENGINE}, clingo = {CLINGO};
        const {{ program }} = await engine.call("asp", {{ puzzle: tulip }});
        const knotty = await (await fetch("puzzles/webpbn/knotty.xml")).text();
        const [dict] = (await engine.call("parse", {{ text: knotty, filename: "knotty.xml" }})).puzzles;
        const hard = (await engine.call("asp", {{ puzzle: dict }})).program;
        const t0 = performance.now();
        const slow = await clingo.solveWithClingo(hard, {{ models: 2, timeoutMs: 800 }});
        const ms = performance.now() - t0;
        const quick = await clingo.solveWithClingo(program, {{ models: 2 }});
        return {{ slow: slow.status, ms, quick: quick.status, choices: quick.stats.choices }};
    }}""", builtin("tulip"))
    assert res["slow"] in ("timeout", "multiple") and res["ms"] < 10_000, res
    assert res["quick"] == "unique" and res["choices"] is not None, res


PERMUTATIONS = "4 4\n1\n1\n1\n1\n1\n1\n1\n1\n"   # .nin: every 4x4 permutation matrix, 24 solutions


def test_clingo_count_pages_through_solutions_then_auto_answers_quick_puzzles_alone(page, site_server):
    # 1. clingo counts a puzzle's solutions and pages through them
    open_site(page, site_server)
    wait_engine(page)
    paste_puzzle(page, PERMUTATIONS)
    wait_board(page, 4, 4)
    line = solve_with(page, "clingo-count")
    assert "Result: 24 solutions (all counted)" in line and line.endswith("(clingo)"), line
    assert "\nStatistics: " in page.text_content("#solve-details")
    assert "choices" in page.text_content("#solve-details")
    seen = set()
    for k in range(2, 25):
        cap = page.text_content("#solve-result .alternatives figcaption")
        assert cap.startswith(f"Solution {k} of 24"), cap
        page.click("#solve-result .alternatives button.show-solution")
        rows = tuple(state(page))
        assert sorted(rows) == sorted(["#...", ".#..", "..#.", "...#"]), rows  # a permutation
        seen.add(rows)
        if k < 24:
            page.click("#solve-result button.solution-next")
    assert page.is_disabled("#solve-result button.solution-next")
    assert len(seen) == 23  # every alternative is a different solution
    page.click("#solve-result button.solution-prev")
    assert page.text_content("#solve-result .alternatives figcaption").startswith("Solution 23 of 24")
    # 2. auto answers quick puzzles with pysolver alone
    # The rule under test: clingo joins only a solve still running after the race's
    # delay. The default delay (300 ms) is wall-clock, so a loaded machine could let it
    # pass before pysolver answers; the same race with a 60 s delay tests the rule
    # without depending on the machine's speed.
    open_builtin(page, "two-ways")
    page.evaluate(f"""async () => {{
        const m = {CLINGO};
        {SOLVERS}.registerSolver(m.raceSolver({ENGINE}, {{ id: 'auto-patient', delayMs: 60000 }}));
        window.__clingoRuns = 0;
        setInterval(() => {{ if (m.busy()) window.__clingoRuns += 1; }}, 5); }}""")
    assert "(pysolver)" in solve_with(page, "auto-patient", timeout=ENGINE_TIMEOUT)
    page.wait_for_timeout(600)
    assert page.evaluate("window.__clingoRuns") == 0  # clingo never started
