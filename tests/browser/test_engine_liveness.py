"""The engine worker is watched: a worker that dies mid-request is noticed, the player
told, the worker restarted and the game left alone (engine.latest and the stuck
limit are covered by tests/js/engine-client.test.mjs)."""
import pytest

from helpers import click_cell, crash_engine, open_builtin, open_site, state, wait_engine

pytestmark = [pytest.mark.browser]


# one page for both crashes (a page load and an engine start less): the second crash
# comes while the worker that replaced the first is idle
def test_a_worker_killed_during_a_solve_then_one_killed_while_idle_are_noticed_and_replaced(page, site_server):
    open_site(page, site_server)
    open_builtin(page, "webpbn-knotty")
    wait_engine(page)
    click_cell(page, 1, 1)
    page.wait_for_selector("#solve-engine option[value='pysolver']", state="attached", timeout=30_000)
    page.select_option("#solve-engine", "pysolver")
    page.click("#solve")
    page.wait_for_function("document.getElementById('solve-details').textContent.includes('nodes')",
                           timeout=60_000)
    before = state(page)
    # what the browser does to a worker that ran out of memory: no error event, no answer
    crash_engine(page)
    page.wait_for_function("document.getElementById('solve-progress').textContent.includes('stopped unexpectedly')",
                           timeout=10_000)
    assert "restarted" in page.text_content("#solve-progress")
    assert not page.is_disabled("#solve")
    assert state(page) == before                 # the game is untouched
    wait_engine(page)                            # a new worker, ready
    page.click("#hint")                          # and it answers
    page.wait_for_function("document.getElementById('hint-text').textContent.startsWith('Look at')",
                           timeout=60_000)
    click_cell(page, 2, 2)
    assert state(page)[2][2] == "#"

    # killed while idle: replaced before the next request (a hint asked after it is answered)
    crash_engine(page)
    page.wait_for_selector("#engine-status[data-status=restarting]", timeout=10_000)
    wait_engine(page)
    page.click("#hint")
    page.wait_for_function("document.getElementById('hint-text').textContent.startsWith('Look at')",
                           timeout=60_000)
