"""pysolver batch: the rows of a mixed folder, re-runs, time-out retries, a run
stopped with SIGTERM and finished later, lost workers, and Dask against local processes."""
import csv
import io
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import batch_folder
from pysolver import api
from pysolver.app import batch, batch_db, cli, report, report_page
from pysolver.errors import PuzzleError
from processes import alive, children

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*argv):
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main([str(a) for a in argv])
    return code, out.getvalue()


def csv_rows(db):
    code, text = run_cli("report", db, "--csv", "-")
    assert code == 0
    return list(csv.DictReader(io.StringIO(text)))


def test_mixed_folder_gives_one_row_per_puzzle_with_its_status(tmp_path):
    expected = batch_folder.mixed(tmp_path / "c")
    db = tmp_path / "r.sqlite"
    code, out = run_cli("batch", tmp_path / "c", "--db", db, "--jobs", "1")
    assert code == 1  # parse errors: README.md "Exit codes"
    assert out.splitlines()[-1].startswith("Not everything was read and checked: 3 parse errors "
                                           "in 3 files (exit code 1")
    assert ("8 puzzles in 7 files (4 distinct, 3 parse errors); 1 other file not read (names "
            "ending in none of .xml .non") in out and ".cwd): checked 4 now" in out  # README.md
    rows = csv_rows(db)
    got = {(r["file"], int(r["index"])): r["status"] for r in rows}  # named from the folder
    assert got == expected  # README.md is not read; the bundle's second puzzle is its own row
    by_file = {r["file"]: r for r in rows if r["index"] == "1"}
    assert by_file["unique.json"]["solution_1"] == "|".join(batch_folder.UNIQUE)
    assert by_file["unique.json"]["key"] == by_file["sub/again.json"]["key"]
    assert {by_file["multiple.json"]["solution_1"], by_file["multiple.json"]["solution_2"]} == {
        "#.|.#", ".#|#."}
    assert by_file["none.json"]["classification"] == "none"
    assert "unknown puzzle format" in by_file["notes.txt"]["error"]
    assert "rows have 4 filled cells but the columns have 2" in by_file["sums.non"]["error"]

    # a second run decides nothing again
    code, out = run_cli("batch", tmp_path / "c", "--db", db, "--jobs", "1")
    assert "checked 0 now (nothing new), 4 decided earlier" in out
    assert len(csv_rows(db)) == 8

    # an edited file is read again (the others are not parsed again)
    (tmp_path / "c" / "sums.non").write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n")
    code, out = run_cli("batch", tmp_path / "c", "--db", db, "--jobs", "1")
    assert "(4 distinct, 2 parse errors); 1 other" in out  # the diagonal's clues
    assert "checked 0 now (nothing new)" in out
    assert {r["file"].endswith("sums.non"): r["status"] for r in csv_rows(db)}[True] == "multiple"


def test_the_exit_code_says_whether_every_file_was_read_and_checked(tmp_path, monkeypatch):
    """0 when every file was read and every puzzle checked, whatever the verdicts (several
    solutions, none); 1, said on the summary's last line, while a file cannot be read or the
    engine fails on a puzzle, on a re-run too (it exited 0: a script could not tell)."""
    folder = tmp_path / "c"
    batch_folder.readable(folder)
    db = tmp_path / "r.sqlite"
    code, out = run_cli("batch", folder, "--db", db, "--jobs", "1")
    assert code == 0 and "(1 multiple, 1 none, 1 unique)" in out and "Not everything" not in out
    (folder / "bad.non").write_text("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n")
    for _ in range(2):  # and again, the file unchanged: not read again, still not read
        code, out = run_cli("batch", folder, "--db", db, "--jobs", "1")
        assert code == 1 and out.splitlines()[-1] == (
            "Not everything was read and checked: 1 parse error in 1 file "
            "(exit code 1; the reports' error rows say why)")
    (folder / "bad.non").unlink()
    (folder / "new.json").write_text(json.dumps(api.clues_from_grid(["#.#", "###"])))

    def broken(puzzle, **kw):
        raise ValueError("a bug")
    monkeypatch.setattr(batch.nonogram_genre, "analyse", broken)
    code, out = run_cli("batch", folder, "--db", db, "--jobs", "1")
    assert code == 1 and "(1 error)" in out and out.splitlines()[-1].startswith(
        "Not everything was read and checked: 1 puzzle could not be checked (exit code 1")
    monkeypatch.undo()
    code, out = run_cli("batch", folder, "--db", db, "--jobs", "1")  # the bug fixed: checked
    assert code == 0 and "checked 1 now (1 unique)" in out


