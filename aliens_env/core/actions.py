"""A flat Discrete action space built from named slices.

    layout = ActionLayout([("move", DIRECTION_NAMES), ("aim", 1), ("fire", 16)])
    layout.encode("move", 2)    -> 2
    layout.decode(9)            -> ("fire", 0)
    layout.name(9)              -> "fire[0]"
"""
from __future__ import annotations

from typing import Sequence

import numpy as np


class ActionLayout:
    def __init__(self, slices: Sequence[tuple[str, int | Sequence[str]]]):
        self.slices: dict[str, tuple[int, int]] = {}
        self._labels: list[str] = []
        self._owner: list[tuple[str, int]] = []
        for name, spec in slices:
            if name in self.slices:
                raise ValueError(f"action slice {name!r} is defined twice")
            labels = [str(x) for x in spec] if not isinstance(spec, int) else [str(i) for i in range(spec)]
            start = len(self._labels)
            self.slices[name] = (start, len(labels))
            for i, label in enumerate(labels):
                self._labels.append(name if len(labels) == 1 and not isinstance(spec, (list, tuple)) else f"{name}[{label}]")
                self._owner.append((name, i))
        self.size = len(self._labels)

    def __len__(self) -> int:
        return self.size

    def encode(self, name: str, index: int = 0) -> int:
        try:
            start, count = self.slices[name]
        except KeyError:
            raise KeyError(f"unknown action slice {name!r}; slices are {list(self.slices)}") from None
        if not 0 <= index < count:
            raise IndexError(f"action {name}[{index}] is out of range 0-{count - 1}")
        return start + index

    def decode(self, action: int) -> tuple[str, int]:
        if not 0 <= int(action) < self.size:
            raise IndexError(f"action {action} is out of range 0-{self.size - 1}")
        return self._owner[int(action)]

    def name(self, action: int) -> str:
        self.decode(action)
        return self._labels[int(action)]

    def names(self) -> list[str]:
        return list(self._labels)

    def span(self, name: str) -> slice:
        start, count = self.slices[name]
        return slice(start, start + count)

    def empty_mask(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.int8)
