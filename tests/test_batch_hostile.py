"""Issue 29: batch and report against hostile folders and databases. Every refusal is
per file (in the database) or one line and exit 2; nothing is opened that is not a
regular file, nothing read past the cap, and a database that is not ours is left
exactly as it was."""
import csv
import io
import os
import sqlite3
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from pysolver import api, limits
from pysolver.app import batch, batch_db, batch_files, cli

ROOT = Path(__file__).resolve().parent.parent
ONE = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"


def run_cli(*argv):
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main([str(a) for a in argv])
    return code, out.getvalue()


def refused(capsys, argv, *needles):
    code, _ = run_cli(*argv)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "internal error" not in err, (code, err)
    for n in needles:
        assert n in err, err
    return err


def rows(db):
    code, text = run_cli("report", db, "--csv", "-")
    assert code == 0
    return {Path(r["file"]).name: r for r in csv.DictReader(io.StringIO(text))}


def test_special_and_oversized_files_are_refused_per_file_unread(tmp_path, monkeypatch):
    folder = tmp_path / "bt"
    folder.mkdir()
    (folder / "one.non").write_text(ONE)
    os.mkfifo(folder / "q.non")  # opening it would block
    (folder / "z.non").symlink_to("/dev/zero")  # reading it would never end
    with open(folder / "sparse.non", "wb") as fh:  # 2 GB that take no room
        fh.truncate(2 * 1024 ** 3)
    opened = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda p, *a, **k: opened.append(p) or real_open(p, *a, **k))
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", folder, "--db", db, "--jobs", "1")[0] == 1
    got = rows(db)
    assert "is a FIFO, not a puzzle file" in got["q.non"]["error"]
    assert "is a character device" in got["z.non"]["error"]
    assert "larger than the limit of 16 MB" in got["sparse.non"]["error"]
    assert got["one.non"]["status"] == "unique"
    assert not [p for p in opened if Path(str(p)).name in ("q.non", "z.non", "sparse.non")]


def test_one_folder_however_it_is_named(tmp_path, monkeypatch):
    (tmp_path / "bt" / "tiny").mkdir(parents=True)
    (tmp_path / "bt" / "tiny" / "one.non").write_text(ONE)
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", "bt/tiny", "./bt/tiny", "bt/../bt/tiny/", "--db", db)[0] == 0
    assert run_cli("batch", "./bt/tiny", "--db", db)[0] == 0
    assert list(rows(db)) == ["one.non"]


def test_linked_folders_are_walked_once_and_link_loops_end(tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "two.non").write_text(ONE.replace("1\ncolumns", "0\ncolumns")
                                                  .replace("columns\n1", "columns\n0"))
    (tmp_path / "bt").mkdir()
    (tmp_path / "bt" / "one.non").write_text(ONE)
    (tmp_path / "bt" / "linked").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "bt" / "again").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "bt" / "loop").symlink_to(tmp_path / "bt")
    db = tmp_path / "r.sqlite"
    code, out = run_cli("batch", tmp_path / "bt", "--db", db, "--jobs", "1")
    assert code == 0 and out.startswith("2 puzzles in 2 files"), out
    assert sorted(rows(db)) == ["one.non", "two.non"]
    # a link to a file that is gone: said so (ls lists the link), not "no such file"
    (tmp_path / "bt" / "dangling.non").symlink_to("moved-away.non")
    assert run_cli("batch", tmp_path / "bt", "--db", db, "--jobs", "1")[0] == 1
    assert rows(db)["dangling.non"]["error"].endswith(
        "dangling.non: a link to moved-away.non, which does not exist")


