"""The library's verdicts the build ships (tools/build/library.py): the catalogue's
recorded ones only under the current key (the puzzle's clues and the engine modules
that decide them), computed otherwise; and the record is what tests/test_golden.py
checks the engine against."""
import json
import shutil
from pathlib import Path

from golden_check import GOLDEN
from tools.build import library

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "web" / "puzzles"
RECORD = json.loads((PUZZLES / "catalogue.json").read_text(encoding="utf-8"))["puzzles"]


def test_the_recorded_status_and_difficulty_are_the_golden_ones():
    """test_golden.py holds the engine to tests/golden/check.json for every shipped
    puzzle within its work budget; the build ships the catalogue's recorded fields:
    here they are the golden ones, so a verdict the engine no longer gives fails there."""
    golden = json.loads(GOLDEN.read_text())
    for e in RECORD:
        name = f"web/puzzles/{e['file']}"
        if name in golden["puzzles"]:
            g = golden["puzzles"][name]
            assert (e["status"], e["difficulty"]) == (g["status"], g["difficulty"]), e["id"]
        else:  # decided only past the golden budget (Knotty: the build's 10 s run out)
            assert name in golden["over_budget"], e["id"]


def test_the_deciders_are_the_check_and_the_walk_with_their_imports():
    found = library.deciders()
    assert {"pysolver.nonogram.solver.line", "pysolver.nonogram.solver.search",
            "pysolver.nonogram.player.hint", "pysolver.stars", "pysolver.app.report"} <= set(found)
    assert not any(m.startswith(("pysolver.nikoli", "pysolver.app.cli")) for m in found)


def test_a_recorded_verdict_is_taken_only_under_its_current_key(tmp_path, monkeypatch):
    monkeypatch.setattr(library, "CACHE", tmp_path / "cache")
    record = {e["id"]: e for e in RECORD}
    heart, two = dict(record["welcome-heart"]), dict(record["two-ways"])
    for e in (heart, two):
        shutil.copy(PUZZLES / e["file"], tmp_path / e["file"])
    cat = tmp_path / "catalogue.json"

    def annotate(*entries, keep_keys=False):
        cat.write_text(json.dumps({"version": 1, "puzzles": list(entries)}))
        counts = library.annotate(cat, keep_keys)
        return counts, {e["id"]: e for e in json.loads(cat.read_text())["puzzles"]}

    # under its key the record is taken as it is (5 stars: no engine ran to say 1);
    # the keys of this engine (the repo's record may be for an older one)
    cat.write_text(json.dumps({"version": 1, "puzzles": [heart, two]}))
    keys = library.entry_keys(cat)[1]
    heart["checked"], two["checked"] = keys["welcome-heart"], keys["two-ways"]
    counts, got = annotate(dict(heart, stars=5), two)
    assert counts == (2, 0) and got["welcome-heart"]["stars"] == 5
    assert "checked" not in got["two-ways"] and got["two-ways"]["status"] == "multiple"
    # the heart upside down: other clues, another key, so computed (and remembered)
    puzzle = json.loads((PUZZLES / heart["file"]).read_text(encoding="utf-8"))
    puzzle.update(rows=puzzle["rows"][::-1], columns=[c[::-1] for c in puzzle["columns"]],
                  goal=puzzle["goal"][::-1])
    (tmp_path / heart["file"]).write_text(json.dumps(puzzle), encoding="utf-8")
    counts, got = annotate(dict(heart, stars=5, status="none"), two)
    assert counts == (1, 1)
    assert {k: got["welcome-heart"][k] for k in ("status", "stars")} == {"status": "unique", "stars": 1}
    # another engine: every key changes, nothing recorded is taken; the record is rewritten
    monkeypatch.setattr(library, "engine_hash", lambda: "another engine")
    counts, got = annotate(heart, dict(two, status="unique", difficulty=1.0), keep_keys=True)
    assert counts == (0, 2)
    assert {k: got["two-ways"][k] for k in library.FIELDS} == {k: two[k] for k in library.FIELDS}
    assert got["two-ways"]["checked"] != two["checked"]
    assert annotate(*got.values())[0] == (2, 0)


def test_the_catalogue_is_recorded_for_this_engine():
    """A change to a module that decides the verdicts (a reader, the check, the walk)
    makes every build work all 92 out again, the newcomer's first included: the same
    change records them (`python -m tools.build.library`, then commit the catalogue)."""
    keys = library.entry_keys(PUZZLES / "catalogue.json")[1]
    stale = [e["id"] for e in RECORD if e.get("checked") != keys[e["id"]]]
    assert not stale, (f"{len(stale)} of {len(RECORD)} verdicts recorded for another engine "
                       "(e.g. " + ", ".join(stale[:3]) + "): run `python -m tools.build.library`")
