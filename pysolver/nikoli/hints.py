"""Hints by ASP, explained: what every solution agrees on, and the rules that force it.

From the clues and the player's marks only (never a stored answer). ``hint_task``
is an asprun task (clingo calls as data, so the browser runs it on clingo-wasm,
which grounds again at every call: the calls are kept few):
1. one cautious run, the marks and every rule guard (``active(R)``, see
   encodings/grid_common.lp) assumed, over the units (cells; Masyu: the joins of
   neighbouring cells) and their complements, gives every unit that has one value
   in all solutions; none when the marks only add forced units to marks answered
   before (a followed hint leaves the solutions, so the answer, as they were).
   Its work is bounded (CAUTIOUS_CONFLICTS): past it, the units every solution found
   so far agrees on are only candidates, and one is given once proved, by the
   checker's trials (explained) or by clingo refuting its opposite (a reveal, the
   reasoning too long to show), else no hint is claimed (``_bounded``);
2. no answer set means some marks are wrong: the solution closest to the marks
   (weak constraints, one per mark) names the fewest marks to change, which is the
   flipped mark itself when one was flipped (``kind: mistake``);
3. the explanation of a forced unit (nearest the marks and clues first): first,
   with no clingo call, a rule checker (trial.py) on the marks plus the opposite
   value of each forced unit: the first whose opposite breaks a rule at once is
   the hint, else the first whose opposite a short what-if trial
   refutes (a unit near it left with no possible value), with the rules read;
   otherwise the first forced unit, with its opposite value and the marks within a
   growing distance of it assumed: one call per distance enumerates which sets of
   rules (all, all but one) leave no answer set, so the rules named are needed.
State rows use the solve output's characters and ``?``; Masyu rows may also use
the half lines ``╴ ╶ ╵ ╷`` (a line leaving the cell on one side only).
"""
from __future__ import annotations

from ..errors import PuzzleError
from . import aspsolve, checked, families, model, rules, trial
from .hint_words import EACH, deduction, mistake, nothing, reveal, unplaced_mistake
from .hints_large import beyond_clingo, checker_only
from ..memo import Memo
from ..asp.tasks import Ask, run_native
from .marks import STEP, drawn, given as _given, implied as _implied, nearness as _nearness, read as _marks, units
from .model import Grid

# per family (Family): the guarded rules; those an explanation seldom needs, dropped
# together first (one call instead of several); a unit's complement atom, shown, so
# one cautious run finds both values; the seed's rules, as a player reads them
RULES = {f.name: list(f.hint_rules) for f in families.FAMILIES.values()}
SELDOM = {f.name: f.seldom for f in families.FAMILIES.values() if f.seldom}
COMPLEMENT = {f.name: f.complement for f in families.FAMILIES.values()}
ARGS = ("-c", "hint=1")
RULE_SETS_CONFLICTS = 3000  # work for the rule sets of one explanation
CONFIRM_CONFLICTS = 300  # past RULE_SETS_CONFLICTS: work to refute with every rule
MISTAKE_CONFLICTS = 20000  # work for the solution closest to the marks
# work for the cautious run (every forced unit); past it, the units every solution found
# so far agrees on are candidates, each proved before it is given (PROOF_CANDIDATES of
# them, PROOF_CONFLICTS each): puzzles whose proof of uniqueness is long still get a
# hint within bounded work (issue 30: 72 s for one Heyawake hint before)
CAUTIOUS_CONFLICTS = 5000
# past it with no solution found that agrees with the marks: work for the strong solve that
# looks for one (the marks unchecked past it: checked.py)
MARKS_CONFLICTS = 20000
PROOF_CANDIDATES = 4
PROOF_CONFLICTS = 2000
RADII = (1, 2)  # marks this near the hinted unit are tried first (then all of them)
# program -> ((marks, consequences), ...): the last few cautious answers per puzzle
_consequences = Memo("nikoli.hints.consequences", 8)
# programs whose bounded solve (aspsolve.settle_task) settled nothing: not asked again
_unsettled = Memo("nikoli.hints.unsettled", 4)


