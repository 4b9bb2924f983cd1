"""A Nikoli hint's dict in words (``pysolver hint --json``): the units it names, where
they are, and the sentence a player reads, for hints.py and hints_large.py alike."""
from __future__ import annotations

from . import families
from .marks import given as _given

# the seed's rules, as a player reads them
WORDS = {rule: text for f in families.FAMILIES.values() for rule, text in f.words.items()}


def describe(grid, unit, value) -> dict:
    """A unit and its value as the hint dict names it (1-based rows and columns)."""
    if families.of(grid.family).loop:
        x, y, u, v = unit
        return {"row": y + 1, "column": x + 1, "to_row": v + 1, "to_column": u + 1,
                "value": "line" if value else "no line"}
    x, y = unit
    on = families.of(grid.family).on
    return {"row": y + 1, "column": x + 1, "value": on if value else "#."[on == "#"]}


def where(grid, unit) -> str:
    if families.of(grid.family).loop:
        x, y, u, v = unit
        return f"between row {y + 1} column {x + 1} and row {v + 1} column {u + 1}"
    return f"at row {unit[1] + 1} column {unit[0] + 1}"


def _said(grid, unit, cell) -> str:
    """"At row 2 column 3: shaded" (no full stop)."""
    what = {"line": "the loop passes", "no line": "the loop does not pass",
            **families.of(grid.family).marks}[cell["value"]]
    at = where(grid, unit)
    return f"{at[0].upper()}{at[1:]}: {what}"


def rules_said(names) -> str:
    """Rules as a player reads them, in the words of How to play ("the rule: the shaded
    cells are connected", "the rules: ...; ..."), never a code (the hint's ``rules``
    keeps those); "" for none."""
    said = [WORDS.get(n, n) for n in names]
    return f"the rule{'s' if len(said) > 1 else ''}: {'; '.join(said)}" if said else ""


def deduction(grid, unit, value, names, because, words=None) -> dict:
    """A deduction's hint; ``words``: a count's reasoning (counts.py), said instead of
    the rules the other way breaks."""
    given = _given(grid)  # the numbered cells the page sends as unshaded are not the player's marks
    because = [(u, v) for u, v in because if u not in given]
    cell = describe(grid, unit, value)
    reasons = rules_said(names) or "the clues alone"
    text = f"{_said(grid, unit, cell)}. " + (
        f"{words}" if words else f"The other way would break {reasons}")
    if because:  # "with your 1 mark shown" read as a mark "1", beside a numbered cell
        text += f" (given {_yours(grid, because)})"
    return {"kind": "deduction", "cells": [cell], "rules": names,
            "because": [describe(grid, u, v) for u, v in because],
            "explanation": text + "."}


def _yours(grid, because) -> str:
    """The player's marks a deduction stands on: "your mark at row 5 column 8", "your marks at
    ... and at ...", "3 of your marks" (the board outlines them)."""
    if len(because) > 2:
        return f"{len(because)} of your marks"
    return f"your mark{'s' if len(because) > 1 else ''} " + " and ".join(where(grid, u) for u, _ in because)


def nothing(why) -> dict:
    """No hint, and ``why`` (complete, several solutions, beyond the explained steps)."""
    return {"kind": "none", "cells": [], "rules": [], "explanation": why}


def reveal(grid, unit, value, why) -> dict:
    """A unit given without its reasoning (``why`` says why not)."""
    cell = describe(grid, unit, value)
    return {"kind": "reveal", "cells": [cell], "rules": [], "because": [],
            "explanation": f"{_said(grid, unit, cell)}. {why}"}


# ``many`` when each named mark is wrong (it differs from the puzzle's one solution)
EACH = "are wrong"


def mistake(grid, marks, wrong, rules, broken=False, why=None, many="cannot all be right") -> dict:
    """The marks ``wrong`` (units of ``marks``) named as a mistake, and why: ``rules`` the
    marks break now (``broken``), else those a short what-if from the one wrong mark breaks
    (trial.why_wrong), else none: no rule is broken yet, which the Check panel says too, so
    the words say so rather than list every rule a long refutation read; ``why``: other
    words (a solution Solve found); ``many``: EACH when every one of several marks is wrong
    (no solution agrees with any of them, not only with them all)."""
    cells = [describe(grid, u, marks[u]) for u in wrong]
    one = len(cells) == 1
    what = f"Your mark {where(grid, wrong[0])} is wrong" if one else f"These {len(cells)} marks {many}"
    if why is None:
        it, s = ("it", "s") if one else ("they", "")
        why = (f"{it} break{s} {rules_said(rules)}" if broken else
               f"{it} break{s} no rule yet, but {it} would soon break {rules_said(rules)}" if rules else
               f"{it} break{s} no rule yet, but no solution of the puzzle agrees with "
               f"{'it' if one else 'them all' if many != EACH else 'any of them'}: "
               "the reasoning is too long to show here")
    return {"kind": "mistake", "cells": cells, "rules": list(rules), "explanation": f"{what}: {why}."}


def unplaced_mistake() -> dict:
    """Some marks are wrong, but which is past the hint's work: no mark is named (the page
    would offer to clear them all, the right ones too)."""
    return {"kind": "mistake", "cells": [], "rules": [],
            "explanation": "Some of your marks are wrong: no solution of the puzzle agrees with "
                           "them all, but finding which is beyond the work a hint may take. Check "
                           "shows any rule they break, and Undo takes back your last moves."}
