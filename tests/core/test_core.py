"""The shared rules core: dice, action and observation layouts, boards (movement, range, line of sight, distances)."""
import json
import random
from collections import Counter

import numpy as np
import pytest

from aliens_env.core.actions import ActionLayout, ObsLayout
from aliens_env.core.board import Board, MapError
from aliens_env.core.dice import MAX_SCRIPTED, Dice, ScriptError


# -- dice ---------------------------------------------------------------------------------------
def test_dice_ranges_and_seeding():
    a, b = Dice(5), Dice(5)
    rolls = [a.d10() for _ in range(2000)]
    assert rolls == [b.d10() for _ in range(2000)]
    assert set(rolls) == set(range(10))  # 0-9, a 0 is a zero
    d = Dice(1)
    assert {d.d6() for _ in range(600)} == set(range(1, 7))
    assert {d.coin() for _ in range(100)} == {0, 1}


def test_scripted_rolls_come_first_and_are_checked():
    d = Dice(0)
    d.script(0, 9, 6, 1)
    assert [d.d10(), d.d10(), d.d6(), d.coin()] == [0, 9, 6, 1]
    assert d.rolls == 4 and d.scripted_left == 0
    d.script(7)
    with pytest.raises(ScriptError, match="cannot come from a d6"):
        d.d6()


def test_dice_draw_as_pythons_random_draws():
    """Dice._below draws what Python's Random._randbelow draws from the same state (dice saved
    before it still roll the same), for every size up to a shuffle's widest, and a roll of the
    dice is random.randint's."""
    ours, theirs = Dice(11), random.Random(11)
    for n in [1, 2, 3, 6, 10, 64, 65, 1000, MAX_SCRIPTED]:
        for _ in range(50):
            assert ours._below(n) == theirs._randbelow(n)
    assert ours._rng.getstate() == theirs.getstate()
    dice, rng = Dice(5), random.Random(5)
    assert [dice.d6() for _ in range(200)] == [rng.randint(1, 6) for _ in range(200)]


def test_shuffle_draws_as_the_dice_roll():
    """An unscripted, unlogged shuffle (the fast path) orders and counts as the rolled one: the
    same seed with a log (each card's roll through _roll) and with a script of those rolls."""
    fast, logged = Dice(7), Dice(7)
    logged.log = []
    a, b = list(range(40)), list(range(40))
    fast.shuffle(a)
    logged.shuffle(b)
    assert a == b != list(range(40)) and fast.rolls == logged.rolls == 39
    scripted = Dice(99)
    scripted.script(*[value for _, _, value in logged.log])
    c = list(range(40))
    scripted.shuffle(c)
    assert c == a and scripted.scripted_left == 0
    assert fast.d10() == logged.d10()  # the generators left in step


def test_pick_uses_equal_bands_of_the_die():
    d = Dice(0)
    d.script(4, 5)  # two candidates: 0-4 and 5-9
    assert [d.pick(2), d.pick(2)] == [0, 1]
    d.script(9, 2, 3, 8)  # three candidates: 0-2, 3-5, 6-8; a 9 is rolled again
    assert [d.pick(3), d.pick(3), d.pick(3)] == [0, 1, 2]
    rng = Dice(11)
    counts = Counter(rng.pick(3) for _ in range(30000))
    for k in range(3):  # uniform within 4 binomial standard errors
        p = 1 / 3
        assert abs(counts[k] - 30000 * p) < 4 * (30000 * p * (1 - p)) ** 0.5
    assert Dice(1).pick(1) == 0
    with pytest.raises(ValueError):
        Dice(1).pick(0)


def test_pick_among_many_candidates_reads_more_digits():
    d = Dice(0)
    d.script(4, 2)  # 12 candidates: two d10 read 00-99, bands of 8: 42 // 8 = 5
    assert d.pick(12) == 5
    d.script(1, 5, 0)  # 150 candidates: three d10 read 000-999, bands of 6: 150 // 6 = 25
    assert d.pick(150) == 25
    rng = Dice(3)
    assert {rng.pick(150) for _ in range(20000)} == set(range(150))


