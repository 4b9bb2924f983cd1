"""B/W expert from other pictures, A/B against this tree's own, seed by seed (issue 31).

    nice -n 19 .venv/bin/python bench/experiments/picture_ab.py --size 25 --seeds 1-100 \
        --variant mirrors,dens,blobs

Two worker processes of this tree, every seed made by both in turn (which goes first
alternates, as bench/generate_ab.py does): "peer" as the tree makes it, "this" with
generate._expert_picture replaced, from MIN_CELLS cells on in black and white, by the
variant's draw (comma-separated, any of): ``mirrors`` the symmetry from mirror-x,
mirror-y and both only; ``dens`` density 0.38-0.48 (expert's is 0.38-0.52); ``blobs``
the style blobs, blobs, cave or shapes (blobs half the time). The draws are made in the
order the tree's own are (density, style, symmetry). Per seed on stderr and at the end
as generate_ab prints them (CPU seconds, puzzles changed, the winning lane's work).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import generate_ab  # noqa: E402

MIN_CELLS = 400
PATCH = r"""
import os, sys
sys.path.insert(0, sys.argv[1])
variant = set(os.environ.get("PICTURE_AB", "").split(",")) - {""}
if variant:
    from pysolver.nonogram import generate as gen, picture as pic
    own = gen._expert_picture

    def _expert_picture(rng, width, height, colours):
        if colours != 1 or width * height < MIN_CELLS:
            return own(rng, width, height, colours)
        lo, hi = gen.DENSITY["expert"]
        density = rng.uniform(lo, 0.48 if "dens" in variant else hi)
        style = rng.choice(("blobs", "blobs", "cave", "shapes")) if "blobs" in variant else None
        symmetries = pic.SYMMETRIES[1:4] if "mirrors" in variant else pic.SYMMETRIES[1:]
        return pic.picture(rng, width, height, density, colours, style,
                           grain=gen.GRAIN["expert"], symmetries=symmetries)
    gen._expert_picture = _expert_picture
""".replace("MIN_CELLS", str(MIN_CELLS))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--seeds", default="1-100", help="N or LO-HI")
    ap.add_argument("--variant", required=True, help="mirrors,dens,blobs (any of them)")
    args = ap.parse_args()
    unknown = set(args.variant.split(",")) - {"mirrors", "dens", "blobs"}
    if unknown:
        ap.error(f"unknown variant part(s): {', '.join(sorted(unknown))}")
    tree = os.path.abspath(os.path.join(HERE, "..", ".."))
    procs = {k: subprocess.Popen([sys.executable, "-c", PATCH + generate_ab.WORKER, tree, "1"],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                 env=dict(os.environ, PICTURE_AB=v))
             for k, v in (("peer", ""), ("this", args.variant))}
    generate_ab.compare(
        procs, generate_ab.seeds_of(args.seeds),
        lambda seed: {"size": args.size, "level": "expert", "colours": 1, "seed": seed},
        f"{args.size}x{args.size} B/W expert, seeds {args.seeds}, variant {args.variant}")


if __name__ == "__main__":
    main()
