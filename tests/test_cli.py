"""The command line: outputs, batches, and one-line errors with exit status 2."""
import json
import os
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from pysolver.app import cli
from pysolver.nonogram import formats

import pictures
from processes import gone, started

ROOT = Path(__file__).resolve().parent.parent
DANCER = pictures.bw(pictures.DANCER, title="dancer")
CHECKER = pictures.bw(pictures.DIAGONAL, title="two")


@pytest.fixture
def files(tmp_path):
    (tmp_path / "dancer.xml").write_text(formats.dump(DANCER, "xml"))
    (tmp_path / "two.non").write_text(formats.dump(CHECKER, "non"))
    (tmp_path / "many.txt").write_text("$1\n1\n1\n1\n1\n$2\n2\n2\n2\n2\n$3\n1\n0\n1\n0\n")
    (tmp_path / "bad.non").write_text("width 2\nheight 2\nrows\n1\n9\ncolumns\n1\n1\n")
    return tmp_path


def run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, err):
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("pysolver") and "Traceback" not in err


def test_solve_text_and_json(files, capsys):
    code, out, err = run(capsys, "solve", files / "dancer.xml")
    assert code == 0 and "unique, line, 1 solution" in out and "\n".join(DANCER.goal) in out
    code, out, _ = run(capsys, "solve", files / "dancer.xml", "--json")
    r = json.loads(out)
    assert r["status"] == "unique" and r["solutions"] == [DANCER.goal]
    assert {"classification", "time_s", "stats", "engine"} <= set(r)
    code, out, _ = run(capsys, "solve", files / "two.non", "--json", "--max-solutions", "1")
    assert json.loads(out)["status"] == "solved"


def test_batch_with_jobs(files, capsys):
    code, out, _ = run(capsys, "solve", files / "many.txt", files / "two.non", "--json",
                       "--jobs", "2", "--timeout", "30")
    results = json.loads(out)
    assert code == 0 and [r["status"] for r in results] == ["multiple", "unique", "unique", "multiple"]
    assert results[0]["file"].endswith("many.txt [Puzzle 1]") and results[3]["file"].endswith("two.non")
    code, text, _ = run(capsys, "solve", files / "many.txt", files / "two.non")
    assert text.splitlines()[-1].startswith("4 puzzles: 2 multiple, 2 unique;")
    code, serial, _ = run(capsys, "solve", files / "many.txt", files / "two.non", "--json")
    strip = [{k: v for k, v in r.items() if k not in ("time_s", "stats")} for r in json.loads(serial)]
    assert strip == [{k: v for k, v in r.items() if k not in ("time_s", "stats")} for r in results]


def test_check_shows_an_alternative(files, capsys):
    code, out, _ = run(capsys, "check", files / "two.non")
    assert code == 0 and "multiple, not unique" in out and "another solution (4 cells differ" in out
    # a colour's cells were all '*': the other solution could not be read; now it stands left
    swap = files / "swap.json"
    swap.write_text(json.dumps({"goal": ["rb..", "br..", "..rb", "..br"], "colors": [
        {"name": "white", "char": ".", "rgb": "FFFFFF"}, {"name": "red", "char": "r", "rgb": "FF0000"},
        {"name": "blue", "char": "b", "rgb": "0000FF"}]}))
    code, out, _ = run(capsys, "check", swap)
    assert code == 0 and out.splitlines()[1:] == [
        "another solution (16 cells differ, marked with * on the right):",
        "..rb ****", "..br ****", "rb.. ****", "br.. ****"]
    code, out, _ = run(capsys, "check", files / "dancer.xml", "--json")
    r = json.loads(out)
    assert r["classification"] == "line" and r["unique"] is True and r["difficulty"] >= 1


