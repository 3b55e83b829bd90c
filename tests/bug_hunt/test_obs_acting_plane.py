"""observe()'s acting plane (observation._write_features marks it on the window, in C numbers when
compiled, without a list of marks): over random positions of Bug Hunt's figure decisions (over-watch
fire among them) and of BugHuntTactics' play, the plane holds, as docs/rules/bug_hunt.md's board view
(A1) and the observation's own space description say, 1 on the acting figure's square for an act,
step, attack or over-watch fire decision, 0.5 on the Alien an over-watch fire aims at, and 0 on every
other square. And the decision kinds _write_features tells apart by number are distinct numbers."""
import numpy as np

from aliens_env.bug_hunt import observation
from aliens_env.bug_hunt.observation import N_PLANES, P
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import BugHuntTactics

from bh_helpers import decisions, random_play

MARKED_KINDS = ("act", "step", "attack", "overwatch_fire")


def _plain_acting(g) -> np.ndarray:
    """The acting plane of the window, from the rule."""
    w, size = g.window, g.size
    focus = observation.focus(g)
    top, left = focus // size - w // 2, focus % size - w // 2
    plane = np.zeros((w, w), dtype=np.float32)

    def mark(square, value):
        r, c = square // size - top, square % size - left
        if 0 <= r < w and 0 <= c < w:
            plane[r, c] = value

    kind = None if g.decision is None else g.decision.kind
    if kind in MARKED_KINDS:
        mark(focus, 1.0)
        if kind == "overwatch_fire" and g.ow_target != NO:
            mark(g.aliens[g.ow_target].pos, 0.5)
    return plane


def _acting(g) -> np.ndarray:
    w = g.window
    board = g.observe("marines")[:N_PLANES * w * w].reshape(N_PLANES, w, w)
    return board[P["acting"]]


def test_the_acting_plane_is_the_rules_over_figure_decisions():
    kinds, aimed = set(), 0
    for seed in range(4):
        for g in decisions(seed, 1500, kinds=MARKED_KINDS + ("activate",)):
            plain = _plain_acting(g)
            assert np.array_equal(_acting(g), plain), g.decision.kind
            kinds.add(g.decision.kind)
            aimed += bool((plain == 0.5).any())
    assert kinds == set(MARKED_KINDS + ("activate",)) and aimed >= 5, (kinds, aimed)


def test_the_acting_plane_is_the_rules_through_bug_hunt_tactics_play():
    checked = 0
    for seed in range(4):
        for g in random_play(seed, 60, make=BugHuntTactics):
            assert np.array_equal(_acting(g), _plain_acting(g))
            checked += 1
    assert checked > 150


def test_driving_lists_the_targets_from_the_apc_and_marks_no_acting_square():
    """The APC driven ("drive", told apart from no decision by its own index): the target rows are
    listed from the APC's square and the decision one-hot and acting plane stay 0, as the plain
    features say (test_bh_obs_features' check)."""
    from test_bh_obs_features import _check

    driven = with_targets = 0
    for seed in range(6):
        for g in decisions(seed, 1500, kinds=("drive",), apc=True):
            with_targets += _check(g, "marines")
            assert not _acting(g).any()
            driven += 1
    assert driven >= 20 and with_targets >= 1, (driven, with_targets)


def test_the_kinds_told_apart_by_number_are_distinct():
    """_write_features compares the decision kind as C ints (_KINDS_AT): "drive" must not share a
    number with another kind or with no decision (None), or the target rows would be listed with no
    decision (the mutant "drive": -1 passes every observation test played here)."""
    numbers = list(observation._KINDS_AT) + [observation._KIND_INDEX[None]]
    assert len(set(numbers)) == len(numbers), observation._KIND_INDEX
    assert len(set(observation._KIND_INDEX.values())) == len(observation._KIND_INDEX)
