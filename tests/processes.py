"""Processes seen through /proc, for the tests that check a batch's workers end with it."""
from pathlib import Path


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
