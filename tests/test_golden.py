"""`pysolver check --json` still says what tests/golden/check.json recorded (status,
classification, difficulty, solution count and digest) for the shipped puzzles and
a sample of the shared corpus. After an intended change: scripts/regen-golden."""
import json

import pytest

from golden_check import GOLDEN, SHARED, check, sampled, shipped, summary

GOLDEN_FILE = json.loads(GOLDEN.read_text())
EXPECTED = GOLDEN_FILE["puzzles"]


def compare(files):
    files = {name: path for name, path in files.items() if name in EXPECTED}
    assert files, "no golden entries for these puzzles: run scripts/regen-golden"
    got = {name: summary(r) for name, r in check(files).items()}
    changed = {name: {"now": got.get(name), "golden": EXPECTED[name]}
               for name in files if got.get(name) != EXPECTED[name]}
    assert not changed, json.dumps(changed, indent=1)


def test_shipped_puzzles_check_as_recorded():
    compare(shipped())


def test_shared_sample_checks_as_recorded():
    if not (SHARED / "MANIFEST.tsv").is_file():
        pytest.skip(f"puzzle corpus not found at {SHARED}")
    compare(sampled())


def test_every_shipped_puzzle_within_the_budget_is_recorded():
    # a new shipped puzzle needs scripts/regen-golden (or is over the work budget)
    missing = sorted(set(shipped()) - set(EXPECTED) - set(GOLDEN_FILE["over_budget"]))
    assert not missing, missing
