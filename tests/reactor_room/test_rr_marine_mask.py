"""The Reactor Room's layer of the Marines' mask (``ReactorRoom._compute_marine_mask``: its flags
written into a bytearray and wrapped once) gives the mask of the former code (the numpy array
written one item at a time, kept below as the reference) at every Marines' decision of random play
in each ruleset of the family, the Complete Movie's stages among them."""
import numpy as np
import pytest

from aliens_env.core.actions import MASK_DTYPE
from aliens_env.core.board import NO
from aliens_env.envs.registry import get_spec
from aliens_env.reactor_room.game import ReactorRoom

from rr_helpers import clear_room, marine, marines_phase, put_alien, sq

#: the family's rulesets (and the Reactor Room with every weapon rule on: the layer the weapon rules
#: add to the array, after the flags)
RULESETS = [("ReactorRoom", {}), ("ReactorRoom", {"machine_gun_special": True, "ammunition": True,
                                                  "backup_weapons": True, "fires": True, "hand_grenades": True,
                                                  "thrown_grenades": True}),
            ("OperationsAirDucts", {}), ("MovieScenario", {}), ("HuntForTheQueen", {}), ("MarineAssault", {}),
            ("RescueOfNewt", {}), ("CompleteMovie", {})]


def former_marine_mask(game):
    """``ReactorRoom._compute_marine_mask`` as it was before the bytearray (session 66): the
    reference."""
    mask = game.layout.empty_mask()
    i = game.active
    m = game.marines[i]
    s = game._slot
    in_combat = game._in_combat(m)
    standing = game._standing_squares(exclude=i)
    free = m.actions_left > 0 and not in_combat
    if free:
        at = s["move"]
        for direction, _ in game._legal_steps(i, standing):
            mask[at + direction] = 1
    if m.pos in standing:
        if game._can_hand_off(i):
            mask[s["hand_off"]] = 1
        return mask
    char = game.characters[m.name]
    if free and (m.aim < char.max_aim or game._can_bank(i)):
        mask[s["aim"]] = 1
    if m.actions_left > 0 or m.aim > 0:
        targets = game.targets()
        if targets:
            former_target_mask(game, mask, m, char, in_combat, targets)
    if game.armed_rules:
        game._weapon_mask(mask, i, in_combat)
    mask[s["end"]] = 1
    return mask


def former_target_mask(game, mask, m, char, in_combat, targets):
    """``ReactorRoom._target_mask`` as it was before the bytearray: the reference."""
    s, i, aliens = game._slot, game.active, game.aliens
    melee_ok = m.actions_left > 0
    firing = m.aim > 0 and not in_combat
    ranges = game._ranges[m.pos]
    reach = max(1, game._weapon_reach(char, m.wounded, m.aim)) if firing else 1
    seen = game.board.los_list(m.pos) if firing else None
    for k, a in enumerate(targets):
        sq_ = aliens[a].pos
        rng = ranges[sq_]
        if rng > reach:
            break
        if melee_ok and rng <= 1:
            mask[s["melee"] + k] = 1
        if firing and seen[sq_]:
            number = game._fire_number(i, a)
            if number is not None and number >= 0:
                mask[s["fire"] + k] = 1
            if game.options["machine_gun_special"] and char.weapon == "Machine Gun":
                b = game._pair_partner(i, a)
                pair = None if b == NO else game._pair_number(i, a, b)
                if pair is not None and pair >= 0:
                    mask[s["fire_pair"] + k] = 1


def marine_decisions(name, options, games=4, steps=400):
    """The games (the Reactor Room family's: a chain's stage game) at each Marines' decision of
    seeded random play of the ruleset ``name``."""
    rng = np.random.default_rng(0)
    for seed in range(games):
        chain = get_spec(name).make_game(**options)
        chain.reset(seed)
        for _ in range(steps):
            if chain.is_terminal():
                break
            game = getattr(chain, "stage_game", chain)
            if isinstance(game, ReactorRoom) and game.decision is not None and game.decision.kind == "marine":
                yield game
            chain.apply(int(rng.choice(chain.legal_actions())))


@pytest.mark.parametrize("name, options", RULESETS, ids=[f"{n}{'-armed' if o else ''}" for n, o in RULESETS])
def test_marine_mask_layer_equals_the_former_code(name, options):
    """At every Marines' decision the layer's array (of the layout's int8, writable: the derived
    rulesets write theirs into it) equals the former code's, with moves, passing through a
    teammate, Aim, Melee, fire (but in Rescue of Newt) and the end among the entries seen."""
    seen = {"move": 0, "passing": 0, "aim": 0, "melee": 0, "fire": 0, "end": 0}
    for game in marine_decisions(name, options):
        game._cache.clear()  # (each worked out afresh: the kept targets and shots of the position)
        expected = former_marine_mask(game)
        game._cache.clear()
        mask = ReactorRoom._compute_marine_mask(game)
        assert mask.dtype == MASK_DTYPE and mask.shape == (game.layout.size,) and mask.flags.writeable
        assert mask.tolist() == expected.tolist()
        for kind in ("move", "aim", "melee", "fire", "end"):
            seen[kind] += int(expected[game.layout.span(kind)].any())
        seen["passing"] += int(not expected[game._slot["end"]])
        game._cache.clear()
    if name == "RescueOfNewt":
        del seen["fire"]  # (random play there reaches no allowed shot in these games)
    assert min(seen.values()) > 0, seen


def test_passing_through_a_teammate_offers_moves_and_hand_off_alone():
    """On a standing teammate's square the layer offers only the steps on (and the hand-off):
    no Aim, no end, none of the targets' actions, an Alien beside notwithstanding; off it, the
    Aim, the Melee at that Alien and the end as well."""
    g = marines_phase(clear_room(ReactorRoom(), {"Hicks": (5, 5), "Hudson": (5, 5)}), "Hicks")
    put_alien(g, (5, 6))
    mask = ReactorRoom._compute_marine_mask(g)
    assert mask.tolist() == former_marine_mask(g).tolist()
    start, count = g.layout.slices["move"]
    on = set(np.flatnonzero(mask).tolist())
    assert on and on <= set(range(start, start + count)) | {g._slot["hand_off"]}
    marine(g, "Hudson").pos = sq(g, (4, 4))
    g._cache.clear()
    mask = ReactorRoom._compute_marine_mask(g)
    assert mask.tolist() == former_marine_mask(g).tolist()
    assert mask[g._slot["aim"]] and mask[g._slot["melee"]] and mask[g._slot["end"]]