def test_dice_state_round_trips_and_clones():
    d = Dice(3)
    d.d10()
    d.script(4)
    copy = Dice.from_dict(json.loads(json.dumps(d.to_dict())))
    twin = d.clone()
    assert [d.d10() for _ in range(20)] == [copy.d10() for _ in range(20)] == [twin.d10() for _ in range(20)]
    with pytest.raises(ValueError, match="malformed dice"):
        Dice.from_dict({"rng": "nonsense"})


# -- action layout ------------------------------------------------------------------------------
def test_action_layout_encodes_decodes_and_names():
    lay = ActionLayout([("move", ["N", "E"]), ("aim", 1), ("fire", 3)])
    assert lay.size == 6
    assert lay.encode("fire", 2) == 5 and lay.decode(5) == ("fire", 2)
    assert lay.names() == ["move[N]", "move[E]", "aim", "fire[0]", "fire[1]", "fire[2]"]
    assert lay.span("fire") == slice(3, 6)
    with pytest.raises(KeyError, match="unknown action slice"):
        lay.encode("melee")
    with pytest.raises(IndexError):
        lay.encode("fire", 3)
    with pytest.raises(IndexError):
        lay.decode(6)
    with pytest.raises(ValueError, match="twice"):
        ActionLayout([("a", 1), ("a", 2)])


def test_the_contracts_hooks_have_their_documented_defaults():
    from aliens_env.core.game import Game

    class Bare(Game):  # the contract's abstract verbs only, no hook overridden
        name = "Bare"
        reset = current_player = legal_mask = _apply = observe = outcome = to_dict = describe_action = None
        from_dict = classmethod(lambda cls, data: cls())

    game = Bare()
    game.obs_layout = ObsLayout([("x", 3)])
    assert game.shaping_value("marines") == game.shaping_value("hive") == 0.0  # no shaping
    assert game.render_text("hive") == repr(game) and game.observation_shape == (3,)
    with pytest.raises(NotImplementedError, match="Bare has no image rendering"):
        game.render_rgb()
    game.legal_mask = lambda player: np.array([0, 1, 1], dtype=np.int8) if player == "hive" else np.zeros(3, np.int8)
    assert game.legal_mask_kept("hive").tolist() == [0, 1, 1] and game.observe_kept("hive") is None


def test_a_phased_games_kept_mask_is_its_legal_mask_without_the_copy():
    from aliens_env.reactor_room.game import ReactorRoom

    g = ReactorRoom()
    g.reset(seed=3)
    mover, other = g.current_player(), "hive" if g.current_player() == "marines" else "marines"
    kept = g.legal_mask_kept(mover)
    assert kept is g._current_mask() and kept.any()  # (the kept array itself: no copy)
    assert np.array_equal(kept, g.legal_mask(mover)) and g.legal_mask(mover) is not kept
    assert not g.legal_mask_kept(other).any() and not g.legal_mask(other).any()


def test_a_decision_compares_copies_and_pickles_by_its_fields():
    """Decision (a plain class: compiled, an extension type) keeps what the dataclass it was gave:
    equality by its fields, a readable repr, no hash (it is mutable), an options list of its own
    by default, and copies and pickles equal to it."""
    import copy
    import pickle

    from aliens_env.core.game import Decision

    d = Decision("marines", "move", [3, 4])
    assert d == Decision("marines", "move", [3, 4])
    assert d != Decision("hive", "move", [3, 4]) and d != Decision("marines", "fire", [3, 4])
    assert d != Decision("marines", "move", [3]) and d != ("marines", "move", [3, 4])
    assert repr(d) == "Decision(player='marines', kind='move', options=[3, 4])"
    with pytest.raises(TypeError):
        hash(d)
    a, b = Decision("hive", "push"), Decision("hive", "push")
    assert a.options == [] and a.options is not b.options
    twin = d.copy()
    assert twin == d and twin.options is not d.options
    assert pickle.loads(pickle.dumps(d)) == d and copy.deepcopy(d) == d