def test_files_deleted_or_renamed_since_leave_the_results(tmp_path, capsys):
    batch_folder.mixed(tmp_path / "c")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "kept.json").write_text((tmp_path / "c" / "multiple.json").read_text())
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", tmp_path / "c", tmp_path / "other", "--db", db, "--jobs", "1")[0] == 1
    (tmp_path / "c" / "unique.json").rename(tmp_path / "c" / "renamed.json")
    (tmp_path / "c" / "none.json").unlink()
    capsys.readouterr()
    code, out = run_cli("batch", str(tmp_path / "c") + "/", "--db", db, "--jobs", "1")
    assert code == 1 and "checked 0 now (nothing new)" in out  # the renamed one: decided
    assert f"2 files recorded in {db} are no longer there" in capsys.readouterr().err
    names = sorted(os.path.basename(r["file"]) for r in csv_rows(db))
    assert "unique.json" not in names and "none.json" not in names
    assert names.count("renamed.json") == 1 and "kept.json" in names  # not walked: kept
    # the collection's folder renamed: its old rows go, parse errors' too (the files are
    # found again); a file of a folder not walked, gone and found nowhere now, stays
    (tmp_path / "other" / "kept.json").write_text(json.dumps({"goal": ["#"]}))
    assert run_cli("batch", tmp_path / "other", "--db", db, "--jobs", "1")[0] == 0
    (tmp_path / "c").rename(tmp_path / "collection")
    (tmp_path / "other" / "kept.json").rename(tmp_path / "kept.json")  # a drive not mounted
    capsys.readouterr()
    code, out = run_cli("batch", tmp_path / "collection", "--db", db, "--jobs", "1")
    assert code == 1 and "checked 0 now (nothing new)" in out
    assert f"6 files recorded in {db} are no longer there" in capsys.readouterr().err
    folders = [os.path.basename(os.path.dirname(r["file"])) for r in csv_rows(db)]
    assert "c" not in folders and folders.count("other") == 1


def test_timeouts_are_checked_again_only_when_asked(tmp_path):
    store = batch_db.Store(str(tmp_path / "r.sqlite"))
    store.save("k", {"status": "timeout", "classification": "unknown"}, 1.0)
    store.save("d", {"status": "unique", "stars": 2, "minutes": 9.5, "stars_at_least": False}, 1.0)
    assert store.todo(["k", "d", "new", "new"], 1.0, False) == ["new"]
    assert store.todo(["k", "d"], 0.5, False) == []
    assert store.todo(["k", "d"], 2.0, False) == ["k"]  # a larger limit
    assert store.todo(["k", "d"], None, False) == ["k"]  # no limit
    assert store.todo(["k", "d"], 1.0, True) == ["k"]  # --retry-timeouts
    store.close()


def test_an_engine_bug_is_checked_again_by_the_next_run(tmp_path):
    """It is not the puzzle's verdict: a later run (a fixed pysolver) checks it again."""
    store = batch_db.Store(str(tmp_path / "r.sqlite"))
    store.save("bug", {"status": "error", "error": "internal error: ValueError: x"}, 1.0)
    store.save("bad", {"status": "error", "error": "row 1: clue 3 needs 3 cells"}, 1.0)
    assert store.todo(["bug", "bad"], 1.0, False) == ["bug"]
    store.close()


def test_a_rerun_names_the_timeouts_it_left_apart_from_the_decided(tmp_path, capsys):
    batch_folder.mixed(tmp_path / "c")
    db = tmp_path / "r.sqlite"
    code, out = run_cli("batch", tmp_path / "c", "--db", db, "--jobs", "1", "--timeout", "5")
    assert "resuming" not in capsys.readouterr().err  # a first run skips nothing
    con = sqlite3.connect(db)
    with con:  # as if the multiple-solution puzzle had run out of time
        con.execute("UPDATE verdicts SET status='timeout' WHERE status='multiple'")
    con.close()
    code, out = run_cli("batch", tmp_path / "c", "--db", db, "--jobs", "1", "--timeout", "5")
    assert code == 1  # the folder's parse errors: a time-out is not a failure of the run
    assert ("checked 0 now (nothing new), 3 decided earlier, 1 timed out earlier (not "
            "checked again: --retry-timeouts or a larger --timeout)") in out
    assert capsys.readouterr().err == (  # said before the work starts
        f"pysolver: resuming {db}: skips 3 puzzles decided earlier and 1 timed out earlier "
        "(--retry-timeouts or a larger --timeout checks them again); 0 to check\n")
    code, out = run_cli("batch", tmp_path / "c", "--db", db, "--jobs", "1", "--retry-timeouts")
    assert "checked 1 now (1 multiple), 3 decided earlier;" in out
    assert capsys.readouterr().err == f"pysolver: resuming {db}: skips 3 puzzles decided earlier; 1 to check\n"