def test_check_gives_the_stars_the_batch_and_the_site_give(files, capsys, tmp_path):
    # it gave a class and a decimal difficulty, but not the 1-5 stars shown everywhere else
    from pysolver.nonogram import genre
    rated = genre.analyse(DANCER, rate=True)  # the batch's rating (app/batch.py check_one)
    code, out, _ = run(capsys, "check", files / "dancer.xml", "--json")
    r = json.loads(out)
    assert code == 0 and (r["stars"], r["minutes"], r["stars_at_least"]) == (
        rated["stars"], rated["minutes"], False)
    code, out, _ = run(capsys, "check", files / "dancer.xml")
    n = rated["stars"]
    assert f", difficulty {r['difficulty']}, {n} star{'s' * (n != 1)} (about {rated['minutes']:g} " \
           "minutes by hints) (" in out
    code, out, _ = run(capsys, "check", files / "dancer.xml", files / "two.non", "--engine", "auto", "--json")
    first, second = json.loads(out)
    assert first["stars"] == n and "stars" not in second  # not unique: no stars


def test_check_counts(files, capsys):
    (files / "checkers.non").write_text(formats.dump(pictures.bw(pictures.TWO_CHECKERS), "non"))
    code, out, _ = run(capsys, "check", files / "checkers.non")
    assert code == 0 and "not unique (at least 2 solutions)" in out
    code, out, _ = run(capsys, "check", files / "checkers.non", "--count", "20")
    assert code == 0 and "not unique (4 solutions)" in out
    code, out, _ = run(capsys, "check", files / "checkers.non", "--count", "3", "--json")
    r = json.loads(out)
    assert r["count"] == 3 and r["count_exact"] is False and len(r["solutions"]) == 3
    code, _, err = run(capsys, "check", files / "checkers.non", "--count", "1")
    one_line_error(code, err)
    assert "--count must be at least 2" in err


def test_hint(files, capsys, tmp_path):
    state = tmp_path / "state.txt"
    state.write_text("\n".join(["?????"] * 10) + "\n")
    code, out, _ = run(capsys, "hint", files / "dancer.xml", "--state", state, "--json")
    r = json.loads(out)
    assert code == 0 and r["kind"] == "line" and r["line"]["axis"] in ("row", "column")
    assert all({"row", "column", "value"} == set(c) for c in r["cells"]) and r["explanation"]
    code, out, _ = run(capsys, "hint", files / "dancer.xml", "--state", state)
    assert code == 0 and "cells: row" in out and "leftmost:" in out
    state.write_text("\n".join(DANCER.goal))
    code, out, _ = run(capsys, "hint", files / "dancer.xml", "--state", state, "--json")
    assert json.loads(out)["kind"] == "solved"
    state.write_text("??\n")
    code, _, err = run(capsys, "hint", files / "dancer.xml", "--state", state)
    one_line_error(code, err)
    assert "state.txt: the state has 1 row; the puzzle has 10" in err
    state.write_text("\n".join(["????z"] + ["?????"] * 9))
    code, _, err = run(capsys, "hint", files / "dancer.xml", "--state", state)
    one_line_error(code, err)
    assert "row 1, column 5: unknown character 'z'" in err
    # a state file that is no text, or a folder, is named as the state file it was given as
    state.write_bytes(b"\x00\x01binary")
    code, _, err = run(capsys, "hint", files / "dancer.xml", "--state", state)
    one_line_error(code, err)
    assert "state.txt: this is not a state file (it holds binary data, not text)" in err
    code, _, err = run(capsys, "hint", files / "dancer.xml", "--state", tmp_path)
    one_line_error(code, err)
    assert "is a directory, not a state file" in err


@pytest.mark.parametrize("to", ["non", "xml", "json", "nin"])
def test_convert(files, capsys, to):
    code, out, _ = run(capsys, "convert", files / "dancer.xml", "--to", to)
    (q,) = formats.parse(out)
    assert code == 0 and q.rows == DANCER.rows and q.cols == DANCER.cols