def test_a_folder_of_other_files_says_it_read_none(tmp_path):
    (tmp_path / "scans" / "empty").mkdir(parents=True)
    (tmp_path / "scans" / "page 1.pdf").write_bytes(b"%PDF-1.4\n")
    (tmp_path / "scans" / "cover.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "scans" / ".hidden.pdf").write_bytes(b"%PDF-1.4\n")  # hidden: not counted
    for _ in range(2):  # the database kept in the folder is not counted as one of them
        code, out = run_cli("batch", tmp_path / "scans", "--db", tmp_path / "scans" / "r.sqlite")
        assert code == 0 and out.startswith("0 puzzles in 0 files (0 distinct, 0 parse errors); "
                                            "2 other files not read (names ending in none of .xml "), out


def test_a_file_that_could_not_be_read_is_read_on_the_next_run(tmp_path, monkeypatch):
    folder = tmp_path / "bt"
    folder.mkdir()
    (folder / "one.non").write_text(ONE)
    db = tmp_path / "r.sqlite"
    real_open = os.open

    def denied(path, *a, **k):
        if str(path).endswith("one.non"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *a, **k)

    monkeypatch.setattr(os, "open", denied)
    assert run_cli("batch", folder, "--db", db)[0] == 1
    assert "cannot read (Permission denied)" in rows(db)["one.non"]["error"]
    monkeypatch.setattr(os, "open", real_open)  # permissions fixed: size and time unchanged
    assert run_cli("batch", folder, "--db", db)[0] == 0
    assert rows(db)["one.non"]["status"] == "unique"


def test_a_folder_that_cannot_be_listed_is_reported(tmp_path, monkeypatch, capsys):
    (tmp_path / "bt" / "\x1b[2Jlocked").mkdir(parents=True)  # a terminal escape: shown inert
    (tmp_path / "bt" / "one.non").write_text(ONE)
    real_scandir = os.scandir

    def scandir(path="."):
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, out = run_cli("batch", tmp_path / "bt", "--db", tmp_path / "r.sqlite")
    err = capsys.readouterr().err
    assert code == 1 and "/?[2Jlocked: cannot list the folder (Permission denied)" in err
    assert "1 folder could not be listed" in out
    # the distinct and parse-error counts stand by the puzzles and files they count
    assert out.startswith("1 puzzle in 1 file (1 distinct, 0 parse errors); 1 folder could not be listed: "), out


def test_nikoli_puzzles_are_checked_like_nonograms(tmp_path):
    pytest.importorskip("clingo")
    folder = tmp_path / "nik"
    folder.mkdir()
    (folder / "url.txt").write_text("https://puzz.link/p?nurikabe/2/2/1\n")
    (folder / "text.txt").write_text("nurikabe 2x2\n4 .\n. 4\n")
    (folder / "big.txt").write_text("https://puzz.link/p?nurikabe/2000/2000/\n")
    (folder / "one.non").write_text(ONE)
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", folder, "--db", db, "--jobs", "1")[0] == 1  # big.txt
    got = rows(db)
    assert got["url.txt"]["status"] == "unique" and got["url.txt"]["classification"] == "nurikabe"
    assert got["url.txt"]["solution_1"] == ".#|##"
    assert got["text.txt"]["status"] == "none"
    assert "the limit for these puzzles is 40000" in got["big.txt"]["error"]
    assert got["one.non"]["status"] == "unique"
    code, _ = run_cli("batch", ROOT / "web" / "puzzles" / "nikoli" / "nurikabe-7x7-1.txt",
                      "--db", db, "--jobs", "1")
    assert code == 0 and rows(db)["nurikabe-7x7-1.txt"]["status"] == "unique"
    # a collection: one URL a line, each a row (the second was dropped before); a bad line is its error
    (tmp_path / "many.txt").write_text("https://puzz.link/p?nurikabe/2/2/1\nhttps://puzz.link/p?nurikabe/2/2/3\n"
                                       "nurikabe\n")
    code, out = run_cli("batch", tmp_path / "many.txt", "--db", tmp_path / "m.sqlite", "--jobs", "1")
    assert code == 1 and "3 puzzles in 1 file (2 distinct, 1 parse error)" in out
    code, text = run_cli("report", tmp_path / "m.sqlite", "--csv", "-")
    got = {r["index"]: r for r in csv.DictReader(io.StringIO(text))}
    assert got["1"]["status"] == "unique" and got["2"]["status"] == "multiple"
    assert "line 3: not a puzz.link URL" in got["3"]["error"]


def test_nikoli_puzzles_wait_for_clingo_instead_of_ending_as_errors(tmp_path, monkeypatch, capsys):
    pytest.importorskip("clingo")
    (tmp_path / "url.txt").write_text("https://puzz.link/p?nurikabe/2/2/1\n")
    (tmp_path / "one.non").write_text(ONE)
    db = tmp_path / "r.sqlite"
    monkeypatch.setattr(api, "clingo_available", lambda: False)
    code, out = run_cli("batch", tmp_path, "--db", db, "--jobs", "1")
    assert code == 1 and "checked 1 now (1 unique)" in out and "1 Nikoli puzzle not checked" in out
    assert out.splitlines()[-1].startswith("Not everything was read and checked: 1 puzzle could "
                                           "not be checked")
    assert "pip install clingo, then run again" in capsys.readouterr().err
    assert list(rows(db)) == ["one.non"]  # the Nikoli one: not checked yet, no error row
    monkeypatch.undo()  # clingo installed
    code, out = run_cli("batch", tmp_path, "--db", db, "--jobs", "1")
    assert "checked 1 now (1 unique)" in out and rows(db)["url.txt"]["status"] == "unique"
    # a database where it was stored as an error (before, or by a Dask worker without clingo)
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE verdicts SET status='error', error=? WHERE classification='nurikabe'",
                    (batch_db.CLINGO_MISSING,))
    con.close()
    code, out = run_cli("batch", tmp_path, "--db", db, "--jobs", "1")
    assert "checked 1 now (1 unique)" in out and rows(db)["url.txt"]["status"] == "unique"


