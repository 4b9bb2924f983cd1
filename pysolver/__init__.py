"""pysolver: a pure-Python nonogram engine (standard library only).

The public surface is small: ``pysolver.api`` (plain dicts in and out, shared by
the command line and the browser worker) and the modules it names. Nothing here
does I/O or uses threads, so the package runs unchanged under Pyodide.
"""
__version__ = "0.1.0"

from .errors import PuzzleError  # noqa: F401
from .nonogram.puzzle import Color, Puzzle  # noqa: F401