def hint(grid: Grid, state, timeout=None) -> dict:
    """The hint dict (``pysolver hint --json``), by native clingo; asprun.OutOfTime
    when ``timeout`` seconds pass first."""
    return run_native(hint_task(grid, state), timeout)


def atom(grid: Grid, unit, value=True) -> str:
    """The unit's shown atom (value True) or its complement (False), as text."""
    name = aspsolve.SHOWN[grid.family] if value else COMPLEMENT[grid.family][0]
    return f"{name}({','.join(map(str, unit))})"


def program(grid: Grid) -> str:
    return aspsolve.program(grid) + COMPLEMENT[grid.family][1] + "\n"


def _joins(grid, crosses) -> list:
    """The units of Masyu's crosses, each checked."""
    if crosses and not families.of(grid.family).loop:
        raise PuzzleError("crosses are for Masyu only")
    out, joins = [], set(units(grid))
    for k, c in enumerate(crosses or (), 1):
        try:
            x, y, u, v = (int(c[key]) - 1 for key in ("column", "row", "to_column", "to_row"))
        except (KeyError, TypeError, ValueError):
            raise PuzzleError(f"cross {k}: expected row, column, to_row, to_column") from None
        if (x, y, u, v) not in joins:
            raise PuzzleError(f"cross {k}: row {y + 1} column {x + 1} to row {v + 1} "
                              f"column {u + 1} is not a join of neighbouring cells "
                              "(the second right of or below the first)")
        out.append((x, y, u, v))
    return out


def _distance(a, b) -> int:
    """Chessboard distance between two units (a join: the nearer of its two cells)."""
    ca = [a[:2], a[2:]] if len(a) == 4 else [a]
    cb = [b[:2], b[2:]] if len(b) == 4 else [b]
    return min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in ca for q in cb)


def _rule_sets(family) -> str:
    """The explaining call's extra text: the sets of rule guards it enumerates
    (projected onto ``active/1``): every rule, every rule but one, and every rule but
    some of the family's SELDOM ones."""
    names = RULES[family]
    seldom = {a[len("active("):-1] for a in SELDOM.get(family, ())}
    pairs = "".join(f":- not active({a}), not active({b}).\n"
                    for i, a in enumerate(names) for b in names[i + 1:]
                    if not (a in seldom and b in seldom))
    return "#project active/1.\n#show active/1.\n" + pairs


def _needed_rules(family, text, fixed, rule_on):
    """Task: (the rules needed, status) with ``fixed`` assumed. One clingo call
    enumerates which sets of rule guards (_rule_sets: all, all but one, all but
    some SELDOM ones) have an answer set. Status "refuted": every rule together
    leaves none; the SELDOM rules are dropped when all but them leave none either,
    else the first rule whose dropping leaves none (proved only when the enumeration
    was complete: otherwise every rule stays); "sat": every rule together has an
    answer set; "unknown": neither is proved within the work. The same call, and so
    the same rules, whichever driver runs it (a core-guided shrink may keep another
    minimal set, and the browser's clingo has no cores)."""
    ans = yield Ask(text + _rule_sets(family), ARGS + ("--project",), tuple(fixed), models=0,
                    limit=RULE_SETS_CONFLICTS)
    found = [frozenset(a for a in m if a.startswith("active(")) for m in ans["models"]]
    names = [r for r, _ in rule_on]
    if frozenset(names) in found:
        return rule_on, "sat"
    if not ans["exhausted"]:  # is every rule together refuted? the one-set question
        ans = yield Ask(text, ARGS, tuple(fixed + rule_on), limit=CONFIRM_CONFLICTS)
        return rule_on, {True: "sat", False: "refuted", None: "unknown"}[ans["sat"]]
    block = [a for a in names if a in SELDOM.get(family, ())]
    for drop in ([block] if block else []) + [[a] for a in names]:
        if frozenset(a for a in names if a not in drop) not in found:
            return [(a, True) for a in names if a not in drop], "refuted"
    return rule_on, "refuted"


