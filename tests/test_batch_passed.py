"""pysolver batch over a folder that holds more than puzzles: its own database (whatever
its name), the reports written beside the puzzles, TAAI solution files and a licence are
never read as puzzles; each file passed over is counted in the summary."""
import csv
import io
import json
import sqlite3
from pathlib import Path

import batch_folder
from test_batch import run_cli
from pysolver import api
from pysolver.app import batch_db

ROOT = Path(__file__).resolve().parent.parent
TAAI = ROOT.parent / "shared" / "puzzles" / "taai"


def files_in(db):
    code, text = run_cli("report", db, "--csv", "-")
    assert code == 0
    return sorted(Path(r["file"]).name for r in csv.DictReader(io.StringIO(text)))


def taai_pair(folder: Path, pictures):
    """A TAAI question file and its solution file of the same pictures (rows of # and .)."""
    questions, answers = [], []
    for k, rows in enumerate(pictures, 1):
        d = api.clues_from_grid(rows)
        lines = [" ".join(map(str, c)) or "0" for c in d["columns"] + d["rows"]]
        questions.append(f"${k}\n" + "\n".join(lines))
        answers.append(f"${k}\n" + "\n".join("\t".join("1" if c == "#" else "0" for c in r)
                                            for r in rows))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "set-question.txt").write_text("\n".join(questions) + "\n")
    (folder / "set-solution.txt").write_text("\n".join(answers) + "\n")


def test_solution_files_and_a_licence_are_passed_over_and_counted(tmp_path):
    """A TAAI solution file was read as puzzles, the question file's again (every puzzle
    counted twice), and the licence beside them was a parse error."""
    folder = tmp_path / "taai"
    taai_pair(folder, [["#.", "##"], ["##", ".#"], ["#.", ".#"]])
    (folder / "LICENSE-GPL-3.0.txt").write_text("GNU GENERAL PUBLIC LICENSE\nVersion 3\n")
    db = tmp_path / "r.sqlite"
    for _ in range(2):  # a re-run says it again
        code, out = run_cli("batch", folder, "--db", db, "--jobs", "1")
        assert code == 0, out
        assert out.startswith("3 puzzles in 1 file (3 distinct, 0 parse errors); 2 files passed "
                              "over (1 TAAI solution file, 1 licence or readme file: no puzzles "
                              "to check):"), out
    assert files_in(db) == ["set-question.txt"] * 3
    # a solution file given alone is passed over too; a licence that is a puzzle is read
    (folder / "LICENSE-GPL-3.0.txt").write_text("$1\n1\n1\n1\n1\n")
    code, out = run_cli("batch", folder / "set-solution.txt", folder / "LICENSE-GPL-3.0.txt",
                        "--db", tmp_path / "alone.sqlite", "--jobs", "1")
    assert out.startswith("1 puzzle in 1 file (1 distinct, 0 parse errors); 1 file passed over "
                          "(1 TAAI solution file: no puzzles to check)"), out


def test_a_database_recorded_before_has_its_solution_files_read_again(tmp_path):
    """A database whose run read the solution file as puzzles: the next run reads it again
    (its size and time unchanged) and its rows leave the reports."""
    folder = tmp_path / "taai"
    taai_pair(folder, [["#.", "##"]])
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", folder, "--db", db, "--jobs", "1")[0] == 0
    con = sqlite3.connect(db)  # as an earlier pysolver left it
    with con:
        con.execute("INSERT INTO entries (file, idx, title, key) SELECT ?, 0, '', key FROM "
                    "entries", (str(folder / "set-solution.txt"),))
        st = (folder / "set-solution.txt").stat()
        con.execute("INSERT INTO files VALUES (?, ?, ?)", (str(folder / "set-solution.txt"),
                                                           st.st_size, st.st_mtime_ns))
        con.execute("DELETE FROM meta WHERE name='reading'")
    con.close()
    assert files_in(db) == ["set-question.txt", "set-solution.txt"]
    code, out = run_cli("batch", folder, "--db", db, "--jobs", "1")
    assert code == 0 and "1 file passed over (1 TAAI solution file" in out
    assert files_in(db) == ["set-question.txt"]


def test_the_real_taai_solution_files_are_recognised():
    from pysolver.nonogram.formats import taai
    for name in ("taai2011", "tcga2016", "icga2017"):
        assert taai.answers_only((TAAI / f"{name}-solution.txt").read_text())
        assert not taai.answers_only((TAAI / f"{name}-question.txt").read_text())
    assert not taai.answers_only((TAAI / "lalafrogkk-cannot-solve.txt").read_text())


