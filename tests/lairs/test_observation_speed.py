"""The lairs' kept observation against one made from scratch (lairs/observation.py): over the
benchmark's random play of every environment observing through it, and its Marine rows and tail
(the Reactor Room's writers) against values made from the features' names on lairs positions."""
import numpy as np
import pytest

from aliens_env.benchmark import AECRunner, aec_env_function
from aliens_env.core.board import NO
from aliens_env.lairs.game import HuntForTheQueen
from aliens_env.lairs.observation import LairsObservation, LairsRecord
from rr_helpers import assert_rows_as_documented, documented_tail

LAIRS_ENVS = ("HuntForTheQueen", "HuntForTheQueenTactics", "MarineAssault", "RescueOfNewt", "CompleteMovie")


def lairs_game(env):
    """The lairs game the env plays now (the Complete Movie's stage), None for another."""
    g = env.unwrapped.game
    g = getattr(g, "stage_game", g)
    return g if isinstance(g, LairsObservation) else None


@pytest.mark.parametrize("name", LAIRS_ENVS)
def test_the_kept_observation_is_a_fresh_one_over_random_play(name):
    """At each of 1,500 lairs positions of random play (games ended and reset on the way; the
    Complete Movie's other stages passed over: its lairs stages come seldom, 200 of 30,000 steps)
    the kept observation equals a clone's, made from scratch; deaths (the survivors feature,
    counted on the rows rewritten alone) included."""
    runner = AECRunner(aec_env_function(name), seed=11)  # (a seed whose Complete Movie reaches the lairs often enough)
    compared = dead_seen = 0
    for _ in range(30_000):
        if compared == 1500:
            break
        g = lairs_game(runner.env)
        if g is not None:
            kept = g.observe("marines")
            assert np.array_equal(kept, g.clone().observe("marines")), (name, compared)
            compared += 1
            dead_seen += any(m.status == "dead" for m in g.marines)
        runner.steps(1)
    assert compared == 1500 or name == "CompleteMovie" and compared > 150, "too few lairs positions observed"
    assert dead_seen, "no Marine died: the survivors' count untested"


def edited_positions(seed: int, count: int):
    """Hunt for the Queen positions of random play, each with random Marines edited into every
    state a row shows (wounded, incapacitated, carried, carrying, an Alien's attack on its card,
    exited or dead)."""
    rng = np.random.default_rng(seed)
    g = HuntForTheQueen()
    g.reset(seed)
    for _ in range(count):
        if g.is_terminal():
            g.reset(int(rng.integers(1000)))
        for _ in range(int(rng.integers(1, 6))):
            g.apply(int(rng.choice(g.legal_actions())))
            if g.is_terminal():
                break
        e = g.clone()
        for m in e.marines:
            if rng.random() < 0.3:
                m.wounded, m.incapacitated = bool(rng.integers(2)), bool(rng.integers(2))
                m.carried_by = NO if rng.random() < 0.5 else int(rng.integers(len(e.marines)))
                m.carrying = NO if rng.random() < 0.5 else int(rng.integers(len(e.marines)))
                m.actions_left, m.aim = int(rng.integers(4)), int(rng.integers(3))
            if rng.random() < 0.1:
                m.status = str(rng.choice(["exited", "dead"]))
            if rng.random() < 0.2:
                a = int(rng.integers(len(e.aliens)))
                m.alien = a
                e.aliens[a].attack = str(rng.choice(["", "attacking", "in_combat", "grabbing"]))
        yield e, rng


def test_the_row_writer_writes_the_documented_rows_on_the_lairs():
    """The Reactor Room's ``_write_marine_rows``, which the lairs use, on the lairs' board, Marines
    and record: each changed Marine's row and board square as made from scratch from the features'
    names (rr_helpers), rows written in any order over rows written before (only the changed
    Marines moved in between: squares left and shared)."""
    for e, rng in edited_positions(11, 300):
        n = len(e.marines)
        rec = LairsRecord(0, e._obs_template, n)
        e.active = int(rng.integers(-1, n))
        e._write_marine_rows(rec, list(range(n)))
        assert_rows_as_documented(e, rec)
        changed = [int(i) for i in rng.permutation(n)[:int(rng.integers(1, n + 1))]]
        for i in changed:
            m = e.marines[i]
            if m.status == "on_map" and rng.random() < 0.5:
                m.pos = int(rng.choice([sq for sq in range(e.board.n) if not e.board.blocked.flat[sq]]))
            m.wounded = bool(rng.integers(2))
        e._write_marine_rows(rec, changed)
        assert_rows_as_documented(e, rec)


def test_the_kept_tail_is_the_documented_one():
    """The globals and targets the lairs' ``_observe_record`` writes (the Reactor Room's
    ``_write_tail``) are those made from scratch from the features' names (rr_helpers), with
    nothing past their end, over random play of the hunt and of the Marine Assault (targets in
    every number, the decisions of each kind)."""
    from aliens_env.lairs.assault import MarineAssault

    lengths, kinds = set(), set()
    for game in (HuntForTheQueen, MarineAssault):
        rng = np.random.default_rng(3)
        g = game()
        g.reset(4)
        for _ in range(1500):
            if g.is_terminal():
                g.reset(int(rng.integers(1000)))
            obs = g.observe("marines")
            _, live, targeted = g._squares_shown(g._plane, g.active)
            tail = documented_tail(g, live, targeted)
            at = g._tail_at
            assert np.array_equal(obs[at:at + len(tail)], tail)
            assert not obs[at + len(tail):g._lairs_at].any()
            lengths.add(len(tail))
            kinds.add(None if g.decision is None else g.decision.kind)
            g.apply(int(rng.choice(g.legal_actions())))
    assert len(lengths) > 3 and {"marine", "target", "queen_move"} <= kinds, (lengths, kinds)
