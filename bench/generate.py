"""Generated nonograms: CPU time per size and level, rejections, hint-walk steps (issue 31).

    .venv/bin/python bench/generate.py [--sizes 15,25] [--levels easy,medium,hard,expert]
        [--seeds 50] [--colours 1] [--thumbs DIR]

For each size and level, seeds 1..N through pysolver.api.generate: CPU seconds
(process_time: the machine is shared) p50 / p95 / max, how many seeds found no
puzzle (PuzzleError), the pictures rejected by reason (summed over the seeds, with
the share of all pictures tried), hint walks played, and per level the hint-walk
steps (one-cell what-ifs, deeper what-ifs, line steps: min / median / max) and the
stars; one line per seed on stderr as it goes (a long run can be watched, or cut
short and still read). ``--thumbs DIR`` writes one PNG per size and level with the
pictures side by side (zlib PNG, no imaging library), to judge them by eye.
"""
from __future__ import annotations

import argparse
import os
import statistics
import struct
import sys
import time
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from pysolver import api  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402
from pysolver.nonogram import generate as gen  # noqa: E402


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def png(path, pixels):
    """Write rows of (r, g, b) tuples as a PNG."""
    h, w = len(pixels), len(pixels[0])
    raw = b"".join(b"\0" + bytes(v for px in row for v in px) for row in pixels)

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    with open(path, "wb") as fh:
        fh.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                 + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def thumbs(path, puzzles, per_row=10, scale=6, gap=8):
    """The puzzles' goals side by side, ``scale`` pixels a cell, grey between."""
    w, h = puzzles[0]["width"], puzzles[0]["height"]
    rows = (len(puzzles) + per_row - 1) // per_row
    width, height = per_row * (w * scale + gap) + gap, rows * (h * scale + gap) + gap
    pixels = [[(200, 200, 200)] * width for _ in range(height)]
    for k, d in enumerate(puzzles):
        rgb = {c["char"]: tuple(int(c["rgb"][i:i + 2], 16) for i in (0, 2, 4)) for c in d["colors"]}
        ox = gap + (k % per_row) * (w * scale + gap)
        oy = gap + (k // per_row) * (h * scale + gap)
        for y, row in enumerate(d["goal"]):
            for x, ch in enumerate(row):
                for dy in range(scale):
                    line = pixels[oy + y * scale + dy]
                    for dx in range(scale):
                        line[ox + x * scale + dx] = rgb[ch]
    png(path, pixels)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="15,25")
    ap.add_argument("--levels", default="easy,medium,hard,expert")
    ap.add_argument("--seeds", type=int, default=50)
    ap.add_argument("--colours", type=int, default=1)
    ap.add_argument("--thumbs", metavar="DIR")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}, {args.seeds} seeds, colours {args.colours}, CPU s")
    print("size level  | found | p50 p95 max (s) | pictures: rejected (why) | walks | "
          "what-ifs min/med/max | deeper | line steps med | stars")
    for size in (int(s) for s in args.sizes.split(",")):
        for level in args.levels.split(","):
            times, made, failed, rejected, pictures, walks = [], [], 0, {}, 0, 0
            for seed in range(1, args.seeds + 1):
                t = time.process_time()
                try:
                    r = api.generate("nonogram", size, size, args.colours, level, seed)
                except PuzzleError as e:
                    failed += 1
                    times.append(time.process_time() - t)
                    text = str(e)
                    pictures += gen.ATTEMPTS
                    for part in text[text.index("(") + 1:text.index(")")].split(", "):
                        why, n = part.rsplit(": ", 1)
                        rejected[why] = rejected.get(why, 0) + int(n)
                    continue
                times.append(time.process_time() - t)
                print(f"  {size}x{size} {level} seed {seed}: {times[-1]:.2f} s, "
                      f"{r['attempts']} pictures", file=sys.stderr, flush=True)
                made.append(r)
                pictures += r["attempts"]
                walks += r["walks"]
                for why, n in r["rejected"].items():
                    rejected[why] = rejected.get(why, 0) + n
            probes = [r["walk"]["steps"]["probe"] for r in made] or [0]
            deep = [r["walk"]["steps"]["deep"] for r in made] or [0]
            lines = [r["walk"]["steps"]["line"] for r in made] or [0]
            stars = {}
            for r in made:
                stars[r["stars"]] = stars.get(r["stars"], 0) + 1
            rej = sum(rejected.values())
            why = ", ".join(f"{k} {v}" for k, v in sorted(rejected.items()))
            print(f"{size}x{size} {level:6} | {len(made)}/{len(times)} | "
                  f"{pct(times, .5):.2f} {pct(times, .95):.2f} {max(times):.2f} | "
                  f"{pictures}: {rej} ({100 * rej / max(1, pictures):.0f}%: {why or '-'}) | {walks} | "
                  f"{min(probes)}/{statistics.median(probes):g}/{max(probes)} | "
                  f"{min(deep)}-{max(deep)} | {statistics.median(lines):g} | "
                  f"{' '.join(f'{k}*:{v}' for k, v in sorted(stars.items()))}", flush=True)
            if args.thumbs and made:
                os.makedirs(args.thumbs, exist_ok=True)
                thumbs(os.path.join(args.thumbs, f"{size}x{size}-{args.colours}-{level}.png"),
                       [r["puzzle"] for r in made])


if __name__ == "__main__":
    main()
