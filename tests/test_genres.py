"""Every registered genre on its own examples, through the one surface (pysolver.api):
read, solve, check the solution as the player's marks, hint from an empty grid,
convert and read back (noqx's per-genre example test is the model)."""
from pathlib import Path

import pytest

from pysolver import api, registry

ROOT = Path(__file__).resolve().parents[1]
CASES = [(g.name, path) for g in registry.GENRES.values()
         for pattern in g.examples for path in sorted(ROOT.glob(pattern))]
NEEDS_CLINGO = {"nurikabe", "heyawake", "masyu", "bag"}  # their tasks ask clingo
BUDGET = {"work": 2_000_000}  # line solves, for the tasks that take it (far more than needed)


def test_every_genre_has_examples_and_the_common_tasks():
    for genre in registry.GENRES.values():
        assert [p for pattern in genre.examples for p in ROOT.glob(pattern)], genre.name
        assert {"check", "hint", "solve", "convert"} <= set(genre.tasks), genre.name
    assert [g["name"] for g in api.genres()] == list(registry.GENRES)


@pytest.mark.parametrize("genre,path", CASES, ids=[f"{g}:{p.relative_to(ROOT / 'web' / 'puzzles')}"
                                                    for g, p in CASES])
def test_each_example_reads_solves_checks_hints_and_converts(genre, path):
    if genre in NEEDS_CLINGO:
        pytest.importorskip("clingo")
    read = api.read(path.read_text(encoding="utf-8"), path.name)
    assert read["genre"] == genre and read["puzzles"]
    puzzle = read["puzzles"][0]

    solved = api.run(genre, "solve", {"puzzle": puzzle, "max_solutions": 2}, defaults=BUDGET)
    assert solved["status"] in ("unique", "multiple"), solved["status"]
    solution = solved["solutions"][0]

    # the solution as the player's marks: nothing to report (the nonogram's check
    # says it line by line in mode "lines"; its default, "off", reports nothing)
    checked = api.run(genre, "check", {"puzzle": puzzle, "state": solution}, defaults={"mode": "lines"})
    assert not checked.get("violations") and not checked.get("lines") and not checked.get("cells"), checked

    empty = ["?" * len(solution[0])] * len(solution)
    hint = api.run(genre, "hint", {"puzzle": puzzle, "state": empty})
    assert hint["explanation"], hint

    text = api.run(genre, "convert", {"puzzle": puzzle})["text"]  # the genre's own format
    again = api.read(text)
    assert again["genre"] == genre and again["puzzles"][0] == puzzle