@pytest.mark.parametrize("make, needle", [
    (lambda p: sqlite3.connect(p).execute("CREATE TABLE t (x)").connection.commit(),
     "not a batch database (an SQLite file of other tables)"),
    (lambda p: p.write_bytes(b"SQLite format 3\0" + b"\x13" * 5000), "damaged"),
    (lambda p: p.write_text("hello"), "not a batch database"),
], ids=["foreign", "corrupt", "text"])
def test_databases_not_ours_are_refused_and_left_as_they_were(tmp_path, capsys, make, needle):
    db = tmp_path / "x.sqlite"
    make(db)
    before = db.read_bytes()
    (tmp_path / "one.non").write_text(ONE)
    refused(capsys, ["batch", tmp_path / "one.non", "--db", db], needle)
    refused(capsys, ["report", db, "--csv", "-"], needle)
    assert db.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [
        "one.non", "x.sqlite"]


@pytest.mark.parametrize("flag", ["--csv", "--json", "--html", "--catalogue"])
def test_a_report_never_overwrites_its_database(tmp_path, capsys, monkeypatch, flag):
    (tmp_path / "one.non").write_text(ONE)
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", tmp_path / "one.non", "--db", db, "--jobs", "1")[0] == 0
    before = db.read_bytes()
    monkeypatch.chdir(tmp_path)  # the same file by another name
    for target in (db, "./r.sqlite", tmp_path / "r.sqlite-wal"):
        refused(capsys, ["report", db, flag, target], "is the batch database", "another file name")
    assert db.read_bytes() == before and rows(db)["one.non"]["status"] == "unique"


def test_one_file_for_two_reports_is_refused(tmp_path, capsys, monkeypatch):
    (tmp_path / "one.non").write_text(ONE)
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", tmp_path / "one.non", "--db", db, "--jobs", "1")[0] == 0
    monkeypatch.chdir(tmp_path)
    for first, second in (("r.txt", "r.txt"), ("r.txt", tmp_path / "r.txt"), ("-", "-")):
        refused(capsys, ["report", db, "--csv", first, "--json", second], "given for two reports")
    assert not (tmp_path / "r.txt").exists()


@pytest.mark.parametrize("path, needle", [("", "needs a file name"),
                                          ("/dev/null", "is not a regular file")])
