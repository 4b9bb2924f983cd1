"""`pysolver mark`: the play view's check modes on the command line (pysolver.api.check_marks)."""
import json

from pysolver import api
from pysolver.app import cli
from pysolver.nonogram import formats

import pictures

DANCER = pictures.bw(pictures.DANCER, title="dancer")


def run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_mark_modes(tmp_path, capsys):
    puzzle = tmp_path / "dancer.non"
    puzzle.write_text(formats.dump(DANCER, "non"))
    state = tmp_path / "state.txt"
    state.write_text("\n".join(["#???#"] + ["?????"] * 9) + "\n")  # row 1's clue is 2
    code, out, _ = run(capsys, "mark", puzzle, "--state", state, "--mode", "lines")
    assert code == 0 and out == "1 line whose marks contradict the clue\nrow 1\n"
    code, out, _ = run(capsys, "mark", puzzle, "--state", state, "--mode", "runs")
    assert code == 0 and out == "No line's complete runs contradict its clue.\n"
    code, out, _ = run(capsys, "mark", puzzle, "--state", state, "--mode", "solution", "--json")
    r = json.loads(out)
    assert code == 0 and r["cells"] == [{"row": 1, "column": 1}, {"row": 1, "column": 5}]
    assert len(r["clues"]["rows"]) == 10 and len(r["clues"]["columns"]) == 5
    state.write_text("??\n")
    code, _, err = run(capsys, "mark", puzzle, "--state", state)
    assert code == 2 and err.count("\n") == 1
    assert "state.txt: the state has 1 row; the puzzle has 10" in err


def test_mark_says_the_limit_a_search_stopped_at(tmp_path, capsys, puzzles_dir):
    # Puzzle 510 without its goal: the solution mode's search needs minutes; at --timeout it
    # says so in plain words, then the limit on a "details:" line, as the page's Details does
    text = (puzzles_dir / "taai" / "taai2011-question.txt").read_text()
    (d,) = [p for p in api.parse(text, "taai2011-question.txt")["puzzles"] if p["title"] == "Puzzle 510"]
    puzzle = tmp_path / "taai510.non"
    puzzle.write_text(formats.dump(api.to_puzzle(d), "non"))
    state = tmp_path / "state.txt"
    state.write_text("\n".join(["?" * 25] * 25) + "\n")
    code, out, _ = run(capsys, "mark", puzzle, "--state", state, "--mode", "solution", "--timeout", "0.2")
    assert code == 0
    assert out == ("This puzzle has no stored solution and the check's search did not find one, so the "
                   "check against the solution is unavailable (the other check modes still work).\n"
                   "details: search limit: 0.2 s\n")
