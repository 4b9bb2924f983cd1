"""Nonograms: the generator (generate.py, picture.py, walk.py)."""
