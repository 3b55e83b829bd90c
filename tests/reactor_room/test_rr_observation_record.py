"""The observation kept between steps (reactor_room/observation.py, movie/chain.py's buffers): at
every step of random legal play it equals the observation made from scratch (a clone keeps no
record, so its first observe writes every view anew), for the Reactor Room family and the chains
built on it; a Marine changed behind the record's back (a test, a position edit) is shown; the
record's own methods (the squares set, the tail written and cleared), its keys kept by identity, and a game
pickled or copied without its record."""
import numpy as np
import pytest

from aliens_env.benchmark import AECRunner, aec_env_function
from aliens_env.core.board import NO
from aliens_env.reactor_room.game import MARINE_FEATURES, ReactorRoom


@pytest.mark.parametrize("name", ["ReactorRoom", "OperationsAirDucts", "MovieScenario", "CompleteMovie", "HuntForTheQueen",
                                  "MarineAssault", "RescueOfNewt"])
def test_kept_observation_equals_one_made_from_scratch(name):
    runner = AECRunner(aec_env_function(name), seed=7)
    for _ in range(400):
        runner.steps(1)
        game = runner.env.unwrapped.game
        for side in ("marines", "hive"):
            kept = game.observe(side)
            fresh = game.clone().observe(side)
            assert np.array_equal(kept, fresh), f"{name}: views differ at {np.flatnonzero(kept != fresh)[:10]}"
            buffer = game.observe_kept(side)  # the same values in the game's own buffer, the same array each call
            if name in ("MovieScenario", "CompleteMovie"):
                assert buffer is None  # a chain keeps none of its own (it copies its stage's on)
            else:
                assert np.array_equal(buffer, fresh) and game.observe_kept(side) is buffer


def test_a_marine_edited_between_observes_is_shown_there():
    g = ReactorRoom()
    before = g.observe("marines")
    m = g.marines[0]
    m.wounded = True  # (no step in between: only the record's own comparison can see it)
    after = g.observe("marines")
    plane = g._plane
    assert before[plane["marine"] + m.pos] == 1.0 and after[plane["marine"] + m.pos] == 0.0
    assert after[plane["wounded"] + m.pos] == 1.0
    assert np.array_equal(after, g.clone().observe("marines"))
    m.status, m.pos = "dead", NO
    gone = g.observe("marines")
    assert gone[plane["wounded"]:plane["wounded"] + g.board.n].sum() == 0.0
    assert np.array_equal(gone, g.clone().observe("marines"))


@pytest.mark.parametrize("name", ["ReactorRoom", "HuntForTheQueen"])
def test_the_acting_marine_and_a_card_attack_changed_between_observes_are_shown(name):
    """Neither is one of the Marine's own fields: the record compares them itself."""
    g = aec_env_function(name)().unwrapped.game
    g.reset(3)
    g.observe("marines")
    g.active = 1 if g.active != 1 else 2  # (no step in between, no Marine written)
    acting = g.obs_layout.views(g.observe("marines"))["marines"].reshape(len(g.marines), -1)[:, MARINE_FEATURES.index("acting")]
    assert acting[g.active] == 1.0 and acting.sum() == 1.0
    assert np.array_equal(g.observe("marines"), g.clone().observe("marines"))
    m, al = g.marines[0], g.aliens[0]
    m.alien, al.in_play, al.card, al.pos, al.attack = 0, True, 0, m.pos, "attacking"
    g.observe("marines")
    al.attack = "grabbing"  # (the Alien written, not the Marine)
    assert np.array_equal(g.observe("marines"), g.clone().observe("marines"))