def test_db_must_be_a_real_path(tmp_path, capsys, path, needle):
    (tmp_path / "one.non").write_text(ONE)
    refused(capsys, ["batch", tmp_path / "one.non", "--db", path], needle)
    assert not Path("/dev/null-journal").exists() and not Path("/dev/null-wal").exists()


def test_a_locked_database_waits_then_says_so(tmp_path, capsys, monkeypatch):
    (tmp_path / "one.non").write_text(ONE)
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", tmp_path / "one.non", "--db", db)[0] == 0
    (tmp_path / "two.non").write_text(ONE.replace("1\n", "0\n"))
    monkeypatch.setattr(batch_db, "LOCK_WAIT_S", 0.2)
    holder = sqlite3.connect(db)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        refused(capsys, ["batch", tmp_path / "two.non", "--db", db],
                "in use by another run (still locked after 0.2 s)")
    finally:
        holder.rollback()
        holder.close()


def test_a_second_run_reading_files_never_stops_one_at_work(tmp_path, monkeypatch):
    for name in ("a.non", "b.non", "c.non"):
        (tmp_path / name).write_text(ONE)
    db = str(tmp_path / "r.sqlite")
    monkeypatch.setattr(batch_db, "LOCK_WAIT_S", 0)  # a lock held at all is a failure
    at_work = batch_db.Store(db)  # the first run, saving verdicts as they come
    real_read = batch_files.read_file

    def read_file(file):  # the second run reads its files while the first one saves
        at_work.save(f"k-{os.path.basename(file)}", {"status": "unique"}, 60)
        return real_read(file)

    monkeypatch.setattr(batch_files, "read_file", read_file)
    second = batch_db.Store(db)
    try:
        assert len(batch.scan(second, batch.discover([str(tmp_path)]))[0]) == 3
    finally:
        second.close()
        at_work.close()


def test_two_runs_at_once_never_check_a_puzzle_twice(tmp_path, monkeypatch):
    """Another run at work on the same database, on the same puzzles in the same order:
    met (it saved the puzzle this one checked, or decided the next), this one goes on
    from the other end; what the other decided it counts as decided, unchecked."""
    for k in range(6):
        (tmp_path / f"p{k}.non").write_text(ONE.replace("width 1", f"width 1\ntitle \"{k}\"")
                                            .replace("rows\n1", "rows\n1" + "\n1" * k)
                                            .replace("height 1", f"height {k + 1}")
                                            .replace("columns\n1", f"columns\n{k + 1}"))
    db = str(tmp_path / "r.sqlite")
    real_check, checked = batch.check_one, []

    def check_one(job):
        checked.append(job[0])
        if len(checked) in (1, 3):  # meanwhile the other run saves the 1st, later the 4th
            other = batch_db.Store(db)
            other.save(order[0 if len(checked) == 1 else 3], {"status": "unique", "stars": 1}, 60)
            other.close()
        return real_check(job)

    store = batch_db.Store(db)
    order = store.todo(batch.scan(store, batch.discover([str(tmp_path)]))[0], 60, False)
    store.close()
    assert len(order) == 6
    monkeypatch.setattr(batch, "check_one", check_one)
    s = batch.run([str(tmp_path)], db, timeout=60, jobs=1)
    assert checked == [order[0], order[5], order[4], order[2], order[1]]  # the 4th: the other's
    assert s["checked"] == 5 and s["skipped"] == 1, s


def test_local_workers_start_with_ctrl_c_ignored(monkeypatch):
    """A terminal's Ctrl-C reaches the whole group: a worker still starting up (not yet
    ignoring it) died with "Fatal Python error" and a traceback on the curator's screen."""
    import signal
    from multiprocessing import popen_spawn_posix
    from pysolver.nonogram import formats
    seen = []
    launch = popen_spawn_posix.Popen._launch

    def recording(self, process_obj):
        seen.append(signal.getsignal(signal.SIGINT))
        return launch(self, process_obj)

    monkeypatch.setattr(popen_spawn_posix.Popen, "_launch", recording)
    # a terminal's Python takes Ctrl-C (a test runner's worker process may ignore it)
    outer = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        text = formats.dump(formats.parse(ONE)[0], "json")
        out = list(batch.run_local(2, [(k, text, 10) for k in ("a", "b", "c")]))
        back = signal.getsignal(signal.SIGINT)
    finally:
        signal.signal(signal.SIGINT, outer)
    assert sorted(k for k, _ in out) == ["a", "b", "c"] and {v["status"] for _, v in out} == {"unique"}
    assert seen and all(h is signal.SIG_IGN for h in seen), seen
    assert back is signal.default_int_handler  # the run's own, back


