"""One registry of the engine's memo caches.

Every per-puzzle or per-line result the engine keeps between calls lives in a
``Memo`` made here, so ``clear_all()`` (``api.clear_caches()``, the worker's
``reset``) empties every one of them and none grows without bound.
"""
from __future__ import annotations

from collections import OrderedDict

_registry: list["Memo"] = []
_clearers: list = []  # clear functions of caches that are not Memos (pysolver.nonogram.solver.line's)


class Memo:
    """A bounded mapping that forgets its least recently used entry first."""

    def __init__(self, name: str, size: int):
        if size < 1:
            raise ValueError("a memo holds at least one entry")
        self.name = name
        self.size = size
        self._data: OrderedDict = OrderedDict()
        _registry.append(self)

    def get(self, key, default=None):
        try:
            self._data.move_to_end(key)
        except KeyError:
            return default
        return self._data[key]

    def __contains__(self, key) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def put(self, key, value):
        self._data[key] = value
        self._data.move_to_end(key)
        while len(self._data) > self.size:
            self._data.popitem(last=False)
        return value

    def clear(self) -> None:
        self._data.clear()


def also_clear(fn) -> None:
    """Have :func:`clear_all` call ``fn`` too (a cache with its own bound, such as
    the line solver's, which is not a Memo)."""
    _clearers.append(fn)


def clear_all() -> None:
    """Empty every memo the engine registered, and the caches given to also_clear."""
    for memo in _registry:
        memo.clear()
    for fn in _clearers:
        fn()


def registered() -> list[str]:
    """Names of the registered memos (for tests and the worker's reset)."""
    return [m.name for m in _registry]
