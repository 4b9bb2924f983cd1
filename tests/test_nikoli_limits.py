"""Issue 29: Nikoli puzzles under the one size policy and time limit, and the command
line's conventions for them. Every refusal is one line and exit 2; the inputs are
small (each trips one cap), and the work is bounded before clingo grounds."""
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pysolver import limits
from pysolver.app import cli, common
from pysolver.asp import run as asp
from pysolver.nikoli import aspsolve, model, read, url
from pysolver.errors import PuzzleError

from processes import sigint_as_in_a_terminal

ROOT = Path(__file__).resolve().parent.parent
BIG = "9" * 5000
SAFETY_S = 60  # a hang's safety net only: the bounds asserted are work and events


def refused(capsys, argv, *needles):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and err.startswith("pysolver"), (code, err)
    assert "internal error" not in err and "Traceback" not in err
    for n in needles:
        assert n in err, err
    return err


def ok(capsys, argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.mark.parametrize("text, needle", [
    ("https://puzz.link/p?nurikabe/201/200/", "40000 (200x200)"),
    ("https://puzz.link/p?nurikabe/2000/2000/", "4000000 cells; the limit for these"),
    ("https://puzz.link/p?heyawake/2000/2000/", "the limit for these puzzles is 40000"),
    ("nurikabe 201x200\n", "the limit for these puzzles is 40000"),
    ("https://puzz.link/p?nurikabe/60/60/.", "MAX_NURIKABE_WORK"),  # one "?": the whole grid
    ("https://puzz.link/p?nurikabe/60/60/-ff", "MAX_NURIKABE_WORK"),  # one 255
    ("https://puzz.link/p?nurikabe/5/5/$fffff", "clue 1126351 is over the limit of 999999"),
    ("nurikabe 2x1\n\u00b2 .\n", "'²' is not a clue"),
    ("nurikabe 2x1\n" + BIG + " .\n", "is not a clue"),
    (f"nurikabe 5x{BIG}\n", "5000 digits"),
    (f"https://puzz.link/p?nurikabe/{BIG}/5/", "5000 digits"),
    ("https://puzz.link/p?nurikabe/\u00b2/5/", "expected nurikabe/WIDTH/HEIGHT"),  # '²': a flag
    ("https://puzz.link/p?nurikabe/5/\u00b2/", "expected nurikabe/WIDTH/HEIGHT"),
    ("https://puzz.link/p?nurikabe/v:abc/2/2/1", "the variant 'abc' of nurikabe"),
], ids=lambda v: v[:40])
def test_nikoli_caps_and_bad_numbers(tmp_path, capsys, text, needle):
    path = tmp_path / "p.txt"
    path.write_text(text + "\n")
    refused(capsys, ["solve", path], needle)
    refused(capsys, ["check", path], needle)


def test_the_caps_are_checked_before_anything_is_built(monkeypatch):
    """The cell cap comes before the body is read: a grid past it allocates nothing."""
    monkeypatch.setattr(url, "Grid", None)  # building a grid would fail loudly
    with pytest.raises(PuzzleError, match="limit for these puzzles"):
        url.read_url("https://puzz.link/p?nurikabe/2000/2000/")


def test_a_file_of_large_empty_grids_is_refused_by_its_cells(monkeypatch, tmp_path, capsys):
    """A file of short URLs of large empty grids (30 bytes declare 40,000 cells: 0.1 s of
    Heyawake rooms each) was read whole: 2,000 lines took 3 minutes. The file's cells are
    capped, counted as each size is read: the line past the cap decodes nothing."""
    decoded = []
    real = url.decode_borders
    monkeypatch.setattr(url, "decode_borders", lambda *a: decoded.append(a[1:3]) or real(*a))
    text = "# a collection\n" + "puzz.link/p?heyawake/200/200/\n" * 100
    first = 11  # 400,000 cells are 10 grids: the 11th, on line 12, is past the cap
    with pytest.raises(limits.FileLimit, match=f"^in.txt, line {first + 1}: more than 400000 "
                       "cells in the file's puzzles"):
        read.parse_all(text, "in.txt")
    assert len(decoded) == first - 1
    path = tmp_path / "many.txt"
    path.write_text(text)
    refused(capsys, ["solve", path], f"many.txt, line {first + 1}: more than 400000 cells")
    # a real collection's size fits: 1,000 grids of 20x20
    assert len(read.parse_all("puzz.link/p?heyawake/20/20/\n" * 1000, "in.txt")) == 1000


def test_real_puzzles_fit_the_caps():
    folder = ROOT / "web" / "puzzles" / "nikoli"
    for f in folder.glob("*.txt"):
        read.parse(f.read_text(), f.name)
    # the largest one-"?" Nurikabe the work cap allows grounds; the limits are published
    read.parse("https://puzz.link/p?nurikabe/40/40/.")
    assert limits.as_dict()["max_nikoli_cells"] == 40_000


def test_the_work_cap_counts_what_each_program_grounds(tmp_path, capsys):
    """The solve grounds an island over the cells a short path reaches past other clues;
    hints and difficulty (rules switchable) over its number's whole diamond. A 255 hemmed
    in by 1s reaches one cell for the solve (solved) and the whole 50x50 grid for hints
    (refused with the limit named, before clingo). 50x50: the hints' estimate about 1.6
    times the cap (60x60 before: its solve took 3.9 CPU s of clingo, 50x50's about 2)."""
    n = 50
    rows = [["."] * n for _ in range(n)]
    rows[0][0], rows[0][2], rows[1][1], rows[2][0] = "255", "1", "1", "1"
    text = f"nurikabe {n}x{n}\n" + "\n".join(" ".join(r) for r in rows) + "\n"
    grid = read.parse(text)
    assert model.check_work(grid) < 2 * n * n  # a cell's worth per cell and a little
    assert n * n * 5 // 2 + (n * n) ** 2 // 50 > 1.5 * limits.MAX_NURIKABE_WORK  # the hints' estimate
    with pytest.raises(PuzzleError, match="too large to explain or rate.*MAX_NURIKABE_WORK"):
        aspsolve.program(grid, strong=False)
    path, state = tmp_path / "p.txt", tmp_path / "s.txt"
    path.write_text(text)
    state.write_text(("?" * n + "\n") * n)
    assert "none" in ok(capsys, ["solve", path]).splitlines()[0]  # 255 cells cannot fit
    refused(capsys, ["hint", path, "--state", state], "too large to explain or rate")


def test_urls_with_a_port_and_an_empty_variant(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text("http://localhost:8080/p.html?nurikabe/v:/2/2/1\n")
    assert ok(capsys, ["solve", path]).splitlines()[-2:] == [".#", "##"]


def test_options_before_the_file_and_stdin(tmp_path, capsys, monkeypatch):
    path, state = tmp_path / "p.txt", tmp_path / "s.txt"
    path.write_text("https://puzz.link/p?nurikabe/2/2/1\n")
    state.write_text("??\n??\n")
    assert "unique" in ok(capsys, ["solve", "--timeout", "30", path])
    assert "unique" in ok(capsys, ["check", "--count", "3", path])
    assert ok(capsys, ["hint", "--state", state, "--timeout", "30", path])
    for text in ("https://puzz.link/p?nurikabe/2/2/1\n", "nurikabe 2x2\n1 .\n. .\n"):
        monkeypatch.setattr(common, "_stdin", [])
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        assert "unique" in ok(capsys, ["solve", "-"])
    # a nonogram on standard input as before
    monkeypatch.setattr(common, "_stdin", [])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        b"width 1\nheight 1\nrows\n1\ncolumns\n1\n")))
    assert "unique" in ok(capsys, ["solve", "-"])


