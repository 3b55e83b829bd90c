"""Whole games with random players on both sides (seeded), checking at every decision the
position invariants the rules imply: one Alien per Marine card and consistent both ways, only one
counter per square once a counter has finished moving (Aliens on a card and carried or laid-flat
Marines excepted), no counter on an obstruction, no Marine in the Stairwell, carried Marines with
their carrier, statistics matching the counters, and the acting Marine able to act."""
import pytest

from aliens_env.core.policy import RandomPolicy
from aliens_env.reactor_room.game import NO, ReactorRoom


def check(g: ReactorRoom):
    b = g.board
    for i, m in enumerate(g.marines):
        if m.status != "on_map":
            assert m.pos == NO and m.alien == NO and m.carrying == NO
            continue
        assert b.passable.flat[m.pos], f"{m.name} on an obstruction or the Stairwell"
        if m.alien != NO:
            al = g.aliens[m.alien]
            assert al.in_play and al.card == i and al.pos == m.pos
        if m.carrying != NO:
            c = g.marines[m.carrying]
            assert c.carried_by == i and c.pos == m.pos and c.incapacitated and c.status == "on_map"
        if m.carried_by != NO:
            assert g.marines[m.carried_by].carrying == i
    for a, al in enumerate(g.aliens):
        if not al.in_play:
            continue
        assert not b.blocked.flat[al.pos]
        if al.card != NO:
            assert g.marines[al.card].alien == a and g.marines[al.card].status == "on_map"
            assert al.attack in ("attacking", "in_combat", "grabbing")
    # one counter per square, except the Marine now moving (it may pass through a teammate)
    moving = g.active if g.current_player() == "marines" else NO
    placing = NO  # the Alien the hive is placing (Alien Loses) or the Marine is pushing (Melee)
    if g.decision is not None and g.decision.kind == "place":
        placing = g.queue[0]
    elif g.decision is not None and g.decision.kind == "push":
        placing = g.push_alien
    squares = {}
    for i, m in enumerate(g.marines):
        if m.status == "on_map" and not m.incapacitated and m.carried_by == NO and i != moving:
            assert m.pos not in squares, f"two Marines at {b.rc(m.pos)}"
            squares[m.pos] = m.name
    for a, al in enumerate(g.aliens):
        if al.in_play and al.card == NO and a not in (g.mover, placing):
            assert al.pos not in squares, f"Alien {a} shares {b.rc(al.pos)} with {squares.get(al.pos)}"
            squares[al.pos] = f"Alien {a}"
    assert g.stats["exited"] == sum(m.status == "exited" for m in g.marines)
    assert g.stats["dead"] == sum(m.status == "dead" for m in g.marines)
    if g.current_player() == "marines" and g.decision.kind == "marine":
        m = g.marines[g.active]
        assert m.status == "on_map" and not m.incapacitated
        assert m.alien == NO or g.aliens[m.alien].attack != "grabbing"
    if g.current_player() is not None:
        assert g.legal_mask(g.current_player()).any()


@pytest.mark.parametrize("seed,options", [
    (1, {}), (2, {}), (3, {"frost_rule": True, "dietrich_rule": True}),
    (4, {"bonus_bug": True, "machine_gun_special": True}), (5, {"beginner": True}),
    (6, {"frost_rule": True, "dietrich_rule": True, "bonus_bug": True, "machine_gun_special": True}),
    (7, {}), (8, {"machine_gun_special": True}),
])
def test_random_games_keep_the_position_consistent(seed, options):
    g = ReactorRoom(turn_limit=15, **options)
    g.reset(seed)
    players = {"marines": RandomPolicy(seed), "hive": RandomPolicy(seed + 100)}
    steps = 0
    while not g.is_terminal():
        check(g)
        player = g.current_player()
        g.apply(players[player].act(g, player))
        steps += 1
        assert steps < 20_000
    check(g)
    assert g.outcome()["marines"] in (-1, 0, 1)


@pytest.mark.parametrize("seed,options", [(0, {}), (1, {}), (2, {"frost_rule": True, "dietrich_rule": True}),
                                          (3, {"bonus_bug": True, "machine_gun_special": True})])
def test_heuristic_marines_against_the_dice_hive_keep_the_position_consistent(seed, options):
    from aliens_env.envs import make_policy

    g = ReactorRoom(**options)
    g.reset(seed)
    players = {"marines": make_policy("ReactorRoom", "marines", "heuristic", seed=seed),
               "hive": make_policy("ReactorRoom", "hive", "dice")}
    while not g.is_terminal():
        check(g)
        player = g.current_player()
        g.apply(players[player].act(g, player))
    check(g)
    on_map = sum(m.status == "on_map" for m in g.marines)
    assert g.stats["exited"] + g.stats["dead"] + on_map == 9
    if g.phase != "time_limit":  # the game ended because no Marine on the map can act
        assert all(m.incapacitated for m in g.marines if m.status == "on_map")
