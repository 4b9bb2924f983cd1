"""What one Nikoli family (a grid genre) is, as data: what the shared Nikoli code
(model, url, rules, aspsolve, hints, trial, generate) asks of it by its name. Each
family fills one in its own module (nurikabe.py, ...); families.py lists them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    name: str
    title: str  # for players
    rules: tuple  # the rules for players, one sentence each
    aliases: tuple  # other names for it in text headers and URLs
    pid: str  # puzz.link's name for it
    clues: str  # "numbers" in cells, "pearls" in cells (Masyu), or numbers of "rooms" (Heyawake)
    loop: bool  # the player draws a loop between cell centres (its units are joins), not shades cells
    on: str  # the state character of a cell where the solution's atom holds ("#" shaded; Bag "." inside)
    marks: dict  # state character -> what it says, as a hint tells it
    shown: str  # the solution's atom (encodings/<name>.lp)
    complement: tuple  # a unit's other value as an atom, and the program lines that show it (hints)
    messages: dict  # rule id -> what the rule checker says when the rule is broken
    words: dict  # rule id (the seed's, encodings/seed_<name>.lp) -> the rule as a hint names it
    hint_rules: tuple  # the seed's guarded rules, as the hints switch them on and off
    trial: tuple  # (candidates, radius, budget) of the rule-checker trials (trial.py)
    difficulty: tuple  # (((cells, typical conflicts), ...), (easy, medium, hard caps)): aspsolve
    seldom: tuple = ()  # rules an explanation seldom needs (dropped together first)

    @property
    def given_open(self) -> bool:
        """Numbered cells are given unshaded / inside (never hinted)."""
        return self.clues == "numbers"
