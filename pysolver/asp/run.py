"""The generic clingo layer: the ASP encodings and the native clingo runner.

The encodings live in the repository's ``encodings/`` folder, the single source of
truth; ``pysolver/encodings`` is a symbolic link to it, so the same path works in a
source checkout, an editable install and the wheel (pyproject lists ``*.lp`` as
package data of ``pysolver.encodings``; setuptools copies the files through the
link). Every genre's ASP route (pysolver.nonogram.asp, pysolver.nikoli.aspsolve)
and the task driver (pysolver.asp.tasks) run their programs here.

Native solving needs the optional ``clingo`` module (``pip install 'pysolver[asp]'``);
everything else here is pure Python and imports without it.
"""
from __future__ import annotations

import time
from pathlib import Path

from ..errors import PuzzleError
from ..memo import Memo

ENCODINGS_DIR = Path(__file__).resolve().parent.parent / "encodings"


class ClingoMissing(PuzzleError):
    """The native clingo module is not installed."""


_TEXTS = Memo("asp.encoding_file", 16)


def encoding_file(name: str) -> str:
    """The text of encodings/<name>.lp, any of them (Nikoli's too), read once:
    hints ask for it on every call."""
    text = _TEXTS.get(name)
    if text is None:
        text = (ENCODINGS_DIR / f"{name}.lp").read_text(encoding="utf-8")
        _TEXTS.put(name, text)
    return text


def status_of(found: int, exhausted: bool, timed_out: bool) -> str:
    """The api status word for a model count (shared by the native and wasm routes)."""
    if found >= 2:
        return "multiple"
    if timed_out:
        return "timeout"
    if found == 0:
        return "none" if exhausted else "timeout"
    if exhausted:
        return "unique"
    return "solved"  # one model and max_solutions == 1: uniqueness not asked


def clingo_module():
    """The native clingo module, or ClingoMissing saying how to install it."""
    try:
        import clingo
    except ImportError:
        raise ClingoMissing(
            "the clingo engine needs the clingo Python module: "
            "pip install 'pysolver[asp]' (or pip install clingo)") from None
    return clingo


def run_program(text: str, decode_model, max_solutions=2, timeout=None, args=()) -> dict:
    """Ground and solve one program with native clingo; models through ``decode_model``.

    The api solve-result dict (engine "clingo") with the decoded models as
    ``solutions``; shared by the nonogram and the Nikoli routes.
    """
    clingo = clingo_module()
    t0 = time.perf_counter()
    cap = int(max_solutions or 0)
    ctl = clingo.Control([f"--models={cap}", "--stats", *args], logger=lambda code, msg: None)
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    t_ground = time.perf_counter() - t0
    grids = []
    exhausted = timed_out = False
    deadline = None if timeout is None else t0 + timeout
    # models are read here, not in a callback: a callback runs on clingo's solving
    # thread and would wait for the interpreter lock that wait() holds
    with ctl.solve(yield_=True, async_=True) as handle:
        while True:
            handle.resume()
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and (left <= 0 or not handle.wait(left)):
                handle.cancel()
                timed_out = True
                break
            model = handle.model()
            if model is None:
                exhausted = handle.get().exhausted
                break
            grids.append(decode_model(model.symbols(shown=True)))
    elapsed = time.perf_counter() - t0
    stats = _stats(ctl.statistics)
    stats.update(ground_s=round(t_ground, 4), count=len(grids), exhausted=exhausted)
    return {
        "status": status_of(len(grids), exhausted, timed_out),
        "solutions": grids,
        "time_s": round(elapsed, 4),
        "stats": stats,
        "engine": "clingo",
    }


def _stats(s) -> dict:
    solving = s.get("solving", {}).get("solvers", {})
    problem = s.get("problem", {}).get("lp", {})
    return {
        "choices": int(solving.get("choices", 0)),
        "conflicts": int(solving.get("conflicts", 0)),
        "restarts": int(solving.get("restarts", 0)),
        "atoms": int(problem.get("atoms", 0)),
        "rules": int(problem.get("rules", 0)),
    }
