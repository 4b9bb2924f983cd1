"""The words of a hint: explanations a player can follow, built from the facts
that pysolver.nonogram.player.hint finds (positions are 0-based here, shown 1-based)."""
from __future__ import annotations


def ranges_text(positions):
    """'4', '4–5', '1–3, 7' for 0-based positions (shown 1-based)."""
    parts, run = [], []
    for p in sorted(positions):
        if run and p == run[-1] + 1:
            run.append(p)
        else:
            if run:
                parts.append(run)
            run = [p]
    if run:
        parts.append(run)
    return ", ".join(f"{r[0] + 1}" if len(r) == 1 else f"{r[0] + 1}–{r[-1] + 1}" for r in parts)


def where(axis, positions):
    """'columns 4–5' for cells of a row, 'row 3' for a cell of a column."""
    other = "column" if axis == "row" else "row"
    word = other if len(positions) == 1 else other + "s"
    return f"{word} {ranges_text(positions)}"


def clue_text(puzzle, clue):
    if not clue:
        return "0 (empty)"
    if not puzzle.is_color:
        return " ".join(str(n) for n, _ in clue)
    return " ".join(f"{n} {puzzle.colors[c].name}" for n, c in clue)


def value_word(puzzle, c):
    if c == 0:
        return "empty"
    return "filled" if not puzzle.is_color else puzzle.colors[c].name


def arrangement(puzzle, clue, starts, n):
    """State string of a line with the blocks at ``starts`` and background elsewhere."""
    out = ["."] * n
    for (length, c), s in zip(clue, starts):
        for k in range(s, s + length):
            out[k] = puzzle.colors[c].char
    return "".join(out)