def test_convert_says_what_the_format_cannot_hold(files, capsys):
    # the title, the goal and the colour names vanished without a word
    code, out, err = run(capsys, "convert", files / "dancer.xml", "--to", "nin")
    assert code == 0 and out.startswith(f"{DANCER.width} {DANCER.height}\n")
    assert err == "pysolver: note: the .nin output leaves out the title and the goal image\n"
    for to in ("non", "xml", "json"):
        assert run(capsys, "convert", files / "dancer.xml", "--to", to)[2] == ""
    colour = files / "colour.json"
    colour.write_text(json.dumps({"title": "t", "description": "one\ntwo", "goal": ["ab"], "colors": [
        {"name": "white", "char": ".", "rgb": "FFFFFF"}, {"name": "sky", "char": "a", "rgb": "87CEEB"},
        {"name": "grass", "char": "b", "rgb": "00FF00"}]}))
    code, out, err = run(capsys, "convert", colour, "--to", "non")
    assert code == 0 and "color a #87ceeb" in out
    # its description's line break is kept (&#10;)
    assert err == "pysolver: note: the .non output changes the colour names\n"
    code, out, err = run(capsys, "clues", colour)  # its clues, written as .non by default
    assert code == 0 and err == "pysolver: note: the .non output changes the colour names\n"


def test_convert_to_asp(files, capsys):
    code, out, _ = run(capsys, "convert", files / "dancer.xml", "--to", "asp")
    assert code == 0 and "clue(r(0),1,2,1)." in out


def test_clues_from_pictures(files, capsys, tmp_path):
    pbm = tmp_path / "pic.pbm"
    pbm.write_bytes(b"P4\n3 2\n" + bytes([0b10100000, 0b01000000]))
    code, out, _ = run(capsys, "clues", pbm, "--json")
    d = json.loads(out)
    assert code == 0 and d["rows"] == [[1, 1], [1]] and d["goal"] == ["#.#", ".#."]
    txt = tmp_path / "pic.txt"
    txt.write_text("#.#\n.#.\n")
    code, out, _ = run(capsys, "clues", txt)
    (p,) = formats.parse(out)
    assert p.rows == [((1, 1), (1, 1)), ((1, 1),)]
    code, out, _ = run(capsys, "clues", files / "dancer.xml", "--to", "xml")
    assert formats.parse(out)[0].rows == DANCER.rows
    nogoal = tmp_path / "nogoal.nin"
    nogoal.write_text("2 1\n1\n1\n0\n")
    code, _, err = run(capsys, "clues", nogoal)
    one_line_error(code, err)
    assert "no goal image" in err


