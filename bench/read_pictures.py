"""Cost of reading a large picture (a goal image, its clues derived) in every format that
holds one: CPU seconds (process_time) of `api.read` (the page's and the API's read, the
puzzle as a dict; a raw PBM through `formats.parse`, as the command line reads its bytes)
and the process's peak RSS, one fresh process per format and tree.

    python bench/read_pictures.py [--side 2000] [TREE ...]

Each TREE is a checkout (default: this one; e.g. a `git archive` of an older commit); its
pysolver is imported through PYTHONPATH. The picture is random at density 0.5 (seed 1).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("grid", "pbm", "pbm-raw", "non", "xml", "json")

ONE = r"""
import json, random, resource, sys, time
from pysolver import api
from pysolver.nonogram import formats
fmt, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(1)
rows = ["".join(rng.choice("#.") for _ in range(n)) for _ in range(n)]
bits = [r.replace("#", "1").replace(".", "0") for r in rows]
stride = (n + 7) // 8
text = {
    "grid": lambda: "\n".join(rows) + "\n",
    "pbm": lambda: f"P1\n{n} {n}\n" + "\n".join(bits) + "\n",
    "pbm-raw": lambda: b"P4\n%d %d\n" % (n, n) + b"".join(
        int(b.ljust(stride * 8, "0"), 2).to_bytes(stride, "big") for b in bits),
    "non": lambda: f'width {n}\nheight {n}\ngoal "{"".join(bits)}"\n',
    "xml": lambda: "<puzzle><solution type='goal'><image>\n"
                   + "\n".join(f"|{r.replace('#', 'X')}|" for r in rows) + "\n</image></solution></puzzle>",
    "json": lambda: json.dumps({"width": n, "height": n, "goal": rows}),
}[fmt]()
del rows, bits
t = time.process_time()
if isinstance(text, bytes):
    (p,) = formats.parse(text, "p.pbm")
else:
    api.read(text, "p.txt")
cpu = time.process_time() - t
print(json.dumps({"cpu": round(cpu, 2), "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--side", type=int, default=2000)
    ap.add_argument("trees", nargs="*", default=[str(ROOT)])
    args = ap.parse_args()
    print(f"{args.side}x{args.side}, CPU s / peak RSS MB; trees: {', '.join(args.trees)}")
    for fmt in FORMATS:
        cells = []
        for tree in args.trees:
            env = dict(os.environ, PYTHONPATH=str(Path(tree).resolve()))
            out = subprocess.run([sys.executable, "-c", ONE, fmt, str(args.side)], env=env, cwd=tree,
                                 capture_output=True, text=True, timeout=600)
            if out.returncode:
                cells.append(f"failed: {out.stderr.strip().splitlines()[-1][:60]}")
                continue
            r = json.loads(out.stdout)
            cells.append(f"{r['cpu']:.2f} s / {r['rss']} MB")
        print(f"{fmt:8} " + " | ".join(cells), flush=True)


if __name__ == "__main__":
    main()