def test_obs_layout_names_views_of_one_flat_array():
    lay = ObsLayout([("board", (2, 3, 4), "planes"), ("rows", (2, 5)), ("flag", 1)])
    assert lay.size == 24 + 10 + 1 and lay.shape == (35,) and lay.names() == ["board", "rows", "flag"]
    assert [lay.offset(n) for n in lay.names()] == [0, 24, 34] and lay.span("rows") == slice(24, 34)
    assert lay.rows()[0] == ("board", (2, 3, 4), 0, "planes")
    obs = np.arange(35, dtype=np.float32)
    views = lay.views(obs)
    assert views["board"].shape == (2, 3, 4) and views["board"][1, 2, 3] == 23
    assert views["rows"][1].tolist() == [29, 30, 31, 32, 33] and views["flag"].tolist() == [34]
    views["flag"][0] = -1  # a view, not a copy: writing through it writes the observation
    assert obs[34] == -1
    batch = np.zeros((7, 35), dtype=np.float32)
    assert lay.views(batch)["board"].shape == (7, 2, 3, 4) and lay.view(batch, "rows").shape == (7, 2, 5)
    with pytest.raises(ValueError, match="35 values"):
        lay.views(np.zeros(34, dtype=np.float32))
    with pytest.raises(KeyError, match="unknown observation view 'hand'"):
        lay.offset("hand")
    with pytest.raises(ValueError, match="twice"):
        ObsLayout([("a", 1), ("a", 2)])
    with pytest.raises(ValueError, match="shape"):
        ObsLayout([("a", (2, -1))])


# -- board ----------------------------------------------------------------------------------------
def test_map_errors_name_the_square():
    with pytest.raises(MapError, match="row 1 has 2"):
        Board(["...", ".."])
    with pytest.raises(MapError, match=r"\(0, 1\) is '\?'"):
        Board([".?."])


def test_diagonal_between_obstructions_unless_a_connected_wall():
    loose = Board(["#.", ".#"])
    assert loose.can_step(loose.index(0, 1), loose.index(1, 0))
    wall = Board(["W.", ".W"])
    assert not wall.can_step(wall.index(0, 1), wall.index(1, 0))
    stair = Board([".S."])
    assert not stair.can_step(0, 1) and stair.distance_field([0])[2] >= 10_000


def test_range_is_counted_as_if_moving():
    b = Board(["." * 10] * 10)
    assert b.range(b.index(0, 0), b.index(3, 7)) == 7
    assert b.range(b.index(5, 5), b.index(5, 5)) == 0


def test_distance_field_goes_around_obstructions_and_double_cost():
    b = Board([
        ".....",
        ".###.",
        "..d..",
    ])
    field = b.distance_field([b.index(0, 2)])
    assert field[b.index(2, 2)] == 4  # round the block: (0,1), (1,0), (2,1), (2,2)
    b2 = Board(["...", "###", "..."])
    assert b2.distance_field([0])[b2.index(2, 0)] >= 10_000
    cheap = Board([".d."]).distance_field([2], cost_double=True)  # entering the d square costs 2
    assert list(cheap) == [3, 1, 0]
    assert np.array_equal(b.distances()[b.index(0, 2)], field)


def test_line_of_sight_blocked_by_obstructions_not_by_stairwells():
    b = Board([
        ".....",
        "..#..",
        ".....",
        ".SSS.",
        ".....",
    ])
    assert not b.has_los(b.index(0, 2), b.index(2, 2))  # straight through the obstruction
    assert b.has_los(b.index(2, 0), b.index(4, 4))  # over the Stairwell
    assert b.has_los(b.index(2, 2), b.index(4, 2))


def test_generous_edge_lets_a_marine_beside_an_obstruction_see_round_it():
    from aliens_env.core.grid import _segment_entry

    b = Board([
        ".....",
        ".#...",
        ".....",
    ])
    shooter, target = b.index(1, 0), b.index(0, 2)
    # the centre-to-centre line enters the obstruction at (1, 1) ...
    assert _segment_entry(0.5, 1.5, 2.5, 0.5, 1, 1) >= 0
    # ... but the shooter touches the obstruction, so it may fire from its square's corner
    assert b.shooter_points(shooter)[1:] and b.has_los(shooter, target)
    # straight behind the obstruction stays hidden
    assert not b.has_los(shooter, b.index(1, 2))
    # a shooter not beside any obstruction uses its centre only
    far = Board(["......", "......", "..#...", "......"])
    assert far.shooter_points(far.index(0, 0)) == [(0.5, 0.5)]


