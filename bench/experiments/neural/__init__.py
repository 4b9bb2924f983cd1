"""Issue 20: the neural-network seed (seeds/003) reproduced, and a learned value order.

* ``seed_compare``: the seed's Tables 3, 5, 7 next to our times on NonoDataset.
* ``model``/``train``: an 11-input, 12-tanh MLP predicting a cell's value from
  the line shares (:mod:`pysolver.density`) and clue statistics, trained on
  boards generated here (``weights.json``, 3 KB, reproducible from seed 1).
* ``order``/``compare``: the model as pysolver.search's value order (patched
  in, pysolver unchanged) against today's order, same run.

Result (2026-11-23, CPU-s cap 20, load ~20 on 2 cores): TAAI-2011 every 10th,
both 97/100 decided, learned 249 s / 21,387 nodes vs today 225 s / 18,731;
12 slow or timed-out TAAI puzzles: learned 8/12 decided vs 4/12, 158 s vs
230 s; heavy-tailed both ways (e.g. #601 2.9 s -> time-out, #555 time-out ->
1.2 s). Not a clear gain, so it stays here, out of the package.
"""
