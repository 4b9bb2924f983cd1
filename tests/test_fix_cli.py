"""`pysolver check` and `pysolver fix` on goal pictures from the corpus agree with the solver."""
import json

from pysolver.app import cli
from pysolver.nonogram.solver import search
from pysolver.nonogram.formats import parse
from pysolver.nonogram.puzzle import grid_from_rows, satisfies

from pictures import apply_suggestion, masks



def run(capsys, *args):
    """The command in this process (20 interpreter starts less than a subprocess each:
    the command line's own process is tested in test_cli.py and test_race.py)."""
    code = cli.main(list(args))
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def sample(puzzles_dir):
    """A few goal puzzles of each kind the manifest names: unique and multi-solution."""
    picks = {"nonogram-db": 3, "nonodataset-unique": 3, "nonodataset-multiple": 4}
    out = []
    for line in (puzzles_dir / "MANIFEST.tsv").read_text().splitlines()[1:]:
        path, note = line.split("\t")[0], line.split("\t")[-1]
        s = path.split("/")[0]
        if s == "nonodataset":
            s += "-multiple" if "multiple solutions" in note else "-unique" if "unique" in note else "-other"
        if picks.get(s, 0) > 0:
            picks[s] -= 1
            out.append(puzzles_dir / path)
    return out


def test_check_and_fix_agree_with_the_solver(puzzles_dir, capsys):
    files = sample(puzzles_dir)
    assert len(files) == 10
    for path in files:
        p = parse(path.read_text(), path.name)[0]
        verdict = search.solve(p, max_solutions=2).status
        assert verdict in ("unique", "multiple"), path
        r = json.loads(run(capsys, "check", str(path), "--json"))
        assert r["status"] == verdict, path
        assert r["unique"] is (verdict == "unique")
        fixes = json.loads(run(capsys, "fix", str(path), "--json"))["suggestions"]
        if verdict == "unique":
            assert r["alternative"] is None and r["goal_unique"] is True
            assert fixes == []
            continue
        alt = grid_from_rows(p, [row.replace("#", p.colors[1].char) for row in r["alternative"]])
        assert satisfies(p, alt) and r["alternative"] != list(p.goal)
        assert r["differences"]
        assert fixes, f"{path}: no fix found"
        for s in fixes:
            fixed_puzzle, fixed, goal = apply_suggestion(p, s)
            res = search.solve(fixed_puzzle, max_solutions=2,
                               cells=masks(fixed_puzzle, fixed) if fixed else None)
            assert res.status == "unique" and res.solutions == [goal], (path, s)


def test_text_output_marks_the_alternative(puzzles_dir, capsys):
    path = next(f for f in sample(puzzles_dir) if "nonodataset" in str(f) and
                search.solve(parse(f.read_text(), f.name)[0], max_solutions=2).status == "multiple")
    text = run(capsys, "check", str(path))
    assert "not unique" in text and "another solution" in text and "*" in text
    text = run(capsys, "fix", str(path))
    assert text.startswith("1. ") and "row " in text
