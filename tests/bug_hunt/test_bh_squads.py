"""More than one squad: each its own leader, d6 pool, grenades and Xeno activation roll."""
import json

import pytest

from aliens_env.bug_hunt import BugHunt
from bh_helpers import act, build

TWO = [
    {"name": "Apone", "role": "marine", "weapon": "pulse_rifle", "leader": True, "squad": 0},
    {"name": "Ripley", "role": "civilian", "weapon": "pistol", "can_lead": True, "squad": 0},
    {"name": "Hicks", "role": "marine", "weapon": "pulse_rifle", "leader": True, "squad": 1},
    {"name": "Hudson", "role": "marine", "weapon": "pulse_rifle", "squad": 1},
]
ROOM = ["##########", "#1.2.....#", "#........#", "#3.4.....#", "##########"]


def start(rows=ROOM, pools=(2, 5)):
    g = build(rows, squad=TWO, phase="marines", start=False)
    g.dice.script(*pools)
    g._start_phase("marines")
    g._run()
    return g


def test_each_squad_rolls_its_own_pool():
    g = start()
    assert g.pools == [2, 5] and g.n_squads == 2


def test_a_figure_spends_its_own_squads_pool_and_grenades():
    g = start()
    act(g, "activate", 2)  # Hicks, squad 1
    for d in (1, 3, 1, 3, 1):
        act(g, "move", d)
    assert g.pools == [2, 4]
    g.aliens.append(__import__("aliens_env.bug_hunt.game", fromlist=["Alien"]).Alien("alien", pos=g.sq((3, 8)), new=False))
    g._cache.clear()
    g.dice.script(5)
    act(g, "grenade", g.grenade_slot(2, g.sq((3, 8))))
    assert g.grenade_pools == [6, 5]


def test_squads_lose_their_pools_separately_and_ripley_takes_over():
    g = start()
    g._remove_human(2, "dead")  # Hicks, squad 1's leader
    assert g.humans[1].leader and g.humans[1].squad == 1 and not any(g.pools_lost)
    g._remove_human(0, "dead")  # Apone: Ripley already leads squad 1
    assert g.pools_lost == [True, False] and g.pools[0] == 0


def test_one_activation_roll_per_squad():
    rows = ["###########", "#1.2......#", "#########.#", "#3.4.....##", "##########"]
    g = build(rows, squad=TWO, phase="xeno", start=False)
    for h in g.humans:
        h.moved = h.squad == 1
    g.dice.script(5)  # squad 0 (resting) needs a 6
    g._start_phase("xeno")
    assert g.placement is None and g.xeno_squads == [1] and g.stats["activations"] == 0
    g.dice.script(6, 1, 1, 1, 1, 1)  # squad 1 (moved, secure) 6: activated; same side, a Face-Hugger, 3D6 = 3
    g._run()
    assert g.stats["activations"] == 1
    hugger = next(a for a in g.aliens if a.alive)
    assert hugger.kind == "face_hugger"
    squad1 = [h.pos for h in g.humans if h.squad == 1 and h.status == "active"]
    squad0 = [h.pos for h in g.humans if h.squad == 0 and h.status == "active"]
    assert min(g.rng(hugger.pos, p) for p in squad1) <= min(g.rng(hugger.pos, p) for p in squad0)


@pytest.mark.parametrize("seed", range(3))
def test_random_two_squad_games_keep_the_invariants(seed):
    from test_bh_properties import play
    g = BugHunt(squad="two_squads", mission="kill_queen")
    g.reset(seed)
    play(g, seed)
    assert BugHunt.from_json(g.to_json()).to_dict() == g.to_dict()


def test_squad_numbers_are_checked():
    with pytest.raises(ValueError, match="without gaps"):
        BugHunt(squad=[dict(TWO[2])])
    with pytest.raises(ValueError, match="squad 1 needs exactly one leader"):
        BugHunt(squad=[dict(TWO[0]), dict(TWO[3])])


@pytest.mark.parametrize("weapon", ["pulse_rifle", "smart_gun", "flame_thrower", "pistol"])
def test_ranged_weapons_carried_by_civilians_count_as_pistols(weapon):
    """Rulebook, Marine Squads: "Civilians can only be armed with pistols or equivalent weapons
    (i.e. count all ranged weapons carried by Civilians as pistols)"."""
    squad = [{"name": "Apone", "role": "marine", "leader": True},
             {"name": "Ripley", "role": "civilian", "weapon": weapon}]
    g = BugHunt(squad=squad)
    assert g.humans[1].weapon == "pistol"
    with pytest.raises(ValueError, match="combi-weapon"):
        BugHunt(squad=[squad[0], {"name": "Ripley", "role": "civilian", "weapon": "combi_weapon"}])
