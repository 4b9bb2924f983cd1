"""Requests that overlap in the engine worker: a hint asked while a solve runs and
the grid changes meanwhile, cancelling a solve that only waits in the queue, a
cancel that restarts the worker with a hint queued behind the solve, the
solve clock while the race runs, the race answered by clingo-wasm where pysolver
is slow, and Cancel stopping both of its runs."""
import time

import pytest

from helpers import (CLINGO, drag, engine_call, isolated_visit, open_builtin, open_site, state, wait_board, wait_engine,
                     wait_until, wait_view)
from pysolver import api

CLINGO_BUSY = f"(async () => {CLINGO}.busy())()"   # the page's clingo module is running (the test hook)

pytestmark = [pytest.mark.browser]

# Two 25x25 TAAI 2011 puzzles (tab-separated clues, 50 lines). #598: pysolver needs
# 20 s or more in the browser to solve it.
TAAI_598 = """$598
2 2 1 1 1 1 7|1 4 1 1 2 1 1|1 3 2 2|1 1 1 1 1 1 1 1 1 3|1 4 1 1 1 1|1 1 1 2 1 1 1 1 1
2 3 4 1 2 1 1|1 1 1 3 1 3 1 1 1 1|1 3 1 1 1 1|1 2 5 2 2 3|3 1 2 1 2 1 4|3 1 3 2
2 4 2 2 2|1 1 1 8|2 1 1 2 1 1 1 2|1 1 1 1 1 1 1 2|2 2 1 1 1 1|2 1 2 1 1 2 1
1 1 2 1 1 1 2|1 1 2 1 1 1|2 3 2 1|1 1 1 1 1|6 1 2 2 3 1|1 1 1 1 1|2 2 1 1 1
2 1 3 1 2 1 1|1 2 1 1 1 1|1 1 1 1 3 1 1 1 1|2 2 2 1 1 1 1|1 2 2 1 2 1 1
3 2 1 2 1 1|1 1 1 4 1 1 1|2 5 1 1 4 1 1|1 2 2 1 1 2 2|2 1 2 1 1 4 1|3 2 1 1 2 1
1 2 1 3 1|1 4 4 1 4|1 1 1 2 1 3|1 1 9 1 1|2 1 2 2 2 1|1 1 3 1 2 1|1 1 2 1 2 1
2 1 2 3 1 1|1 1 1 2 1 2 1|1 1 2 1 1 1 1 2 1 1|1 6 2|2 1 3 2 1 3 1|1 1 3
2 2 2 2 1 1"""


# TAAI 2011 #382: checking against the solution has to solve it (4 s in CPython, ~10 s in the browser).
TAAI_382 = """$382
1 3 3 1 1 1|1 1 2 1 3 1|3 1 3 2 1|1 2 1 2 3 2 1|2 4 2 1 3 2|1 1 1 1 2 1 2 2|3 2 1 1 1 2
2 4 1 1 1 1 1|1 2 1|2 1 3 1 4|1 5 4 1 2 4|1 2 1 4 1 4|1 1 1 3 1 1 4 1|1 3 1 1 1 1 2 1 1
3 1 2 1 2|1 1 1 4 4 1|1 1 4 1 5|1 1 3 1 1 1 1 1 1|1 1 2 2 1 1|1 1 1 1 1 1 1|1 2 3 4 1
2 1 1 1 1 3 1 3|5 2 3 1 3|3 1 2 1 1 1|1 3 1 2 3 2 1|1 1 1 1 1 2|1 1 1 1 2 1 7
2 1 1 1 1 2|1 1 1 1 2 3|2 1 3 3 1 1 2 1|1 1 1 7 1 1|1 1 2 1 1 2|3 2 1 1 1 1 3
3 2 3 1 1 1 2|3 1 1 2 3 2 1|1 3 2 1 1 1 1 1|1 3 1 2 3 1|6 2 1 1 1|3 2 4 1|1 3 1 1 2 1
1 4 2 1 1 3 1|1 1 2 1 1 1 2|1 1 1 1 1 2 2 1|2 1 3 1|1 2 4 3 1|1 2 1 2 1 1 1 1
1 1 1 5 3 1 4|1 1 1 5 2 2|3 3 3 1 1 2|1 1 3 6 2"""


def taai(text):
    head, body = text.split("\n", 1)
    lines = [clue.split() for clue in body.replace("\n", "|").split("|")]
    assert len(lines) == 50
    return (head + "\n" + "".join("\t".join(c) + "\n" for c in lines)).encode()


HINT_TEXT = "document.getElementById('hint-text').textContent"
PROGRESS = "document.getElementById('solve-progress').textContent"
# the engine's words (which engine, statistics, the clock) are in the Solve panel's details
DETAILS = "document.querySelector('#solve-details .tech-body').textContent"