def hint_task(puzzle, state, crosses=()):
    """Task: the hint dict for the puzzle (a Grid or its text) and the state rows.
    Masyu: ``crosses`` are joins marked "no line" ({row, column, to_row, to_column},
    1-based, as the hints name them) that the rows cannot say (a cell's row
    character says "no line" only for all its sides at once)."""
    grid = aspsolve.as_grid(puzzle)
    if not isinstance(state, (list, tuple)) or len(state) != grid.height:
        n = len(state) if isinstance(state, (list, tuple)) else "no"
        raise PuzzleError(f"the state has {n} row{'' if n == 1 else 's'}, expected {grid.height}")
    marks = _marks(grid, state)
    crossed = _joins(grid, crosses)
    for unit in crossed:
        marks.setdefault(unit, False)  # a line in the rows wins, as between two cells
    unmarked = _implied(grid, state).difference(crossed)

    def drawn_by(because):  # the marks a deduction read as the player made them (Masyu: lines)
        return [(u, marks[u]) for u in drawn(grid, state, because, unmarked)]
    if beyond_clingo(grid):
        return checker_only(grid, state, marks)
    text = program(grid)
    rule_on = [(f"active({r})", True) for r in RULES[grid.family]]
    mark_on = [(atom(grid, u), v) for u, v in marks.items()]
    sure, proved = _known_consequences(grid, text, marks), True
    if sure is None:
        ans = yield Ask(text, ARGS, tuple(rule_on + mark_on), "cautious", limit=CAUTIOUS_CONFLICTS)
        if ans["sat"] is False:
            return (yield from _mistake_task(grid, text, state, marks, rule_on, unmarked))
        proved = ans["exhausted"]
        sure = frozenset(ans["models"][0]) if ans["models"] else None
        if proved:
            _consequences.put(text, (_consequences.get(text, ()) + ((dict(marks), sure),))[-4:])
    given = _given(grid)
    open_units = [u for u in units(grid) if u not in marks and u not in given]
    near = _nearness(grid, marks)
    forced = sorted(((u, v) for u in open_units for v in (True, False)
                     if sure is None or atom(grid, u, v) in sure), key=lambda f: near(f[0]))
    if not proved and sure is None and marks:  # no solution agreeing with the marks found yet
        return (yield from _unconfirmed(grid, text, state, marks, forced, rule_on, unmarked, drawn_by))
    if not proved:  # candidates only: a step is given once it is proved
        return (yield from _bounded(grid, text, marks, forced, rule_on, drawn_by))
    if not forced:
        return nothing("Every solution agrees with your marks, and nothing more is forced: "
                       "the puzzle has several solutions from here."
                       if open_units else "The grid is complete.")
    if families.of(grid.family).loop:  # lines first: a forced line helps more than a forced gap
        forced.sort(key=lambda f: not f[1])
    found = trial.explain(grid, marks, forced)
    if found is None:
        found = (yield from _asp_reason(grid, text, marks, forced[0], rule_on)) + (None,)
    unit, value, names, because, words = found
    return deduction(grid, unit, value, names, drawn_by(because), words)


def _bounded(grid, text, marks, candidates, rule_on, drawn_by):
    """Task: a hint when the cautious run ran out of work. ``candidates``: (unit,
    value) pairs nearest first, those every solution found so far agrees on (both
    values of every unit when none was found). A candidate is given only once it is
    proved forced: by the checker's trials (trial.py, no clingo; an explained
    deduction), else by clingo with its opposite assumed leaving no answer set (a
    reveal: the proof is too long to show); else no hint, said so. ``drawn_by``: the
    marks a deduction read as the player made them (hint_task's)."""
    found = trial.explain(grid, marks, candidates)
    if found is not None:
        unit, value, names, because, words = found
        return deduction(grid, unit, value, names, drawn_by(because), words)
    mark_on = [(atom(grid, m), v) for m, v in marks.items()]
    for unit, value in candidates[:PROOF_CANDIDATES]:
        ans = yield Ask(text, ARGS, tuple([(atom(grid, unit), not value)] + mark_on + rule_on),
                        limit=PROOF_CONFLICTS)
        if ans["sat"] is False:
            return reveal(grid, unit, value, "The other way leaves no solution, but the "
                                             "reasoning is too long to show here.")
    return nothing("No hint found within the work a hint may take: the next step here "
                   "needs a long chain of reasoning. Try another part of the grid, or Solve.")


