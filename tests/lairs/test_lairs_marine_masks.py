"""The Marines' masks of the lairs (HuntForTheQueen._compute_marine_mask's grenade actions,
MarineAssault's rescue, exit and unarmed layer) over random play: the same as the plain
computation, step by step, written out here the long way (numpy reads, no shortcut for nobody to
rescue)."""
import numpy as np
import pytest

from aliens_env.lairs.assault import NOT_ARMED, MarineAssault
from aliens_env.lairs.game import GRENADE_WEAPONS, HuntForTheQueen
from aliens_env.lairs.observation import LairsObservation


def hunt_mask(g) -> np.ndarray:
    mask = LairsObservation._compute_marine_mask(g)
    i = g.active
    m = g.marines[i]
    if i in g.riders:
        mask[g._slot["end"]] = 1
        return mask
    if not mask[g._slot["end"]] or m.actions_left < 1 or g._in_combat(m):
        return mask
    if g.characters[m.name].weapon in GRENADE_WEAPONS:
        seen = g.board.los_list(m.pos)
        for k, a in enumerate(g.targets()):
            square = g.aliens[a].pos
            if square != m.pos and seen[square]:
                mask[g._slot["grenade"] + k] = 1
    return mask


def assault_mask(g) -> np.ndarray:
    mask = hunt_mask(g)
    i = g.active
    g._rescue_mask(mask, g.cocooned + g.freed)
    if i in g.unarmed:
        for kind in NOT_ARMED:
            mask[g.layout.span(kind)] = 0
    for j in g.rescue_options(i):
        mask[g._slot["rescue"] + j] = 1
    return mask


@pytest.mark.parametrize("game, want", [(HuntForTheQueen, hunt_mask), (MarineAssault, assault_mask)])
def test_the_marines_mask_is_the_plain_computations_over_random_play(game, want):
    rng = np.random.default_rng(3)
    g = game()
    checked, grenades, rescues = 0, 0, 0
    for _ in range(3000):
        if g.decision is None:
            g.reset(int(rng.integers(1000)))
        d = g.decision
        if d.kind == "marine":
            got = g._compute_marine_mask()
            assert got.tolist() == want(g).tolist(), f"turn {g.turn}, {g.marines[g.active].name}"
            checked += 1
            grenades += bool(got[g.layout.span("grenade")].any())
            if "rescue" in g.layout.slices:
                rescues += bool(got[g.layout.span("rescue")].any())
        g.apply(int(rng.choice(g.legal_actions())))
    assert checked > 500 and grenades > 10
    if game is MarineAssault:
        assert rescues > 0
