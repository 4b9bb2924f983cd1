"""Make bench/nikoli-instances/noqx-set.txt: the public instances bench/noqx_compare.py
runs the project and noqx on, one "URL SOURCE" per line (SOURCE says where it came from).

Sources (fetched with the session's `fetch` tool into /work/.mirror; the selection is
fixed by a seed chosen before any timing):
- janko.at puzzles from SmilingWayne/puzzlekit-dataset (assets/data/<Genre>/<Genre>_dataset.json,
  commit in SOURCE): per genre the 10 largest, the 5 with the largest numbers
  (Nurikabe islands, Heyawake rooms, Bag views) and 15 drawn at random (seed 30);
- the puzz.link URLs of pzprjs's tests (test/script/test_<pid>.js) and of noqx's
  examples (solver/<name>.py);
- the project's generated instances (bench/nikoli-instances/<family>-NxN.txt, the first two
  per size) and the larger generated ones in bench/nikoli-instances/noqx-generated.txt.

Usage: python3 bench/noqx_set.py [--mirror /work/.mirror]
"""
from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysolver.nikoli import model, url  # noqa: E402

OUT = ROOT / "bench" / "nikoli-instances" / "noqx-set.txt"
GENRES = {"Nurikabe": "nurikabe", "Heyawake": "heyawake", "Masyu": "masyu", "Cave": "bag"}
PZPR = {"nurikabe": "nurikabe", "heyawake": "heyawake", "masyu": "mashu", "bag": "bag"}
NOQX = {"nurikabe": "nurikabe", "heyawake": "heyawake", "masyu": "masyu", "bag": "cave"}


def git(repo: Path, *args) -> str:
    return subprocess.run(["git", "--git-dir", str(repo), *args], check=True,
                          capture_output=True, text=True).stdout


def janko_grid(family: str, problem: str) -> model.Grid:
    """The dataset's text ("H W" then rows; Heyawake: rows of numbers, then rows of room
    labels) as the project's text format, read by the project's reader."""
    lines = problem.strip().split("\n")
    h, w = map(int, lines[0].split())
    rows = [ln.split() for ln in lines[1:1 + h]]
    if any(len(r) != w for r in rows):  # some files give "W H"
        h, w = w, h
        rows = [ln.split() for ln in lines[1:1 + h]]
    if family == "heyawake":
        labels = [ln.split() for ln in lines[1 + h:1 + 2 * h]]
        body = [" ".join(f"{lab}:{'' if n == '-' else n}".rstrip(":")
                         for lab, n in zip(lr, nr)) for lr, nr in zip(labels, rows)]
    else:
        pearls = {"1": "w", "2": "b"} if family == "masyu" else {}  # some files: 1 white, 2 black
        body = [" ".join("." if t == "-" else pearls.get(t, t) for t in r) for r in rows]
    return model.parse_text(f"{family} {w}x{h}\n" + "\n".join(body))


def biggest_number(grid: model.Grid) -> int:
    return max((n for n in grid.clues.values() if n > 0), default=0) \
        if grid.family != "masyu" else 0


def janko(mirror: Path, out: list):
    # the set keeps the puzzles over the project's grounding cap (limits.MAX_NURIKABE_WORK):
    # the benchmark counts the project's refusal as undecided
    model.check_work = lambda grid, where="": 0
    repo = mirror / "SmilingWayne+puzzlekit-dataset" / "repo"
    commit = git(repo, "rev-parse", "HEAD").strip()[:12]
    rng = random.Random(30)
    for genre, family in GENRES.items():
        data = json.loads(git(repo, "show", f"HEAD:assets/data/{genre}/{genre}_dataset.json"))
        grids = []
        for key, item in data["data"].items():
            try:
                grids.append((key, item.get("source") or "", janko_grid(family, item["problem"])))
            except model.NikoliError as e:
                print(f"skip {genre} {key}: {e}", file=sys.stderr)
        by_size = sorted(grids, key=lambda g: -g[2].width * g[2].height)
        chosen = by_size[:10]
        if family != "masyu":
            rest = [g for g in grids if g not in chosen]
            chosen += sorted(rest, key=lambda g: -biggest_number(g[2]))[:5]
        rest = [g for g in grids if g not in chosen]
        chosen += rng.sample(rest, 15)
        for key, src, grid in chosen:
            out.append((url.write_url(grid), f"puzzlekit@{commit}:{genre}/{key}"
                        + (f"={src}" if src else "")))


def pzprjs(mirror: Path, out: list):
    repo = mirror / "sabo2+pzprjs" / "repo"
    commit = git(repo, "rev-parse", "HEAD").strip()[:12]
    for family, pid in PZPR.items():
        text = git(repo, "show", f"HEAD:test/script/test_{pid}.js")
        for body in re.findall(r"url\s*:\s*'([^']+)'", text):
            out.append((f"https://puzz.link/p?{pid}/{body}",
                        f"pzprjs@{commit}:test/script/test_{pid}.js"))


def noqx(mirror: Path, out: list):
    repo = mirror / "T0nyX1ang+noqx" / "repo"
    commit = git(repo, "rev-parse", "HEAD").strip()[:12]
    for family, name in NOQX.items():
        text = git(repo, "show", f"HEAD:solver/{name}.py")
        for u in re.findall(r'"url": "(https://puzz\.link/p\?[^"]+)"', text):
            out.append((u, f"noqx@{commit}:solver/{name}.py"))


def generated(out: list):
    folder = ROOT / "bench" / "nikoli-instances"
    for path in sorted(folder.glob("*-*x*.txt")):
        for ln in path.read_text().splitlines()[:2]:
            seed, link = ln.split()
            out.append((link, f"generated:{path.name} seed {seed}"))
    big = folder / "noqx-generated.txt"
    if big.exists():
        for ln in big.read_text().splitlines():
            link, src = ln.split(" ", 1)
            out.append((link, src))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirror", default="/work/.mirror", type=Path)
    args = ap.parse_args()
    out = []
    janko(args.mirror, out)
    pzprjs(args.mirror, out)
    noqx(args.mirror, out)
    generated(out)
    seen, lines = set(), []
    for link, src in out:
        url._parts(link, src)  # every line must be a puzz.link URL
        if link not in seen:
            seen.add(link)
            lines.append(f"{link} {src}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} instances -> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