def test_bad_paths_and_databases_are_one_line_errors(tmp_path, capsys):
    assert cli.main(["batch", str(tmp_path / "missing"), "--db", str(tmp_path / "r.sqlite")]) == 2
    assert capsys.readouterr().err.strip().endswith("missing: no such file or folder")
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database at all " * 100)
    assert cli.main(["report", str(junk), "--csv", "-"]) == 2
    err = capsys.readouterr().err
    assert "not a batch database" in err and err.count("\n") == 1


def verdicts(db):
    con = sqlite3.connect(db)
    try:
        return {k: (s, t) for k, s, t in con.execute("SELECT key, status, decided_at FROM verdicts")}
    except sqlite3.OperationalError:  # the tables are not made yet
        return {}
    finally:
        con.close()


def test_sigterm_part_way_then_rerun_completes_without_redoing(tmp_path):
    batch_folder.random_pictures(tmp_path / "c", 60, 25)
    db = tmp_path / "r.sqlite"
    cmd = [sys.executable, "-m", "pysolver", "batch", str(tmp_path / "c"), "--db", str(db),
           "--jobs", "2", "--timeout", "60"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while len(verdicts(db)) < 5:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    workers = children(proc.pid)
    assert len(workers) >= 2
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "; every finished result is in" in err and "Traceback" not in err
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers):  # the pool ends with its parent
        assert time.monotonic() < deadline, [w for w in workers if alive(w)]
        time.sleep(0.1)
    first = verdicts(db)
    assert 5 <= len(first) < 60, "stop earlier: the run finished before SIGTERM"
    # how far it got (a verdict stored as the signal came may not be counted yet)
    far = re.search(r"stopped after checking (\d+) of 60 puzzles \((\d+) left\)", err)
    assert far and len(first) - 1 <= int(far[1]) <= len(first) and int(far[2]) == 60 - int(far[1]), err

    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert f"checked {60 - len(first)} now" in done.stdout
    assert f"{len(first)} decided earlier" in done.stdout
    second = verdicts(db)
    assert len(second) == 60 and all(second[k] == v for k, v in first.items())  # not redone
    con = sqlite3.connect(db)
    assert con.execute("SELECT COUNT(*), COUNT(DISTINCT file) FROM entries").fetchone() == (60, 60)
    con.close()


def comparable(db):
    rows, unchecked = report.load(str(db))
    assert unchecked == 0
    drop = ("time_s", "decided_at", "nodes")
    return sorted(json.dumps({k: v for k, v in r.items() if k not in drop}, sort_keys=True)
                  for r in rows)


def test_catalogue_gets_verified_status_and_difficulty(tmp_path, capsys):
    batch_folder.mixed(tmp_path)
    cat = tmp_path / "catalogue.json"
    entries = [{"id": "corner", "file": "unique.json", "class": "line"},
               {"id": "diagonal", "file": "multiple.json"}]
    cat.write_text(json.dumps({"version": 1, "puzzles": entries}))
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", tmp_path / "unique.json", "--db", db)[0] == 0
    assert cli.main(["report", str(db), "--catalogue", str(cat)]) == 2  # multiple.json: not checked
    assert "puzzle 2 (diagonal)" in capsys.readouterr().err
    assert run_cli("batch", tmp_path / "multiple.json", "--db", db)[0] == 0
    assert run_cli("report", db, "--catalogue", cat)[0] == 0
    got = json.loads(cat.read_text())["puzzles"]
    assert [(e["id"], e["status"]) for e in got] == [("corner", "unique"), ("diagonal", "multiple")]
    assert got[0]["class"] == "line" and 1 <= got[0]["difficulty"] < 2 and got[1]["difficulty"] == 3.0
    # stars from a hint walk: a small line puzzle 1, one the hints cannot finish 4 or more
    assert got[0]["stars"] == 1 and got[1]["stars"] >= 4
    with pytest.raises(PuzzleError, match="x.json: cannot write .No such file or directory"):
        report.annotate_catalogue(str(db), str(cat), str(tmp_path / "no" / "x.json"))