def _unconfirmed(grid, text, state, marks, candidates, rule_on, unmarked, drawn_by):
    """Task: the hint when the cautious run found no solution agreeing with the marks:
    a deduction from wrong marks would teach something false, so the marks are checked
    first: against the puzzle's one solution (known, or settled now by one bounded solve,
    asked once per puzzle), else against the steps earlier unchecked hints proved, else by
    a solve with the marks assumed (MARKS_CONFLICTS). Right, the hint reads them
    (_bounded); wrong, it names them; unchecked, it reads only the marks those steps
    proved, and says so (checked.py)."""
    wrong = yield from _against_solution(grid, text, marks, unmarked)
    sure = marks
    if wrong is None:
        sure, wrong = checked.proved(grid, marks, unmarked)
    if wrong:
        return _named(grid, state, marks, wrong, unmarked, many=EACH if sure is marks else None)
    if len(sure) < len(marks):
        ans = yield Ask(aspsolve.program(grid, strong=True), aspsolve.solve_args(grid),
                        tuple((atom(grid, u), v) for u, v in marks.items()), limit=MARKS_CONFLICTS)
        if ans["sat"] is False:
            return (yield from _mistake_task(grid, text, state, marks, rule_on, unmarked))
        sure = marks if ans["sat"] else sure
    found = yield from _bounded(grid, text, sure, candidates, rule_on, drawn_by)
    if sure is marks:
        return found
    unchecked = len(sure) < len(marks)
    if found["kind"] in ("deduction", "reveal"):
        return checked.remember(grid, found, *_unit(grid, found["cells"][0]), unchecked)
    return nothing(f"{found['explanation']} {checked.UNCHECKED} {checked.CHECK}") if unchecked else found


def _against_solution(grid, text, marks, unmarked):
    """Task: the marks that differ from the puzzle's one solution ([] when none does), that
    solution known in this process or settled now by one bounded solve (asked once per
    puzzle: _unsettled); None when none is known."""
    wrong = checked.against_solution(grid, marks, unmarked)
    if wrong is None and text not in _unsettled:
        yield from aspsolve.settle_task(grid)
        wrong = checked.against_solution(grid, marks, unmarked)
        if wrong is None:
            _unsettled.put(text, True)
    return wrong


def _known_consequences(grid, text, marks):
    """The consequences found for earlier marks of this puzzle when the marks now
    add only units they force (a followed hint, a right deduction): every solution
    of the earlier marks has those values, so the solutions, and what they all
    agree on, are the same. None when no earlier answer serves."""
    for old, sure in reversed(_consequences.get(text, ())):
        if all(marks.get(u) == v for u, v in old.items()) and \
                all(atom(grid, u, v) in sure for u, v in marks.items() if u not in old):
            return sure
    return None


def _rows(grid, marks) -> list:
    on = families.of(grid.family).on
    off = "#."[on == "#"]
    rows = [["?"] * grid.width for _ in range(grid.height)]
    for (x, y), v in marks.items():
        rows[y][x] = on if v else off
    return rows


def _asp_reason(grid, text, marks, forced, rule_on):
    """Task: (unit, value, rules, marks) for the first forced unit: with its opposite
    value and the marks within distance 1, 2, then all of them assumed, the first
    that leaves no answer set with every rule, and the rules still needed (one call
    per distance; _needed_rules). When neither that call nor its confirmation proves
    anything, every rule and mark is named (the cautious run proved the unit forced
    by them all), rather than more calls."""
    unit, value = forced
    # numbered cells are unshaded / inside, as the trials take them (N1, B2 are read
    # at a glance; without them a relaxed rule set costs clingo a search for
    # another solution)
    opposite = [(atom(grid, unit), not value)] + [
        (atom(grid, c), families.of(grid.family).on == ".") for c in sorted(_given(grid))]
    for r in RADII + (None,):
        near = [m for m in marks if r is None or _distance(m, unit) <= r]
        fixed = opposite + [(atom(grid, m), marks[m]) for m in near]
        needed, status = yield from _needed_rules(grid.family, text, fixed, rule_on)
        if status == "refuted":
            break
        if status == "unknown" or r is None:
            needed, near = rule_on, list(marks)
            break
    return unit, value, sorted(r[len("active("):-1].upper() for r, _ in needed), near


