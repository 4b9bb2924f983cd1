"""Nikoli grid puzzles beside nonograms: Nurikabe, Heyawake, Masyu and Bag (Cave).

``model`` holds the puzzle and the plain text format, ``url`` the puzz.link /
pzv.jp codec, ``rules`` the pure-Python rule checker (the referee), ``aspsolve``
the clingo route (solve, count, hints, difficulty), ``generate`` the generator and
``cli`` the command-line half. Nothing here imports clingo until it solves.
"""
from .model import FAMILIES, Grid, NikoliError, parse  # noqa: F401
