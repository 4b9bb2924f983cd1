"""The contract every puzzle genre fills once (ARCHITECTURE.md, "Genres").

A genre is registered by one line in pysolver/registry.py; everything the api,
the command line and the browser worker do with a puzzle goes through its Genre.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Callable

from .errors import PuzzleError


@dataclass(frozen=True)
class Genre:
    """One puzzle genre as the engine serves it.

    ``name``: its id in requests, files and saved games ("nonogram", "nurikabe"...).
    ``title``: its name for players. ``rules``: the rules for players, one
    sentence each.
    ``recognise(text, filename)``: True when the text (a file's, a pasted one, a
    share link) holds a puzzle of this genre; asked in registry order, so a genre
    that reads any text (the nonogram's grids and pictures) comes last.
    ``read(text, filename)``: {"format", "puzzles": [puzzle dict, ...]}, the dicts
    every task takes as its ``puzzle``; PuzzleError naming what is wrong.
    ``tasks``: {name: fn(**args)} returning the result, or a task: a generator that
    yields pysolver.asp.tasks.Ask (one clingo call each) and returns the result,
    the caller answering every ask (api.task / api.step). Every genre has "check"
    (the player's marks: what breaks the rules or differs from the solution),
    "hint", "solve" and "convert" (a puzzle dict written as text).
    ``examples``: globs from the repository root of built-in puzzles to try it on
    (tests/test_genres.py reads, solves, hints, checks and converts each one).
    ``aliases``: other names that ask for it ("cave" for Bag).
    """
    name: str
    title: str
    rules: tuple
    recognise: Callable[[str, str | None], bool]
    read: Callable[[str, str | None], dict]
    tasks: dict = field(default_factory=dict)
    examples: tuple = ()
    aliases: tuple = ()

    def as_dict(self) -> dict:
        """What the page learns of the genre (api.genres)."""
        return {"name": self.name, "title": self.title, "rules": list(self.rules),
                "tasks": sorted(self.tasks)}

    def start(self, name: str, args: dict, progress=None, defaults=None):
        """The task ``name`` started with the JSON ``args`` (and ``progress``, for a
        task that reports it; ``defaults`` for arguments it takes and ``args`` lacks):
        its result, or the task (a generator) to drive."""
        fn = self.tasks.get(name)
        if fn is None:
            raise PuzzleError(f"unknown task {name!r} for {self.title}; one of {', '.join(sorted(self.tasks))}")
        if not isinstance(args, dict):
            raise PuzzleError(f"task {name}: the arguments must be a JSON object")
        signature = inspect.signature(fn)
        args = {**{k: v for k, v in (defaults or {}).items() if k in signature.parameters}, **args}
        if progress is not None and "progress" in signature.parameters:
            args["progress"] = progress
        try:
            signature.bind(**args)
        except TypeError as e:
            raise PuzzleError(f"task {name}: {e}") from None
        return fn(**args)
