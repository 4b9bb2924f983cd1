"""Nurikabe: islands of unshaded cells around the numbers, in a sea of shaded ones
(encodings/nurikabe.lp; its checker: rules.py `_nurikabe`; its generator:
generate_nurikabe.py)."""
from .family import Family

FAMILY = Family(
    name="nurikabe", title="Nurikabe",
    rules=("Shade some cells. Each number is in an island of unshaded cells of that size "
           "(\"?\" any size).",
           "Every island holds exactly one number; islands do not touch side by side.",
           "All shaded cells are connected, and no 2×2 block is shaded."),
    aliases=(), pid="nurikabe", clues="numbers", loop=False, on="#",
    marks={"#": "shaded", ".": "unshaded"}, shown="shade",
    complement=("white", "#show white/2."),
    messages={
        "N1": "a numbered cell is shaded",
        "N2": "unshaded cells belong to no island (no number)",
        "N4": "an island's size differs from its number",
        "N6": "two numbers are in one island",
        "N7": "the shaded cells are not connected",
        "N8": "shaded cells form a 2×2 square"},
    words={
        "N1": "numbered cells stay unshaded", "N2": "every unshaded cell belongs to an island",
        "N3": "each island holds exactly one number",
        "N4": "an island has as many cells as its number", "N5": "an island is connected",
        "N6": "islands do not touch", "N7": "the shaded cells are connected",
        "N8": "no 2×2 block is shaded"},
    hint_rules=("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8"),
    # the island ownership of nurikabe.lp implies these with N4-N6 nearly always
    seldom=("active(n1)", "active(n2)", "active(n3)"),
    trial=(8, 2, 400),
    difficulty=(((49, 5.5), (100, 30.5), (225, 121.0), (400, 121.0), (900, 342.5)),
                (0.72, 0.99, 1.37)))
