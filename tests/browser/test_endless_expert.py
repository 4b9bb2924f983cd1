"""The expert level in the site's New puzzle control (issue 31): offered where the
generator makes one within a few seconds (10x10 to 25x25, black and white) and at the
ready-made kinds (test_endless_pool), and what it
makes is the recipe's expert puzzle; on an isolated page with two cores, made on two
workers (the main engine and a helper), the same puzzle, and Cancel stops both. Asserts what a player sees;
waits follow the page's texts and the engine's events."""
import re

import pytest

from conftest import ENGINE_TIMEOUT
from helpers import isolated_visit, open_site, page_hook, title_shown, wait_engine
from pysolver import api
from test_endless import same_puzzle
from test_endless_pool import expert_sizes, pool_kinds


def test_expert_is_offered_and_makes_an_expert_puzzle(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    page.click("#nav-library")
    levels = page.eval_on_selector_all("#np-level option", "os => os.map(o => o.textContent)")
    assert levels == ["Easy", "Medium", "Hard", "Expert"]
    page.select_option("#np-colours", "3")
    page.select_option("#np-level", "expert")
    # the sizes it is made at in a few seconds, and the ready-made kinds' (once the page has read them)
    want = [f"{n}×{n}" for n in expert_sizes()]
    page.wait_for_function("(want) => [...document.querySelectorAll('#np-size option')].map(o => o.textContent).join() === want.join()", arg=want)
    assert page.input_value("#np-size") == "10"   # the size chosen before stays offered
    # colours at expert: the ready-made counts of the size only, besides black and white made here
    ready = sorted(k["colours"] for k in pool_kinds() if k["size"] == 10)
    assert [int(v) for v in page.eval_on_selector_all("#np-colours option", "os => os.map(o => o.value)")] == [1] + ready
    assert page.input_value("#np-colours") == ("3" if 3 in ready else "1")   # the count chosen before, where offered
    assert page.is_hidden("#np-colours") == (not ready)
    if ready:
        page.select_option("#np-colours", "1")     # black and white: made here
    page.click("#np-make")
    page.wait_for_function("() => /^Expert 10×10 #\\d+$/.test(document.querySelector('#puzzle-title')?.textContent || '')",
                           timeout=ENGINE_TIMEOUT)
    assert page.is_visible("#view-play")
    page.click("#share")                           # its link is its recipe
    recipe = re.search(r"#g=(nonogram:10x10:1:expert:\d+)~[0-9a-z]{7}$", page.input_value("#share-url")).group(1)
    seed = recipe.rsplit(":", 1)[1]
    assert page.text_content("#puzzle-title") == f"Expert 10×10 #{seed}"
    r = api.task("nonogram", "generate", {"recipe": recipe})["result"]
    assert r["level"] == "expert" and r["walk"]["steps"]["deep"] >= 1
    # back in the library, the choice is remembered as made
    page.click("#nav-library")
    assert [page.input_value(s) for s in ("#np-size", "#np-colours", "#np-level")] == ["10", "1", "expert"]


def test_a_black_and_white_25x25_expert_is_made_here_as_one_of_seconds(page, site_server):
    """25x25 black and white is composed (pysolver.nonogram.compose): made in the page like the
    smaller sizes, without the slow kinds' words, and the recipe's puzzle."""
    open_site(page, site_server)
    wait_engine(page)
    page.click("#nav-library")
    page.select_option("#np-level", "expert")
    page.select_option("#np-size", "25")
    page.select_option("#np-colours", "1")
    assert page.text_content("#np-pool") == ""     # not a ready-made kind
    page.click("#np-make")
    page.wait_for_function("() => document.querySelector('#np-make').textContent === 'Cancel'")
    assert page.text_content("#np-status").startswith("Making an expert 25×25 puzzle")
    assert "few minutes" not in page.text_content("#np-status")
    page.wait_for_function("() => /^Expert 25×25 #\\d+$/.test(document.querySelector('#puzzle-title')?.textContent || '')",
                           timeout=ENGINE_TIMEOUT)
    page.click("#share")
    recipe = re.search(r"#g=(nonogram:25x25:1:expert:\d+)~[0-9a-z]{7}$", page.input_value("#share-url")).group(1)
    same_puzzle(page, recipe)


# -- expert on two workers (the main engine and a helper: web/js/endless/lanes.js) ---------

def expert_in_view_on_two_workers(page, site_server):
    """An isolated page (its workers can be interrupted, as under the service worker) with
    expert chosen in New puzzle, once its helper engine is ready: expert then runs on two."""
    isolated_visit(page, site_server)
    if page.evaluate("navigator.hardwareConcurrency") < 2:
        pytest.skip("one core: expert is made on the main engine alone")
    page.click("#nav-library")
    page.select_option("#np-level", "expert")
    page.select_option("#np-size", "15")          # expert from 15x15 in view: the helper starts
    # its start, awaited (its engine's own promise), then the engines expert runs on
    assert page_hook(page, "app.endless.helpers.want('expert').then(() => app.endless.helpers.settled())"
                     ".then(() => app.endless.helpers.engines('expert').length)") == 2


@pytest.mark.isolated
def test_expert_made_on_two_workers_is_cpythons_puzzle(page, site_server):
    expert_in_view_on_two_workers(page, site_server)
    recipe = "nonogram:15x15:1:expert:17"          # its puzzle comes from lane 1: the helper's part
    page.evaluate("(recipe) => { location.hash = '#g=' + recipe; }", recipe)
    title_shown(page, "Expert 15×15 #17", timeout=ENGINE_TIMEOUT)
    assert page_hook(page, "app.endless.workers") == 2
    ref = api.task("nonogram", "generate", {"recipe": recipe})["result"]
    assert ref["lane"]["lane"] == 1
    same_puzzle(page, recipe)


@pytest.mark.isolated
def test_a_helper_that_dies_mid_run_costs_no_puzzle(page, site_server):
    expert_in_view_on_two_workers(page, site_server)
    recipe = "nonogram:15x15:1:expert:17"
    # the helper's worker ends as the browser ends one out of memory, at its first report;
    # what it posted after that report is never heard (a quick part may have answered
    # already, its answer queued behind the report: the page must not take it)
    page_hook(page, """(() => {
      const h = app.endless.helpers.list[0];
      const hear = h.onMessage.bind(h);
      let ended = false;
      h.onMessage = (msg) => {
        if (ended) return;
        hear(msg);
        if (msg && msg.type === "progress") { ended = true; h.worker.terminate(); }
      };
      location.hash = "#g=nonogram:15x15:1:expert:17";
    })()""")
    title_shown(page, "Expert 15×15 #17", timeout=ENGINE_TIMEOUT)
    same_puzzle(page, recipe)                      # its part ran again on the main engine, or
    # the main engine's part won first; the helper's end is heard when its worker's lock is
    # let go, which under load may come after the puzzle: awaited, then it is out of the lanes
    assert page_hook(page, """(() => {
      const h = app.endless.helpers.list[0];
      return h.status === "failed" || new Promise((heard) => h.addEventListener("status", () => {
        if (h.status === "failed") heard(true);
      }));
    })()""")
    assert page_hook(page, "app.endless.helpers.engines('expert').length") == 1
    assert page.text_content("#engine-status") == "Hints ready"


@pytest.mark.isolated
def test_cancel_stops_both_workers(page, site_server):
    expert_in_view_on_two_workers(page, site_server)
    # a run that lasts: each part's first progress report is awaited, never a time
    page_hook(page, """(() => {
      const engines = [app.engine, app.endless.helpers.list[0]];
      window.__workers = engines.map((e) => e.worker);
      window.__bothRunning = Promise.all(engines.map((e) => new Promise((resolve) => e.worker.addEventListener("message",
        function seen(ev) { if (ev.data && ev.data.type === "progress") { e.worker.removeEventListener("message", seen); resolve(); } }))));
      location.hash = "#g=nonogram:60x60:2:expert:1";
    })()""")
    page_hook(page, "window.__bothRunning")   # bounded: a part that never reports fails, not hangs
    assert page.text_content("#np-make") == "Cancel"
    page.click("#np-make")
    page.wait_for_function("() => document.querySelector('#np-status').textContent === 'Stopped: no puzzle made.'")
    # both interrupted, not restarted: the same workers answer the next request (which
    # waits behind a generation that was still running: a 60x60 expert in colours never ends
    # soon)
    page_hook(page, """(() => {
      const engines = [app.engine, app.endless.helpers.list[0]];
      Promise.all(engines.map((e) => e.call("genres"))).then(() => {
        window.__after = engines.map((e, k) => e.worker === window.__workers[k] && e.status);
      });
    })()""")
    page.wait_for_function("() => window.__after", timeout=ENGINE_TIMEOUT)
    assert page.evaluate("() => window.__after") == ["ready", "ready"]
    assert page.text_content("#np-make") == "Make a puzzle"
