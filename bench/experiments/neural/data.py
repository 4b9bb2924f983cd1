"""Paths shared by the neural experiments."""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SHARED = Path(os.environ.get("PYSOLVER_SHARED", ROOT.parent / "shared"))