def test_files_are_read_as_the_page_reads_them(capsys, tmp_path):
    """A raw PBM (bytes, NULs in it) is a puzzle for check as for clues; an old Latin-1 .non
    is read as windows-1252 (the page's decoding); an image or a program is named as such."""
    pbm = tmp_path / "pic.pbm"
    pbm.write_bytes(b"P4\n9 2\n" + bytes([0, 0x80, 0xff, 0x80]))
    code, out, _ = run(capsys, "check", pbm)
    assert code == 0 and "unique" in out
    code, out, _ = run(capsys, "convert", pbm, "--to", "nin")
    assert code == 0 and out.startswith("9 2\n")
    old = tmp_path / "old.non"
    old.write_bytes("title Café\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n".encode("cp1252"))
    code, out, _ = run(capsys, "convert", old, "--to", "json")
    assert code == 0 and json.loads(out)["title"] == "Café"
    for name, data, words in (("photo.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "this is an image, not a puzzle file"),
                              ("game.exe", b"MZ\x90\0\x03", "this is not a puzzle file (it holds binary data, not text)")):
        (tmp_path / name).write_bytes(data)
        code, _, err = run(capsys, "check", tmp_path / name)
        one_line_error(code, err)
        assert f"{name}: {words}" in err


def test_fix(files, capsys):
    pytest.importorskip("pysolver.nonogram.player.fix")
    code, out, _ = run(capsys, "fix", files / "two.non", "--json", "--timeout", "20")
    assert code == 0 and json.loads(out)["suggestions"]
    # a unique goal was told "no change needed or none found (the goal may already be unique)"
    code, out, _ = run(capsys, "fix", files / "dancer.xml")
    assert code == 0 and out == f"{files / 'dancer.xml'}: no change needed: the goal is already the puzzle's only solution\n"


@pytest.mark.parametrize("argv, message", [
    (["solve", "missing.non"], "missing.non: cannot read"),
    (["solve", "{bad}"], "bad.non: line 5: row 2: clue 9 needs 9 cells but the line has 2"),
    (["solve"], "the following arguments are required"),
    (["frobnicate"], "invalid choice"),
    (["solve", "{dancer}", "--timeout", "soon"], "'soon' is not a number"),
    (["solve", "{dancer}", "--max-solutions", "0"], "--max-solutions must be at least 1"),
    (["solve", "{dancer}", "--jobs", "0"], "--jobs must be at least 1"),
    (["convert", "{dancer}", "--to", "pdf"], "invalid choice"),
    (["fix", "{dancer}", "--max-suggestions", "0"], "pysolver: --max-suggestions must be at least 1"),
    (["hint", "{dancer}", "--state", "nowhere.txt"], "nowhere.txt: cannot read"),
    (["hint", "{dancer}"], "--state"),
])
def test_bad_input_is_one_line_and_status_2(files, capsys, argv, message):
    argv = [a.replace("{bad}", str(files / "bad.non")).replace("{dancer}", str(files / "dancer.xml"))
            for a in argv]
    code, _, err = run(capsys, *argv)
    one_line_error(code, err)
    assert message in err


def test_module_entry_point_and_console_script(files):
    proc = subprocess.run([sys.executable, "-m", "pysolver", "solve", str(files / "bad.non")],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "pysolver", "solve", str(files / "dancer.xml")],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and "unique" in proc.stdout
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["pysolver"] == "pysolver.__main__:main"


def test_a_ctrl_c_while_the_command_line_loads_is_one_line():
    """Loading takes a good part of a second: a Ctrl-C then printed a traceback."""
    interrupted = ("import builtins, runpy\n"
                   "real = builtins.__import__\n"
                   "def load(name, *a, **k):\n"
                   "    if name == 'app.cli':\n"
                   "        raise KeyboardInterrupt\n"
                   "    return real(name, *a, **k)\n"
                   "builtins.__import__ = load\n"
                   "runpy.run_module('pysolver', run_name='__main__')\n")
    proc = subprocess.run([sys.executable, "-c", interrupted, "batch", "x", "--db", "r.sqlite"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert (proc.returncode, proc.stderr) == (130, "pysolver: interrupted\n")


# -- batches over processes: they end with the parent --------------------------

@pytest.fixture
def long_batch(tmp_path):
    """A --jobs 2 run of two puzzles with 24! solutions each: the workers stay busy."""
    path = tmp_path / "perm.txt"
    path.write_text(("$1\n" + "1\n" * 48) + ("$2\n" + "1\n" * 48))

    def start():  # two workers and multiprocessing's resource tracker
        return started([sys.executable, "-m", "pysolver", "solve", str(path), "--jobs", "2",
                        "--max-solutions", "100000000", "--timeout", "100"], ROOT, wait_for=3)
    return start


@pytest.mark.parametrize("send, code, message", [
    (lambda proc: proc.send_signal(signal.SIGTERM), 143, "pysolver: terminated\n"),
    # what a terminal's Ctrl-C does: SIGINT to the whole group, workers included
    (lambda proc: os.killpg(proc.pid, signal.SIGINT), 130, "pysolver: interrupted\n"),
], ids=["sigterm", "ctrl-c"])
def test_a_stopped_batch_ends_its_workers_and_prints_one_line(long_batch, send, code, message):
    proc, kids = long_batch()
    send(proc)
    assert proc.wait(timeout=30) == code
    assert gone(kids) == []
    err = proc.stderr.read()
    assert err == message, err  # no "Process SpawnPoolWorker-2:" traceback


def test_sigkill_of_the_parent_still_ends_the_workers(long_batch):
    proc, kids = long_batch()
    proc.kill()
    proc.wait(timeout=30)
    assert gone(kids, within=15) == []


def test_text_output_wording(files, capsys, tmp_path):
    code, out, _ = run(capsys, "solve", files / "two.non")
    assert code == 0 and "two.non: multiple, 2 solutions" in out and "multiple, multiple" not in out
    code, out, _ = run(capsys, "fix", files / "two.non", "--timeout", "20")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("1. ") and lines[0].endswith("unique.")
    assert lines[1].startswith("   cells: row ") and ".: row" not in out
    nogoal = tmp_path / "nogoal.nin"
    nogoal.write_text("2 1\n1\n1\n0\n")
    code, _, err = run(capsys, "fix", nogoal)
    one_line_error(code, err)
    assert f"pysolver: {nogoal}: " in err and "goal" in err


def test_batches_get_a_default_time_limit(files, capsys, monkeypatch):
    from pysolver.app import pool
    seen = []
    real = pool.RACED["solve"]
    monkeypatch.setitem(pool.RACED, "solve", lambda p, **kw: seen.append(kw["timeout"]) or real(p, **kw))
    run(capsys, "solve", files / "many.txt")
    run(capsys, "solve", files / "dancer.xml")
    run(capsys, "solve", files / "many.txt", "--timeout", "3")
    assert seen == [pool.BATCH_TIMEOUT_S] * 3 + [None] + [3.0] * 3
    with pytest.raises(SystemExit):
        cli.main(["solve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"gives each puzzle {pool.BATCH_TIMEOUT_S:g} s" in text
    for option in ("FILE", "--engine", "--json", "--jobs"):
        assert option in text


def test_progress_line_only_on_a_terminal(monkeypatch):
    import io
    monkeypatch.delenv("CI", raising=False)
    from pysolver.app import pool

    class Tty(io.StringIO):
        def isatty(self):
            return True

    tty, pipe = Tty(), io.StringIO()
    for stream in (tty, pipe):
        p = pool.Progress(3, stream)
        p.add("unique")
        p.clear()
        p.add("multiple")
    assert "1/3" in tty.getvalue() and "2/3" in tty.getvalue() and "unique 1 multiple 1" in tty.getvalue()
    assert tty.getvalue().count("\r\x1b[K") == 1 and pipe.getvalue() == ""


def test_the_readme_shows_every_command():
    # `mark` was in --help but not among the README's command-line examples
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## The command line", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    sub = next(a for a in cli.build_parser()._actions if a.dest == "command")
    assert [c for c in sub.choices if f"pysolver {c} " not in block] == []


def _keys(value, out):
    """Every key of a JSON value's objects (a "rejected" object's keys are reasons: data)."""
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            if k != "rejected":
                _keys(v, out)
    elif isinstance(value, list):
        for v in value:
            _keys(v, out)
    return out


def test_the_readme_documents_every_json_key(tmp_path, capsys):
    # generate --json of the Nikoli genres, "family" in a nonogram's "generated" and a hint's
    # "level" were printed but said nowhere
    readme = (ROOT / "README.md").read_text()
    section = readme.split("**JSON output**", 1)[1].split("\n## ", 1)[0]
    for name, text in (("two.non", 'width 2\nheight 2\ngoal "1001"\n'), ("s.txt", "#?\n??\n"),
                       ("n.txt", "https://puzz.link/p?nurikabe/2/2/1\n"), ("n2.txt", "??\n??\n"),
                       ("m6.txt", "??????\n" * 6)):
        (tmp_path / name).write_text(text)
    two, state = tmp_path / "two.non", tmp_path / "s.txt"
    runs = [("solve", two), ("check", two), ("hint", two, "--state", state),
            ("mark", two, "--state", state, "--mode", "solution"), ("fix", two), ("clues", two),
            ("generate", "nonogram", "--size", "5x5", "--seed", "1")]
    try:
        import clingo  # noqa: F401  (the Nikoli genres' engine)
        runs += [("solve", tmp_path / "n.txt"), ("check", tmp_path / "n.txt"),
                 ("hint", tmp_path / "n.txt", "--state", tmp_path / "n2.txt"),
                 ("hint", "https://puzz.link/p?mashu/6/6/0220931300j0", "--state", tmp_path / "m6.txt"),
                 ("generate", "nurikabe", "--size", "5x5", "--seed", "1")]
    except ImportError:
        pass
    missing = {}
    for argv in runs:
        code, out, _ = run(capsys, *argv, "--json")
        assert code == 0, argv
        for key in sorted(_keys(json.loads(out), set())):
            if f'"{key}"' not in section:
                missing.setdefault(key, " ".join(map(str, argv[:2])))
    assert missing == {}
