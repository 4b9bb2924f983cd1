"""The nonogram genre: puzzle model, file formats, the solver core (solver/) and the
player services built on it (player/)."""
