"""The public observation is written incrementally: the rules mark what they change where they
change it (observation.py: ``_obs_marks`` for the Aliens, Blips, Barricades, the APC, the tokens,
the Queen and the Power Loader, ``_obs_chars`` for the Characters' rows) and observe looks only at
what was marked. At every step of random games of every mission (the campaign's first,
GloriousDayTactics too), across a campaign mission change and while the scripted marines pick Newt
up (random play never does), both sides' observations equal a clone's, which writes its own from
scratch; a mark left out is caught (test_a_mark_left_out_is_caught). The clone runs the same
code, so the Aliens are also checked against ``g.aliens`` itself (two on one square, one leaving it,
one gone)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.core.board import NO
from aliens_env.glorious_day.data_files import load
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.tactics import GloriousDayTactics

MISSIONS = list(load()["missions"])


def _mismatch(g, steps: int, seed: int, every: int = 1, reset: bool = True) -> str | None:
    """Random legal play from `seed` (the game reset to it unless `reset` is False); every
    `every` steps both sides' observations are compared with a clone's (written from scratch):
    the first difference found, or None."""
    rng = random.Random(seed)
    if reset:
        g.reset(seed)
    for step in range(steps):
        if g.is_terminal() or g.truncated_by():
            seed += 1
            g.reset(seed)
        if step % every == 0:
            fresh = g.clone()
            for side in ("marines", "hive"):
                got, want = g.observe(side), fresh.observe(side)
                if not np.array_equal(got, want):
                    at = np.flatnonzero(got != want)
                    return f"step {step} ({side}): values {at[:8].tolist()} differ"
        g.apply(rng.choice(g.legal_actions()))
    return None


@pytest.mark.parametrize("mission", MISSIONS)
def test_the_incremental_observation_is_the_one_written_from_scratch_at_every_step(mission):
    assert _mismatch(GloriousDay(mission=mission), 400, seed=11) is None
    assert _mismatch(GloriousDay(mission=mission, hive_player=False), 200, seed=5) is None
    assert _mismatch(GloriousDay(mission=mission), 300, seed=23, every=3) is None  # marks over several steps


def test_the_incremental_observation_holds_over_the_campaign_and_the_tactics_env():
    assert _mismatch(GloriousDay(mission="escape", campaign=True, apc_chase=True), 600, seed=3) is None
    assert _mismatch(GloriousDayTactics(), 300, seed=7) is None


class _Deaf(set):
    """A set of marks that drops one mark: a rule that forgot to mark what it changed."""

    def __init__(self, dropped):
        super().__init__()
        self.dropped = dropped

    def add(self, item):
        if item != self.dropped:
            super().add(item)


@pytest.mark.parametrize("attribute, dropped, mission", [("_obs_marks", "aliens", "newt"), ("_obs_marks", "blips", "newt"),
                                                         ("_obs_chars", 0, "newt"), ("_obs_marks", "apc", "apc_chase"),
                                                         ("_obs_marks", "apc", "queen_apc"), ("_obs_marks", "large", "queen_lair"),
                                                         ("_obs_marks", "large", "loader_bay")])
def test_a_mark_left_out_is_caught(attribute, dropped, mission):
    """The check above fails when the Aliens' moves, the Blips', the first Character's, the APC's
    or the Queen's and the Power Loader's changes go unmarked (its kept sets swapped for ones that drop that mark, after the first
    observe)."""
    g = GloriousDay(mission=mission)
    g.reset(11)
    g.observe("marines")
    setattr(g, attribute, _Deaf(dropped))
    original = GloriousDay.reset

    def reset_keeping_deaf(self, seed=None):  # (a reset marks everything: the deaf set gets those marks)
        original(self, seed)
        deaf = _Deaf(dropped)
        deaf.update(getattr(self, attribute))
        setattr(self, attribute, deaf)

    g.reset = reset_keeping_deaf.__get__(g)
    assert _mismatch(g, 400, seed=11, reset=False) is not None


def test_a_clone_made_where_a_freed_game_lived_writes_its_own_observation(monkeypatch):
    """A kept observation names its game by id(); a clone never takes another game's (its own
    marks either): else a clone made at the address of a freed game whose kept observation it
    shared would trust what that game wrote (the marks it cleared were the clone's too). Every
    game given the same id() stands for the address a freed game leaves to a new one."""
    from aliens_env.glorious_day import observation

    monkeypatch.setattr(observation, "id", lambda game: 1, raising=False)
    for trial in range(10):
        rng = random.Random(trial)
        g0 = GloriousDay()
        g0.reset(trial)
        for _ in range(5):
            g0.apply(rng.choice(g0.legal_actions()))
        g0.observe("marines")
        g1 = g0.clone()
        for _ in range(6):  # each plays on; g0's observe then clears the marks (shared, before)
            for g in (g1, g0):
                if not g.is_terminal():
                    g.apply(rng.choice(g.legal_actions()))
        g0.observe("marines")
        g2 = g1.clone()  # (as if made where g0 lived)
        assert np.array_equal(g2.observe("marines"), GloriousDay.from_dict(g2.to_dict()).observe("marines")), trial


def _same_as_a_clone(g) -> None:
    fresh = g.clone()
    for side in ("marines", "hive"):
        np.testing.assert_array_equal(g.observe(side), fresh.observe(side), err_msg=side)


def test_newt_picked_up_by_the_scripted_marines_is_observed_as_written_from_scratch():
    """Mission 1: the scripted marines find Newt (random play never does): the carrier's row,
    Newt's square and the globals' Newt feature, at every step, equal a clone's."""
    from aliens_env.envs import make_policy

    g = GloriousDay(mission="newt")
    policies = {"marines": make_policy("GloriousDay", "marines", "heuristic"), "hive": make_policy("GloriousDay", "hive", "dice")}
    found = 0
    for seed in (0, 1, 2):
        g.reset(seed)
        while not g.is_terminal() and not g.truncated_by():
            newt = g.newt
            player = g.current_player()
            g.apply(policies[player].act(g, player))
            _same_as_a_clone(g)
            found += newt != -1 and g.newt == -1
    assert found == 3


def test_a_campaign_mission_change_is_observed_as_written_from_scratch():
    g = GloriousDay(mission="escape", campaign=True, apc_chase=True)
    g.reset(3)
    rng = random.Random(0)
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    _same_as_a_clone(g)  # (observed in the first mission)
    stage = g.stage
    g._next_mission()
    assert g.stage == stage + 1
    _same_as_a_clone(g)
    assert _mismatch(g, 150, seed=4, reset=False) is None


def _aliens_as_the_rules_say(g) -> None:
    """The Aliens' board plane and rows against values worked out from ``g.aliens`` alone (not
    by the observation's code): a square shows the count of the last slot on it."""
    views = g.obs_layout.views(g.observe("marines"))
    plane = views["board"][list(g._plane_at).index("alien")].ravel()
    want_plane, want_rows = np.zeros_like(plane), np.zeros_like(views["aliens"])
    for slot, alien in enumerate(g.aliens):
        if alien is not None:
            r, c = divmod(alien["pos"], g.board.width)
            want_plane[alien["pos"]] = alien["count"] / 3
            want_rows[slot] = (1.0, alien["count"] / 3, r / g.board.height, c / g.board.width)
    np.testing.assert_allclose(plane, want_plane, rtol=1e-6)
    np.testing.assert_allclose(views["aliens"], want_rows, rtol=1e-6)


def _edited_aliens(g) -> None:
    """What a rule that moves Aliens does besides: mark them; the position's cache (its
    observation) dropped, as after any action."""
    g._obs_marks.add("aliens")
    g._cache.clear()


def test_aliens_sharing_a_square_leaving_it_and_gone_are_shown_as_the_rules_say():
    """Checked against g.aliens itself at every step of random play, and with two Aliens put on
    one square (as under the APC), one of them moved off, then one gone."""
    g = GloriousDay()
    g.reset(11)
    rng = random.Random(1)
    while sum(a is not None for a in g.aliens) < 2:
        g.apply(rng.choice(g.legal_actions()))
        _aliens_as_the_rules_say(g)
    first, second = [slot for slot, a in enumerate(g.aliens) if a is not None][:2]
    g.aliens[first]["count"], g.aliens[second]["count"] = 1, 2
    g.aliens[second]["pos"] = g.aliens[first]["pos"]
    _edited_aliens(g)
    _aliens_as_the_rules_say(g)  # (the square shows the second slot's count)
    free = next(s for s in range(g.board.n) if g.board.passable.flat[s] and all(a is None or a["pos"] != s for a in g.aliens))
    g.aliens[second]["pos"] = free
    _edited_aliens(g)
    _aliens_as_the_rules_say(g)  # (the square left shows the first slot's count again)
    g.aliens[first] = None
    _edited_aliens(g)
    _aliens_as_the_rules_say(g)


def test_the_globals_rewritten_one_by_one_follow_each_count_and_the_reaction_flag_the_round():
    """The globals' values are written again one at a time, for the counts that changed: each
    count changed alone shows as written from scratch, and the reaction round's flag (worked out
    from the reaction round and the round) follows the round when only the round changed."""
    g = GloriousDay()
    g.reset(3)
    g.observe("marines")

    def changed_and_observed():  # (the views kept for the position dropped, as the game does when it changes)
        g._cache.clear()
        _same_as_a_clone(g)

    g.reaction_round = g.round  # the flag up
    changed_and_observed()
    g.round += 1  # only the round changed: the flag down
    changed_and_observed()
    g.reaction_round = g.round
    changed_and_observed()
    for name in ("deck", "hand", "hm_deck", "tracker", "blip_pool", "hive_hazards"):  # one count changed at a time
        getattr(g, name).pop()
        changed_and_observed()
    for name, card in (("exhausted", g.deck[0]), ("discard", g.deck[0]), ("hm_hand", g.hm_deck[0])):
        getattr(g, name).append(card)
        changed_and_observed()
    g.willpower -= 1
    changed_and_observed()
    g.newt = NO if g.newt != NO else 0  # (Newt off the map, or on square 0: the last count)
    changed_and_observed()


@pytest.mark.parametrize("mission", ["queen_apc", "apc_chase"])
def test_the_apc_seats_view_shows_each_characters_seat_of(mission):
    """The ``apc_seats`` view asks seat_of only of the Characters aboard (observation.py): at every
    step of random play each row is what seat_of says, an empty row for a Character outside."""
    from aliens_env.glorious_day.observation import SEAT_INDEX

    g, rng, aboard = GloriousDay(mission=mission), random.Random(4), 0
    g.reset(4)
    for _ in range(400):
        if g.is_terminal() or g.truncated_by():
            g.reset(rng.randrange(1000))
        seats = g.obs_layout.view(g.observe("marines"), "apc_seats")
        for c in range(len(g.chars)):
            want = np.zeros(seats.shape[1], dtype=seats.dtype)
            seat = g.seat_of(c)
            if seat:
                want[0] = want[1 + SEAT_INDEX[seat]] = 1.0
                aboard += 1
            assert np.array_equal(seats[c], want), (c, seat, seats[c])
        g.apply(rng.choice(g.legal_actions()))
    assert aboard  # (random play boarded the APC: the rows aboard were checked too)


@pytest.mark.parametrize("mission", ["queen_apc", "apc_chase"])
def test_the_apc_seats_follow_a_character_boarding_moving_aboard_and_killed_aboard(mission):
    """The crew's seats are looked at again when a Character's square changed or one died, only
    that Character marked (as a Move and a kill mark it; the APC's record not): boarded, moved
    aboard, then killed aboard, each observed as a clone (written from scratch) observes it."""
    g = GloriousDay(mission=mission)
    g.reset(3)
    _same_as_a_clone(g)
    for square in sorted(g.vehicle_set())[:2]:  # boarded, then moved aboard
        g.chars[0]["pos"] = square
        g._obs_chars.add(0)
        g._cache.clear()
        assert g.seat_of(0)
        _same_as_a_clone(g)
    g._kill_character(0)  # (its square NO, its row empty)
    g._cache.clear()
    _same_as_a_clone(g)


@pytest.mark.parametrize("mission", ["queen_apc", "apc_chase"])
def test_a_scanned_blip_moved_or_gone_is_observed_as_written_from_scratch(mission):
    """The Scanner's view shows the scanned Blips' squares and values: it is looked at again when
    the APC's record is marked ("apc") and when a Blip is (random play seldom scans): a scanned
    Blip moved, then gone, with only the Blips marked, as the rules do, shows as a clone's."""
    g, rng = GloriousDay(mission=mission), random.Random(2)
    g.reset(2)
    while sum(bl is not None for bl in g.blips) < 2:
        g.apply(rng.choice(g.legal_actions()))
    first, second = [k for k, bl in enumerate(g.blips) if bl is not None][:2]
    g.apc["scanned"] = [first, second]  # (as a passed scan: the APC marked)
    g._obs_marks.add("apc")
    g._cache.clear()
    _same_as_a_clone(g)
    taken = {bl["pos"] for bl in g.blips if bl is not None}
    g.blips[first]["pos"] = next(s for s in g.nbrs[g.blips[first]["pos"]] if s not in taken)  # (as a Willpower Move)
    g._obs_marks.add("blips")
    g._cache.clear()
    _same_as_a_clone(g)
    g.blips[second] = None  # (revealed)
    g._obs_marks.add("blips")
    g._cache.clear()
    _same_as_a_clone(g)


@pytest.mark.parametrize("mission", ["nest", "uplink"])
def test_a_token_dealt_with_is_observed_as_written_from_scratch(mission):
    """The later missions' views are listed again when a Character or the tokens are marked (the
    objective's progress compared at every step): a token put on another square (the progress the
    same), then each dealt with (in play its Character's action marks that Character too; here the
    tokens' mark alone), show as a clone's."""
    g = GloriousDay(mission=mission)
    g.reset(5)
    g.observe("marines")
    g.tokens[0] = next(s for s in range(g.board.n) if g.passable[s] and s not in g.tokens)
    g._obs_marks.add("tokens")
    g._cache.clear()
    _same_as_a_clone(g)
    for k in range(len(g.tokens)):
        g.tokens[k] = NO  # (as _token does)
        g._obs_marks.add("tokens")
        g._cache.clear()
        _same_as_a_clone(g)
