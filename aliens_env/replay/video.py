"""Videos of replays through imageio (``pip install "aliens-env[viewer]"``): a GIF always, an
MP4 where imageio finds the ffmpeg codec (imageio-ffmpeg). The frames are the ``render_rgb``
pictures of the positions, padded to one size (Bug Hunt's colony grows)."""
from __future__ import annotations

import os

from ..render.draw import pad
from . import ReplayError, replay_states

FORMATS = (".gif", ".mp4")


def frames(replay: dict, viewer: str | None = None, any_version: bool = False) -> list:
    return pad([game.render_rgb(viewer=viewer) for _, game in replay_states(replay, any_version)])


def write(replay: dict, out: str, fps: float = 4.0, viewer: str | None = None, any_version: bool = False) -> str:
    """Write the replay as a GIF or MP4 (by ``out``'s extension); a missing imageio or codec is a
    ReplayError that says what to install."""
    ext = os.path.splitext(out)[1].lower()
    if ext not in FORMATS:
        raise ReplayError(f"video {out}: the name must end in one of {list(FORMATS)}")
    try:
        import imageio.v3 as iio
    except ImportError:
        raise ReplayError('videos need imageio: pip install "aliens-env[viewer]"') from None
    images = frames(replay, viewer, any_version)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    if ext == ".gif":
        iio.imwrite(out, images, duration=1000.0 / fps, loop=0)
        return out
    try:
        import imageio_ffmpeg  # noqa: F401
    except ImportError:
        raise ReplayError('MP4 needs the ffmpeg codec: pip install imageio-ffmpeg (or write a .gif)') from None
    even = [im[: im.shape[0] // 2 * 2, : im.shape[1] // 2 * 2] for im in images]  # the codec wants even sizes
    iio.imwrite(out, even, fps=fps, codec="libx264", plugin="FFMPEG", macro_block_size=1)
    return out
