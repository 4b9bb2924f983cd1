"""The one error type of the engine: bad input, said for the person who gave it."""


class PuzzleError(ValueError):
    """Bad puzzle data; the message names where and what is wrong."""
