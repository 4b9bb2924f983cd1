"""Pick the redistributable picture puzzles of ../shared/puzzles worth shipping, and
copy them into web/puzzles/ with catalogue entries (the build never reads ../shared).

    python tools/select_puzzles.py [--shared ../shared/puzzles] [--dry-run]

Reproducible: the same corpus gives the same selection. A puzzle is shipped when
* its set may be redistributed: `nonogram-db/qnonograms/` (GPL-2.0, each file keeps
  its author and licence) and `jwilk/` (MIT); nonodataset (no licence) and taai
  (random noise) are left out, webpbn and gnonograms are already shipped;
* the engine proves it unique (pysolver's search, MAX_WORK line solves at most);
* it is pleasant: its solution is a picture, not noise: at most MAX_LONE of its
  filled cells have no filled neighbour, and at least MIN_FILL of the cells are filled;
* its sides are at most MAX_SIDE cells (the largest built-in, 60x60, and the generator's);
* it has a real title: its file's, or for jwilk's files (which carry none) one given
  from its picture in JWILK_TITLES (looked at by a person; a puzzle whose picture is
  not clear is left out rather than shown as "Jakub Wilk dataNNN").
Authors and copyright lines lose their e-mail addresses (in the catalogue and in the
copied file). Every catalogue entry without stars or minutes gets them here, from its hint walk
(pysolver.stars.nonogram of pysolver.nonogram.walk, as `pysolver report --catalogue`
gives them); ``--stars-only`` does just that, without ../shared. The library groups
the puzzles by those tiers (sort by difficulty).
"""
from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pysolver import api, stars  # noqa: E402
from pysolver.nonogram import formats  # noqa: E402
from pysolver.nonogram.walk import walk  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402

PUZZLES = ROOT / "web" / "puzzles"
MAX_WORK = 200_000
MAX_LONE = 0.03
MIN_FILL = 0.2
MAX_SIDE = 60
# jwilk's files have no titles: these were given from the solved pictures (contact
# sheets of every unique, pleasant one); the rest stay out (issue 31: 24 were once
# shipped as "Jakub Wilk dataNNN" and withdrawn)
JWILK_TITLES = {
    "data000": "Duck", "data001": "Sailing boat", "data002": "Hockey player", "data003": "Rower",
    "data016": "Two friends", "data022": "Bee", "data120": "Cat blowing bubbles",
    "data006": "Snail", "data009": "Excavator", "data010": "Rabbit", "data013": "Grand piano",
    "data014": "Truck", "data015": "Beetle", "data019": "Camel", "data020": "Cupid",
    "data021": "Footballer", "data023": "Butterfly", "data024": "Seal with a ball",
    "data025": "Leaf", "data026": "Lily", "data027": "Koala", "data028": "Panda",
    "data030": "Seahorse", "data031": "Chess knight", "data032": "Steam engine",
    "data033": "Umbrella", "data034": "Fish", "data035": "Monkey", "data036": "Pram",
    "data038": "Bicycle", "data039": "Cat", "data040": "Wasp", "data042": "Pistol and target",
    "data043": "Clock", "data045": "Toucan", "data047": "Dolphin", "data048": "Horse rider",
    "data050": "Tank", "data051": "Moose", "data055": "Stegosaurus",
}
EMAIL = re.compile(r"\s*<?[\w.+-]+@[\w-]+(\.[\w-]+)+>?")
SETS = {  # corpus folder prefix -> (catalogue id prefix, web/puzzles folder, source words)
    "nonogram-db/qnonograms/": ("qnonograms", "qnonograms", "QNonograms (via mikix/nonogram-db)"),
    "jwilk/": ("jwilk", "jwilk", "jwilk-archive/nonogram"),
}


def plain(text: str) -> str:
    return EMAIL.sub("", text or "").strip()


def lone_share(rows: list[str]) -> tuple[float, float]:
    """(share of filled cells without a filled 4-neighbour, share of cells filled)."""
    h, w = len(rows), len(rows[0])
    filled = [(y, x) for y in range(h) for x in range(w) if rows[y][x] not in ".0 "]
    if not filled:
        return 1.0, 0.0
    cells = set(filled)
    lone = sum(not any((y + dy, x + dx) in cells for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)))
               for y, x in filled)
    return lone / len(filled), len(filled) / (w * h)


