"""observation.focus tells the decision kinds apart by their numbers (_KIND_INDEX, compared as C
numbers when compiled): over random positions of Bug Hunt (with the APC, whose driving is the "drive"
decision, and over-watch) and BugHuntTactics, it is the square the rule names, written out with the
kinds' names: the acting figure (the moving or attacking Alien for the hive, the over-watch shooter,
the extra hit's shooter, the driven APC), else the first able leader, else the first able figure."""
import pytest

from aliens_env.bug_hunt import BugHunt, geometry, observation
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import BugHuntTactics

from bh_helpers import build, random_play


def _plain_focus(g) -> int:
    kind = None if g.decision is None else g.decision.kind
    if kind == "act" and g.active != NO:
        return g.humans[g.active].pos
    if kind == "step" and g.mover != NO:
        return g.aliens[g.mover].pos
    if kind == "attack" and g.queue:
        return g.aliens[g.queue[0]].pos
    if kind == "overwatch_fire" and g.ow_queue:
        return g.humans[g.ow_queue[0]].pos
    if kind == "extra_hit" and g.extra is not None:
        return g.humans[g.extra["shooter"]].pos
    if kind == "drive":
        return g.apc["pos"]
    able = [h for h in g.humans if h.status == "active"]
    leaders = [h for h in able if h.leader]
    if leaders or able:
        return (leaders or able)[0].pos
    return geometry.sq(g, (g.size - 2, g.size // 2))


GAMES = {"BugHunt": (BugHunt, 400), "apc": (lambda: BugHunt(apc=True, mission="kill_queen"), 400),
         "BugHuntTactics": (BugHuntTactics, 60)}


@pytest.mark.parametrize("name", list(GAMES))
def test_focus_is_the_rule_s_square_over_random_positions(name):
    make, moves = GAMES[name]
    kinds = set()
    for seed in range(4):
        for g in random_play(seed, moves, make=make):
            assert observation.focus(g) == _plain_focus(g), None if g.decision is None else g.decision.kind
            kinds.add(None if g.decision is None else g.decision.kind)
    assert {"activate", "act", "step", "overwatch_fire"} | ({"drive"} if name == "apc" else set()) <= kinds, kinds


def test_focus_is_the_attacking_alien_in_close_combat():
    """Random play above seldom reaches an Alien's attack (the hive's "attack" decision): a built
    one, an Alien between two marines, the focus on it rather than on the squad's leader."""
    g = build(["######", "#1A2.#", "######"], phase="aliens_cc")
    assert g.decision.kind == "attack" and g.queue
    alien = g.aliens[g.queue[0]].pos
    assert alien not in [h.pos for h in g.humans]
    assert observation.focus(g) == alien == _plain_focus(g)
