"""``python -m pysolver``: the command line (pysolver.cli)."""
from .cli import run

run()
