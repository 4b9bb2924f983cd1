"""One registry of the engine's memo caches.

Every per-puzzle or per-line result the engine keeps between calls lives in a
``Memo`` made here, so ``clear_all()`` (``api.clear_caches()``, the worker's
``reset``) empties every one of them and none grows without bound.
"""
from __future__ import annotations

from collections import OrderedDict

_registry: list["Memo"] = []


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


def clear_all() -> None:
    """Empty every memo the engine registered."""
    for memo in _registry:
        memo.clear()


def registered() -> list[str]:
    """Names of the registered memos (for tests and the worker's reset)."""
    return [m.name for m in _registry]
