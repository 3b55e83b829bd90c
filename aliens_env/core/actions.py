"""The two layouts of a game: its flat Discrete action space built from named slices, and its
flat float32 observation made of named views.

    layout = ActionLayout([("move", DIRECTION_NAMES), ("aim", 1), ("fire", 16)])
    layout.encode("move", 2)    -> 2
    layout.decode(9)            -> ("fire", 0)
    layout.name(9)              -> "fire[0]"

    obs_layout = ObsLayout([("board", (11, 17, 21), "planes"), ("marines", (4, 14)), ("turn", 1)])
    obs_layout.size                    -> 3983
    obs_layout.offset("marines")       -> 3927
    obs_layout.views(obs)["board"]     -> obs[0:3927].reshape(11, 17, 21), a view of obs
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

#: a mask's dtype as a dtype object: ``np.zeros(size, MASK_DTYPE)`` takes it as it is (the keyword
#: ``dtype=np.int8`` has numpy parse a keyword and convert a type at each mask, a third of its time)
MASK_DTYPE = np.dtype(np.int8)
#: np.zeros itself, read once: ``empty_mask`` (several a step) skips the look-up of ``zeros`` on the
#: numpy module (a quarter of its cost, compiled)
_zeros = np.zeros


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
        self._specs = list(slices)

    def __reduce__(self):
        """Pickled as its class and slices (compiled, an extension type: Cython's own pickling
        would name a helper of the compiled module, which a pure process lacks)."""
        return ActionLayout, (self._specs,)

    def extended(self, name: str, spec: int | Sequence[str]) -> "ActionLayout":
        """This layout with one more slice at the end: every action keeps its number."""
        return ActionLayout(self._specs + [(name, spec)])

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
        return _zeros(self.size, MASK_DTYPE)


class ObsLayout:
    """One flat float32 observation as named views, as OpenSpiel's Observer ``pieces``: each view
    has a name, a shape (a vector ``(k,)``, rows ``(n, k)``, planes ``(c, h, w)``), an optional
    one-line description, and its place in the flat array, in the order given.

    A ruleset declares its layout once (``game.obs_layout``) and its ``observe()`` writes through
    it: through ``views()`` of the array it fills, or at the offsets the layout gives.
    ``views(obs)`` also serves users and networks: for a batch ``obs`` of shape ``(..., size)``
    each view has shape ``(..., *shape)``.
    """

    def __init__(self, views: Sequence[tuple]):
        self.shapes: dict[str, tuple[int, ...]] = {}
        self.offsets: dict[str, int] = {}
        self.descriptions: dict[str, str] = {}
        self._spans: dict[str, slice] = {}
        size = 0
        for name, shape, *description in views:
            if name in self.shapes:
                raise ValueError(f"observation view {name!r} is defined twice")
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            if not shape or not all(isinstance(k, int) and k >= 0 for k in shape):
                raise ValueError(f"observation view {name!r} needs a shape of whole numbers >= 0, got {shape!r}")
            count = int(np.prod(shape))
            self.shapes[name], self.offsets[name] = shape, size
            self.descriptions[name] = description[0] if description else ""
            self._spans[name] = slice(size, size + count)
            size += count
        self.size = size
        self.shape = (size,)
        self._items = [(name, self._spans[name], shape, len(shape) == 1) for name, shape in self.shapes.items()]

    def __len__(self) -> int:
        return self.size

    def names(self) -> list[str]:
        return list(self.shapes)

    def offset(self, name: str) -> int:
        return self.offsets[self._known(name)]

    def span(self, name: str) -> slice:
        return self._spans[self._known(name)]

    def zeros(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def views(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        """{name: the view of ``obs`` reshaped}; views share memory with ``obs``."""
        if obs.shape[-1:] != self.shape:
            raise ValueError(f"an observation of this layout has {self.size} values in its last axis, got shape {obs.shape}")
        if obs.ndim == 1:  # one observation (what observe() writes through): no reshape of a vector
            return {name: obs[span] if vector else obs[span].reshape(shape) for name, span, shape, vector in self._items}
        lead = obs.shape[:-1]
        return {name: obs[..., span].reshape(lead + shape) for name, span, shape, _ in self._items}

    def view(self, obs: np.ndarray, name: str) -> np.ndarray:
        """One view of ``obs`` (see ``views``)."""
        return obs[..., self.span(name)].reshape(obs.shape[:-1] + self.shapes[name])

    def rows(self) -> list[tuple[str, tuple[int, ...], int, str]]:
        """(name, shape, offset, description) of each view, in order: for tables and docs."""
        return [(name, self.shapes[name], self.offsets[name], self.descriptions[name]) for name in self.shapes]

    def _known(self, name: str) -> str:
        if name not in self.shapes:
            raise KeyError(f"unknown observation view {name!r}; views are {list(self.shapes)}")
        return name
