"""The lairs' kept observation (lairs/observation.py): a Marine's square and row are rewritten when
a field they show, or the attack on its card, is given another value between two observes (no step
in between: only the record's own comparison can see it), and so are the lairs' features when
what they are made of changes: as the observation made from scratch."""
import numpy as np
import pytest

from aliens_env.core.board import NO
from aliens_env.core.game import Decision
from aliens_env.lairs.assault import MarineAssault
from aliens_env.lairs.game import PLANES, QUEEN, STOP, HuntForTheQueen


def edits(g: HuntForTheQueen) -> dict:
    """Per field shown, the edit of Marine 0 (standing, not acting) that changes the observation."""
    m = g.marines[0]
    return {"status": lambda: setattr(m, "status", "dead"),
            "pos": lambda: setattr(m, "pos", g.board.neighbours[m.pos][0][1]),
            "wounded": lambda: setattr(m, "wounded", True),
            "incapacitated": lambda: setattr(m, "incapacitated", True),
            "carried_by": lambda: setattr(m, "carried_by", 9),
            "carrying": lambda: setattr(m, "carrying", 9 if m.carrying == NO else NO),
            "actions_left": lambda: setattr(m, "actions_left", 2),
            "aim": lambda: setattr(m, "aim", 1),
            "attack": lambda: setattr(g.aliens[3], "attack", "grabbing")}


@pytest.mark.parametrize("field", list(edits(HuntForTheQueen())))
def test_a_marine_edited_between_observes_is_shown(field):
    g = HuntForTheQueen()
    g.reset(3)
    m, al = g.marines[0], g.aliens[3]
    assert m.status == "on_map" and not m.wounded and not m.incapacitated and g.active != 0
    m.alien, al.in_play, al.card, al.pos, al.attack = 3, True, 0, m.pos, "in_combat"  # (an Alien on its card)
    before = g.observe("marines")
    edits(g)[field]()
    after = g.observe("marines")
    assert not np.array_equal(after, before), "no change shown (missed by the record, or an edit that shows nothing)"
    assert np.array_equal(after, g.clone().observe("marines"))


class RowsWritten(HuntForTheQueen):
    """Hunt for the Queen recording which Marines' rows each observe rewrites."""

    def _write_marine_rows(self, rec, changed):
        self.written.append(list(changed))
        super()._write_marine_rows(rec, changed)


def test_a_row_is_rewritten_when_a_field_is_another_object_and_only_then():
    """The comparison is by identity: the same object again rewrites nothing; an equal new object
    (a square past the small ints) rewrites the row, with the same values."""
    g = RowsWritten()
    g.reset(3)
    g.written = []
    before = g.observe("marines")
    m = g.marines[0]
    assert m.pos > 256 and g.active != 0
    g.observe("marines")
    m.pos = m.pos
    g.observe("marines")
    assert len(g.written) == 1  # (the first observe's rows alone: nothing rewritten since)
    g.written = []
    m.pos = int(str(m.pos))  # (equal, another object)
    assert np.array_equal(g.observe("marines"), before)
    assert g.written == [[0]]


def test_a_game_pickled_with_its_record_loads_and_observes_afresh():
    """The record is not pickled (a loaded game makes its own at its first observe)."""
    import pickle

    from aliens_env.lairs.observation import LairsRecord

    g = HuntForTheQueen()
    g.reset(3)
    g.observe("marines")
    assert type(g._obs_state) is LairsRecord
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        loaded = pickle.loads(pickle.dumps(g, protocol))
        assert type(loaded._obs_state) is LairsRecord and loaded._obs_state.owner is None
        assert np.array_equal(loaded.observe("marines"), g.clone().observe("marines"))
        assert loaded._obs_state.owner == id(loaded)


