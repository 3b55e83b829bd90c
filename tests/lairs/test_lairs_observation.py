"""The lairs' kept observation (lairs/observation.py): a Marine's square and row are rewritten when
a field they show, or the attack on its card, is given another value between two observes (no step
in between: only the record's own comparison can see it), as the observation made from scratch."""
import numpy as np
import pytest

from aliens_env.core.board import NO
from aliens_env.lairs.game import HuntForTheQueen


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


def test_an_equal_value_written_again_keeps_the_observation():
    """The comparison is by identity: a new object of the same value writes the same values again."""
    g = HuntForTheQueen()
    g.reset(3)
    before = g.observe("marines")
    m = g.marines[0]
    m.pos = int(str(m.pos))  # (equal, another object for a square past the small ints)
    assert np.array_equal(g.observe("marines"), before)