def _count(n, noun):
    """'1 cell', '2 cells'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _is_are(ps):
    return "it is" if len(ps) == 1 else "they are"


def line_explanation(puzzle, axis, i, clue, trivial, unknown, parts, ext, values):
    """'Row 7, clue 3 1: ...' for a line deduction.

    trivial: the counting reason (see hint._trivial) or None; unknown: the line's
    open cells; parts: gained positions by reason (overlap per block, unreachable,
    other); ext: (leftmost, rightmost) block starts or None; values: position ->
    colour index for every gained cell.
    """
    head = f"{axis.capitalize()} {i + 1}, clue {clue_text(puzzle, clue)}: "
    filled = "filled" if not puzzle.is_color else "coloured"
    fixed = ext is not None and ext[0] == ext[1]
    sentences = []
    if trivial == "empty":
        sentences.append("the line has no blocks, so every cell is empty")
    elif trivial == "exact" and len(clue) == 1:
        sentences.append("the block is as long as the line, so it fills the whole line")
    elif trivial == "exact":
        sentences.append("the blocks fill the line exactly, with single gaps where needed, "
                         "so there is only one arrangement")
    elif trivial == "counted":
        total = sum(length for length, _ in clue)
        many = (f"all {total} {filled} cells of the clue are" if total > 1 else
                f"the clue's only {filled} cell is")
        sentences.append(f"{many} already marked, so the other cells are empty")
    elif trivial == "fill":
        sentences.append(f"it still needs {unknown} filled cell{'s' if unknown != 1 else ''} "
                         f"and exactly {unknown} {'is' if unknown == 1 else 'are'} open")
    elif fixed:
        sentences.append("only one arrangement of the blocks fits the marks")
    else:
        push = ("left", "right") if axis == "row" else ("up", "down")
        who = "the blocks are" if len(clue) > 1 else "it is"
        # the reason once, then what each block covers (colour clues have many blocks)
        for k, (j, ps) in enumerate(sorted(parts["overlap"].items())):
            length, c = clue[j]
            nth = f"block {j + 1} ({length})" if len(clue) > 1 else f"the block of {length}"
            why = (f"whether {who} pushed as far {push[0]} or as far {push[1]} as the marks allow"
                   if k == 0 else "either way")
            sentences.append(f"{nth} covers {where(axis, ps)} {why}, so {_is_are(ps)} "
                             f"{value_word(puzzle, c)}")
        if parts["unreachable"]:
            ps = parts["unreachable"]
            sentences.append(f"no block can reach {where(axis, ps)}, so {_is_are(ps)} empty")
        by_value = {}
        for p in parts["other"]:
            by_value.setdefault(values[p], []).append(p)
        for c, ps in sorted(by_value.items()):
            verb = "leaves" if c == 0 else ("fills" if not puzzle.is_color else
                                            f"paints {puzzle.colors[c].name}")
            tail = " empty" if c == 0 else ""
            sentences.append(f"every arrangement of the blocks that fits the marks "
                             f"{verb} {where(axis, ps)}{tail}")
    if trivial or fixed:
        by_value = {}
        for p in sorted(values):
            by_value.setdefault(values[p], []).append(p)
        sentences.append(", ".join(
            f"{where(axis, ps)} {'is' if len(ps) == 1 else 'are'} {value_word(puzzle, c)}"
            for c, ps in sorted(by_value.items(), key=lambda kv: -kv[0])))
    return head + "; ".join(sentences) + "."


def contradiction(puzzle, axis, i, line):
    """The hint for a line (cell masks) whose marks no arrangement of its clue fits."""
    clue = puzzle.rows[i] if axis == "row" else puzzle.cols[i]
    reason = contradiction_reason(puzzle, clue, line)
    explanation = (f"{axis.capitalize()} {i + 1}, clue {clue_text(puzzle, clue)}: "
                   f"the marks in this {axis} cannot be completed"
                   + (f": {reason}" if reason else " by any arrangement of the blocks") + ".")
    return {"kind": "contradiction", "line": {"axis": axis, "index": i + 1}, "cells": [],
            "explanation": explanation, "leftmost": None, "rightmost": None}


def contradiction_reason(puzzle, clue, line):
    """A short reason a person can check, when one of the simple ones applies."""
    ncol = len(puzzle.colors)
    full = puzzle.full_mask
    for c in range(1, ncol):
        need = sum(n for n, k in clue if k == c)
        have = sum(1 for m in line if m == 1 << c)
        can = sum(1 for m in line if m >> c & 1)
        word = "filled" if ncol == 2 else puzzle.colors[c].name
        if have > need:
            return (f"{_count(have, 'cell')} {'is' if have == 1 else 'are'} marked {word} "
                    f"but the clue has {f'only {need}' if need else 'none'}")
        if can < need:
            return (f"the clue needs {_count(need, f'{word} cell')} but "
                    + ("none is" if can == 0 else f"only {can} {'is' if can == 1 else 'are'}")
                    + " still open")
    runs = []
    k = 0
    while k < len(line):
        m = line[k]
        if m != full and m & (m - 1) == 0 and m != 1:
            e = k
            while e < len(line) and line[e] == m:
                e += 1
            runs.append((e - k, m.bit_length() - 1))
            k = e
        else:
            k += 1
    for length, c in runs:
        longest = max((n for n, k in clue if k == c), default=0)
        if length > longest:
            word = "filled" if ncol == 2 else puzzle.colors[c].name
            return f"a run of {_count(length, f'{word} cell')} is longer than any block of the clue"
    return ""


def probe_explanation(puzzle, y, x, value, failures):
    """'If row 3, column 9 were filled, column 9 could not be completed; so it is empty.'

    failures: (colour, (axis, index) of the line that failed, line steps before it).
    Returns the text and the failing line with the shortest chain (to highlight).
    """
    groups = {}  # (axis, index, steps) -> values that fail that way
    for c, failed, steps in failures:
        groups.setdefault((failed[0], failed[1], steps), []).append(c)
    clauses = []
    for k, ((axis, idx, steps), values) in enumerate(sorted(groups.items(), key=lambda g: g[0][2])):
        chain = "" if steps == 0 else f" after {steps} line deduction{'s' if steps != 1 else ''}"
        subject = f"row {y + 1}, column {x + 1}" if k == 0 else "it"
        tried = " or ".join(value_word(puzzle, c) for c in values)
        clauses.append(f"if {subject} were {tried}, {axis} {idx + 1} could not be "
                       f"completed{chain}")
    explanation = "; ".join(clauses) + f"; so it is {value_word(puzzle, value)}."
    axis, idx, _ = min(groups, key=lambda g: g[2])
    return explanation[0].upper() + explanation[1:], (axis, idx)


def stuck(puzzle, y, x, failures):
    """The hint when every value of a cell fails: the marks contradict the clues."""
    c, (axis, idx), _ = failures[0]
    return {"kind": "contradiction", "line": {"axis": axis, "index": idx + 1}, "cells": [],
            "explanation": (f"Row {y + 1}, column {x + 1} can be neither "
                            + " nor ".join(value_word(puzzle, f[0]) for f in failures)
                            + f" without breaking {axis} {idx + 1}: some marks already "
                            "contradict the clues."),
            "leftmost": None, "rightmost": None}


def no_solution(puzzle, axis, i, cell=None, failures=()):
    """The hint when the clues contradict each other, whatever the marks: line logic
    from the empty grid finds that line ``(axis, i)`` cannot be completed, or (with
    ``cell`` (y, x)) that every value of that cell breaks a line: ``failures`` lists
    (colour, (axis, index) of the line it breaks); the first is ``(axis, i)``.
    ``notice`` says the same in one sentence, for Play to show on opening."""
    clue = puzzle.rows[i] if axis == "row" else puzzle.cols[i]
    if cell is None:
        why = f"this {axis} cannot be completed"
        short = f"{axis} {i + 1} cannot be completed with its clue {clue_text(puzzle, clue)}"
    else:
        y, x = cell
        if all(f[1] == (axis, i) for f in failures):
            why = (f"row {y + 1}, column {x + 1} can be neither "
                   + " nor ".join(value_word(puzzle, c) for c, _ in failures)
                   + f" without breaking this {axis}")
        else:
            why = (f"row {y + 1}, column {x + 1} can be neither "
                   + " nor ".join(f"{value_word(puzzle, c)} (that breaks "
                                  f"{'this ' + a if (a, k) == (axis, i) else f'{a} {k + 1}'})"
                                  for c, (a, k) in failures))
        # the notice stands alone: every line by its name
        short = (f"row {y + 1}, column {x + 1} can be neither "
                 + " nor ".join(f"{value_word(puzzle, c)} (that breaks {a} {k + 1})"
                                for c, (a, k) in failures))
    return {"kind": "contradiction", "line": {"axis": axis, "index": i + 1}, "cells": [],
            "explanation": (f"{axis.capitalize()} {i + 1}, clue {clue_text(puzzle, clue)}: this puzzle "
                            "has no solution. Working line by line from the empty grid, before any "
                            f"of your marks, {why}: the clues contradict each other, so no grid "
                            "can satisfy them all."),
            "leftmost": None, "rightmost": None,
            # Play's notice on opening the puzzle (api.diagnose)
            "notice": f"These clues have no solution: {short}, working line by line from the empty grid."}


def deep_explanation(puzzle, y, x, value, refuted, nodes, depth):
    """The deeper what-if: every value but ``value`` fails after a search from the cell."""
    tried = " or ".join(value_word(puzzle, c) for c in refuted)
    return (f"Deeper what-if (a search, not one line at a time): if row {y + 1}, column {x + 1} "
            f"were {tried}, the grid could not be completed: a search from there, trying "
            f"each value of further cells in turn and following line logic "
            f"({_count(nodes, 'step')}, "
            f"{'one what-if deep' if depth <= 1 else f'what-ifs up to {depth} deep'}), "
            f"ends every time in a line that cannot be completed. So it is "
            f"{value_word(puzzle, value)}.")


def reveal_explanation(puzzle, y, x, value, gained, unique):
    """The reveal: no deduction was short enough, so one cell of the solution is shown."""
    source = ("the puzzle's solution" if unique else
              "a solution that fits your marks (this puzzle may have others)")
    unlock = (f"with it, line logic fixes {_count(gained, 'more cell')}" if gained else
              "it is the cell most likely to help")
    return (f"Reveal one cell (no deduction from here is short enough to explain): row {y + 1}, "
            f"column {x + 1} is {value_word(puzzle, value)} in {source}; {unlock}.")