# The lairs' record as 4674b8d pickled it (its ObsState: a plain class, its owner alone), at
# protocols 0, 1, 2 and 5: the bytes that tree wrote (a whole game is megabytes)
OLD_RECORDS = {
    0: b"ccopy_reg\n_reconstructor\np0\n(caliens_env.lairs.observation\nObsState\np1\nc__builtin__\nobject\np2\nNtp3\n"
       b"Rp4\n(dp5\nVowner\np6\nNsb.",
    1: b"ccopy_reg\n_reconstructor\nq\x00(caliens_env.lairs.observation\nObsState\nq\x01c__builtin__\nobject\nq\x02Ntq\x03"
       b"Rq\x04}q\x05X\x05\x00\x00\x00ownerq\x06Nsb.",
    2: b"\x80\x02caliens_env.lairs.observation\nObsState\nq\x00)\x81q\x01}q\x02X\x05\x00\x00\x00ownerq\x03Nsb.",
    5: b"\x80\x05\x95=\x00\x00\x00\x00\x00\x00\x00\x8c\x1caliens_env.lairs.observation\x94\x8c\x08ObsState\x94\x93\x94)"
       b"\x81\x94}\x94\x8c\x05owner\x94Nsb.",
}


@pytest.mark.parametrize("protocol", sorted(OLD_RECORDS))
def test_a_record_pickled_by_an_older_version_loads_as_a_stand_in_that_the_first_observe_replaces(protocol):
    """Games pickled by 4674b8d hold an ObsState (compiled too, protocols 0 and 1 rebuild it with
    ``object.__new__``): it loads as a stand-in with owner None, pickles again as it was, and the
    game's first observe makes its own record, the same as a fresh one's."""
    import pickle

    from aliens_env.lairs.observation import LairsRecord, ObsState

    old = pickle.loads(OLD_RECORDS[protocol])
    assert type(old) is ObsState and old.owner is None
    assert pickle.dumps(old, protocol) == OLD_RECORDS[protocol]
    g = HuntForTheQueen()
    g.reset(3)
    fresh = g.clone().observe("marines")
    g._obs_state = old  # (as a game pickled by 4674b8d loads)
    assert np.array_equal(g.observe("marines"), fresh)
    assert type(g._obs_state) is LairsRecord and g._obs_state.owner == id(g)


def test_a_record_pickled_with_all_its_slots_loads_with_no_owner():
    """Versions before 0985da1 pickled the record with all its slots (a state (None, {...}) whose
    owner was the game's id): the stand-in drops it, owner None, so the first observe replaces it."""
    import pickle

    from aliens_env.lairs.observation import ObsState

    old = pickle.loads(b"\x80\x02caliens_env.lairs.observation\nObsState\nq\x00)\x81q\x01N}q\x02X\x05\x00\x00\x00ownerq\x03K{s\x86q\x04b.")
    assert type(old) is ObsState and old.owner is None


def lairs_edits(g: HuntForTheQueen) -> dict:
    """Per part of what the lairs' features are made of, an edit that changes them (the Elevator's
    call: only under elevator_delay, see below)."""
    q, m = g.aliens[QUEEN], g.marines[0]
    return {"queen_in_play": lambda: (setattr(q, "pos", m.pos + 2), setattr(q, "in_play", True)),
            "queen_dead": lambda: setattr(g, "queen_dead", True),
            "queen_damage": lambda: setattr(g, "queen_damage", 2),
            "queen_steps": lambda: setattr(g, "queen_steps", 2),
            "queen_attacks": lambda: setattr(g, "queen_attacks", ["tooth"]),
            "flipped": lambda: setattr(g, "flipped", {**g.flipped, 1: g.room_deck[0]}),
            "sentry_deck": lambda: setattr(g, "sentry_deck", g.sentry_deck[1:]),
            "survivors": lambda: setattr(m, "status", "dead"),
            "facehugged": lambda: setattr(g, "facehugged", [0]),  # (Marine 0 already dead: the survivors the same)
            "queen_move": lambda: setattr(g, "decision", Decision("hive", "queen_move", [STOP])),
            "queen_attack": lambda: setattr(g, "decision", Decision("hive", "queen_attack", [0])),
            "turn": lambda: setattr(g, "turn", g.turn + 1)}


