"""The Nikoli generators' levels (pysolver.nikoli.generate, step 5): the reasoning a
puzzle's hint walk needs, the rule of every genre (pysolver.stars.level), checked on
the puzzle made by a walk of our own from clingo's solution."""
import json

import pytest

pytest.importorskip("clingo")

from pysolver import api, stars  # noqa: E402
from pysolver.app import cli  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402
from pysolver.nikoli import aspsolve, generate, url, walk  # noqa: E402


def level_of(g):
    """The level of a puzzle as a player meets it: clingo's one solution, then the walk."""
    r = aspsolve.solve(g, 2)
    assert r["status"] == "unique"
    return walk.level_of(g, walk.walk(g, r["solutions"][0]))


@pytest.mark.parametrize("family, size, seed, levels", [
    ("nurikabe", 5, 1, stars.LEVELS), ("heyawake", 5, 2, stars.LEVELS), ("masyu", 5, 3, stars.LEVELS),
    ("bag", 5, 4, ("easy", "expert"))])  # Bag's medium and hard are rare (PERF.md): not in the page
def test_every_level_comes_out_as_asked_and_the_same_again(family, size, seed, levels):
    made = {}
    for lv in levels:
        g, info = generate.generate(family, size, size, seed, level=lv)
        assert info["level"] == lv and level_of(g) == lv, (family, lv)
        made[lv] = url.write_url(g)
        again, _ = generate.generate(family, size, size, seed, level=lv)
        assert url.write_url(again) == made[lv]
    assert len(set(made.values())) == len(levels)


def test_an_easier_level_puts_back_clues_the_hardest_dropped():
    """Heyawake starts with every clue its solution allows, then drops as many as
    stay unique (minimal puzzles are mostly hard or expert): an easy one has
    more clues than an expert one."""
    easy_clues, hard_clues = [], []
    for seed in (1, 2):
        easy, info = generate.generate("heyawake", 7, 7, seed, level="easy")
        assert info["level"] == "easy" and level_of(easy) == "easy"
        easy_clues.append(info["clues"])
        hard_clues.append(generate.generate("heyawake", 7, 7, seed, level="expert")[1]["clues"])
    assert sum(easy_clues) > sum(hard_clues)

def test_the_level_from_the_page_and_the_command_line(capsys):
    reply = api.task("masyu", "generate", json.loads('{"width": 5, "height": 5, "seed": 7, "level": "medium"}'))
    from pysolver.asp import tasks as asprun
    while "result" not in reply:
        answer = asprun.solve_native(asprun.Ask.from_dict(json.loads(json.dumps(reply["ask"]))))
        reply = api.step(reply["session"], json.loads(json.dumps(answer)))
    assert reply["result"]["level"] == "medium"
    assert level_of(url.read_url(reply["result"]["url"])) == "medium"
    for bad in ("tricky", ["easy"], 3):
        with pytest.raises(PuzzleError) as e:
            api.task("masyu", "generate", {"width": 5, "height": 5, "seed": 7, "level": bad})
        assert str(e.value).startswith("the level is one of easy, medium, hard, expert, not ")
    code = cli.main(["generate", "nurikabe", "--size", "5x5", "--seed", "2", "--level", "expert", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["level"] == "expert" and level_of(url.read_url(out["url"])) == "expert"
    # without --json the level and stars were not said at all, as a nonogram's are
    code = cli.main(["generate", "nurikabe", "--size", "5x5", "--seed", "2", "--level", "expert"])
    text, err = capsys.readouterr()
    assert code == 0 and text == out["url"] + "\n"
    assert err == f"expert 5x5, {out['stars']} star{'s' * (out['stars'] != 1)} (about {out['minutes']:g} minutes by hints)\n"
    for argv, words in ((["--colours", "2"], "--colours is for nonograms"),
                        (["--level", "easy", "--no-minimize"], "cannot be used with --no-minimize")):
        code = cli.main(["generate", "bag", "--size", "5x5", *argv])
        err = capsys.readouterr().err
        assert code == 2 and words in err and err.count("\n") == 1


def test_the_walk_stops_past_its_ceiling():
    g, _ = generate.generate("heyawake", 7, 7, 1, level="expert")
    sol = aspsolve.solve(g, 2)["solutions"][0]
    full = walk.walk(g, sol)
    cut = walk.walk(g, sol, ceiling="easy")
    assert full["finished"] and walk.level_of(g, full) == "expert"
    assert cut["end"] == "past" and not cut["finished"] and cut["work"] < full["work"]
    assert walk.walk(g, sol, ceiling="expert") == full
