"""Bag (Cave, Corral): one loop around cells that the numbers see (encodings/bag.lp;
its checker: rules.py `_bag`). Shading marks the outside, a dot the inside."""
from .family import Family

FAMILY = Family(
    name="bag", title="Bag",
    rules=("Draw one loop along the grid lines: shade the cells outside it (here shading "
           "marks the outside, a dot the inside).",
           "Every number is inside the loop.",
           "A number counts the inside cells it sees in its row and column, itself "
           "included."),
    aliases=("cave", "corral"), pid="cave", clues="numbers", loop=False, on=".",
    marks={"#": "outside the loop", ".": "inside the loop"}, shown="inside",
    complement=("outside", "#show outside/2."),
    messages={
        "B1": "the line is not a single loop",
        "B2": "a number is outside the loop",
        "B3": "a number does not see that many cells inside the loop"},
    words={
        "B1": "the line is a single loop", "B2": "every number is inside the loop",
        "B3": "a number counts the inside cells it sees, itself included"},
    hint_rules=("b1", "b2", "b3"),
    trial=(8, 2, 200),
    difficulty=(((49, 27.0), (100, 74.0), (225, 263.0), (400, 852.5)), (0.68, 1.0, 1.28)))
