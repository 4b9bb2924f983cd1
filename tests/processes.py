"""Processes seen through /proc, for the tests that check a batch's workers end with it."""
import signal
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
