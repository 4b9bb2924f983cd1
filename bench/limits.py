"""Cost of refusing issue 15's hostile inputs: CPU seconds and peak memory of one
`pysolver solve` (or `clues`) run per case, for a source tree (default: this one).

    python bench/limits.py [TREE ...]

Each TREE is a checkout (e.g. ../main); the runs use its pysolver through
PYTHONPATH. Cases are written to a temporary directory; each run has a 120 s
wall-clock safety limit. Prints one row per case and tree: exit status, CPU s,
peak RSS MB, and the first 70 characters of stderr.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cases(tmp: Path) -> list:
    def write(name, text):
        (tmp / name).write_text(text)
        return str(tmp / name)

    big = "9" * 5000
    return [
        ("empty 10000x10000 .nin", ["solve", write("e.nin", "10000 10000\n" + "0\n" * 20000)]),
        ("empty 30000x30000 JSON", ["solve", write("e.json", json.dumps(
            {"rows": [[]] * 30000, "columns": [[]] * 30000}))]),
        ("5000-digit number", ["solve", write("d.nin", f"1 1\n{big}\n1\n")]),
        ("2.5 M empty XML elements", ["solve", write("m.xml", "<puzzleset><puzzle>" + "<b/>" * 2_500_000
                                                    + "</puzzle></puzzleset>")]),
        ("3000x3000 text grid (clues)", ["clues", write("g.txt", ("#." * 1500 + "\n") * 3000)]),
        ("/dev/zero", ["solve", "/dev/zero"]),
        ("--timeout nan", ["solve", write("one.non", "width 1\nheight 1\nrows\n1\ncolumns\n1\n"),
                           "--timeout", "nan"]),
        # a file under the byte cap made of what each puzzle or line costs most
        ("16 MB of 1x1 TAAI puzzles", ["solve", write("many.txt", "$1\n1\n1\n" * 2_000_000)]),
        ("16 MB of empty picross rows", ["solve", write("rows.txt", "GRID a\nROWS\n" + "[ ]\n" * 4_000_000
                                                      + "COLUMNS\n[ ]\n")]),
        ("16 MB Nikoli text", ["solve", write("nk.txt", "nurikabe 5x5\n" + ".....\n" * 2_700_000)]),
        ("2000 colours in one row", ["check", write("c.json", _colours(2000)), "--timeout", "2"]),
    ]


def _colours(k: int) -> str:
    """A 1 x k puzzle, each cell another of k colours (JSON)."""
    chars = [chr(0x4e00 + i) for i in range(k)]
    return json.dumps({"colors": [{"name": "white", "char": ".", "rgb": "FFFFFF"}] + [
        {"name": f"c{i}", "char": ch, "rgb": "000000"} for i, ch in enumerate(chars)],
        "rows": [[[1, ch] for ch in chars]], "columns": [[[1, ch]] for ch in chars]})


def run(tree: Path, argv: list) -> tuple:
    """(exit status, CPU s, peak RSS MB, stderr's last line) of one run, from its own rusage."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    with tempfile.TemporaryFile("w+") as err:
        p = subprocess.Popen([sys.executable, "-m", "pysolver", *argv], stdout=subprocess.DEVNULL,
                             stderr=err, text=True, env=env, cwd=tree)
        timer = threading.Timer(120, p.kill)  # a safety net, not a measurement
        timer.start()
        _, status, usage = os.wait4(p.pid, 0)
        timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        last = (err.read().strip().splitlines() or [""])[-1]
    return p.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, last[:70]


def main(argv) -> int:
    trees = [Path(t).resolve() for t in argv] or [ROOT]
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in cases(Path(tmp)):
            for tree in trees:
                code, cpu, rss, err = run(tree, args)
                print(f"{name:30} {tree.name:10} exit {code}  {cpu:6.2f} s CPU  "
                      f"peak {rss:6.0f} MB  {err}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
