"""What every process the command line starts shares (the batch's pool workers,
the race's children): Ctrl-C is the parent's to handle, and the process ends
itself when its parent disappears, even by SIGKILL."""
from __future__ import annotations

import os
import signal
import threading
import time

WATCHER = "pysolver-parent-watcher"  # the thread's name (race.can_fork allows it)


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:  # re-parented: the parent is gone
            os._exit(1)


def worker_start(parent: int) -> None:
    """Start of a child process (pool worker, race member): Ctrl-C is the parent's
    to handle, and the child ends with its parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent,), name=WATCHER, daemon=True).start()
