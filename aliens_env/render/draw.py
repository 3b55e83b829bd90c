"""Drawing for the image renders, numpy only: a canvas with boxes and text, and PNG bytes.

Every ruleset's ``render_rgb`` draws on a ``Canvas``; the replay viewer and the videos use the
same pictures.
"""
from __future__ import annotations

import struct
import zlib

import numpy as np

from .font import FIRST, GLYPHS, HEIGHT, LAST, WIDTH

LINE = HEIGHT + 2  # the height of a line of text
BACKGROUND = (18, 18, 24)
INK = (225, 225, 225)
DIM = (150, 150, 160)


_BLANK: dict[tuple, np.ndarray] = {}  # blank canvases by (width, height, colour), copied for each picture


class Canvas:
    """An (height, width, 3) uint8 image; drawing clips at its edges."""

    def __init__(self, width: int, height: int, colour=BACKGROUND):
        key = (width, height, tuple(colour))
        if key not in _BLANK:
            if len(_BLANK) > 32:
                _BLANK.clear()
            _BLANK[key] = np.empty((height, width, 3), dtype=np.uint8)
            _BLANK[key][:] = np.asarray(colour, dtype=np.uint8)
        self.img = _BLANK[key].copy()

    @property
    def width(self) -> int:
        return self.img.shape[1]

    @property
    def height(self) -> int:
        return self.img.shape[0]

    def box(self, x: int, y: int, w: int, h: int, colour) -> None:
        x0, y0 = max(x, 0), max(y, 0)
        x1, y1 = min(x + w, self.width), min(y + h, self.height)
        if x1 > x0 and y1 > y0:
            self.img[y0:y1, x0:x1] = colour

    def outline(self, x: int, y: int, w: int, h: int, colour, thickness: int = 1) -> None:
        t = thickness
        self.box(x, y, w, t, colour)
        self.box(x, y + h - t, w, t, colour)
        self.box(x, y, t, h, colour)
        self.box(x + w - t, y, t, h, colour)

    def text(self, x: int, y: int, text: str, colour=INK, max_width: int | None = None) -> int:
        """Write ``text`` with its top-left corner at (x, y), cut with '~' to ``max_width``
        pixels; returns the x after the last character. Characters outside ASCII show as '?'."""
        if max_width is not None and len(text) * WIDTH > max_width:
            text = text[:max(max_width // WIDTH - 1, 0)] + "~"
        codes = np.frombuffer(text.encode("ascii", "replace"), dtype=np.uint8).astype(np.int64)
        codes[(codes < FIRST) | (codes > LAST)] = ord("?")
        mask = GLYPHS[codes - FIRST].transpose(1, 0, 2).reshape(HEIGHT, len(text) * WIDTH)
        x0, y0 = max(x, 0), max(y, 0)
        x1, y1 = min(x + mask.shape[1], self.width), min(y + HEIGHT, self.height)
        if x1 > x0 and y1 > y0:
            self.img[y0:y1, x0:x1][mask[y0 - y:y1 - y, x0 - x:x1 - x]] = colour
        return x + len(text) * WIDTH

    def label(self, x: int, y: int, w: int, h: int, text: str, colour=INK) -> None:
        """``text`` centred in the box (x, y, w, h)."""
        tw = min(len(text) * WIDTH, w)
        self.text(x + (w - tw) // 2, y + (h - HEIGHT) // 2, text, colour, max_width=w)

    def paste(self, x: int, y: int, img: np.ndarray) -> None:
        h = min(img.shape[0], self.height - y)
        w = min(img.shape[1], self.width - x)
        self.img[y:y + h, x:x + w] = img[:h, :w]


def text_width(text: str) -> int:
    return len(text) * WIDTH


def legend(canvas: Canvas, x: int, y: int, entries: list[tuple[tuple, str]], width: int) -> int:
    """A legend of (colour, meaning) swatches, wrapped to ``width``; returns the y below it."""
    cx = x
    for colour, meaning in entries:
        w = 14 + text_width(meaning) + 12
        if cx > x and cx + w > x + width:
            cx, y = x, y + LINE
        canvas.box(cx, y + 2, 10, 10, colour)
        canvas.text(cx + 14, y, meaning, DIM)
        cx += w
    return y + LINE


def pad(frames: list[np.ndarray], colour=BACKGROUND) -> list[np.ndarray]:
    """Frames of different sizes (Bug Hunt's colony grows) padded to the largest, for a video."""
    h = max(f.shape[0] for f in frames)
    w = max(f.shape[1] for f in frames)
    out = []
    for f in frames:
        if f.shape[:2] == (h, w):
            out.append(f)
            continue
        c = Canvas(w, h, colour)
        c.paste(0, 0, f)
        out.append(c.img)
    return out


def png_bytes(img: np.ndarray) -> bytes:
    """An (h, w, 3) uint8 image as PNG (zlib, no filter)."""
    h, w, _ = img.shape
    raw = np.zeros((h, 1 + 3 * w), dtype=np.uint8)
    raw[:, 1:] = img.reshape(h, 3 * w)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw.tobytes(), 6))
            + chunk(b"IEND", b""))
