"""``python -m pysolver``: the command line (pysolver.cli)."""
import sys

from .cli import main

sys.exit(main())
