"""Masyu: one loop through the pearls (encodings/masyu.lp; its checker: rules.py
`_masyu`; the loop's joins: joins.py)."""
from .family import Family

FAMILY = Family(
    name="masyu", title="Masyu",
    rules=("Draw one loop through cell centres, moving side by side; it never crosses or "
           "branches.",
           "White pearl: the loop goes straight through it and turns in the cell before or "
           "after (or both).",
           "Black pearl: the loop turns on it and goes straight through the next cell on "
           "both sides."),
    aliases=("mashu", "pearl"), pid="mashu", clues="pearls", loop=True, on="#",
    marks={}, shown="line",
    complement=("no_line", "no_line(X, Y, U, V) :- pos(X, Y, U, V), not line(X, Y, U, V).\n"
                           "#show no_line/4."),
    messages={
        "M1": "the line is not a single loop",
        "M2": "a white pearl is not passed straight with a turn next to it",
        "M3": "a black pearl is not turned on with straight lines after it"},
    words={
        "M1": "the line is a single loop",
        "M2": "the loop goes straight through a white pearl and turns next to it",
        "M3": "the loop turns on a black pearl and goes straight on both sides"},
    hint_rules=("m1", "m2", "m3"),
    trial=(8, 2, 400),
    difficulty=(((49, 18.0), (100, 57.0), (225, 283.5), (400, 832.5)), (0.78, 1.0, 1.47)))