@pytest.mark.parametrize("content, message", [
    ("[]", "cat.json: not a catalogue (a JSON object whose 'puzzles' is a list)"),
    ('{"puzzles": 5}', "cat.json: not a catalogue (a JSON object whose 'puzzles' is a list)"),
    ('{"puzzles": [{"file": "unique.json"}, null]}', "cat.json: puzzle 2 is not an object {...} but null"),
    ('{"puzzles": [{"id": "z", "file": "/dev/zero"}]}',
     "cat.json: puzzle 1 (z): /dev/zero: is a character device, not a regular file"),
    ('{"puzzles": [{"id": "d", "file": "."}]}', "cat.json: puzzle 1 (d): "),
    (None, "/dev/zero: is a character device, not a regular file"),
    ('{"puzzles": [', "cat.json: line 1, column 14: not valid JSON: a value is missing"),
])
def test_a_catalogue_that_is_not_one_is_one_line(tmp_path, capsys, content, message):
    """A JSON value of another shape was an internal error; a file entry naming a device
    was read for ever (and the catalogue itself, too)."""
    batch_folder.mixed(tmp_path)
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", tmp_path / "unique.json", "--db", db)[0] == 0
    capsys.readouterr()
    cat = tmp_path / "cat.json"
    if content is not None:
        cat.write_text(content)
    assert cli.main(["report", str(db), "--catalogue", str(cat) if content else "/dev/zero"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "internal error" not in err, err
    if content is not None:
        assert cat.read_text() == content  # left as it was


def test_the_html_page_of_a_stopped_batch_says_what_it_leaves_out(tmp_path):
    batch_folder.mixed(tmp_path / "c")
    db = tmp_path / "r.sqlite"
    store = batch_db.Store(str(db))  # read, then stopped before any verdict
    keys = batch.scan(store, batch.discover([str(tmp_path / "c")])).keys
    store.save(keys[0], {"status": "unique"}, 5.0)
    store.close()
    assert run_cli("report", db, "--html", tmp_path / "r.html")[0] == 0
    page = (tmp_path / "r.html").read_text()
    unchecked = sum(k != keys[0] for k in keys)
    assert "<th>solutions, or what is wrong</th>" in page  # a parse error's column
    assert f"Batch report: {len(keys) - unchecked + 3} puzzles" in page  # and 3 parse errors
    assert f"Not shown: {unchecked} puzzles not checked yet</strong>" in page


@pytest.mark.parametrize("left", [1, 2])
def test_report_counts_the_puzzles_not_checked_yet_in_words(tmp_path, capsys, left):
    batch_folder.mixed(tmp_path / "c")
    db = tmp_path / "r.sqlite"
    store = batch_db.Store(str(db))
    keys = sorted(set(batch.scan(store, batch.discover([str(tmp_path / "c")])).keys))
    for key in keys[:-left]:
        store.save(key, {"status": "unique"}, 5.0)
    store.close()
    assert cli.main(["report", str(db), "--csv", str(tmp_path / "r.csv")]) == 0
    err = capsys.readouterr().err
    words = "1 puzzle in {} is" if left == 1 else "2 puzzles in {} are"
    assert words.format(db) + " not checked yet (left out)" in err, err


def test_json_report_matches_the_csv(tmp_path):
    batch_folder.mixed(tmp_path / "c")
    db = tmp_path / "r.sqlite"
    run_cli("batch", tmp_path / "c", "--db", db)
    assert run_cli("report", db, "--json", tmp_path / "r.json")[0] == 0
    rows = json.loads((tmp_path / "r.json").read_text())["puzzles"]
    assert [(r["file"], r["index"], r["status"]) for r in rows] == [
        (r["file"], int(r["index"]), r["status"]) for r in csv_rows(db)]
    multiple = next(r for r in rows if r["status"] == "multiple")
    assert sorted(multiple["solutions"]) == [["#.", ".#"], [".#", "#."]]


def spawned(pid):
    """The multiprocessing workers among a process's children."""
    out = []
    for c in children(pid):
        try:
            if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes():
                out.append(c)
        except OSError:
            pass
    return out


def rerun_killing_a_worker(folder, db, total, *options):
    """Run the batch of ``folder`` (``total`` puzzles) into ``db`` (fresh, or part done)
    and SIGKILL one of its 2 workers once 3 more verdicts are in; every puzzle must end
    with one verdict: (its return code, stdout, stderr, the workers)."""
    before = len(verdicts(db)) if db.exists() else 0
    proc = subprocess.Popen([sys.executable, "-m", "pysolver", "batch", str(folder), "--db",
                             str(db), "--timeout", "60", *options],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 180
    while len(verdicts(db)) < before + 3:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    workers = spawned(proc.pid)
    assert len(workers) == 2
    os.kill(workers[0], signal.SIGKILL)  # mid-puzzle: several per worker are in flight
    out, err = proc.communicate(timeout=600)
    assert f"checked {total - before} now" in out and len(verdicts(db)) == total, err  # each puzzle once
    return proc.returncode, out, err, workers


def test_lost_workers_and_a_dask_ctrl_c_then_rerun_give_the_rows_of_local_processes(tmp_path):
    """One folder (every kind of row: batch_folder.mixed, and 40 pictures that keep the
    workers busy), three runs, each Dask run a cluster start (about 2 CPU s each):
    1. two local processes, one of them SIGKILLed mid-run: a retry, no puzzle given up,
       the workers gone;
    2. `--dask local` stopped as a terminal's Ctrl-C does (SIGINT to the whole group,
       Dask's workers and nannies included): one line, exit 130, the workers gone;
    3. a `--dask local` re-run, one of whose workers is killed mid-run (the nanny
       restarts it), finishes the rest, each puzzle once;
    and the Dask database holds the local run's rows."""
    pytest.importorskip("dask.distributed")
    folder = tmp_path / "c"
    expected = batch_folder.mixed(folder)
    batch_folder.random_pictures(folder, 40, 25, seed=3)
    total = 40 + 4  # the mixed collection's verdicts: unique (twice the same), multiple, none, the bundle's first
    local = tmp_path / "local.sqlite"
    code, out, err, workers = rerun_killing_a_worker(folder, local, total, "--jobs", "2")
    assert code == 1, err  # the mixed folder's parse errors (README.md "Exit codes")
    assert "a worker process died" in err and "Traceback" not in err
    assert "lost with" not in out  # none given up
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers):
        assert time.monotonic() < deadline
        time.sleep(0.1)

    db = tmp_path / "dask.sqlite"
    argv = [sys.executable, "-m", "pysolver", "batch", str(folder), "--db", str(db),
            "--timeout", "60", "--dask", "local"]
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 180  # a hang's safety net: the wait is on verdicts
        while len(verdicts(db)) < 3:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        workers = spawned(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert re.fullmatch(rf"pysolver: stopped after checking \d+ of {total} puzzles \(\d+ left\); "
                        rf"every finished result is in {re.escape(str(db))} \(run again to go on\)\n", err), err
    deadline = time.monotonic() + 30
    while any(alive(w) for w in workers):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert len(verdicts(db)) <= total - 6  # room for the re-run's 3 verdicts and puzzles in flight
    code, out, err, _ = rerun_killing_a_worker(folder, db, total, "--dask", "local")
    assert code == 1, err
    assert "Restarting worker" in err  # the nanny noticed the loss mid-run
    assert comparable(db) == comparable(local)
    assert len(comparable(db)) == len(expected) + 40


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_on_a_terminal_only(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    from pysolver.app.pool import Progress
    term, pipe = Terminal(), io.StringIO()
    for stream in (term, pipe):
        bar = Progress(4, stream)
        for status in ("unique", "multiple", "unique", "timeout"):
            bar.add(status)
        bar.finish()
    last = term.getvalue().split("\r")[-1]
    assert "4/4" in last and "unique 2 multiple 1 timeout 1" in last and "/s ETA" in last
    assert pipe.getvalue() == ""
    monkeypatch.setenv("CI", "true")
    assert not Progress(4, Terminal()).on


def test_the_html_reports_two_solutions_with_the_cells_where_they_differ_in_red():
    """The two pictures of a puzzle with several solutions looked alike at 25x25."""
    import base64
    import re
    import zlib
    row = {"colors": [[".", "FFFFFF"], ["#", "000000"]], "solutions": [["#.", ".#"], [".#", "#."]]}
    imgs = re.findall(r'<img alt="([^"]*)"[^>]*src="data:image/png;base64,([^"]+)"', report_page._thumbs(row))
    assert [a for a, _ in imgs] == [f"solution {k} of 2: the 4 cells where they differ in red" for k in (1, 2)]
    for (_, data), first in zip(imgs, ("#.", ".#")):
        png = base64.b64decode(data)
        plte = png[png.index(b"PLTE") + 4:]
        assert plte[:12].hex().upper() == "FFFFFF000000" + report_page.DIFF_FILLED + report_page.DIFF_EMPTY
        idat = png.index(b"IDAT")
        raw = zlib.decompress(png[idat + 4:idat + 4 + int.from_bytes(png[idat - 4:idat], "big")])
        # every cell differs: a filled one is index 2 (red), an empty one 3 (pale red)
        assert raw[1:3] == bytes(2 if ch == "#" else 3 for ch in first)
    one = {"colors": row["colors"], "solutions": [["#."]]}
    assert report_page._thumbs(one).count("<img") == 1 and "differ" not in report_page._thumbs(one)