@pytest.mark.parametrize("part", list(lairs_edits(HuntForTheQueen())) + ["elevator_at"])
def test_the_lairs_features_edited_between_observes_are_shown(part):
    g = MarineAssault(elevator_delay=True) if part == "elevator_at" else HuntForTheQueen()
    g.reset(3)
    if part == "facehugged":
        g.marines[0].status = "dead"
    before = g.obs_layout.views(g.observe("marines"))
    if part == "elevator_at":
        g.elevator_at = g.turn + 2
    else:
        lairs_edits(g)[part]()
    after = g.obs_layout.views(g.observe("marines"))
    view = "elevator" if part == "elevator_at" else "lairs"
    assert not np.array_equal(after[view], before[view]), "no change shown (missed by the record, or an edit that shows nothing)"
    assert np.array_equal(after[view], g.obs_layout.views(g.clone().observe("marines"))[view])


def test_the_queen_and_a_facehugger_moved_between_observes_are_shown_on_their_planes_alone():
    """Their counters' squares are set with the Aliens' (``show_ones``): the squares of last time
    cleared, those of now set, on the Queen's and the Facehuggers' own planes too."""
    g = HuntForTheQueen()
    g.reset(3)
    board = g.obs_layout.views(g.observe("marines"))["board"]  # (a copy: the planes before)
    queen, hugger = g.aliens[QUEEN], g.aliens[1]
    assert g.kinds[1] == "facehugger" and not queen.in_play and not hugger.in_play
    assert not board[PLANES.index("queen")].any() and not board[PLANES.index("facehugger")].any()
    square = g.marines[0].pos + 2
    for step in (0, 1):  # (in play, then moved on: the square left cleared)
        queen.pos, queen.in_play = square + step, True
        hugger.pos, hugger.in_play = square + 2 + step, True
        board = g.obs_layout.views(g.observe("marines"))["board"]
        for plane, figure in (("queen", queen), ("facehugger", hugger)):
            assert np.flatnonzero(board[PLANES.index(plane)]).tolist() == [figure.pos], (plane, step)
        assert np.array_equal(g.observe("marines"), g.clone().observe("marines"))


def test_the_tail_kept_over_random_play_equals_a_clones_and_a_shorter_one_clears_the_rest():
    """The globals and targets are written by the Reactor Room's ``_write_tail`` at every observe: over
    random play the kept observation is a fresh one's (a clone's), shrinking tails included (what
    a longer tail left past the shorter one's end cleared)."""
    rng, shrunk = np.random.default_rng(7), 0
    for game in (HuntForTheQueen, MarineAssault):
        g = game()
        g.reset(2)
        for _ in range(400):
            if g.is_terminal():
                break
            end = g._obs_state.tail_end if g._obs_state is not None else 0
            assert np.array_equal(g.observe("marines"), g.clone().observe("marines"))
            shrunk += g._obs_state.tail_end < end
            g.apply(int(rng.choice(g.legal_actions())))
    assert shrunk, "no tail shorter than the one before: the clearing untested"


def test_a_scenario_key_of_any_type_is_compared_as_it_is():
    """``_scenario_key`` is only compared with last time's (its type not declared: a scenario may
    return a list); its views are rewritten when it changes, and only then."""

    class ListKeyed(HuntForTheQueen):
        def _scenario_key(self):
            return [self.turn]

        def _observe_scenario(self, buf, key):
            self.written.append(key)

    g = ListKeyed()
    g.reset(3)
    g.written = []
    g.observe("marines")
    g.observe("marines")
    g.turn += 1
    g.observe("marines")
    assert g.written == [[g.turn - 1], [g.turn]]
