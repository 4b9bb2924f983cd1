"""One command line for every genre (issue 28): one parser whose solve, check, hint
and convert go to the front of the genre that recognises the file
(pysolver.registry), and hint --timeout for every genre (issue 29)."""
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pysolver import api, registry
from pysolver.app import cli, nonogram_cli, race

ROOT = Path(__file__).resolve().parent.parent

NONOGRAM = "width 2\nheight 2\nrows\n1\n2\ncolumns\n2\n1\n"
NIKOLI = "https://puzz.link/p?nurikabe/2/2/1\n"


def run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def files(tmp_path):
    (tmp_path / "a.non").write_text(NONOGRAM)
    (tmp_path / "n.txt").write_text(NIKOLI)
    (tmp_path / "s.txt").write_text("??\n??\n")
    return tmp_path


def test_every_registered_genre_has_a_front():
    assert set(cli.FRONTS) == set(registry.GENRES)


STUCK = """
import json, os, sys
from pysolver import api
from pysolver.app import cli, race
def stuck(*args, **kwargs):  # a hint engine that never answers
    while True:
        os.sched_yield()
api.hint = stuck
children = []
stop = race.Child.stop
race.Child.stop = lambda self: (children.append(self.pid), stop(self))
code = cli.main(sys.argv[1:])
for pid in children:  # each child was ended and reaped
    try:
        os.waitpid(pid, os.WNOHANG)
        print("child", pid, "not reaped", file=sys.stderr)
    except ChildProcessError:
        pass
print("children", len(children), file=sys.stderr)
sys.exit(code)
"""


def test_hint_timeout_holds_whatever_the_hint_engine_does(files):
    """The nonogram's hint runs in a child ended at the limit: a hint engine that
    never answers still gives the plain timeout answer (the child inherits the patch).
    In a fresh process: one that runs other threads (a test runner's worker may) does
    not fork, and a stuck hint there would hang the test."""
    def run_stuck(*argv):
        return subprocess.run([sys.executable, "-c", STUCK, *map(str, argv)], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
    r = run_stuck("hint", files / "a.non", "--state", files / "s.txt", "--timeout", "0.3", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["kind"] == "timeout", r.stderr
    assert r.stderr == "children 1\n"
    r = run_stuck("hint", "--timeout", "0.3", "--state", files / "s.txt", files / "a.non")
    assert r.returncode == 0 and r.stdout == "no hint within 0.3 s (--timeout)\n", r.stderr
    assert r.stderr == "children 1\n"


def test_hint_timeout_holds_where_the_process_may_not_fork(files, capsys, monkeypatch):
    """Another thread running (e.g. clingo's grounder, a test runner's worker): the
    hint is waited for in a thread, still no longer than the limit."""
    release, other = threading.Event(), threading.Event()
    monkeypatch.setattr(api, "hint", lambda *args, **kwargs: release.wait())
    busy = threading.Thread(target=other.wait)
    busy.start()
    try:
        assert not race.can_fork()
        code, out, _ = run(capsys, "hint", files / "a.non", "--state", files / "s.txt",
                           "--timeout", "0.3")
        assert code == 0 and out == "no hint within 0.3 s (--timeout)\n"
    finally:
        release.set()
        other.set()
        busy.join()


def test_hint_timeout_gives_the_same_hint_and_errors(files, capsys):
    plain = run(capsys, "hint", files / "a.non", "--state", files / "s.txt", "--json")
    timed = run(capsys, "hint", files / "a.non", "--state", files / "s.txt", "--json",
                "--timeout", "60")
    assert plain == timed and json.loads(plain[1])["cells"]
    (files / "s.txt").write_text("??\n")
    code, out, err = run(capsys, "hint", files / "a.non", "--state", files / "s.txt",
                         "--timeout", "60")
    assert code == 2 and err.count("\n") == 1 and str(files / "s.txt") in err


@pytest.mark.parametrize("argv, needle", [
    (["solve", "{n}", "{a}"], "solve takes one Nikoli puzzle at a time"),
    # these did not name the file whose genre decided
    (["convert", "{a}", "--to", "url"], "a.non: a nonogram converts --to non, xml, json, nin, asp"),
    (["convert", "{n}", "--to", "non"], "n.txt: a Nikoli puzzle converts --to url or text"),
    (["check", "{a}", "--engine", "clingo"], "invalid choice"),
    (["check", "{n}", "--engine", "pysolver"], "solves nonograms only"),
    (["generate", "sudoku", "--size", "3x3"], "unknown puzzle family 'sudoku'"),
    # these said "unknown puzzle format" of a Nikoli file
    (["mark", "{n}", "--state", "{s}"], "n.txt: mark is for nonograms"),
    (["clues", "{n}"], "n.txt: clues is for nonograms"),
    (["fix", "{n}"], "n.txt: fix is for nonograms"),
])
def test_what_a_genre_does_not_take_is_one_line(files, capsys, argv, needle):
    argv = [a.format(n=files / "n.txt", a=files / "a.non", s=files / "s.txt") for a in argv]
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and needle in err, err


def test_both_genres_through_one_parser(files, capsys):
    assert cli.build_parser().parse_args(["hint", "x", "--state", "y", "--timeout", "1"]).timeout == 1
    code, out, _ = run(capsys, "solve", files / "a.non", "--json")
    assert code == 0 and json.loads(out)["status"] == "unique"
    code, out, _ = run(capsys, "convert", files / "n.txt", "--to", "text")
    assert code == 0 and out.startswith("nurikabe 2x2")
    assert nonogram_cli.GENRES == ("nonogram",)


def test_a_masyu_hint_names_both_ends_of_its_edge(tmp_path, capsys):
    # it printed "row 1 column 5: line", one end of the edge the hint was about
    pytest.importorskip("clingo")
    state = tmp_path / "state.txt"
    state.write_text("??????\n" * 6)
    args = ("hint", "https://puzz.link/p?mashu/6/6/0220931300j0", "--state", state)
    code, out, _ = run(capsys, *args, "--json")
    (c, *_) = json.loads(out)["cells"]
    assert code == 0 and "to_row" in c
    code, out, _ = run(capsys, *args)
    assert code == 0 and out.splitlines()[1] == (
        f"row {c['row']} column {c['column']} to row {c['to_row']} column {c['to_column']}: {c['value']}")