def _mistake_task(grid, text, state, marks, rule_on, unmarked=frozenset()):
    """Task: no solution agrees with every mark. The solution that disagrees with the
    fewest marks names them, but for ``unmarked`` ones (Masyu's joins beside a cell of
    two lines: one of those lines is wrong too, and named); the rules are the one the
    marks break, else those a short what-if from the wrong mark breaks, else none
    (trial.why_wrong): a long refutation reads nearly every rule, which helps no player.
    Marks that differ from the puzzle's one solution (_against_solution), or from a step an
    unchecked hint proved (checked.py), are named first: exact, and the closest-solution
    search may run out (a 45x31 Nurikabe's did, after 2 s)."""
    known = yield from _against_solution(grid, text, marks, unmarked)
    if known:
        return _named(grid, state, marks, known, unmarked, many=EACH)
    known = checked.proved(grid, marks, unmarked)[1]
    if known:
        return _named(grid, state, marks, known, unmarked)
    weak = "".join(f":~ {'not ' if v else ''}{atom(grid, u)}. [1@0, {i}]\n"
                   for i, (u, v) in enumerate(marks.items()))
    ans = yield Ask(text + weak, ARGS, tuple(rule_on), models=0, limit=MISTAKE_CONFLICTS)
    if ans["sat"] is False:
        return {"kind": "no-solution", "cells": [], "rules": [],
                "explanation": "The clues have no solution."}
    if ans["models"]:
        best = set(ans["models"][-1])
        wrong = [u for u, v in marks.items() if (atom(grid, u) in best) != v and u not in unmarked]
    else:  # no solution found within the work: one mark is wrong; of several, which is not known
        wrong = [u for u in marks if u not in unmarked]
        if len(wrong) > 1:
            return unplaced_mistake()
    return _named(grid, state, marks, wrong, unmarked)


def _named(grid, state, marks, wrong, unmarked, many=None):
    """The mistake hint naming the marks ``wrong``, in the Check's words (trial.why_wrong);
    ``many``: EACH when each is (hint_words.mistake)."""
    names, broken = trial.why_wrong(grid, state, marks, wrong, unmarked)
    return mistake(grid, marks, wrong, names, broken, **({"many": many} if many else {}))


def _unit(grid, cell):
    """(unit, value) of a cell as a hint names it (hint_words.describe)."""
    value = cell["value"] in ("line", families.of(grid.family).on)
    if families.of(grid.family).loop:
        return (cell["column"] - 1, cell["row"] - 1, cell["to_column"] - 1, cell["to_row"] - 1), value
    return (cell["column"] - 1, cell["row"] - 1), value


def played(grid: Grid, state, hint: dict, crosses=()) -> list:
    """The state rows after marking the hint's cells (a deduction's cell, or the
    correction of a mistake's marks). Masyu rows say a join has no line only when its
    cell is complete (with ``crosses``, the joins marked "no line" besides), so such
    a hint may leave the rows as they were: the caller keeps it as a cross."""
    marks = _marks(grid, state)
    for unit in _joins(grid, crosses):
        marks.setdefault(unit, False)
    for c in hint.get("cells", []):
        unit, value = _unit(grid, c)
        marks[unit] = value != (hint["kind"] == "mistake")
    if not families.of(grid.family).loop:
        return ["".join(row) for row in _rows(grid, marks)]
    out = []
    for y in range(grid.height):
        row = ""
        for x in range(grid.width):
            known, lines = True, set()
            for d, (dx, dy) in STEP.items():
                u, v = x + dx, y + dy
                if 0 <= u < grid.width and 0 <= v < grid.height:
                    value = marks.get((min(x, u), min(y, v), max(x, u), max(y, v)))
                    known = known and value is not None
                    if value:
                        lines.add(d)
            chars = {**model.BOX, **model.HALF}
            row += chars.get(frozenset(lines), "?") if lines else "?."[known]
        out.append(row)
    return out
