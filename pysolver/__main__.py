"""``python -m pysolver``: the command line (pysolver.app.cli)."""
import sys

from .app.cli import main

sys.exit(main())