def test_the_record_clears_last_times_squares_and_keeps_those_still_set():
    """show_ones clears every square set last time before setting this time's: a square in both
    stays set, one no longer listed is cleared (a set order or a skipped clear would show)."""
    from aliens_env.reactor_room.observation import ObsRecord

    rec = ObsRecord(0, np.zeros(8, dtype=np.float32), 0)
    rec.show_ones([1, 2, 2, 5])
    assert rec.buf.tolist() == [0, 1, 1, 0, 0, 1, 0, 0]
    rec.show_ones([5, 6])
    assert rec.buf.tolist() == [0, 0, 0, 0, 0, 1, 1, 0] and rec.ones == [5, 6]
    rec.show_ones([])
    assert not rec.buf.any()


def test_the_record_writes_the_tail_and_clears_only_past_its_new_end():
    """write_tail writes its values from ``at`` on as float32 (bools and ints too, rounded as
    numpy's float32) and clears what a longer tail wrote last time, nothing before ``at`` or past
    last time's end."""
    from aliens_env.reactor_room.observation import ObsRecord

    rec = ObsRecord(0, np.zeros(10, dtype=np.float32), 0)
    rec.buf[:] = 9.0
    tail = [0.1, True, 2, 1 / 3, False]
    rec.write_tail(2, tail)
    assert rec.buf.tolist() == np.array([9, 9, *tail, 9, 9, 9], dtype=np.float32).tolist() and rec.tail_end == 7
    rec.write_tail(2, [0.5, 0.25])
    assert rec.buf.tolist() == [9, 9, 0.5, 0.25, 0, 0, 0, 9, 9, 9] and rec.tail_end == 4
    rec.write_tail(2, [1.0, 1.0, 1.0])  # (longer than last time's: nothing past it to clear)
    assert rec.buf.tolist() == [9, 9, 1, 1, 1, 0, 0, 9, 9, 9] and rec.tail_end == 5


def test_the_record_writes_values_as_struct_packs_them():
    """write_values writes a list's or a tuple's values from ``at`` on, each rounded to float32
    as struct's "f" packs it (large, tiny, negative floats, ints and bools), nothing before ``at``
    or past the values' end."""
    import random
    import struct

    from aliens_env.reactor_room.observation import ObsRecord

    rng = random.Random(41)
    pool = [True, False, 0, 1, -3, 2 ** 40, 1e38, -1e38, 3.4028234e38, 1e-40, -1e-45, 1e-30, 0.1, -0.0, 1 / 3]
    for _ in range(200):
        values = [rng.choice(pool) if rng.random() < 0.5 else rng.uniform(-1e6, 1e6) * 10 ** rng.randint(-30, 30)
                  for _ in range(rng.randint(0, 12))]
        values = [v for v in values if abs(v) < 3.4e38]  # (struct refuses what float32 cannot hold)
        at = rng.randint(0, 4)
        expected = bytearray(struct.pack("20f", *[7.0] * 20))
        struct.pack_into(f"{len(values)}f", expected, at * 4, *values)
        for made in (list, tuple):
            rec = ObsRecord(0, np.full(20, 7.0, dtype=np.float32), 0)
            rec.write_values(at, made(values))
            assert rec.buf.tobytes() == bytes(expected), (at, values)


def test_a_game_with_its_record_pickles_and_copies_without_it_and_observes_the_same():
    """The record is neither pickled nor copied (a loaded or copied game makes its own at its first
    observe; the pickle names ObsRecord alone, no helper of the compiled module: compiled and pure
    pickles swap), so a record of an older layout (c344682's, with ``other_ones``) loads too; the
    loaded game plays on with the same views."""
    import copy
    import pickle

    from aliens_env.reactor_room.observation import ObsRecord

    runner = AECRunner(aec_env_function("OperationsAirDucts"), seed=3)
    runner.steps(60)
    game = runner.env.unwrapped.game
    kept = game.observe("marines")
    data = pickle.dumps(game._obs_record)
    assert b"__pyx" not in data and b"ObsRecord" in data
    assert type(pickle.loads(data)) is ObsRecord and pickle.loads(data).owner is None
    old = ObsRecord.__new__(ObsRecord)
    old.__setstate__({"owner": id(game), "template": game._obs_template, "keys": [], "other_ones": {1}, "tail_end": 0})
    assert old.owner is None
    loaded, copied = pickle.loads(pickle.dumps(game)), copy.deepcopy(game)
    for other in (loaded, copied):
        assert np.array_equal(other.observe("marines"), kept)
        assert other._obs_record.buf is not game._obs_record.buf
    rng = np.random.default_rng(0)
    for _ in range(60):  # the same moves (the dice pickled too): the same views
        if game.is_terminal():
            break
        action = int(rng.choice(np.flatnonzero(game.legal_mask(game.current_player()))))
        game.apply(action)
        loaded.apply(action)
        assert np.array_equal(loaded.observe("marines"), game.observe("marines"))


