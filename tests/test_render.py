"""The "rgb_array" pictures: a readable size, labels drawn, and a new picture whenever the game
changed what a person sees (its text view)."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.envs.registry import REGISTRY, make_policy
from aliens_env.render.draw import Canvas, pad, png_bytes
from aliens_env.render.font import GLYPHS, HEIGHT, WIDTH

NAMES = sorted(REGISTRY)


@pytest.mark.parametrize("name", NAMES)
def test_pictures_are_readable_sizes_and_follow_the_game(name):
    game = REGISTRY[name].make_game()
    game.reset(7)
    policies = {side: make_policy(name, side, None, seed=7) for side in ("marines", "hive")}
    img, text = game.render_rgb(), game.render_text()
    changes = 0
    for _ in range(40):
        if game.is_terminal():
            break
        player = game.current_player()
        game.apply(policies[player].act(game, player))
        new_img, new_text = game.render_rgb(), game.render_text()
        assert new_img.dtype == np.uint8 and new_img.ndim == 3 and new_img.shape[2] == 3
        # big enough for labels, small enough for a screen
        assert 250 <= new_img.shape[0] <= 1200 and 400 <= new_img.shape[1] <= 1600
        if new_text != text:  # the game changed what a person sees: so does the picture
            assert new_img.shape != img.shape or not np.array_equal(new_img, img)
            changes += 1
        img, text = new_img, new_text
    assert changes > 0


def test_bug_hunt_is_cropped_to_the_laid_colony():
    game = REGISTRY["BugHunt"].make_game()
    game.reset(1)
    img = game.render_rgb()
    laid = (game.colony.cells != 0).any(axis=1).sum()
    assert img.shape[0] < game.colony.size * 16 and laid < game.colony.size
    # the picture's board part is as tall as the laid rows (plus a margin), not the whole colony
    from aliens_env.render import bug_hunt

    r0, r1, _, _ = bug_hunt.laid_box(game.colony)
    assert r1 - r0 + 1 <= laid + 2


def test_alien_menace_hides_the_other_hand_from_a_viewer():
    game = REGISTRY["AlienMenace"].make_game()
    game.reset(2)
    spectator, marines, hive = (game.render_rgb(v) for v in (None, "marines", "hive"))
    assert spectator.shape == marines.shape == hive.shape
    assert not np.array_equal(spectator, marines) and not np.array_equal(spectator, hive)
    assert not np.array_equal(marines, hive)


def test_text_is_drawn_with_the_font():
    c = Canvas(100, 30, (0, 0, 0))
    end = c.text(2, 2, "Ab", (255, 255, 255))
    assert end == 2 + 2 * WIDTH
    drawn = c.img[2:2 + HEIGHT, 2:2 + WIDTH, 0] > 0
    assert np.array_equal(drawn, GLYPHS[ord("A") - 32])
    c.text(2, 16, "\u00e9\x07", (255, 0, 0))  # not ASCII: drawn as '?'
    assert np.array_equal(c.img[16:16 + HEIGHT, 2:2 + WIDTH, 0] > 0, GLYPHS[ord("?") - 32])


def test_png_and_padding():
    img = np.zeros((3, 5, 3), dtype=np.uint8)
    img[1, 2] = (255, 0, 0)
    data = png_bytes(img)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and b"IHDR" in data and data.endswith(b"IEND\xaeB`\x82")
    frames = pad([img, np.zeros((4, 2, 3), dtype=np.uint8)])
    assert [f.shape for f in frames] == [(4, 5, 3), (4, 5, 3)]
    assert np.array_equal(frames[0][:3], img)
    try:
        from PIL import Image
    except ImportError:
        return
    import io

    assert np.array_equal(np.asarray(Image.open(io.BytesIO(data)).convert("RGB")), img)