def test_line_squares_are_ordered_nearest_first():
    b = Board(["....."] * 3)
    assert b.line_squares(b.index(0, 0), b.index(2, 4)) == [1, 6, 7, 8, 13]
    assert b.line_squares(b.index(1, 0), b.index(1, 4)) == [6, 7, 8]
    assert b.line_squares(b.index(0, 0), b.index(2, 2)) == [6]  # a diagonal touches corners only


# -- property tests on random maps ---------------------------------------------------------------
from hypothesis import given, settings
from hypothesis import strategies as st

maps = st.integers(2, 7).flatmap(
    lambda w: st.lists(st.text(alphabet=".#WS", min_size=w, max_size=w), min_size=2, max_size=7)
)


@settings(max_examples=150, deadline=None)
@given(maps, st.data())
def test_distance_fields_are_shortest_paths(rows, data):
    b = Board(rows)
    open_squares = [i for i in range(b.n) if b.passable.flat[i]]
    if not open_squares:
        return
    target = data.draw(st.sampled_from(open_squares))
    field = b.distance_field([target])
    for i in open_squares:
        d = int(field[i])
        steps = [int(field[j]) for _, j in b.neighbours[i]]
        if i == target:
            assert d == 0
        elif d < 10_000:
            assert min(steps) == d - 1  # some neighbour is one step closer, none is closer still
        else:
            assert all(s >= 10_000 for s in steps)  # cut off from the target with all its neighbours


@settings(max_examples=150, deadline=None)
@given(maps, st.data())
def test_line_of_sight_to_neighbours_and_through_open_rows(rows, data):
    b = Board(rows)
    open_squares = [i for i in range(b.n) if not b.blocked.flat[i]]
    if not open_squares:
        return
    src = data.draw(st.sampled_from(open_squares))
    seen = b.los_from(src)
    assert seen[src]
    assert not seen[b.blocked.ravel()].any()  # obstructions are never targets
    r, c = b.rc(src)
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):  # an orthogonal neighbour is always in sight
        if b.inside(r + dr, c + dc) and not b.blocked[r + dr, c + dc]:
            assert seen[b.index(r + dr, c + dc)]


def test_an_extended_action_layout_keeps_every_action_and_appends_the_new_slice():
    base = ActionLayout([("move", ["N", "E"]), ("end", 1), ("fire", 3)])
    wider = base.extended("tactic", ["a", "b"])
    assert wider.names()[:base.size] == base.names() and wider.size == base.size + 2
    assert [wider.decode(a) for a in range(base.size)] == [base.decode(a) for a in range(base.size)]
    assert wider.span("tactic") == slice(base.size, base.size + 2) and wider.name(base.size + 1) == "tactic[b]"
    assert "tactic" not in base.slices
    with pytest.raises(ValueError, match="defined twice"):
        base.extended("end", 1)


def test_play_out_stops_at_the_end_or_after_max_steps():
    from aliens_env.core.policy import RandomPolicy, play_out
    from aliens_env.reactor_room.game import ReactorRoom

    players = {"marines": RandomPolicy(0), "hive": RandomPolicy(1)}
    g = ReactorRoom()
    g.reset(0)
    assert play_out(g, players, max_steps=7) == 7 and not g.is_terminal()
    rest = play_out(g, players)
    assert rest > 0 and g.is_terminal()
    assert play_out(g, players, max_steps=7) == 0


def test_a_game_that_leaves_out_a_verb_of_the_contract_is_refused():
    """Game is no ABC (compiled, it is an extension type, which takes no metaclass); its __init__
    refuses a class that leaves an abstract method without an implementation, naming them."""
    from aliens_env.core.game import PhasedGame
    from aliens_env.reactor_room.game import ReactorRoom

    class Half(PhasedGame):
        name = "Half"

        def reset(self, seed=None):
            pass

    with pytest.raises(TypeError, match=r"can't instantiate Half: it implements no _advance, _compute_mask, _describe, _resolve, from_dict, observe, outcome, to_dict"):
        Half()
    ReactorRoom()  # (every verb implemented)