def judge(path: Path):
    """(puzzle dict, solution rows) when the puzzle is unique and pleasant, else (None, why)."""
    text = path.read_text(encoding="utf-8")
    dict_ = api.parse(text, path.name)["puzzles"][0]
    w, h = len(dict_["columns"]), len(dict_["rows"])
    if max(w, h) > MAX_SIDE:
        return None, f"{w}x{h} is over {MAX_SIDE} a side"
    try:
        res = api.solve(dict_, max_solutions=2, work=MAX_WORK)
    except PuzzleError as e:
        return None, str(e)
    if res.get("status") != "unique":
        return None, f"not proved unique ({res.get('status')})"
    rows = res["solutions"][0]
    lone, fill = lone_share(rows)
    if lone > MAX_LONE or fill < MIN_FILL:
        return None, f"not a picture (lone {lone:.0%}, filled {fill:.0%})"
    return (dict_, rows, lone), None


def rate(entries):
    """Stars and minutes (the library sorts equal stars by them) for every entry
    that lacks them, from the puzzle's hint walk."""
    for e in entries:
        if "stars" not in e or "minutes" not in e:
            path = PUZZLES / e["file"]
            puzzle = formats.parse_one(path.read_text(encoding="utf-8-sig"), str(path))
            played = walk(puzzle)
            e["stars"] = stars.nonogram(puzzle.width, puzzle.height, played)
            e["minutes"] = round(stars.nonogram_minutes(puzzle.width, puzzle.height, played), 1)
            print(f"{e['id']}: {e['stars']} stars, {e['minutes']} minutes", flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared" / "puzzles"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--stars-only", action="store_true")
    args = ap.parse_args(argv)
    shared = Path(args.shared)
    cat_path = PUZZLES / "catalogue.json"
    cat = json.loads(cat_path.read_text(encoding="utf-8"))
    if args.stars_only:
        rate(cat["puzzles"])
        cat_path.write_text(json.dumps(cat, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return 0
    have = {e["file"] for e in cat["puzzles"]}
    picked = {prefix: [] for prefix in SETS}
    with open(shared / "MANIFEST.tsv", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            prefix = next((p for p in SETS if row["path"].startswith(p)), None)
            if prefix is None:
                continue
            _, folder, _ = SETS[prefix]
            if f"{folder}/{Path(row['path']).name}" in have or (prefix == "jwilk/" and f"jwilk/{Path(row['path']).name}" in have):
                continue
            if prefix == "jwilk/" and Path(row["path"]).stem not in JWILK_TITLES:
                continue  # no real title
            ok, why = judge(shared / row["path"])
            print(f"{row['path']}: {'picked' if ok else why}")
            if ok:
                picked[prefix].append((row, ok))
    added = []
    for prefix, items in picked.items():
        idp, folder, source = SETS[prefix]
        for row, (dict_, rows, _) in sorted(items, key=lambda p: p[0]["path"]):
            src = shared / row["path"]
            name = Path(row["path"]).name
            text = src.read_text(encoding="utf-8")
            if prefix == "jwilk/":
                author, copyright_, licence = "Jakub Wilk", "© Jakub Wilk", "MIT"
                title = JWILK_TITLES[Path(name).stem]
            else:
                author, copyright_ = plain(dict_.get("author", "")), plain(dict_.get("copyright", ""))
                licence = dict_.get("license") or "GPL-2.0"
                title = dict_.get("title") or Path(name).stem
                # the copied file says the same as the catalogue: no e-mail addresses
                text = "\n".join(EMAIL.sub("", line) if line.startswith(("by ", "copyright ")) else line
                                 for line in text.split("\n"))
            entry = {"id": f"{idp}-{Path(name).stem}", "file": f"{folder}/{name}", "title": title,
                     "author": author, "copyright": copyright_, "license": licence,
                     "width": len(dict_["columns"]), "height": len(dict_["rows"]), "colors": 1,
                     "tags": [], "source": source}
            added.append(entry)
            if not args.dry_run:
                (PUZZLES / folder).mkdir(exist_ok=True)
                (PUZZLES / entry["file"]).write_text(text, encoding="utf-8")
    print(f"{len(added)} puzzles added")
    if not args.dry_run:
        cat["puzzles"].extend(added)
        rate(cat["puzzles"])
        for e in cat["puzzles"]:  # the shipped ones too: no e-mail addresses anywhere in the library
            e["author"], e["copyright"] = plain(e.get("author", "")), plain(e.get("copyright", ""))
        cat_path.write_text(json.dumps(cat, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
