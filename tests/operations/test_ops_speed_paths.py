"""The fast paths of Operations/Air Ducts against the rules written plainly: the Marines' step
checks (one pass on the squares' kinds, ``square_flags``) on random arrangements around the ducts,
the airlock, the junctions and the furniture; the scripted marines' shortcuts (the grenade's early
None, the kept squares ahead of Newt) on their games; the stranded Aliens' one pass (A12)."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from aliens_env.core.board import NO, UNREACHABLE
from aliens_env.operations import policies
from aliens_env.operations.game import Operations, map_squares, square_flags
from aliens_env.operations.policies import OperationsMarines, ahead_of_newt
from aliens_env.reactor_room.heuristic import safe_grenades
from ops_helpers import empty_ops
from rr_helpers import put_alien
from test_rr_speed_paths import positions

NAMES = ("Ripley", "Newt", "Hicks", "Hudson", "Vasquez")


def test_square_flags_name_each_square_kind():
    g = empty_ops()
    flags = square_flags(g._rows)
    assert len(flags) == g.board.n
    furniture, junctions, duct, airlock = map_squares(g._rows)
    # FURNITURE, DUCT, AIRLOCK, JUNCTION (C constants of the compiled module: not importable there)
    for kinds, squares in ((1, furniture), (2, duct), (4, airlock), (8, junctions)):
        assert {sq for sq in range(g.board.n) if flags[sq] & kinds} == squares
    assert g._square_flags is flags  # (shared per map)


def rule_step_ok(g, m, src: int, dst: int, left: int, newt: int) -> bool:
    """The scenario's limits on a step (A13-A17), read from the map's squares as sets."""
    if left < (2 if dst in g.furniture else 1):
        return False
    if src in g.duct or dst in g.duct:
        (r0, c0), (r1, c1) = g.board.rc(src), g.board.rc(dst)
        if r0 != r1 and c0 != c1:
            return False
        if src in g.airlock and not g.signal and newt != NO:
            return False
        if src in g.junctions and src not in g.known and m.name != "Newt" and newt != NO:
            return False
    return not (m.name == "Ripley" and newt != NO
                and g.board.range(dst, newt) > max(1, g.board.range(src, newt)))


def rule_steps(g, i: int, standing: set) -> list:
    """Marine i's open steps the scenario allows; onto a standing teammate only with an allowed
    step on to a free square (A14)."""
    m = g.marines[i]
    aliens = {al.pos for al in g.aliens if al.in_play} | set(g.fires)
    steps = [(d, sq) for d, sq in g.board.neighbours[m.pos] if sq not in aliens]
    newt = g._leading_newt()
    out = []
    for d, sq in steps:
        if not rule_step_ok(g, m, m.pos, sq, m.actions_left, newt):
            continue
        if sq in standing:
            left = m.actions_left - (2 if sq in g.furniture else 1)
            if not any(n not in standing and n not in aliens and rule_step_ok(g, m, sq, n, left, newt)
                       for _, n in g.board.neighbours[sq]):
                continue
        out.append((d, sq))
    return out


def arrangements(count: int, seed: int = 0):
    """Games with a few Marines (Ripley and Newt among them) and Aliens on random free squares
    near the ducts' way (furniture, corridor, airlock, ducts, junctions), one of the Marines
    acting with 1-4 Actions; Newt's signal, the junctions known and Newt's state drawn too."""
    rng = np.random.default_rng(seed)
    g0 = empty_ops()
    near = sorted(s for s in range(g0.board.n) if g0.board.passable.flat[s]
                  and min(g0.board.range(s, t) for t in g0.furniture | g0.duct | g0.airlock) <= 2)
    for _ in range(count):
        names = ["Ripley", "Newt", *rng.choice(NAMES[2:], size=int(rng.integers(1, 4)), replace=False)]
        squares = rng.choice(near, size=len(names) + 2, replace=False)
        g = empty_ops({name: g0.board.rc(int(s)) for name, s in zip(names, squares)})
        for s in squares[len(names):]:
            if rng.random() < 0.5:
                put_alien(g, g.board.rc(int(s)))
        g.signal = bool(rng.random() < 0.5)
        g.known = sorted(s for s in g.junctions if rng.random() < 0.5)
        g.marines[g.marine_order.index("Newt")].incapacitated = bool(rng.random() < 0.25)
        i = g.marine_order.index(str(rng.choice(names)))
        g.phase, g.active = "marines", i
        g.marines[i].actions_left = int(rng.integers(1, 5))
        g.marines[i].incapacitated = False
        g._cache.clear()
        yield g, i


@pytest.mark.parametrize("seed", range(3))
def test_legal_steps_and_step_allowed_are_the_rules(seed):
    kinds_seen = set()
    for g, i in arrangements(400, seed):
        standing = g._standing_squares(exclude=i)
        expected = rule_steps(g, i, standing)
        assert list(g._legal_steps(i, standing)) == expected
        steps = g._open_steps()
        assert [(d, sq) for d, sq in steps if g.step_allowed(i, d)] == expected
        pos = g.marines[i].pos
        kinds_seen.update(kind for kind, squares in (("duct", g.duct), ("airlock", g.airlock), ("junction", g.junctions),
                                                     ("furniture", g.furniture)) if pos in squares)
        kinds_seen.update("onto a teammate" for _, sq in steps if sq in standing)
    assert kinds_seen == {"duct", "airlock", "junction", "furniture", "onto a teammate"}


def test_a_step_onto_a_teammate_needs_a_square_beyond_free_of_aliens():
    """``_legal_steps`` builds the Aliens' squares (``_blocked_squares``) only when a step meets a
    teammate: Hicks on furniture, 3 Actions, Vasquez east of him on furniture (one Action left
    beyond her, so only the floor squares east of her are in reach), Hudson and Gorman on two of
    them: with an Alien on the third, the step onto Vasquez is barred; without it, allowed."""
    for alien in (False, True):
        g = empty_ops({"Hicks": (2, 3), "Vasquez": (2, 4), "Hudson": (1, 5), "Gorman": (3, 5)})
        if alien:
            put_alien(g, (2, 5))
        i = g.marine_order.index("Hicks")
        g.phase, g.active = "marines", i
        g.marines[i].actions_left = 3
        g._cache.clear()  # (the position edited: nothing kept from set-up, the targets included)
        standing = g._standing_squares(exclude=i)
        steps = list(g._legal_steps(i, standing))
        assert steps == rule_steps(g, i, standing)
        assert (g.board.step(g.marines[i].pos, 2) in [sq for _, sq in steps]) == (not alien)  # (2: east)


def test_ahead_of_newt_is_the_duct_squares_not_behind_her_on_either_board():
    g, marines = empty_ops({"Newt": (5, 12), "Ripley": (5, 13)}), OperationsMarines()
    newt = g.marines[g.marine_order.index("Newt")]
    all_ducts = frozenset(g.duct)  # (barred while she is not in the ducts)
    sizes = set()
    for far_door_open in (False, True):
        g.far_door_open = far_door_open
        g._set_board()
        exits = policies.goal_fields(g, marines.wait_range)[0]
        for pos in [g.board.index(5, 12), *sorted(g.duct)]:
            newt.pos = pos
            expected = all_ducts if pos not in g.duct else {sq for sq in g.duct if exits[sq] <= exits[pos]}
            assert ahead_of_newt(g, exits) == expected
            sizes.add(len(expected))
    assert len(sizes) > 5  # (Newt's places along the ducts bar ever fewer squares)


def test_the_grenade_weighs_the_throws_exactly_when_one_is_legal(monkeypatch):
    weighed = []
    monkeypatch.setattr(policies, "safe_grenades", lambda game, legal: weighed.append(True) or safe_grenades(game, legal))
    marines, checked = OperationsMarines(), Counter()
    for game in positions(games=4, steps=400, make=Operations):
        if game.current_player() != "marines" or game.decision.kind != "marine":
            continue
        legal = set(game.legal_actions())
        kinds = {game.layout.decode(a)[0] for a in legal}
        weighed.clear()
        marines._grenade(game, legal)
        assert weighed == ([True] if "grenade" in kinds else [])
        checked["grenade" in kinds] += 1
        first, count = game.layout.slices["grenade"]
        assert marines._grenade(game, {first - 1, first + count}) is None  # (the actions either side)
        assert weighed == ([True] if "grenade" in kinds else [])
    assert checked[True] > 20 and checked[False] > 100


def test_the_torch_and_asking_burke_are_allowed_only_on_a_cutting_square():
    """The scripted marines look for the torch and Burke only on a cutting square (``_act``): the
    mask allows them nowhere else. The acting Marine put on its own square and on each cutting
    square in turn, in positions of random play (allowed there in some of them)."""
    seen = Counter()
    for game in positions(games=4, steps=400, make=Operations):
        if game.current_player() != "marines" or game.decision.kind != "marine":
            continue
        m, s = game.marines[game.active], game._slot
        saved = m.pos
        for sq in (saved, *sorted(game.cut_squares)):
            m.pos = sq
            game._cache.clear()  # (the mask and the targets of the position: worked out again)
            mask = game._compute_marine_mask()
            allowed = bool(mask[s["torch"]] or mask[s["ask_burke"]])
            assert sq in game.cut_squares or not allowed
            seen[sq in game.cut_squares, allowed] += 1
        m.pos = saved
        game._cache.clear()
    assert seen[True, True] > 10 and seen[False, False] > 100, seen


def test_stranded_aliens_take_the_free_square_nearest_a_door_front_the_first_by_number():
    """A12's one pass (the Marines' reach, the nearest free square) against min() on (cost, square)."""
    rng = np.random.default_rng(0)
    g0 = empty_ops()
    floor = [s for s in range(g0.board.n) if g0.board.passable.flat[s] and s not in g0.airlock and s not in g0.duct]
    moved = ties = waited = 0
    for _ in range(150):
        squares = [g0.board.rc(int(s)) for s in rng.choice(floor, size=5, replace=False)]
        marines = {"Ripley": (5, 17), "Hicks": (4, 17)}  # in the airlock: no Alien reaches them
        if rng.random() < 0.3:
            marines["Hudson"] = squares.pop()  # one the Aliens on his side reach
        g = empty_ops(marines)
        for rc in squares[:int(rng.integers(1, 5))]:
            put_alien(g, rc)
        targets = [m.pos for m in g.marines if m.status == "on_map"]
        g.queue = [a for a, al in enumerate(g.aliens) if al.in_play]
        expected = [al.pos for al in g.aliens]
        fronts = sorted(g.cut_squares) + [n for n in g._adjacent(g.gold_door)
                                          if g.board.passable.flat[n] and n not in g.airlock]
        queue = list(g.queue)
        for a in list(queue):
            row = g.board.distance_list(expected[a])
            goal = sorted(n for n in fronts if row[n] < UNREACHABLE)
            if not goal or any(row[t] < UNREACHABLE for t in targets):
                continue  # (it waits in the queue, or goes for a Marine)
            queue.remove(a)
            field = g.board.field(goal, weighted=True)
            others = {p for b, p in enumerate(expected) if b != a and g.aliens[b].in_play}
            options = [s for s in g.board.within(expected[a], g.tables["alien_actions"]) if s not in others]
            best = min(options, key=lambda s: (field[s], s))
            ties += sum(field[s] == field[best] for s in options) > 1
            moved += best != expected[a]
            expected[a] = best
        g._stranded_aliens_make_for_doors()
        assert [al.pos for al in g.aliens] == expected and g.queue == queue
        waited += bool(queue)
    assert moved > 80 and ties > 20 and waited > 20
