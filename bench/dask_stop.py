"""How soon `pysolver batch --dask local` answers a Ctrl-C (issue 29: "within a second"):
a batch of random 25x25 pictures is started in its own process group, SIGINT goes to
the whole group (what a terminal's Ctrl-C does) once 3 verdicts are saved, and the time
from the signal to the process's exit is measured (wall time: it is a latency; the load
is printed with it), with its exit code and stderr line. Then a re-run finishes the rest
and every puzzle is counted once.

    nice -n 19 .venv/bin/python bench/dask_stop.py [--runs 3]
"""
import argparse
import os
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
import batch_folder  # noqa: E402

COUNT = 40
SIZE = int(os.environ.get("DASK_STOP_SIZE", "25"))


def verdicts(db):
    try:
        con = sqlite3.connect(db)
        try:
            return con.execute("SELECT count(*) FROM verdicts").fetchone()[0]
        finally:
            con.close()
    except sqlite3.OperationalError:
        return 0


def one(tmp: Path):
    batch_folder.random_pictures(tmp / "c", COUNT, SIZE, seed=3)
    db = tmp / "r.sqlite"
    argv = [sys.executable, "-m", "pysolver", "batch", str(tmp / "c"), "--db", str(db), "--timeout", "60", "--dask", "local"]
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    while verdicts(db) < 3:
        if proc.poll() is not None:
            raise SystemExit(f"the batch ended early: {proc.communicate()}")
        time.sleep(0.02)
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    stop_s = time.monotonic() - t0
    before = verdicts(db)
    again = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=900)
    ok = again.returncode == 0 and f"checked {COUNT - before} now" in again.stdout and verdicts(db) == COUNT
    return stop_s, proc.returncode, err.strip(), ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    times = []
    for k in range(args.runs):
        with tempfile.TemporaryDirectory() as d:
            s, code, err, ok = one(Path(d))
        times.append(s)
        print(f"run {k + 1}: Ctrl-C answered in {s:.2f} s, exit {code}, stderr {err!r}; re-run completes, "
              f"each puzzle once: {ok}; load {os.getloadavg()[0]:.1f}")
    print(f"median {statistics.median(times):.2f} s, max {max(times):.2f} s")


if __name__ == "__main__":
    main()
