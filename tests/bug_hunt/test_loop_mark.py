"""Bug Hunt's decisions' masks marked a list at a time (bug_hunt/game.py's ``_mark``: compiled, one
C loop writing the mask's bytes). Checked against numpy's own indexing on random lists, and each
hive decision's mask of seeded games against the rule's lists (the Alien's steps, doors and stop of
``hive_choices``; the decision's options)."""
import random

import numpy as np
import pytest

from aliens_env.bug_hunt.game import BugHunt, _mark
from aliens_env.bug_hunt.xeno import hive_choices


def test_mark_sets_exactly_the_listed_entries():
    rng = random.Random(7)
    for _ in range(500):
        size = rng.randrange(1, 120)
        start = rng.randrange(size)
        offsets = [rng.randrange(size - start) for _ in range(rng.randrange(6))]
        mask = (np.array([rng.random() for _ in range(size)]) < 0.2).astype(np.int8)
        want = mask.copy()
        want[[start + k for k in offsets]] = 1
        _mark(mask, start, offsets)
        assert (mask == want).all()
        _mark(mask, start, tuple(offsets))  # (a tuple or a range as well; marking twice changes nothing)
        _mark(mask, start, range(0))
        assert (mask == want).all()


@pytest.mark.parametrize("start, offsets", [(0, [5]), (3, [0, 2]), (4, [1])])
def test_mark_refuses_an_entry_outside_the_mask(start, offsets):
    mask = np.zeros(5, np.int8)
    with pytest.raises(IndexError):
        _mark(mask, start, offsets)


def rule_mask(game) -> np.ndarray:
    """The open hive decision's mask from the rule's lists, by numpy's indexing."""
    d, slots = game.decision, game._slot
    mask = game.layout.empty_mask()
    if d.kind == "step":
        steps, stop, closes = hive_choices(game, game.mover)
        mask[[slots["step"] + k for k in steps]] = 1
        mask[[slots["close_door"] + k for k in closes]] = 1
        mask[slots["stop"]] = stop
    elif d.kind == "extra_hit":
        mask[slots["extra_hit"]:slots["extra_hit"] + len(d.options)] = 1
    else:
        mask[[slots[d.kind] + k for k in d.options]] = 1
    return mask


@pytest.mark.parametrize("options", [{}, {"bug_master_picks": True}], ids=["rulebook", "bug_master_picks"])
def test_hive_decisions_masks_hold_their_rule_s_entries(options):
    game, rng, seen = BugHunt(**options), random.Random(1), {}
    for seed in range(6):
        game.reset(seed)
        for _ in range(600):
            player = game.current_player()
            if player is None:
                break
            if player == "hive":
                kind = game.decision.kind
                assert (game._compute_mask() == rule_mask(game)).all(), kind
                seen[kind] = seen.get(kind, 0) + 1
            game.apply(int(rng.choice(np.flatnonzero(game.legal_mask(player)))))
    assert seen.get("step", 0) > 50 and seen.get("order", 0) > 5
    if options:
        assert seen.get("summon", 0) > 0
