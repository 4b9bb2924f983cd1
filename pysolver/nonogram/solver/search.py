"""Search: propagation, probing, then depth-first branching with backtracking.

Each search node is probed to a fixpoint (see :mod:`pysolver.nonogram.solver.probe`); the cell
whose trials decide the most cells in the worse case becomes the branching
cell, and its already-propagated trial states are the children, likeliest
value first (by the row's and column's arrangement counts). Solutions are
collected (deduplicated) until ``max_solutions`` are found or the tree is
exhausted, which proves uniqueness (one found) or "no solution" (none found).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from . import value_model
from .density import shares
from .line import undecided
from .observe import hooks
from .probe import Prober, Stop, invalidate
from .propagate import Engine

PROGRESS_INTERVAL = 0.25  # seconds between progress callbacks


@dataclass
class SolveResult:
    """Outcome of :func:`solve`.

    ``status``: "unique" (exactly one solution, proven), "multiple" (at least two
    found; ``count_exact`` tells whether the search finished, so that
    ``len(solutions)`` is the exact count), "solved" (one found when only one was
    asked for; uniqueness not decided), "none" (proven unsolvable), "timeout" or
    "cancelled" (``solutions`` then holds what was found so far). ``solutions``
    are colour-index grids (lists of row lists). ``failed`` names the line that
    failed when plain propagation already showed there is no solution.
    """
    status: str
    solutions: list = field(default_factory=list)
    nodes: int = 0
    probes: int = 0
    line_solves: int = 0
    time_s: float = 0.0
    count_exact: bool = False
    failed: tuple | None = None
    depth: int = 0
    probe_passes: int = 0
    probe_productive: int = 0  # probing passes that fixed something
    classification_hint: str = ""  # "line" / "probe" / "search": what the root needed


def solve(puzzle, max_solutions=2, cells=None, timeout=None, progress=None,
          should_stop=None, probing=True, clock=time.monotonic, restarts=True,
          restart_unit=100, seed=1, work=None, observer=None, vary=None,
          values="likely", second=None, used_up=None):
    """Find up to ``max_solutions`` solutions of ``puzzle``.

    ``cells``: optional starting grid (flat row-major masks) that narrows the
    puzzle, e.g. known cells from the hybrid mode or a hint check.
    ``timeout``: seconds (wall clock), the caller's safety net (status
    "timeout"). ``work``: a budget of line solves (status "budget" when spent):
    the same answer on every machine. ``should_stop()``: polled with the
    deadline, between nodes and every CHECK_CELLS cells of line solving
    (pysolver.nonogram.solver.propagate), so a few ms apart; True cancels. ``used_up()``:
    asked once at each of the search's own checks (between nodes and probe trials,
    not in propagation, whose checks come with the line cache's misses); True ends
    it with status "budget": a budget counted in those checks is the same in any
    process (pysolver.nonogram.player.mistakes.work_budget). ``progress(dict)``:
    called about every 0.25 s with ``known``, ``total``, ``nodes``, ``probes``,
    ``solutions``, ``time_s`` and ``state`` (row strings of the grid as known
    then, ``?`` unknown). ``observer``: gets the search's events
    (:mod:`pysolver.nonogram.solver.observe`). ``probing=False`` branches without lookahead
    (slower; for comparison). ``restarts``: randomized restarts (seeded by
    ``seed``, Luby sequence times ``restart_unit`` nodes) while looking for
    solutions; the final verdict always comes from a complete search.
    ``vary``: a seed that makes that complete search take its branching cell
    among the three best and its value order by likelihood at random (still
    complete): a portfolio's other members (pysolver.app.race) refute in other orders.
    ``values``: the value order, "likely" (the likeliest value first, see
    :func:`_order`), "shares" (the likelihood as the row's share times the
    column's, the black-and-white order before the learned model: benchmarks
    compare the two) or "open" (the value whose trial decides the fewest cells
    first, the order before the likelihoods: another member's order).
    ``second``: a value order ("likely" or "open"): a second complete search,
    deterministic, in that order takes the restarts' slices (either one
    exhausting its tree decides), a member escaping two heavy tails at once.
    ``clock``: the time source for ``timeout`` (benchmarks pass
    ``time.process_time`` to limit CPU time). Returns a :class:`SolveResult`.
    """
    for order in (values, second or "likely"):
        if order not in ORDERS:
            raise ValueError(f"unknown value order {order!r}")
    start = clock()
    deadline = start + timeout if timeout is not None else None
    max_solutions = max(1, int(max_solutions))
    eng = Engine(puzzle)
    eng.observe(observer)
    ev = hooks(observer)
    if progress is not None:
        ev["progress"] = _both(ev["progress"], progress)
    res = SolveResult("none")
    found = {}
    prober = None
    rows, cols = eng.initial(cells)
    cur = [rows]
    total = eng.w * eng.h
    check = poller(clock, start, deadline, should_stop, ev["progress"], lambda now: {
        "known": total - eng.unknown(cur[0]), "total": total, "nodes": res.nodes,
        "probes": prober.probes if prober else 0, "solutions": len(found),
        "time_s": now - start, "state": eng.state(cur[0])},
        lambda: (work is not None and eng.line_solves > work) or (used_up is not None and used_up()))
    eng.tick = lambda: check(budget=False)

    def finish(status):
        res.status = status
        res.solutions = [eng.grid(r) for r in found.values()]
        res.line_solves = eng.line_solves
        res.probes = prober.probes if prober else 0
        res.probe_passes = prober.passes if prober else 0
        res.probe_productive = prober.productive_passes if prober else 0
        res.time_s = clock() - start
        return res

    try:
        failed = eng.run_all(rows, cols) < 0
    except Stop as stop:
        return finish(stop.reason)
    if failed:
        res.failed = eng.failed
        res.count_exact = True
        res.classification_hint = "line"
        return finish("none")

    def add_solution(r):
        key = tuple(r)
        if key not in found and len(found) < max_solutions:
            found[key] = r
            if ev["solution"] is not None:
                ev["solution"](r)
            if len(found) >= max_solutions:
                raise Stop("enough")

    prober = Prober(eng, check, add_solution)
    if eng.complete(rows):
        if ev["solution"] is not None:
            ev["solution"](rows)
        found[tuple(rows)] = rows
        res.count_exact = True
        res.classification_hint = "line"
        return finish("unique")  # line logic is sound: nothing else fits

    rng = random.Random(seed)
    varied = random.Random(vary) if vary is not None else None

    def dfs(stack, limit, rand, likely=values):
        """Depth-first search from ``stack``; True when the stack was exhausted.
        ``rand``: the random source for the cell and value order, or None;
        ``likely``: the value order (ORDERS, see _order)."""
        count = 0
        while stack:
            if count >= limit:
                return False
            count += 1
            rows, cols, depth, memo, cell, value = stack.pop()
            cur[0] = rows
            res.nodes += 1
            if depth > res.depth:
                res.depth = depth
            if cell is not None and ev["branch"] is not None:
                ev["branch"](depth, cell, value)
            check()
            if probing:
                out = prober.fixpoint(rows, cols, memo)
                if out is None:
                    if ev["backtrack"] is not None:
                        ev["backtrack"](depth)
                    continue
                rows, cols, memo = out
                cell, branches = prober.branch(rows, cols, memo, rand)
            else:
                cell, branches = _plain_branches(eng, prober, rows, cols)
            if res.nodes == 1:
                res.classification_hint = "probe" if not branches else "search"
            if not branches:
                if eng.complete(rows):
                    add_solution(rows)
                continue
            # the branch pushed last is explored first: the likeliest value
            # (restarts: drawn by likelihood), see _order
            _order(eng, rows, cols, cell, branches, rand, likely)
            for i, b in enumerate(branches):
                child = None
                if memo is not None:
                    child = memo if i == len(branches) - 1 else dict(memo)
                    invalidate(child, b[3], b[4])
                stack.append((b[1], b[2], depth + 1, child, cell, b[5]))
        return True

    main = [(rows, cols, 0, None, None, None)]
    exhausted = False
    try:
        # A short deterministic search settles small trees. Then randomized
        # restarts (Luby-sized, from the probed root) alternate with equal
        # slices of the deterministic search: restarts dodge the heavy tail of
        # bad early branches when looking for solutions, and the deterministic
        # search, resumed each time, is what proves uniqueness or "none".
        root = None
        if probing:
            root = prober.fixpoint(rows, cols)
            res.nodes += 1
            if root is None:
                raise _Done()
            # its own memo: root[2] must stay the root's, restarts copy it
            main = [(root[0], root[1], 0, dict(root[2]), None, None)]
            res.nodes -= 1  # the first dfs node re-counts the root
        other = [main[0][:3] + (None if root is None else dict(root[2]), None, None)]
        exhausted = dfs(main, restart_unit * 2, varied)
        spent = 0
        budget = 0
        i = 0
        while not exhausted and len(found) < max_solutions:
            i += 1
            limit = restart_unit * _luby(i)
            if second is not None:
                exhausted = dfs(other, limit, None, second)
            elif root is not None and restarts and (not found or spent < budget):
                had = len(found)
                before = res.nodes
                dfs([(root[0], root[1], 0, dict(root[2]), None, None)], limit, rng)
                spent += res.nodes - before
                if len(found) > had and had == 0:
                    budget = spent * 2 + restart_unit * 4
            if not exhausted and len(found) < max_solutions:
                exhausted = dfs(main, limit, varied)
    except _Done:
        exhausted = True
    except Stop as stop:
        if stop.reason != "enough":
            return finish(stop.reason)
    n = len(found)
    res.count_exact = exhausted
    if n == 0:
        return finish("none")
    if n >= 2:
        return finish("multiple")
    if not exhausted:  # stopped at max_solutions == 1 with tree left
        return finish("solved")
    return finish("unique")


def poller(clock, start, deadline, should_stop, progress, report, spent=None):
    """The check a search calls between nodes and probe trials, and in propagation
    (Engine.tick, as ``check(budget=False)``): raises :class:`Stop` on cancel, timeout
    or when ``spent()`` says the work budget is used up ("budget"), and calls
    ``progress(report(now))`` about every PROGRESS_INTERVAL. The budget is not read
    in propagation: when the engine's tick comes depends on what the line cache held,
    and a budgeted search must stop at the same point in any process (the
    generator's lanes count its line solves: pysolver.nonogram.lanes)."""
    last = [start]

    def check(budget=True):
        now = clock()
        if should_stop is not None and should_stop():
            raise Stop("cancelled")
        if deadline is not None and now > deadline:
            raise Stop("timeout")
        if budget and spent is not None and spent():
            raise Stop("budget")
        if progress is not None and now - last[0] >= PROGRESS_INTERVAL:
            last[0] = now
            progress(report(now))
    return check


def _both(first, second):
    """One progress callback calling two (the observer's and the caller's)."""
    if first is None:
        return second

    def call(info):
        first(info)
        second(info)
    return call


class _Done(Exception):
    """The root probe found a contradiction."""


def _luby(i):
    """The i-th term (1-based) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1


ORDERS = ("likely", "shares", "open")  # value orders (solve's ``values``)


def _order(eng, rows, cols, cell, branches, rng=None, likely="likely"):
    """Sort the trials of ``cell`` in place so that the likeliest value comes last.

    On black-and-white puzzles a value's likelihood is the learned model's
    P(black) (1 - P for white, :mod:`pysolver.nonogram.solver.value_model`): within the same
    work it decides more of the hard tail than the shares rule, with fewer
    nodes (PERF.md, "Neural-network seed"). On colour puzzles it is
    :func:`share_likelihood` (so are black-and-white ones with ``likely`` "shares").
    With ``likely`` "open", or where the lines give no
    shares, the value deciding the fewest cells counts as the likeliest. With
    ``rng`` the order is drawn (:func:`arrange`).
    """
    like = share_likelihood(eng, rows, cols, cell, branches) if likely != "open" else None
    if like is not None and eng.ncol == 2 and likely == "likely":
        y, x = cell
        p = value_model.predict(value_model.WEIGHTS, value_model.features(
            eng, rows, cols, y, x, like.rs, like.cs))
        like = {1: p, 0: 1 - p}
    arrange(branches, like if like is not None
            else {b[5]: 1 / (1 + b[0]) for b in branches}, rng)  # least decided likeliest


class _Shares(dict):
    """{colour: likelihood}, with the row's and column's shares it came from."""


def share_likelihood(eng, rows, cols, cell, branches):
    """{colour: the share of the row's arrangements giving the cell that colour times
    the column's share} (:func:`pysolver.nonogram.solver.density.shares`), or None when the lines are
    not at a fixpoint (never in search)."""
    y, x = cell
    rs = shares(eng.row_clues[y], eng.w, rows[y], eng.work)
    cs = shares(eng.col_clues[x], eng.h, cols[x], eng.work)
    if rs is None or cs is None:
        return None
    like = _Shares((b[5], rs[b[5]][x] * cs[b[5]][y]) for b in branches)
    like.rs, like.cs = rs, cs
    return like


def arrange(branches, like, rng=None):
    """Sort ``branches`` by ``like`` (likeliest last: explored first), or with ``rng``
    draw the order, each next value with probability proportional to its
    likelihood (restarts)."""
    if rng is None:
        branches.sort(key=lambda b: like[b[5]])
        return
    pool = branches[::-1]
    drawn = []
    while len(pool) > 1:
        r = rng.random() * sum(like[b[5]] for b in pool)
        for i, b in enumerate(pool):
            r -= like[b[5]]
            if r < 0 or i == len(pool) - 1:
                drawn.append(pool.pop(i))
                break
    drawn.append(pool[0])
    branches[:] = drawn[::-1]


def _plain_branches(eng, prober, rows, cols):
    """``((y, x), trials)`` of the first undecided cell, without lookahead."""
    for y, r in enumerate(rows):
        multi = undecided(r)
        if multi:
            x = (multi & -multi).bit_length() - 1
            out = prober.trials(rows, cols, y, x)
            for t in out:
                if eng.complete(t[1]):
                    prober.on_solution(t[1])
            return (y, x), out
    return None, []
