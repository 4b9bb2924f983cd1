"""``python -m pysolver``: the command line (pysolver.app.cli)."""
from .app.cli import run

run()