def test_an_unchanged_marine_keeps_its_key_and_an_equal_new_object_rewrites_its_row():
    """The Marines' keys are compared field by field by identity: with nothing changed no key is
    built again (no row rewritten); a field given an equal new object builds its key again and
    shows the same values."""
    g = ReactorRoom()
    g.reset(3)
    i = len(g.marines) - 1
    g.marines[i].status = "dead"  # (off the map: its key holds its status, a string)
    g.observe("marines")
    before = list(g._obs_record.keys)
    g.observe("marines")
    assert all(a is b for a, b in zip(before, g._obs_record.keys))
    g.marines[i].status = "".join(["de", "ad"])  # (equal, another object)
    shown = g.observe("marines")
    keys = g._obs_record.keys
    assert keys[i] is not before[i] and keys[i] == before[i]
    assert all(keys[j] is before[j] for j in range(len(keys)) if j != i)
    assert np.array_equal(shown, g.clone().observe("marines"))


@pytest.mark.parametrize("field, value", [("pos", None), ("wounded", True), ("incapacitated", True), ("carried_by", 1),
                                          ("carrying", 1), ("actions_left", 1), ("aim", 2)])
def test_each_field_a_marine_shows_changed_alone_is_shown(field, value):
    """The record compares a Marine's fields one by one: each changed alone between two observes
    rewrites its square and row (a field left out of the comparison would keep the old view)."""
    g = ReactorRoom()
    g.reset(5)
    g.observe("marines")
    m = g.marines[0]
    m.actions_left, m.aim = 3, 0
    g.observe("marines")
    setattr(m, field, value if field != "pos" else g.marines[1].pos)  # (a square shared: counted, both shown)
    assert np.array_equal(g.observe("marines"), g.clone().observe("marines")), field


def test_an_off_map_marine_changed_is_shown():
    g = ReactorRoom()
    g.observe("marines")
    m = g.marines[0]
    m.status, m.pos = "exited", NO
    g.observe("marines")
    for field, value in (("wounded", True), ("incapacitated", True), ("status", "dead")):
        setattr(m, field, value)
        assert np.array_equal(g.observe("marines"), g.clone().observe("marines")), field


def test_the_record_moves_a_mark_and_keeps_a_square_two_figures_share():
    """move_mark counts the figures per marked square: a square stays set while a figure is left
    on it, is cleared when its last one leaves; None is off the board (nothing written)."""
    from aliens_env.reactor_room.observation import ObsRecord

    rec = ObsRecord(0, np.zeros(6, dtype=np.float32), 0)
    rec.move_mark(None, 2)
    rec.move_mark(None, 2)  # (a second figure on the same square)
    assert rec.buf.tolist() == [0, 0, 1, 0, 0, 0] and rec.counts == {2: 2}
    rec.move_mark(2, 4)
    assert rec.buf.tolist() == [0, 0, 1, 0, 1, 0] and rec.counts == {2: 1, 4: 1}
    rec.move_mark(2, None)
    assert rec.buf.tolist() == [0, 0, 0, 0, 1, 0] and rec.counts == {4: 1}
