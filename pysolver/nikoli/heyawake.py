"""Heyawake: shaded cells in rooms, counted by the rooms' numbers (encodings/heyawake.lp;
its checker: rules.py `_heyawake`)."""
from .family import Family

FAMILY = Family(
    name="heyawake", title="Heyawake",
    rules=("Shade some cells. Shaded cells never touch side by side, and all unshaded "
           "cells are connected.",
           "A number tells how many cells of its room are shaded.",
           "A line of unshaded cells never passes through more than two rooms (crosses "
           "more than one room border)."),
    aliases=("heyawacky",), pid="heyawake", clues="rooms", loop=False, on="#",
    marks={"#": "shaded", ".": "unshaded"}, shown="shade",
    complement=("white", "#show white/2."),
    messages={
        "H1": "shaded cells are side by side",
        "H2": "the unshaded cells are not connected",
        "H3": "a room's number of shaded cells differs from its number",
        "H5": "unshaded cells in a line pass through more than two rooms"},
    words={
        "H1": "shaded cells do not touch side by side", "H2": "the unshaded cells are connected",
        "H3": "a room's number counts its shaded cells", "H4": "rooms without a number are free",
        "H5": "no line of unshaded cells passes through more than two rooms"},
    hint_rules=("h1", "h2", "h3", "h5"),  # H4, "rooms without a number are free", guards nothing
    trial=(24, 3, 400),  # its H2 groups every unshaded cell
    difficulty=(((49, 26.5), (100, 68.0), (225, 196.5), (400, 526.5)), (0.77, 1.0, 1.61)))
