"""The golden file of `pysolver check --json` (tests/golden/check.json): what the
check says (status, classification, difficulty, solution count, the unique
solution's digest; no times, no work counts) about the shipped puzzles and a fixed
sample of the shared corpus. Only puzzles the check decides within a small work
budget are kept, so the answer is the same on any machine.

    python3 tests/golden_check.py --write     regenerate (scripts/regen-golden)
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "check.json"
SHARED = Path(os.environ.get("PYSOLVER_SHARED", ROOT.parent / "shared")) / "puzzles"
SAMPLE_EVERY = 12      # every 12th manifest row of the sets below, in path order
SAMPLE_SETS = {"jwilk", "nonodataset", "nonogram-db", "webpbn-open", "webpbn-survey"}
MAX_PROBES, MAX_NODES = 5000, 50   # the work budget a kept puzzle decides within
SAFETY_TIMEOUT = "60"  # seconds: only so that a regression cannot hang the run
FIELDS = ("status", "classification", "difficulty", "unique", "count", "count_exact", "goal_unique")


def shipped() -> dict[str, Path]:
    cat = json.loads((ROOT / "web" / "puzzles" / "catalogue.json").read_text())
    return {f"web/puzzles/{e['file']}": ROOT / "web" / "puzzles" / e["file"] for e in cat["puzzles"]}


def sampled() -> dict[str, Path]:
    """The shared-corpus sample ({} when the corpus is absent)."""
    manifest = SHARED / "MANIFEST.tsv"
    if not manifest.is_file():
        return {}
    rows = [line.split("\t") for line in manifest.read_text(encoding="utf-8").splitlines()[1:]]
    paths = sorted(r[0] for r in rows if len(r) > 1 and r[1] in SAMPLE_SETS)
    return {f"shared:{p}": SHARED / p for p in paths[::SAMPLE_EVERY]}


def summary(result: dict) -> dict:
    out = {k: result.get(k) for k in FIELDS}
    if result.get("unique") and result.get("solutions"):
        rows = "\n".join(result["solutions"][0])
        out["solution_sha256"] = hashlib.sha256(rows.encode()).hexdigest()[:16]
    return out


def check(files: dict[str, Path]) -> dict[str, dict]:
    """{name: full check result} from one `pysolver check --json` run (one puzzle per file)."""
    if not files:
        return {}
    names = {str(path): name for name, path in files.items()}
    r = subprocess.run([sys.executable, "-m", "pysolver", "check", "--json", "--timeout", SAFETY_TIMEOUT,
                        *names], capture_output=True, text=True, cwd=ROOT)
    if r.returncode:
        raise RuntimeError(f"pysolver check failed: {r.stderr.strip()}")
    results = json.loads(r.stdout)
    return {names[res["file"]]: res for res in (results if isinstance(results, list) else [results])}


def within_budget(result: dict) -> bool:
    stats = result.get("stats") or {}
    return (result.get("status") != "timeout" and stats.get("probes", 0) <= MAX_PROBES
            and stats.get("nodes", 0) <= MAX_NODES)


def write() -> None:
    results = check({**shipped(), **sampled()})
    kept = {name: summary(r) for name, r in sorted(results.items()) if within_budget(r)}
    over = sorted(set(results) - set(kept))
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps({"over_budget": over, "puzzles": kept}, indent=1, ensure_ascii=False) + "\n")
    print(f"{GOLDEN.relative_to(ROOT)}: {len(kept)} puzzles ({len(over)} over the work budget left out)")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    write()