def test_a_link_given_in_place_of_a_file(capsys):
    # the puzz.link address itself as the argument, as a player copies it from the browser
    link = "https://puzz.link/p?nurikabe/2/2/1"
    assert "unique" in ok(capsys, ["solve", link])
    assert "unique" in ok(capsys, ["check", link])
    # a link to something else says what it is not, in one line
    refused(capsys, ["solve", "https://example.com/x"], "https://example.com/x", "unknown puzzle format")


def test_check_says_no_solution(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text("nurikabe 2x2\n4 .\n. 4\n")
    assert "no solution" in ok(capsys, ["check", path])
    assert json.loads(ok(capsys, ["check", path, "--json"]))["status"] == "none"


@pytest.mark.parametrize("argv, needle", [
    (["--max-solutions", "99999999999999999999999"], "over the limit of 9 digits"),
    (["--timeout", "nan"], "seconds above 0"),
    (["--timeout", "inf"], "seconds above 0"),
    (["--timeout=-1"], "seconds above 0"),
])
def test_bad_options(tmp_path, capsys, argv, needle):
    path = tmp_path / "p.txt"
    path.write_text("https://puzz.link/p?nurikabe/2/2/1\n")
    refused(capsys, ["solve", path, *argv], needle)


def test_every_subcommand_and_option_has_help():
    for parser in (cli.build_parser(),):  # one parser for every genre (issue 28)
        sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
        helped = {c.dest for c in sub._choices_actions}
        assert set(sub.choices) <= helped, set(sub.choices) - helped
        for name, p in sub.choices.items():
            for a in p._actions:
                if a.dest != "help":
                    assert a.help, (name, a.dest)
    main_help = subprocess.run([sys.executable, "-m", "pysolver", "--help"], cwd=ROOT,
                               capture_output=True, text=True, timeout=SAFETY_S).stdout
    assert "generate" in main_help


# -- the deadline covers grounding --------------------------------------------------

ONE_Q_30 = "https://puzz.link/p?nurikabe/30/30/."  # grounds in some 0.4 s of CPU


def _let_grounding_end():
    while asp.grounding_busy():  # an abandoned grounder must end before the process does
        time.sleep(0.05)


def test_a_passed_deadline_stops_the_wait_for_grounding():
    grid = read.parse(ONE_Q_30)
    import clingo
    ctl = clingo.Control([], logger=lambda c, m: None)
    ctl.add("base", [], aspsolve.program(grid))
    try:
        assert asp.ground(ctl, time.perf_counter()) is False
        assert asp.grounding_busy()
        r = aspsolve.solve(grid, 2, timeout=1e-6)
        assert r["status"] == "timeout" and r["solutions"] == []
    finally:
        _let_grounding_end()


def test_hint_timeout_is_a_plain_answer(tmp_path, capsys):
    # 26x26: a "?" island reaching 676 cells still goes to clingo (hints_large.CLINGO_ISLAND_CELLS;
    # at 30x30 the hint takes the checker's steps only and needs no deadline)
    path, state = tmp_path / "p.txt", tmp_path / "s.txt"
    path.write_text("https://puzz.link/p?nurikabe/26/26/.\n")
    state.write_text(("?" * 26 + "\n") * 26)
    try:
        r = json.loads(ok(capsys, ["hint", path, "--state", state, "--timeout", "1e-6",
                                   "--json"]))
    finally:
        _let_grounding_end()
    assert r["kind"] == "timeout" and "no hint within" in r["explanation"]


def _threads(pid) -> int:
    try:
        return int(next(ln for ln in Path(f"/proc/{pid}/status").read_text().splitlines()
                        if ln.startswith("Threads:")).split()[1])
    except (OSError, StopIteration):
        return 0


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_ctrl_c_during_grounding_ends_the_run(tmp_path):
    """SIGINT while clingo grounds (its thread running) ends the process with one line."""
    path = tmp_path / "p.txt"
    path.write_text("https://puzz.link/p?nurikabe/40/40/.\n")  # some 2 s of grounding
    proc = subprocess.Popen([sys.executable, "-m", "pysolver", "solve", str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=sigint_as_in_a_terminal)
    try:
        end = time.monotonic() + SAFETY_S  # wait for the grounding thread to start
        while time.monotonic() < end and proc.poll() is None and _threads(proc.pid) < 2:
            time.sleep(0.01)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=SAFETY_S)
    finally:
        proc.kill()
    assert proc.returncode == 130 and err == "pysolver: interrupted\n", (proc.returncode, err)
