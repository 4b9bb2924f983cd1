"""Nikoli grid puzzles beside nonograms: Nurikabe, Heyawake, Masyu and Bag (Cave).

One module per family (nurikabe.py, heyawake.py, masyu.py, bag.py) holds what that
genre is as data (family.py's Family), listed in families.py; genre.py makes each a
Genre (pysolver.genre). The shared code: ``model`` the puzzle and the plain text
format, ``url`` the puzz.link / pzv.jp codec, ``read`` which of the two a file
holds, ``rules`` the pure-Python rule checker (the referee), ``aspsolve`` the
clingo route (solve, count, difficulty), ``hints`` and ``generate`` the clingo
tasks. Nothing here imports clingo until it solves (pysolver.asp.run); the command
line is pysolver.app.nikoli_cli (behind app/cli.py's one parser).
"""
