"""The expert pool (web/puzzles/pool/, made by tools/build/pool.py): its files in the
format the page reads, every puzzle sound (its goal, all its colours, unique), the
pool still what the generator makes for each recipe, and the tool's own behaviour
(writes, resumes, keeps or remakes a kind made by another engine, bad --kinds)."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pysolver import api
from pysolver.nonogram.puzzle import satisfies
from pysolver.nonogram.solver import search
from tools.build import pool
from tools.build.library import engine_hash

try:
    import clingo  # noqa: F401
    from pysolver.nonogram import asp
    HAVE_CLINGO = True
except ImportError:
    HAVE_CLINGO = False

ROOT = Path(__file__).resolve().parent.parent
INDEX = json.loads((pool.POOL / "index.json").read_text(encoding="utf-8"))
KINDS = {k["file"]: k for k in INDEX["kinds"]}
# the minutes `python -m tools.build.pool --jobs 2` takes to make the pool (PERF.md "The
# expert pool": three runs, 22 min 39 s, 22 min 22 s and 42 min 51 s, niced, on two cores)
REMAKE_MINUTES = 90
# the entries checked unique, by a solver other than the generator's: with clingo all
# of them (about 2 s for the pool), else each kind's first few with pysolver's search
UNIQUE_SAMPLE = None if HAVE_CLINGO else 3


def made(kind):
    return json.loads((pool.POOL / kind["file"]).read_text(encoding="utf-8"))["made"]


def test_the_index_lists_every_file_of_the_pool_with_its_count():
    assert isinstance(INDEX["about"], str) and INDEX["about"]
    files = {p.name for p in pool.POOL.iterdir()} - {"index.json"}
    assert set(KINDS) == files and len(KINDS) == len(INDEX["kinds"])
    assert sorted(KINDS.values(), key=lambda k: (k["size"], k["colours"])) == INDEX["kinds"]
    for name, kind in KINDS.items():
        assert set(kind) == {"size", "colours", "level", "count", "file"}
        assert kind["level"] == "expert" and name == pool.file_name(kind["size"], kind["colours"])
        text = (pool.POOL / name).read_text(encoding="utf-8")
        data = json.loads(text)
        assert text == json.dumps(data, separators=(",", ":")) + "\n"  # compact
        assert set(data) == {"generator", "made"} and re.fullmatch(r"[0-9a-f]{16}", data["generator"])
        assert kind["count"] == len(data["made"]) > 0


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_pooled_puzzle_is_its_recipes_with_its_goal_and_all_its_colours(name):
    kind = KINDS[name]
    size, colours = kind["size"], kind["colours"]
    seeds = []
    for k, r in enumerate(made(kind)):
        seed = int(r["recipe"].rsplit(":", 1)[1])
        assert r["recipe"] == pool.recipe(size, colours, seed)
        seeds.append(seed)
        assert (r["level"], r["family"], r["walk"]["finished"]) == ("expert", "nonogram", True)
        p = api.to_puzzle(r["puzzle"])
        assert (p.width, p.height, len(p.colors)) == (size, size, colours + 1)
        assert p.goal and {ch for row in p.goal for ch in row} >= {c.char for c in p.colors[1:]}
        assert satisfies(p, [[p.char_index()[ch] for ch in row] for row in p.goal]), r["recipe"]
        if UNIQUE_SAMPLE is None or k < UNIQUE_SAMPLE:  # unique by construction: checked
            if HAVE_CLINGO:
                res = asp.solve_native(p, max_solutions=2)
                assert res["status"] == "unique" and res["solutions"] == [p.goal], r["recipe"]
            else:
                assert search.solve(p, max_solutions=2).status == "unique", r["recipe"]
    assert seeds == sorted(set(seeds)) and seeds[0] >= 1


@pytest.mark.parametrize("name", sorted(KINDS))
def test_the_pool_still_is_what_the_generator_makes(name):
    """Each kind's cheapest entries (by their recorded work: the test's cost is known
    before it runs) made again, whole; any engine change that moves a puzzle fails here."""
    for entry in pool.witnesses(made(KINDS[name])):
        assert pool.made_now(entry["recipe"]) == entry, (
            f"the generator now makes another puzzle for {entry['recipe']}: make the pool "
            f"again with `python -m tools.build.pool` (about {REMAKE_MINUTES} minutes)")


def test_the_witnesses_are_the_cheapest_entries_within_their_work():
    entries = [{"recipe": f"r{w}", "lane": {"work": w, "lane": 0}} for w in (500, 100, 300, 900)]
    assert [e["recipe"] for e in pool.witnesses(entries, 450)] == ["r100", "r300"]
    assert [e["recipe"] for e in pool.witnesses(entries, 50)] == ["r100"]  # at least one
    # and the cheapest entry of another lane, within twice the work on its own
    others = [{"recipe": f"k{w}", "lane": {"work": w, "lane": 1}} for w in (880, 820)]
    assert [e["recipe"] for e in pool.witnesses(entries + others, 450)] == ["r100", "r300", "k820"]
    assert [e["recipe"] for e in pool.witnesses(entries + others, 400)] == ["r100", "r300"]
    assert [e["recipe"] for e in pool.witnesses(others, 450)] == ["k820"]


def run(folder, capsys, *args):
    rc = pool.main(["--kinds", "10x10:1", "--jobs", "2", "--folder", str(folder), *args])
    return rc, capsys.readouterr().out


def test_the_tool_writes_resumes_and_keeps_or_remakes_a_kind(tmp_path, capsys):
    rc, out = run(tmp_path, capsys, "--count", "2")
    assert rc == 0 and "seed 1 made" in out and "seed 2 made" in out
    path = tmp_path / pool.file_name(10, 1)
    data = json.loads(path.read_text())
    assert data["generator"] == engine_hash()
    assert data["made"] == [pool.made_now(pool.recipe(10, 1, s)) for s in (1, 2)]
    assert json.loads((tmp_path / "index.json").read_text())["kinds"] == [
        {"size": 10, "colours": 1, "level": "expert", "count": 2, "file": path.name}]
    # again: nothing generated; one more: from the next seed on
    rc, out = run(tmp_path, capsys, "--count", "2")
    assert rc == 0 and " seed " not in out and "2 of 2 made already" in out
    rc, out = run(tmp_path, capsys, "--count", "3")
    assert rc == 0 and "from seed 3" in out and "seed 1 " not in out
    three = json.loads(path.read_text())["made"]
    assert [e["recipe"] for e in three] == [pool.recipe(10, 1, s) for s in (1, 2, 3)]
    # made by another engine: the witnesses made again the same keep the kind
    path.write_text(json.dumps({"generator": "0" * 16, "made": three}))
    rc, out = run(tmp_path, capsys, "--count", "3")
    assert rc == 0 and "made again the same" in out and " seed " not in out
    assert json.loads(path.read_text()) == {"generator": engine_hash(), "made": three}
    # ... and one made otherwise (here: a star less) makes the whole kind again, under
    # another hash or the same (which does not cover the generator's own modules)
    two = three[:2]
    cheapest = pool.witnesses(two)[0]
    for generator in ("0" * 16, engine_hash()):
        path.write_text(json.dumps({"generator": generator, "made": [
            dict(e, stars=e["stars"] - 1) if e == cheapest else e for e in two]}))
        rc, out = run(tmp_path, capsys, "--count", "2")
        assert rc == 0 and "now makes other puzzles" in out and "seed 1 made" in out
        assert json.loads(path.read_text()) == {"generator": engine_hash(), "made": two}


@pytest.mark.parametrize("kinds, words", [
    ("15x16:3", "'15x16:3': the pool's puzzles are square"),
    ("15x15", "'15x15' is not a kind: write SIZExSIZE:COLOURS"),
    ("10x10:2,15x15:9", "'15x15:9': colours must be a whole number from 1"),
    ("99x99:1", "'99x99:1': the width must be a whole number from 5 to 60"),
    ("10x10:2,10x10:2", "'10x10:2' is named twice"),
])
def test_a_bad_kind_is_named_with_what_is_wrong(kinds, words, tmp_path):
    res = subprocess.run([sys.executable, "-m", "tools.build.pool", "--kinds", kinds,
                          "--folder", str(tmp_path)], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 2 and words in res.stderr and "Traceback" not in res.stderr
    assert list(tmp_path.iterdir()) == []
