"""Small trained policies shipped with the package, named by ``pretrained:NAME`` specs.

``index.yaml`` lists each: the file (next to it), the game and side it plays, how it was made.
"""
from __future__ import annotations

import os
from functools import lru_cache

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))


@lru_cache(maxsize=1)
def _index() -> dict:
    path = os.path.join(HERE, "index.yaml")
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return yaml.safe_load(f) or {}


PRETRAINED = _index()


def pretrained_names(game: str | None = None, side: str | None = None, default_game: bool = False) -> list[str]:
    """The shipped policies of ``game`` and ``side``; with ``default_game`` only those trained in
    the game as it is by default (no ``env_options`` in the index): the others were trained in a
    mission or option whose game differs (another size, or decisions the default game never asks)."""
    return sorted(
        n for n, e in _index().items()
        if (game is None or e["game"] == game) and (side is None or e["side"] == side)
        and not (default_game and e.get("env_options"))
    )


def pretrained_path(name: str, game: str | None = None, side: str | None = None) -> str:
    """The model file of ``pretrained:NAME``; an error names what exists when it does not fit."""
    index = _index()
    if name not in index:
        raise ValueError(f"unknown pretrained policy {name!r}; available: {sorted(index) or 'none'}")
    entry = index[name]
    if game is not None and entry["game"] != game:
        raise ValueError(
            f"pretrained:{name} plays {entry['game']}, not {game}; for {game}: {pretrained_names(game) or 'none'}"
        )
    if side is not None and entry["side"] != side:
        raise ValueError(
            f"pretrained:{name} plays the {entry['side']} side, not {side}; "
            f"for {side}: {pretrained_names(game, side) or 'none'}"
        )
    path = os.path.join(HERE, entry["file"])
    if not os.path.exists(path):
        raise FileNotFoundError(f"pretrained:{name}: its file {path} is missing from the installation")
    return path
