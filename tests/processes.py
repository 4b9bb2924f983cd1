"""Processes seen through /proc, for the tests that check a batch's workers end with it."""
import signal
import subprocess
import time
from pathlib import Path


def sigint_as_in_a_terminal():
    """preexec_fn for a child that is sent Ctrl-C: SIGINT at its default, as a terminal
    gives its foreground job. A runner started with SIGINT ignored (`scripts/test &` in a
    script, nohup-style CI) passes that on to its children, and then Python never raises
    KeyboardInterrupt: the Ctrl-C tests would test the runner, not pysolver."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def children(pid):
    """Live (not zombie) processes whose parent is pid."""
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                rest = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(rest[1]) == pid and rest[0] != "Z":
                out.append(int(d.name))
    return out


def alive(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def started(argv, cwd, wait_for):
    """``argv`` in its own session, Ctrl-C as in a terminal, once it has ``wait_for`` live
    children (or after 60 s) and a second more for them to get to work: (proc, children),
    at least two of them."""
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=sigint_as_in_a_terminal)
    deadline = time.monotonic() + 60
    while len(kids := children(proc.pid)) < wait_for and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.0)
    assert len(kids) >= 2, kids
    return proc, kids


def gone(kids, within=10.0):
    """Those of ``kids`` still alive after up to ``within`` seconds."""
    deadline = time.monotonic() + within
    while any(alive(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return [k for k in kids if alive(k)]