def test_a_full_disk_is_one_line(tmp_path, capsys, monkeypatch):
    (tmp_path / "one.non").write_text(ONE)

    def full(*args):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(batch_db.Store, "save", full)
    refused(capsys, ["batch", tmp_path / "one.non", "--db", tmp_path / "r.sqlite"],
            "cannot be written (database or disk is full)")


@pytest.mark.parametrize("argv, needle", [
    (["--timeout", "nan"], "give 0 (no limit) or a number of seconds"),
    (["--timeout", "inf"], "give 0 (no limit) or a number of seconds"),
    (["--timeout", "-1"], "give 0 (no limit) or a number of seconds"),
    (["--jobs", "9" * 30], "over the limit of 9 digits"),
])
def test_bad_batch_options(tmp_path, capsys, argv, needle):
    refused(capsys, ["batch", tmp_path, "--db", tmp_path / "r.sqlite", *argv], needle)


def test_dask_garbage_address(tmp_path, capsys):
    pytest.importorskip("dask.distributed")
    (tmp_path / "one.non").write_text(ONE)
    refused(capsys, ["batch", tmp_path / "one.non", "--db", tmp_path / "r.sqlite", "--dask",
                     "garbage://x"], "--dask garbage://x: not a scheduler address")


def test_csv_cells_are_never_formulas(tmp_path):
    folder = tmp_path / "c"
    folder.mkdir()
    for k, title in enumerate(("=1+1", "+SUM(A1)", "-2", "@cmd", "\tx", "\rx", "plain")):
        (folder / f"p{k}.non").write_text(f'title "{title}"\n' + ONE if "\r" not in title
                                          else ONE)
    (folder / "=HYPERLINK(x).non").write_text(ONE)
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", folder, "--db", db)[0] == 0
    con = sqlite3.connect(db)
    con.execute("UPDATE entries SET title=? WHERE file LIKE '%p5.non'", ("\rx",))
    con.execute("UPDATE entries SET title=? WHERE file LIKE '%p4.non'", ("\tx",))
    con.commit()
    con.close()
    code, text = run_cli("report", db, "--csv", "-")
    assert code == 0
    for r in csv.DictReader(io.StringIO(text, newline="")):
        for value in r.values():
            assert value[:1] not in ("=", "+", "-", "@", "\t", "\r"), r
    titles = {r["title"] for r in csv.DictReader(io.StringIO(text, newline=""))}
    assert {"'=1+1", "'+SUM(A1)", "'-2", "'@cmd", "'\tx", " x", "plain"} <= titles


def test_file_names_that_are_not_utf8_are_recorded_escaped(tmp_path):
    """os.listdir gives such names as lone surrogates, which SQLite cannot hold: the
    database, its reports and a second run have them as \\xNN."""
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / os.fsdecode(b"bad\xff\xfe.non")).write_text(ONE)
    (folder / os.fsdecode(b"text\xff.txt")).write_bytes(b"width 1\n\x00\xff")
    db = tmp_path / "r.sqlite"
    for _ in range(2):  # the second run finds both files as recorded
        code, text = run_cli("batch", folder, "--db", db)
        assert code == 1 and "2 files" in text  # text\xff.txt is not text
    assert "checked 0 now" in text
    got = rows(db)
    assert got["bad\\xff\\xfe.non"]["status"] == "unique"
    assert got["text\\xff.txt"]["error"].endswith("text\\xff.txt: this is not a puzzle file (it holds binary data, not text)")
    for fmt in ("--html", "--json"):
        assert run_cli("report", db, fmt, tmp_path / f"out{fmt[2:]}")[0] == 0
    assert "bad\\xff\\xfe.non" in (tmp_path / "outhtml").read_text()


