"""A Marine's grenade at its k-th target's square (BugHunt.row_aimed_actions, the Game contract's
row_aimed_slice_names): with the compact observation and actions="side", one grenade action per
target row it shows (6) instead of the 441 offsets, mapped at each decision (envs/actions.py)."""
import numpy as np
import pytest

from aliens_env.bug_hunt import marines
from aliens_env.core.game import IllegalActionError
from aliens_env.envs.actions import SideActions
from aliens_env.envs.observations import Observer

from bh_helpers import activate, build

# Apone (pulse rifle, grenades) at (1, 1); Aliens at ranges 3, 7 and 12 (the rifle's reach, past
# the grenade's 10); an egg cache under the first Alien (two targets, one square)
ROWS = ["################",
        "#1..A...A....A.#",
        "#..............#",
        "################"]
EGG_UNDER_THE_ALIEN = [{"kind": "egg_cache", "pos": [1, 4], "state": "intact"}]


@pytest.fixture
def game():
    g = build(ROWS, pool=6, features=EGG_UNDER_THE_ALIEN)
    activate(g, 0)
    return g


def grenade_at(g, rc):
    """The game's grenade action of the acting figure at square rc (the slot the game's own
    grenade squares give it)."""
    slot = {square: slot for slot, square in marines.grenade_squares(g, g.active).items()}[g.sq(rc)]
    return g.layout.slices["grenade"][0] + slot


def test_each_target_row_is_the_grenade_at_its_square(game):
    g = game
    assert marines.targets(g) == [("alien", 0), ("egg", 0), ("alien", 1), ("alien", 2)]
    # row 1: the egg cache's square is row 0's (one row per action); row 3: 12 away, past the
    # grenade's range; rows 4-5: no target
    want = [grenade_at(g, (1, 4)), -1, grenade_at(g, (1, 8)), -1, -1, -1]
    assert g.row_aimed_actions("grenade", 6) == want
    assert g.row_aimed_actions("grenade", 2) == want[:2]


def test_the_side_takes_one_grenade_per_shown_row_its_mask_the_games(game):
    g = game
    shown = Observer(g, "compact").shown_rows
    side = SideActions(g, "marines", "side", shown)
    assert shown == {"targets": 6} and SideActions(g, "marines", "side").n == 511 and side.n == 70  # 505 - 441 + 6
    (name, first, rows, span), = side.aimed
    start, count = g.layout.slices["grenade"]
    assert (name, rows, span) == ("grenade", 6, range(start, start + count)) and count == 441
    assert g.layout.name(side.to_game(first - 1, g)).startswith("fire[")  # in the layout's order
    mask, side_mask = g.legal_mask("marines"), side.mask(g)
    assert list(side_mask[first:first + 6]) == [1, 0, 1, 0, 0, 0]
    assert side.to_game(first, g) == grenade_at(g, (1, 4)) and side.to_game(first + 2, g) == grenade_at(g, (1, 8))
    assert side.from_game(grenade_at(g, (1, 8)), g) == first + 2
    fixed = [i for i in range(side.n) if not first <= i < first + 6]
    assert np.array_equal(side_mask[fixed], mask[[side.to_game(i, g) for i in fixed]])
    # expand: the game's mask less the grenades at squares no shown target stands on
    kept = mask.copy()
    kept[g.layout.span("grenade")] = 0
    kept[[grenade_at(g, (1, 4)), grenade_at(g, (1, 8))]] = 1
    assert np.array_equal(side.expand(side_mask, g), kept)
    # an empty row's action or one past the grenade's range: no game action now
    for row in (1, 3, 5):
        with pytest.raises(IllegalActionError, match=rf"marines action {first + row} \(grenade at row {row}\) is "
                                                     r"aimed at nothing now"):
            side.to_game(first + row, g)
    # the same actions once the squad has no grenade left: mapped, not legal (as the game's)
    g.grenades = 0
    g._cache.clear()
    assert not side.mask(g)[first:first + 6].any() and not g.legal_mask("marines")[span.start:span.stop].any()
    assert side.to_game(first, g) == grenade_at(g, (1, 4))


def test_a_grenade_at_a_square_no_shown_target_stands_on_is_not_the_sides(game):
    g = game
    side = SideActions(g, "marines", "side", Observer(g, "compact").shown_rows)
    empty = grenade_at(g, (2, 5))
    assert g.legal_mask("marines")[empty]  # the game's, legal
    with pytest.raises(ValueError, match=rf"game action {empty} \(grenade\[\+1,\+4\]\) is not one of the actions of "
                                         r"the marines now \(actions='side'\): no row they show is aimed at it"):
        side.from_game(empty, g)


def test_the_mapping_needs_the_game(game):
    g = game
    side = SideActions(g, "marines", "side", Observer(g, "compact").shown_rows)
    message = r"SideActions.{} needs the game \(game=\): the grenade actions of the marines are aimed at the rows of a view"
    with pytest.raises(TypeError, match=message.format("to_game")):
        side.to_game(0)  # (a fixed index too: one rule for every call)
    with pytest.raises(TypeError, match=message.format("from_game")):
        side.from_game(grenade_at(g, (1, 4)))
    with pytest.raises(TypeError, match=message.format("expand")):
        side.expand(side.mask(g))
    full = SideActions(g, "marines", "side")  # (the full observation: the 441 offsets, no game needed)
    assert full.aimed == () and full.to_game(full.from_game(grenade_at(g, (2, 5)))) == grenade_at(g, (2, 5))


def test_apply_throws_the_grenade_at_the_rows_target(game):
    g = game
    side = SideActions(g, "marines", "side", Observer(g, "compact").shown_rows)
    first = side.aimed[0][1]
    ap = g.humans[0].ap + g.pool
    g.dice.script(6, 6)  # (on target; it kills)
    side.apply(g, first + 2)
    assert g.grenades == 5 and g.humans[0].ap + g.pool == ap - g.rules["ap_cost"]["grenade"]
    assert not g.aliens[1].alive and g.aliens[0].alive and g.aliens[2].alive


def test_a_finished_game_aims_at_no_row_and_the_side_has_no_legal_action(game):
    g = game
    side = SideActions(g, "marines", "side", Observer(g, "compact").shown_rows)
    while not g.is_terminal():
        g.apply(int(np.flatnonzero(g.legal_mask(g.current_player()))[-1]))
    assert g.decision is None and g.row_aimed_actions("grenade", 6) == [-1] * 6
    assert side.mask(g).sum() == 0


def test_no_figure_acting_no_row_is_aimed_at():
    g = build([ROWS[0], ROWS[1], "#2" + ROWS[2][2:], ROWS[3]], pool=6, features=EGG_UNDER_THE_ALIEN)  # (two to activate)
    assert g.decision.kind == "activate"
    assert g.row_aimed_actions("grenade", 6) == [-1] * 6
    with pytest.raises(ValueError, match=r"BugHunt aims no 'fire' at the targets' rows; row_aimed_slice_names: "
                                         r"\{'targets': \('grenade',\)\}"):
        g.row_aimed_actions("fire", 6)
