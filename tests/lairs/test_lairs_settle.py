"""The lairs' end check before every move of the phase loop (HuntForTheQueen._settle, which hands
the positions where the game may be over to the scenario's _settle_end) against the rules written
out plainly: the hunt ends when the Queen dies (the decision closed, an event said); Marine Assault
and the Rescue of Newt go on past her death, and close the decision of a game over; every one stops
the loop once the game is over or truncated. Checked on positions of random play (seeded), each as
it is and with the Queen dead, the game over and the game truncated laid on a clone."""
import numpy as np
import pytest

from aliens_env.lairs.assault import MarineAssault
from aliens_env.lairs.game import HuntForTheQueen
from aliens_env.lairs.rescue import RescueOfNewt


def plain_settle(g) -> tuple[bool, str, bool, int]:
    """(goes on, the phase, the decision left open, events added) by the rules, for ``g`` as it is."""
    phase, open_decision, events = g.phase, g.decision is not None, 0
    if type(g) is HuntForTheQueen:
        if g.queen_dead and phase != "over":
            phase, open_decision, events = "over", False, 1
    elif phase == "over":
        open_decision = False
    return phase not in ("over", "truncated"), phase, open_decision, events


def settled(g) -> tuple[bool, str, bool, int]:
    before = len(g.events)
    goes_on = g._settle()
    return bool(goes_on), g.phase, g.decision is not None, len(g.events) - before


def variants(g):
    """``g`` (a clone) as it is, then with the Queen dead, the game over, the game truncated."""
    yield g.clone()
    for change in ({"queen_dead": True}, {"phase": "over"}, {"phase": "truncated"}, {"queen_dead": True, "phase": "truncated"}):
        v = g.clone()
        for name, value in change.items():
            setattr(v, name, value)
        yield v


@pytest.mark.parametrize("game", [HuntForTheQueen, MarineAssault, RescueOfNewt])
def test_settle_is_the_scenarios_end_rule_over_random_play(game):
    rng = np.random.default_rng(11)
    g = game()
    g.reset(5)
    checked, goes_on = 0, 0
    for step in range(400):
        if g.decision is None:
            g.reset(int(rng.integers(1000)))
        if step % 4 == 0:
            for v in variants(g):
                want = plain_settle(v)
                assert settled(v) == want, (game.__name__, step, v.phase, v.queen_dead)
                checked += 1
                goes_on += want[0]  # (the check's common case: the game on, the Queen alive)
        g.apply(int(rng.choice(g.legal_actions())))
    assert checked == 500 and goes_on >= 80, (checked, goes_on)  # (the as-is positions, mostly going on)
