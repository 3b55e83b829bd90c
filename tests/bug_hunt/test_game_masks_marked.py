"""BugHunt._compute_mask's entries of the decisions other than a figure's act and the APC's drive
(bug_hunt/game.py: set by _mark, compiled in C through the mask's buffer): at every such decision of
seeded games (plain, with the APC, with the Bug Master's picks) the mask is the rule's, worked out
here from the decision's options and the hive's choices (xeno.hive_choices) by slot name. (An attack
seldom comes in these games: test_bh_aliens' test_hive_picks_which_human_to_attack builds one.)"""
import random

import numpy as np
import pytest

from aliens_env.bug_hunt import xeno
from aliens_env.bug_hunt.game import APC_OPTION, BugHunt

STEPS = 1500


def rule_mask(game) -> np.ndarray:
    """The open decision's legal actions by the rule, set one by one through the layout's encode."""
    d, layout = game.decision, game.layout
    mask = np.zeros(layout.size, np.int8)
    if d.kind == "step":
        steps, stop, closes = xeno.hive_choices(game, game.mover)
        for k in steps:
            mask[layout.encode("step", k)] = 1
        for k in closes:
            mask[layout.encode("close_door", k)] = 1
        mask[layout.encode("stop")] = bool(stop)
    elif d.kind == "activate":
        for i in d.options:
            mask[layout.encode("activate_apc") if i == APC_OPTION else layout.encode("activate", i)] = 1
    elif d.kind == "extra_hit":
        for k in range(len(d.options)):
            mask[layout.encode("extra_hit", k)] = 1
    else:
        for i in d.options:
            mask[layout.encode(d.kind, i)] = 1
    return mask


@pytest.mark.parametrize("options", [{}, {"apc": True}, {"bug_master_picks": True}], ids=["plain", "apc", "picks"])
def test_the_masks_of_the_decisions_by_options_are_the_rule_s(options):
    game, rng = BugHunt(**options), random.Random(7)
    kinds, apc_offered = set(), False
    game.reset(0)
    for _ in range(STEPS):  # (a new seeded game whenever one ends)
        player = game.current_player()
        if player is None:
            game.reset(rng.randrange(1000))
            continue
        mask = game.legal_mask(player)
        if game.decision.kind not in ("act", "drive"):
            assert np.array_equal(mask, rule_mask(game)), f"decision {game.decision}"
            kinds.add(game.decision.kind)
            apc_offered |= game.decision.kind == "activate" and APC_OPTION in game.decision.options
        game.apply(rng.choice(np.flatnonzero(mask).tolist()))
    assert {"step", "activate", "order", "approach"} <= kinds
    assert apc_offered == bool(options.get("apc"))
    assert ("summon" in kinds) == bool(options.get("bug_master_picks"))