def test_hostile_names_and_titles_come_out_inert_in_every_report(tmp_path):
    """File names and titles with markup, quotes, commas and newlines: escaped in the
    HTML page, exact in the JSON, one quoted cell each in the CSV."""
    import json
    folder = tmp_path / "f"
    folder.mkdir()
    names = ['<img src=x onerror=alert(1)>.non', 'new\nline,"q".non']
    for name in names:
        (folder / name).write_text(ONE)
    title = '</td><script>alert(2)</script> & "q", x'
    (folder / "t.non").write_text('title "' + title.replace("&", "&amp;").replace("<", "&lt;")
                                  .replace('"', "&quot;") + '"\n' + ONE)
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", folder, "--db", db)[0] == 0
    for fmt in ("--html", "--json", "--csv"):
        assert run_cli("report", db, fmt, tmp_path / f"out.{fmt[2:]}")[0] == 0
    page = (tmp_path / "out.html").read_text()
    assert "<img src=x" not in page and "<script>alert" not in page and "</td><script>" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;.non" in page
    assert ">new\\nline,&quot;q&quot;.non</td>" in page  # a newline a page would show as a space
    # each file named from the folder they are all under, named once (a column a phone shows)
    assert "Files under f/." in page and 'class="f">t.non</td>' in page
    assert "&lt;/td&gt;&lt;script&gt;alert(2)&lt;/script&gt; &amp; &quot;q&quot;, x" in page
    entries = json.loads((tmp_path / "out.json").read_text())["puzzles"]
    assert {Path(e["file"]).name for e in entries} == {*names, "t.non"}
    assert title in {e["title"] for e in entries}
    with open(tmp_path / "out.csv", newline="") as fh:
        table = list(csv.DictReader(fh))
    assert {Path(r["file"]).name for r in table} == {*names, "t.non"}
    assert title in {r["title"] for r in table}


def test_reports_of_nikoli_rows_and_damaged_fields(tmp_path):
    pytest.importorskip("clingo")
    from pysolver.app import report_page
    (tmp_path / "n.txt").write_text("https://puzz.link/p?nurikabe/2/2/1\n")
    (tmp_path / "one.non").write_text(ONE)
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", tmp_path, "--db", db)[0] == 0
    con = sqlite3.connect(db)
    con.execute("UPDATE verdicts SET time_s='slow', difficulty=X'00ff' WHERE engine='pysolver'")
    con.commit()
    con.close()
    for fmt in ("--html", "--json", "--csv"):
        code, _ = run_cli("report", db, fmt, tmp_path / f"out{fmt[2:]}")
        assert code == 0
    page = (tmp_path / "outhtml").read_text()
    assert "nurikabe" in page and "slow" in page
    # the Nikoli puzzle's solution is shown (its cell was empty), as text, escaped
    assert '<pre class="grid" title="solution 1">.#\n##</pre>' in page
    shown = report_page._thumbs({"colors": [], "solutions": [["<b>", "&."], [".#"]]})
    assert shown.count("<pre") == 2 and "&lt;b&gt;\n&amp;." in shown and "<b>" not in shown


