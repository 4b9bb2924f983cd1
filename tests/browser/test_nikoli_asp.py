"""Nikoli tasks in the browser: the Python task in the engine worker, its clingo
calls on clingo-wasm (js/genres/nikoli/asp.js); the same hints and solutions as native."""
import json

import pytest

from helpers import ENGINE, open_site, wait_engine
from pysolver.nikoli import aspsolve, hints, url
from test_nikoli_formats import EXAMPLES

pytestmark = [pytest.mark.browser]
pytest.importorskip("clingo")

# the clingo layer's own API on the page's engine (the TEST HOOKS block of helpers.py: no
# player sees a task's answer as such; the play tests check what the panels make of it)
RUN = """async ([genre, task, args]) => {
  const m = await import("./js/genres/nikoli/asp.js");
  return await m.runTask(ENGINE, genre, task, args);
}""".replace("ENGINE", ENGINE)


def run_task(page, genre, task, args):
    return page.evaluate(RUN, [genre, task, args])


@pytest.fixture()
def site(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    return page


def test_hints_and_solutions_as_native_a_mistake_bad_input_and_cancel(site):
    # 1. the same hints and solutions as native clingo, every genre
    for family, link in sorted(EXAMPLES.items()):
        grid = url.read_url(link)
        (solution,) = aspsolve.solve(grid, 2)["solutions"]
        empty = ["?" * grid.width] * grid.height
        got = site.evaluate("""async ([family, link, rows]) => {
          const m = await import("./js/genres/nikoli/asp.js");
          return await m.nikoliHint(ENGINE, family, link, rows);
        }""".replace("ENGINE", ENGINE), [family, link, empty])
        assert got == hints.hint(grid, empty), family
        half = [row[:3] + "?" * (grid.width - 3) for row in solution]
        assert run_task(site, family, "hint", {"puzzle": link, "state": half}) == hints.hint(grid, half)
        solved = run_task(site, family, "solve", {"puzzle": link, "max_solutions": 2})
        assert (solved["status"], solved["solutions"]) == ("unique", [solution]), family
    # 2. a mistake, and bad input
    grid = url.read_url(EXAMPLES["heyawake"])
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    wrong = ["".join("." if c == "#" else "#" for c in solution[0])] + solution[1:]
    got = run_task(site, "heyawake", "hint", {"puzzle": EXAMPLES["heyawake"], "state": wrong})
    assert got == hints.hint(grid, wrong) and got["kind"] == "mistake"
    err = site.evaluate("""async () => {
      const m = await import("./js/genres/nikoli/asp.js");
      try { await m.runTask(ENGINE, "bag", "hint", {puzzle: "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g", state: ["?"]}); }
      catch (e) { return {kind: e.kind, message: e.message}; }
    }""".replace("ENGINE", ENGINE))
    assert err == {"kind": "puzzle", "message": "the state has 1 row, expected 6"}
    # 3. Cancel stops a task and the next one runs
    link = EXAMPLES["nurikabe"]
    out = site.evaluate("""async ([link]) => {
      const m = await import("./js/genres/nikoli/asp.js");
      const engine = ENGINE;
      const stop = new AbortController();
      const first = m.runTask(engine, "nurikabe", "solve", {puzzle: link, max_solutions: 0}, {signal: stop.signal});
      stop.abort();
      let kind = null;
      try { await first; } catch (e) { kind = e.kind; }
      const next = await m.runTask(engine, "nurikabe", "solve", {puzzle: link, max_solutions: 2});
      return [kind, next.status];
    }""".replace("ENGINE", ENGINE), [link])
    assert out == ["cancelled", "unique"]


def test_past_the_hint_search_a_wrong_mark_is_named_in_the_page(site):
    """A 24x15 Heyawake whose hint search runs out on an almost empty board, one wrong mark
    that breaks no rule: the page's hint (clingo-wasm) named a cell beside it unshaded, read
    from the wrong mark, a few hints on; now the first hint names the mark, as natively."""
    from pathlib import Path
    from pysolver import api
    bench = Path(__file__).resolve().parents[2] / "bench/nikoli-instances/noqx-set.txt"
    link = bench.read_text().splitlines()[41].split()[0]
    grid = url.read_url(link)
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    rows = [["?"] * grid.width for _ in range(grid.height)]
    rows[13][6] = "." if solution[13][6] == "#" else "#"  # row 14 column 7, the other way
    state = ["".join(r) for r in rows]
    got = run_task(site, "heyawake", "hint", {"puzzle": link, "state": state})
    api.clear_caches()
    assert got == hints.hint(grid, state)
    assert got["kind"] == "mistake" and got["cells"] == [{"row": 14, "column": 7, "value": rows[13][6]}], got
