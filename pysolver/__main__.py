"""``python -m pysolver`` and the ``pysolver`` script: the command line (pysolver.app.cli)."""
import sys


def main() -> None:
    """Load the command line and run it. A Ctrl-C while it loads (a good part of a
    second) ends it with the one line of any other Ctrl-C, not a traceback."""
    try:
        from .app.cli import run  # here, inside the guard: loading it is most of the start
    except KeyboardInterrupt:
        print("pysolver: interrupted", file=sys.stderr)
        sys.exit(130)
    run()


if __name__ == "__main__":
    main()