@pytest.mark.parametrize("sql, note", [
    ("UPDATE verdicts SET solutions='[5]'", "its stored solutions could not be read"),
    ("UPDATE verdicts SET solutions='[[\"#\"]'", "its stored solutions could not be read"),
    ("UPDATE verdicts SET solutions=X'ff00'", "its stored solutions could not be read"),
    ("UPDATE puzzles SET colors='oops'", "its stored colours could not be read"),
    ("UPDATE entries SET idx='x'", ""),
    ("UPDATE verdicts SET stars=3, minutes=9e999", ""),  # an endless effort: the HTML's hours
    ("UPDATE verdicts SET stars='x', minutes='y', stars_at_least='z'", ""),
])
def test_damaged_stored_fields_are_said_in_their_row(tmp_path, capsys, sql, note):
    """A batch database whose JSON fields another program or the disk damaged: the CSV
    report was an internal error (solutions [5]), the others "database error (Expecting
    ',' delimiter: line 1 column 7 (char 6))" or "(can only concatenate str (not "int")
    to str)" for the whole database; now each report is written, the row saying which
    field could not be read."""
    (tmp_path / "one.non").write_text(ONE)
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", tmp_path / "one.non", "--db", db, "--jobs", "1")[0] == 0
    con = sqlite3.connect(db)
    con.execute(sql)
    con.commit()
    con.close()
    capsys.readouterr()
    for fmt in ("--csv", "--json", "--html"):
        assert run_cli("report", db, fmt, tmp_path / f"out.{fmt[2:]}")[0] == 0, capsys.readouterr()
    (row,) = list(csv.DictReader(io.StringIO((tmp_path / "out.csv").read_text())))
    assert row["status"] == "unique" and row["error"] == (note and note + " (damaged)")
    assert note in (tmp_path / "out.html").read_text()


# -- a database this user may not write (root writes through chmod: drop to nobody) --

# what the command line imports as it runs, imported before the privileges go: the
# interpreter's own files may be out of an unprivileged user's reach (/root/.pyenv)
AS_USER = """import os, sys, csv, shutil, sqlite3, encodings.idna
import pysolver.app.cli as cli, pysolver.app.batch, pysolver.app.report
if os.geteuid() == 0:
    os.setgroups([]); os.setgid(65534); os.setuid(65534)
sys.argv[0] = "pysolver"
cli.run()
"""


def unprivileged(*argv):
    """The command line run by a user who may not write what root made read-only:
    root drops to nobody (uid 65534) once the code is loaded; another user is one."""
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-c", AS_USER, *map(str, argv)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def read_only_folder():
    """A folder (and a batch database in it) only root may write, readable by all."""
    import shutil
    import tempfile
    if os.geteuid() == 0:
        try:
            import pwd
            pwd.getpwuid(65534)
        except (ImportError, KeyError):
            pytest.skip("no unprivileged user (uid 65534) to drop to")
    folder = Path(tempfile.mkdtemp(prefix="pysolver-ro-"))
    try:
        (folder / "one.non").write_text(ONE)
        assert run_cli("batch", folder / "one.non", "--db", folder / "r.sqlite", "--jobs", "1")[0] == 0
        for p in (folder / "one.non", folder / "r.sqlite"):
            p.chmod(0o444)
        folder.chmod(0o555)
        if os.geteuid() != 0 and os.access(folder / "r.sqlite", os.W_OK):
            pytest.skip("this user writes through file modes")
        yield folder
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


def test_a_read_only_database_is_one_line_and_exit_2(read_only_folder):
    db = read_only_folder / "r.sqlite"
    before = db.read_bytes()
    done = unprivileged("batch", read_only_folder / "one.non", "--db", db, "--jobs", "1")
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"pysolver: {db}: cannot be written (read-only); give a database you " \
                          "may write, or a new file name\n"
    new = read_only_folder / "new.sqlite"
    done = unprivileged("batch", read_only_folder / "one.non", "--db", new, "--jobs", "1")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "cannot be opened or created" in done.stderr and not new.exists()
    # a report only reads: it reads a database it may not write
    done = unprivileged("report", db, "--csv", "-")
    assert done.returncode == 0, done.stderr
    assert [r["status"] for r in csv.DictReader(io.StringIO(done.stdout))] == ["unique"]
    assert db.read_bytes() == before
    # the file writable, its folder not: the file's mode is not what to change
    db.chmod(0o666)
    done = unprivileged("batch", read_only_folder / "one.non", "--db", db, "--jobs", "1")
    assert done.returncode == 2 and done.stderr == (
        f"pysolver: {db}: cannot be written: its folder is read-only, and a run keeps its journal "
        "there (the -wal and -shm files); give a database in a folder you may write\n")