def open_file(page, name, data):
    page.click("#nav-library")
    page.set_input_files("#file-input", files=[{"name": name, "mimeType": "text/plain", "buffer": data}])
    page.wait_for_function("location.hash.startsWith('#/play')")
    wait_view(page, "play")
    p = api.parse(data.decode(), name)["puzzles"][0]
    wait_board(page, p["width"], p["height"])
    assert set("".join(state(page))) == {"?"}


def pick_solver(page, solver_id):
    page.wait_for_selector("#solve-engine option[value='auto']", state="attached", timeout=30_000)
    page.select_option("#solve-engine", solver_id)


def stop_solving(page):
    if not page.is_disabled("#solve-cancel"):
        page.click("#solve-cancel")


def test_hint_asked_before_a_change_is_for_the_grid_after_it(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    open_file(page, "taai598.txt", taai(TAAI_598))
    pick_solver(page, "auto")          # the hint waits behind pysolver's part of the race
    page.click("#solve")
    page.click("#hint")
    assert page.text_content("#hint-text") == "Thinking…"
    drag(page, 0, 0, 0, 24, button="right")    # the player crosses all of column 1 meanwhile
    crossed = state(page)
    assert "".join(r[0] for r in crossed) == "." * 25
    wait_until(page, f"!['Thinking…', ''].includes({HINT_TEXT})", timeout=180)
    shown = page.text_content("#hint-text")
    # the hint shown is the one for the grid as it is now, not for the empty grid
    opened = api.parse(taai(TAAI_598).decode(), "taai598.txt")["puzzles"][0]   # the file the player opened
    fresh = engine_call(page, "hint", {"puzzle": opened, "state": crossed})
    assert fresh["kind"] in ("contradiction", "line", "probe"), fresh
    if fresh["kind"] == "contradiction":
        assert shown == fresh["explanation"], (shown, fresh)
    else:
        assert fresh["line"]["index"] != 1 or fresh["line"]["axis"] != "column"
        if fresh["kind"] == "line":    # the line it names is the fresh hint's
            assert shown == f"Look at {fresh['line']['axis']} {fresh['line']['index']}.", (shown, fresh)
        else:
            assert f"row {fresh['probe']['row']}, column {fresh['probe']['column']}" in shown, (shown, fresh)
    # going on through the stages never turns the player's crosses into fills
    for _ in range(2):
        page.click("#hint")
        assert all(now[0] == "." for now in state(page)), page.text_content("#hint-text")
    stop_solving(page)


def test_cancel_that_restarts_the_engine_keeps_the_queued_hint(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    assert page.evaluate("window.crossOriginIsolated") is False   # Cancel restarts the worker
    open_file(page, "taai598.txt", taai(TAAI_598))
    pick_solver(page, "pysolver")
    page.click("#solve")
    page.wait_for_function(f"{DETAILS}.includes('nodes')", timeout=60_000)
    page.click("#hint")                 # queued behind the solve
    assert page.text_content("#hint-text") == "Thinking…"
    page.click("#solve-cancel")
    assert page.text_content("#solve-progress").startswith("Cancelled")
    # the new worker answers the hint that only waited behind the cancelled solve
    wait_until(page, f"!['Thinking…', ''].includes({HINT_TEXT})", timeout=120)
    assert page.text_content("#hint-text").startswith("Look at"), page.text_content("#hint-text")
    assert page.get_attribute("#engine-status", "data-status") == "ready"


@pytest.mark.isolated
def test_cancel_a_queued_solve_when_isolated(page, site_server):
    isolated_visit(page, site_server)
    open_file(page, "taai382.txt", taai(TAAI_382))
    # no stored picture: the check first searches for a solution (up to 5 s) ...
    page.select_option("#check-mode", "solution")
    page.wait_for_function(
        "() => document.getElementById('check-text').textContent.includes('looking for one')")
    pick_solver(page, "pysolver")
    page.click("#solve")                # ... and the solve waits behind it
    page.click("#solve-cancel")
    assert page.text_content("#solve-progress") == "Cancelled."
    # the solve never starts, and the check it waited behind is not the one stopped
    end = time.monotonic() + 120
    while "looking for one" in page.text_content("#check-text"):
        assert page.text_content("#solve-progress") == "Cancelled."
        assert not page.is_disabled("#solve") and page.is_disabled("#solve-cancel")
        assert time.monotonic() < end, "the check never answered"
        page.wait_for_timeout(250)
    assert not page.text_content("#check-text").startswith("Check unavailable")
    # a hint is answered soon: no solve started behind the check (pysolver needs ~10 s for this one)
    page.click("#hint")
    page.wait_for_function(f"{HINT_TEXT}.startsWith('Look at')", timeout=60_000)
    assert page.text_content("#solve-progress") == "Cancelled."


@pytest.mark.isolated
def test_cancel_then_solve_again_when_isolated(page, site_server):
    isolated_visit(page, site_server)
    open_file(page, "taai598.txt", taai(TAAI_598))
    pick_solver(page, "pysolver")
    page.click("#solve")
    page.wait_for_function(f"{DETAILS}.includes('nodes')", timeout=60_000)
    # Cancel and Solve again quicker than the worker answers the interrupted run
    page.evaluate("document.getElementById('solve-cancel').click(); document.getElementById('solve').click()")
    # the second run's own progress: the worker takes one request at a time, so the first
    # run's late answer came before it ...
    page.wait_for_function(f"{DETAILS}.includes('nodes')", timeout=60_000)
    # ... and neither ended the second one's panel nor freed its button
    assert page.is_disabled("#solve") and not page.is_disabled("#solve-cancel")
    assert page.text_content("#solve-progress").startswith("Solving")
    page.click("#solve-cancel")
    page.click("#hint")                 # the engine is free again
    page.wait_for_function(f"{HINT_TEXT}.startsWith('Look at')", timeout=60_000)
    # the interrupted second run answered before the hint: its late answer left the panel as it was
    assert page.text_content("#solve-progress") == "Cancelled."


def test_auto_solve_clock_runs_while_clingo_works(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "webpbn-knotty")   # neither pysolver nor clingo decides it soon
    pick_solver(page, "auto")
    page.click("#solve")
    wait_until(page, CLINGO_BUSY, timeout=60)   # clingo has joined (300 ms in)
    # clingo reports only the solutions it finds: the clock must go on without them, well
    # past clingo's start (3 s: ten times its delay), with pysolver's progress in view
    # (its first comes when its first pass over the lines ends: later on a loaded machine)
    wait_until(page, f"(t => t && t[1] >= 3 && t.input.includes('nodes'))({DETAILS}.match(/^.*\\(([0-9.]+) s\\)$/))",
               timeout=90)
    assert page.evaluate(CLINGO_BUSY), "clingo stopped before the clock was checked"
    stop_solving(page)
    assert page.text_content("#solve-progress").startswith("Cancelled")


def test_race_is_answered_by_clingo_where_pysolver_is_slow(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    open_file(page, "taai598.txt", taai(TAAI_598))   # pysolver alone: 20 s or more here
    pick_solver(page, "clingo")
    t0 = time.monotonic()
    page.click("#solve")
    page.wait_for_function(f"{PROGRESS}.startsWith('Result: ')", timeout=120_000)
    alone = time.monotonic() - t0
    assert "more than one solution" in page.text_content("#solve-progress")
    pick_solver(page, "auto")
    t0 = time.monotonic()
    page.click("#solve")
    page.wait_for_function(f"{PROGRESS}.startsWith('Result: ')", timeout=120_000)
    raced = time.monotonic() - t0
    line = page.text_content("#solve-progress") + " " + page.evaluate(DETAILS).split("\n")[0]
    assert "more than one solution" in line and line.endswith("(clingo)"), line
    print(f"TAAI #598: clingo-wasm alone {alone:.1f} s, the race {raced:.1f} s")
    # pysolver's part was cancelled: the engine answers a hint again
    page.click("#hint")
    page.wait_for_function(f"{HINT_TEXT}.startsWith('Look at')", timeout=120_000)


@pytest.mark.parametrize("isolated", [False, pytest.param(True, marks=pytest.mark.isolated)],
                         ids=["restart", "interrupt"])
def test_cancel_stops_both_runs_of_the_race(page, site_server, isolated):
    if isolated:
        isolated_visit(page, site_server)
    else:
        open_site(page, site_server)
        wait_engine(page)
    open_builtin(page, "webpbn-knotty")
    pick_solver(page, "auto")
    page.click("#solve")
    wait_until(page, CLINGO_BUSY, timeout=60)   # clingo has joined
    page.wait_for_function(f"{DETAILS}.includes('nodes')", timeout=60_000)  # pysolver runs
    page.click("#solve-cancel")
    assert page.text_content("#solve-progress").startswith("Cancelled")
    assert page.evaluate(CLINGO_BUSY) is False
    # the engine worker is free (interrupted, or restarted): a hint is answered
    page.click("#hint")
    page.wait_for_function(f"{HINT_TEXT}.startsWith('Look at')", timeout=120_000)
    assert page.evaluate("window.crossOriginIsolated") is isolated


@pytest.mark.isolated
def test_check_against_the_solution_is_raced_by_clingo(page, site_server):
    # a returning player's page (cross-origin isolated): the search clingo's answer
    # supersedes is interrupted, not left to spend its budget (about 5 s of the worker)
    isolated_visit(page, site_server)
    # no stored picture, and pysolver in the browser needs more than the check's 5 s to
    # find a solution: clingo-wasm, joining the search, finds one to check against
    open_file(page, "taai382.txt", taai(TAAI_382))
    page.select_option("#check-mode", "solution")
    wait_until(page, "document.getElementById('check-text').textContent"
                     " === 'Every marked cell agrees with the solution.'", timeout=120)
    # the solution clingo found is the game's picture from now on: a wrong fill is named
    drag(page, 0, 0, 0, 0)
    wait_until(page, "/^1 cell differs|^Every marked/.test(document.getElementById('check-text').textContent)"
                     " && !document.getElementById('check-text').textContent.includes('looking')", timeout=60)
