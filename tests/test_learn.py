"""site/learn.json (tools/build/learn.py): every genre's rules from the engine's genre data,
with a solved example, and the guided first puzzle's steps: the Hint engine's walk from
the empty grid, every step a line deduction, ending at the picture."""
import json
from pathlib import Path

from pysolver import registry
from tools.build.learn import TUTORIAL, clues_of, write_learn

ROOT = Path(__file__).resolve().parent.parent


def test_learn_json_has_every_genre_and_the_tutorial_walk(tmp_path):
    write_learn(tmp_path)
    learn = json.loads((tmp_path / "learn.json").read_text())
    assert set(learn["genres"]) == set(registry.GENRES)
    for name, g in learn["genres"].items():
        assert g["rules"] == list(registry.get(name).rules)   # one source: the engine's genre data
        ex = g["example"]
        assert len(ex["solution"]) == ex["puzzle"]["height"], name
    # no Nikoli rules' picture gives a library puzzle's answer away (each was a 7x7 #1's)
    shipped = {line.strip() for f in (ROOT / "web" / "puzzles" / "nikoli").glob("*.txt")
               for line in f.read_text().splitlines() if line.startswith("https://")}
    for name, g in learn["genres"].items():
        if name != "nonogram":
            assert g["example"]["puzzle"]["url"] not in shipped, name
    # the rules' picture does not give the tutorial away; the tutorial's clues are its picture's
    assert learn["genres"]["nonogram"]["example"]["solution"] != TUTORIAL["goal"]
    assert clues_of(TUTORIAL["goal"]) == (TUTORIAL["rows"], TUTORIAL["columns"])
    steps = learn["tutorial"]["steps"]
    assert 5 <= len(steps) <= 20
    grid = [["?"] * TUTORIAL["width"] for _ in range(TUTORIAL["height"])]
    for s in steps:
        assert s["explanation"].startswith(("Row", "Column")) and s["cells"]
        for c in s["cells"]:
            assert grid[c["row"] - 1][c["column"] - 1] == "?"          # each step gains cells
            grid[c["row"] - 1][c["column"] - 1] = c["value"]
    assert ["".join(r).replace("?", ".") for r in grid] == TUTORIAL["goal"]
    # the last step places the last filled cell (the win): no step is counted that the player never sees
    assert any(c["value"] == "#" for c in steps[-1]["cells"])
