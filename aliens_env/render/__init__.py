"""Rendering shared by the adapters: "ansi" text and "rgb_array" images."""
from __future__ import annotations

import numpy as np

RENDER_MODES = ("ansi", "rgb_array")


def render(game, mode: str | None, viewer: str | None = None) -> str | np.ndarray | None:
    """The game's declared render hooks (core.game.Game): `viewer` hides what that side may not
    see; None is a spectator's view."""
    if mode == "ansi":
        return game.render_text(viewer=viewer)
    if mode == "rgb_array":
        return game.render_rgb(viewer=viewer)
    return None
