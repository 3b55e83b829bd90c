"""The observation kept between steps (reactor_room/observation.py, movie/chain.py's buffers): at
every step of random legal play it equals the observation made from scratch (a clone keeps no
record, so its first observe writes every view anew), for the Reactor Room family and the chains
built on it; a Marine changed behind the record's back (a test, a position edit) is shown; the
record's own methods (the squares set, the values written) and the game's writers (the Marines' rows
and the tail, against values made from scratch from the features' names), its keys kept by
identity, and a game pickled or copied without its record."""
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
            assert np.array_equal(buffer, fresh) and game.observe_kept(side) is buffer  # (a chain's: its plan's)


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


def random_play_positions(seed: int, count: int):
    """Reactor Room positions of random legal play (games ended and reset on the way)."""
    rng = np.random.default_rng(seed)
    g = ReactorRoom()
    g.reset(seed)
    for _ in range(count):
        if g.is_terminal():
            g.reset(int(rng.integers(1000)))
        g.apply(int(rng.choice(g.legal_actions())))
        yield g, rng


def test_the_tail_writer_writes_the_documented_tail_and_clears_only_past_its_new_end():
    """_write_tail writes the GLOBAL_FEATURES and the targets' features from ``at`` on, each as
    float32 (bools and ints too), the same as a list made from scratch from the features' names,
    and clears what a longer tail wrote last time: nothing before ``at`` or past last time's end
    touched; over random play (each decision kind) with targets of every number."""
    from aliens_env.reactor_room.observation import ObsRecord
    from rr_helpers import documented_tail

    kinds, lengths = set(), set()
    rec = None
    for g, rng in random_play_positions(21, 600):
        if rec is None:
            rec = ObsRecord(0, np.full(200, 9.0, dtype=np.float32), 0)
        at = int(rng.integers(0, 20))
        targeted = [rng.choice([True, False, 1, 0, 0.25, 1 / 3, 0.1]).item() for _ in range(5 * int(rng.integers(0, 6)))]
        live = int(rng.integers(0, 9))
        before, old_end = rec.buf.copy(), rec.tail_end
        g._write_tail(rec, at, live, targeted)
        tail = documented_tail(g, live, targeted)
        end = at + len(tail)
        assert rec.tail_end == end
        assert np.array_equal(rec.buf[at:end], tail)
        assert np.array_equal(rec.buf[:at], before[:at])  # (nothing before at)
        assert not rec.buf[end:old_end].any()  # (last time's longer tail cleared)
        assert np.array_equal(rec.buf[max(end, old_end):], before[max(end, old_end):])  # (nothing past it)
        kinds.add(None if g.decision is None else g.decision.kind)
        lengths.add(len(tail))
        if rng.random() < 0.1:
            rec = None  # (a new record: nothing written yet to clear)
    assert len(lengths) == 6 and {"marine", "target"} <= kinds and len(kinds) >= 4, (kinds, lengths)


def edited_marines(g: ReactorRoom, rng, marines=None, cards: bool = True) -> None:
    """Random Marines of ``g`` (of ``marines``, indices: all by default) edited into every state a
    row shows (wounded, incapacitated, carried, carrying, actions and aim, exited or dead, moved;
    with ``cards``, an Alien's attack on its card and the acting Marine too)."""
    open_squares = [sq for sq in range(g.board.n) if not g.board.blocked.flat[sq]]
    for i in range(len(g.marines)) if marines is None else marines:
        m = g.marines[i]
        if rng.random() < 0.3:
            m.wounded, m.incapacitated = bool(rng.integers(2)), bool(rng.integers(2))
            m.carried_by = NO if rng.random() < 0.5 else int(rng.integers(len(g.marines)))
            m.carrying = NO if rng.random() < 0.5 else int(rng.integers(len(g.marines)))
            m.actions_left, m.aim = int(rng.integers(4)), int(rng.integers(3))
        if m.status == "on_map" and rng.random() < 0.5:  # (squares left and shared)
            m.pos = int(rng.choice(open_squares))
        if rng.random() < 0.1:
            m.status = str(rng.choice(["exited", "dead"]))
        if cards and rng.random() < 0.2:
            a = int(rng.integers(len(g.aliens)))
            m.alien = a
            g.aliens[a].attack = str(rng.choice(["", "attacking", "in_combat", "grabbing"]))
    if cards:
        g.active = int(rng.integers(-1, len(g.marines)))


def test_the_row_writer_writes_the_documented_rows():
    """_write_marine_rows writes each changed Marine's MARINE_FEATURES row (on the map value by
    value, off it through write_values) and board square as made from scratch from the features'
    names: all of them on a new record, then some Marines edited and moved (squares left and
    shared) and their rows alone rewritten, in any order, over those written before."""
    from aliens_env.reactor_room.observation import ObsRecord
    from rr_helpers import assert_rows_as_documented

    for g, rng in random_play_positions(11, 300):
        e = g.clone()
        edited_marines(e, rng)
        n = len(e.marines)
        rec = ObsRecord(0, e._obs_template, n)
        e._write_marine_rows(rec, list(range(n)))
        assert_rows_as_documented(e, rec)
        changed = [int(i) for i in rng.permutation(n)[:int(rng.integers(1, n + 1))]]
        edited_marines(e, rng, changed, cards=False)
        e._write_marine_rows(rec, changed)
        assert_rows_as_documented(e, rec)


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
