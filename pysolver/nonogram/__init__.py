"""The nonogram genre: puzzle model, file formats, the solver core (solver/), the
player services built on it (player/) and the generator (generate.py, picture.py,
walk.py)."""