def test_the_database_and_reports_beside_the_puzzles_are_never_read_as_puzzles(tmp_path):
    """--db results.json in the folder checked was read as a puzzle file (binary data: a
    parse error), and a JSON report written there as a bundle of broken puzzles."""
    folder = tmp_path / "c"
    batch_folder.readable(folder)
    db = folder / "results.json"
    code, out = run_cli("batch", folder, "--db", db, "--jobs", "1")
    assert code == 0 and out.startswith("4 puzzles in 4 files (3 distinct, 0 parse errors);"), out
    reports = {"--json": "r.json", "--csv": "r.txt", "--html": "r.xml"}
    for flag, name in reports.items():
        assert run_cli("report", db, flag, folder / name)[0] == 0
    code, out = run_cli("batch", folder, "--db", db, "--jobs", "1")
    assert code == 0 and out.startswith("4 puzzles in 4 files (3 distinct, 0 parse errors); 1 "
                                        "other file not read"), out  # the README.md
    assert ".cwd); 3 files passed over (3 reports: no puzzles to check): checked 0 now" in out
    assert "results.json" not in files_in(db) and "r.json" not in files_in(db)
    assert not [f for f in folder.iterdir() if f.name.startswith("results.json-")
                and f.name not in ("results.json-wal", "results.json-shm")]
    # a bundle of puzzles in JSON is still read (a list of puzzles is no report)
    (folder / "two.json").write_text(json.dumps([api.clues_from_grid(["#"]),
                                                 api.clues_from_grid(["#."])]))
    code, out = run_cli("batch", folder, "--db", db, "--jobs", "1")
    assert code == 0 and out.startswith("6 puzzles in 5 files"), out
    assert batch_db.Store(str(db)).rows()  # still the database, readable


def test_reports_name_files_from_their_folder_and_survive_a_move(tmp_path):
    """CSV and JSON reports gave each file's absolute path: a shared report showed the
    curator's folders, and named files nowhere once the collection moved. Every report
    names the folder the files are under by its name alone, once, and each file from it."""
    batch_folder.mixed(tmp_path / "home" / "me" / "coll")
    db = tmp_path / "r.sqlite"
    run_cli("batch", tmp_path / "home" / "me" / "coll", "--db", db, "--jobs", "1")

    def reports():
        out = {}
        for flag in ("--csv", "--json", "--html"):
            code, out[flag] = run_cli("report", db, flag, "-")
            assert code == 0 and str(tmp_path) not in out[flag] and "home" not in out[flag]
        return out
    before = reports()
    table = list(csv.DictReader(io.StringIO(before["--csv"])))
    assert {r["file"] for r in table} == {"unique.json", "sub/again.json", "multiple.json",
                                          "none.json", "notes.txt", "sums.non", "bundle.non"}
    data = json.loads(before["--json"])
    assert data["report"] == "pysolver batch report" and data["files_under"] == "coll"
    assert [r["file"] for r in data["puzzles"]] == [r["file"] for r in table]
    assert "Files under coll/." in before["--html"] and 'class="f">sub/again.json</td>' in before["--html"]
    # the collection moved, its database run again: the same reports
    (tmp_path / "home" / "me" / "coll").rename(tmp_path / "coll")
    assert run_cli("batch", tmp_path / "coll", "--db", db, "--jobs", "1")[0] == 1
    assert reports() == before
    # files under no folder but the root: named in full
    from pysolver.app import report
    rows = [{**r, "file": "/" + r["file"]} for r in data["puzzles"][:1]] + [
        {**r, "file": "/x/" + r["file"]} for r in data["puzzles"][1:2]]
    assert json.loads(report.to_json(rows))["files_under"] is None
    assert [r["file"] for r in json.loads(report.to_json(rows))["puzzles"]] == [
        r["file"] for r in rows]


def test_the_sites_lists_are_passed_over_and_its_pools_read_as_puzzles(tmp_path):
    """A batch of web/puzzles: its catalogue and indexes were 'this JSON is not a
    puzzle' errors, and each pool of generated puzzles one error too (exit 1 for ever)."""
    folder = tmp_path / "puzzles"
    (folder / "pool").mkdir(parents=True)
    (folder / "a.json").write_text(json.dumps(api.clues_from_grid(["#.", "##"])))
    (folder / "catalogue.json").write_text(json.dumps(
        {"version": 1, "puzzles": [{"id": "a", "file": "a.json", "title": "A"}]}))
    (folder / "pool" / "index.json").write_text(json.dumps(
        {"about": "made ahead", "kinds": [{"size": 2, "file": "p.json"}]}))
    made = [{"level": "expert", "puzzle": api.clues_from_grid(rows)}
            for rows in (["##", ".#"], ["#.", ".#"])]
    (folder / "pool" / "p.json").write_text(json.dumps({"generator": "f2bf", "made": made}))
    code, out = run_cli("batch", folder, "--db", tmp_path / "r.sqlite", "--jobs", "1")
    assert code == 0, out
    assert out.startswith("3 puzzles in 2 files (3 distinct, 0 parse errors); 2 files passed "
                          "over (2 puzzle lists: no puzzles to check): checked 3 now "
                          "(1 multiple, 2 unique)"), out


def test_the_page_says_how_long_each_time_out_had(tmp_path):
    """The page of a TAAI run said "737 timeout" and never the seconds each puzzle had."""
    batch_folder.mixed(tmp_path / "c")
    db = tmp_path / "r.sqlite"
    run_cli("batch", tmp_path / "c", "--db", db, "--jobs", "1", "--timeout", "5")
    code, page = run_cli("report", db, "--html", "-")
    assert code == 0 and "time-out had" not in page
    con = sqlite3.connect(db)
    with con:  # as if the multiple-solution puzzle had run out of time
        con.execute("UPDATE verdicts SET status='timeout' WHERE status='multiple'")
    con.close()
    code, page = run_cli("report", db, "--html", "-")
    assert "1 timeout," in page and "Each time-out had 5 s (a batch run with a larger " \
        "--timeout checks it again)." in page
