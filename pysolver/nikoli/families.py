"""The Nikoli families, one line each (their Genres: nikoli/genre.py; registry.py
takes them all)."""
from __future__ import annotations

from . import bag, heyawake, masyu, nurikabe
from .family import Family

FAMILIES = {f.name: f for f in (
    nurikabe.FAMILY,
    heyawake.FAMILY,
    masyu.FAMILY,
    bag.FAMILY,
)}


def of(name: str) -> Family:
    """The family called ``name`` (a Grid's family: already a known one)."""
    return FAMILIES[name]
