"""BugHuntTactics' ambush (ASSUMPTION A72): fan_out, but the squad's first shot of a turn with no
Alien beside the figure becomes over-watch (over-watch shots do not count for the activation
roll), and once the Queen is seen she is shot first."""
from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.policies import ScriptedMarines
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import TacticMarines

from bh_helpers import activate, build, play

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


def test_a_figure_already_on_over_watch_keeps_fan_outs_shot():
    # the mask refuses over-watch to a figure already on it, so ambush fires as fan_out does
    # (intended: measured better than keeping the watch, A72)
    g = build(ALIEN_AHEAD)
    activate(g, 0)
    g.humans[0].overwatch = True
    g._cache.clear()
    assert not g.legal_mask("marines")[_enc(g, "overwatch")]
    assert TacticMarines("fan_out").act(g, "marines") == _enc(g, "fire", 0)
    assert TacticMarines("ambush").act(g, "marines") == _enc(g, "fire", 0)


def _queen_seen(g):
    return any(a.alive and a.kind == "queen" for a in g.aliens)


def test_whole_games_over_watch_exactly_when_the_rules_of_a72_hold():
    """In whole games (kill_queen against the dice AI, one squad and two squads), at every act
    before the Queen is seen ambush over-watches in place of fan_out's action if and only if that
    action is a fire or grenade shot, the acting figure's own squad has not fired this turn,
    over-watch is legal and no live unattached Alien is within range 1 of the figure; else it
    plays fan_out's action. Once the Queen is seen it plays fan_out's action or a shot at her.
    The games are chosen to hold grenades, egg-cache shots, Aliens at range 2, a Face-Hugger
    attached beside the figure and two squads of which one has fired this turn, the other not."""
    fan, ambush = TacticMarines("fan_out"), TacticMarines("ambush")
    seen = {"watch": 0, "grenade": 0, "egg": 0, "range_2": 0, "attached": 0, "other_squad": 0, "queen": 0}

    def check(g, chosen):
        if g.decision.kind != "act":
            return
        mask, s = g.legal_mask("marines"), g.layout.encode
        assert mask[chosen]
        fan_action = fan.act(g, "marines")
        h = g.humans[g.active]
        if _queen_seen(g):
            if chosen != fan_action:
                kind, index = g.layout.decode(chosen)
                assert kind == "fire" and g.aliens[g.targets()[index][1]].kind == "queen"
                seen["queen"] += 1
            return
        kind, index = g.layout.decode(fan_action)
        unattached = [a for a in g.aliens if a.alive and a.attached == NO]
        watch = (kind in ("fire", "grenade") and not g.fired_squads[h.squad] and bool(mask[s("overwatch")])
                 and not any(g.rng(a.pos, h.pos) <= 1 for a in unattached))
        # over-watch in place of fan_out's action if and only if all hold (fan_out may over-watch itself)
        assert (chosen == s("overwatch") != fan_action) == watch
        assert chosen == (s("overwatch") if watch else fan_action)
        # (a shot the two squads' fire decides: one squad has fired this turn, the other not)
        seen["other_squad"] += (kind in ("fire", "grenade") and bool(mask[s("overwatch")])
                                and g.fired_squads[0] != g.fired_squads[h.squad]
                                and not any(g.rng(a.pos, h.pos) <= 1 for a in unattached))
        if not watch:
            return
        seen["watch"] += 1
        seen["grenade"] += kind == "grenade"
        seen["egg"] += kind == "fire" and g.targets()[index][0] == "egg"
        seen["range_2"] += any(g.rng(a.pos, h.pos) == 2 for a in unattached)
        seen["attached"] += any(a.alive and a.attached != NO and g.rng(a.pos, h.pos) <= 1 for a in g.aliens)

    for seeds, options in (((0, 1, 2, 3, 62), {}), ((0, 1, 2), {"squad": "two_squads"})):
        for seed in seeds:
            game = BugHunt(mission="kill_queen", **options)
            game.reset(seed)
            play(game, ambush, on_marines=check)
    assert all(seen.values()), seen
