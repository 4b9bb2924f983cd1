"""Issue 20: the neural-network seed (seeds/003) reproduced, and a learned value order.

* ``seed_compare``: the seed's Tables 3, 5, 7 next to our times on NonoDataset.
* ``model``/``train``: an 11-input, 12-tanh MLP predicting a cell's value from
  the line shares (:mod:`pysolver.nonogram.solver.density`) and clue statistics, trained on
  boards generated here (``weights.json``, 3 KB, reproducible from seed 1).
* ``order``/``compare``: the model as pysolver.nonogram.solver.search's value order and as its
  branching-cell order (patched in) against the shares value order it replaced,
  same run, under a budget of line solves.
* ``export``: writes weights.json into :mod:`pysolver.nonogram.solver.value_model` (its inference).

Result (2026-11-24, 600,000 line solves a run; PERF.md, "Neural-network seed"):
the learned value order decides 4 vs 0 of the 30 slowest TAAI-2011 puzzles
(5 vs 0 at 2,000,000), 78 vs 75 of every 10th (8 won, 5 lost) and 6 vs 5 of
10 random 35-40² boards, with 6-10 % fewer nodes: made the search's default
(pysolver/nonogram/solver/value_model.py). The learned
branching cell loses on the sample and the random boards at 60-80x the branch
step's cost per node: it stays here.
"""
