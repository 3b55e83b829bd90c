"""BugHuntTactics' ambush (ASSUMPTION A72): fan_out, but the squad's first shot of a turn with no
Alien beside the figure becomes over-watch (over-watch shots do not count for the activation
roll), and once the Queen is seen she is shot first."""
from aliens_env.bug_hunt.policies import ScriptedMarines
from aliens_env.bug_hunt.tactics import TacticMarines

from bh_helpers import activate, build, watch

# Apone (1) in a corridor, an Alien 4 squares east of him
ALIEN_AHEAD = ["##########", "#1...A...#", "##########"]


def _enc(g, name, index=0):
    return g.layout.encode(name, index)


def test_the_first_shot_of_the_turn_at_an_alien_not_beside_the_figure_becomes_over_watch():
    g = build(ALIEN_AHEAD)
    activate(g, 0)
    assert ScriptedMarines().act(g, "marines") == _enc(g, "fire", 0)
    assert TacticMarines("fan_out").act(g, "marines") == _enc(g, "fire", 0)
    assert TacticMarines("ambush").act(g, "marines") == _enc(g, "overwatch")


def test_once_the_squad_has_fired_this_turn_it_shoots_as_fan_out():
    g = build(ALIEN_AHEAD)
    activate(g, 0)
    g.fired = True  # (a squad mate fired earlier this turn: the activation roll is already 4-6)
    assert TacticMarines("ambush").act(g, "marines") == _enc(g, "fire", 0)


def test_an_alien_beside_the_figure_is_shot():
    g = build(["##########", "#1A......#", "##########"])
    activate(g, 0)
    assert TacticMarines("ambush").act(g, "marines") == ScriptedMarines().act(g, "marines") == _enc(g, "fire", 0)


def test_without_the_ap_for_over_watch_the_shot_is_kept():
    g = build(ALIEN_AHEAD)
    activate(g, 0)
    g.humans[0].ap = 1  # (and the pool is 0: over-watch costs 2)
    g._cache.clear()
    assert not g.legal_mask("marines")[_enc(g, "overwatch")]
    assert TacticMarines("ambush").act(g, "marines") == _enc(g, "fire", 0)


def test_once_the_queen_is_seen_she_is_shot_before_a_nearer_alien():
    g = build(["##########", "#1.A...Q.#", "##########"])
    activate(g, 0)
    assert [t[0] for t in g.targets()] == ["alien", "alien"]
    queen = [k for k, t in enumerate(g.targets()) if g.aliens[t[1]].kind == "queen"][0]
    assert queen == 1
    assert ScriptedMarines().act(g, "marines") == _enc(g, "fire", 0)
    assert TacticMarines("ambush").act(g, "marines") == _enc(g, "fire", queen)


def test_a_flame_thrower_does_not_burn_the_queen_with_a_squad_figure_beside_her():
    # Dietrich (4, flame-thrower) and Apone (1) beside the Queen: no flame, as the scripted squad
    g = build(["##########", "#4..1Q...#", "##########"])
    activate(g, 3)
    assert g.humans[3].weapon == "flame_thrower"
    chosen = TacticMarines("ambush").act(g, "marines")
    assert chosen == ScriptedMarines().act(g, "marines")
    assert g.layout.decode(chosen)[0] != "fire"


def test_whole_games_differ_from_fan_out_only_as_stated():
    """In whole games every act differs from fan_out's only by the rules of A72: over-watch for
    the squad's first shot of the turn with no Alien beside the figure, or a shot at the Queen."""
    fan, ambush = TacticMarines("fan_out"), TacticMarines("ambush")
    seen = {"watch": 0, "queen": 0}

    def check(g, chosen):
        assert g.legal_mask("marines")[chosen]
        fan_action = fan.act(g, "marines")
        if chosen == fan_action:
            return
        h = g.humans[g.active]
        kind, index = g.layout.decode(chosen)
        if any(a.alive and a.kind == "queen" for a in g.aliens):
            assert kind == "fire" and g.aliens[g.targets()[index][1]].kind == "queen"
            seen["queen"] += 1
            return
        assert kind == "overwatch" and g.layout.decode(fan_action)[0] in ("fire", "grenade") and not g.fired
        assert not any(a.alive and a.attached < 0 and g.rng(a.pos, h.pos) <= 1 for a in g.aliens)
        seen["watch"] += 1

    watch(range(6), check, marines=ambush)
    assert seen["watch"] > 0 and seen["queen"] > 0
