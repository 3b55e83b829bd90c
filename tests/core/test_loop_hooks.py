"""The phase loop's hooks (core/game.py's PhasedGame): compiled, ``_run`` and ``_settle`` are C calls
where the game is typed (core/game.pxd), and a ruleset's own ``_settle`` or ``_run``, whether an
extension type's or a Python class's, still overrides PhasedGame's. Checked on seeded games: a
Python subclass's overrides are the ones called (by the phase loop, by ``_apply`` and by a
commander's ``_apply``), and they change nothing in the games played."""
import random

import numpy as np
import pytest

from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.tactics import BugHuntTactics
from aliens_env.glorious_day.tactics import GloriousDayTactics

STEPS = 300


def counted(cls: type) -> type:
    """`cls` whose ``_settle`` and ``_run`` count their calls (in the new class's ``calls``) and then do
    what cls's do."""

    def _settle(self):
        type(self).calls["_settle"] += 1
        return cls._settle(self)

    def _run(self):
        type(self).calls["_run"] += 1
        return cls._run(self)

    return type(f"Counted{cls.__name__}", (cls,), {"_settle": _settle, "_run": _run, "calls": {"_settle": 0, "_run": 0}})


def play(game, seed: int) -> list:
    """STEPS random legal steps from the seeded start: each step's player and mask."""
    game.reset(seed)
    rng, seen = random.Random(seed), []
    for _ in range(STEPS):
        player = game.current_player()
        if player is None:
            break
        mask = game.legal_mask(player)
        seen.append((player, mask.tolist()))
        game.apply(int(rng.choice(np.flatnonzero(mask))))
    return seen


# (GloriousDay's own _run, which its Tactics environment's extends, settles nothing: no _settle called)
@pytest.mark.parametrize("cls, settles", [(BugHunt, True), (BugHuntTactics, True), (GloriousDayTactics, False)])
@pytest.mark.parametrize("seed", [0, 3])
def test_a_python_subclass_s_loop_hooks_are_the_ones_called(cls, settles, seed):
    game = counted(cls)()
    played = play(game, seed)
    assert played == play(cls(), seed)  # (the same games)
    calls = type(game).calls
    assert calls["_run"] >= len(played)  # _apply's, or a tactic's command's (every sub-step)
    if settles:  # PhasedGame's loop settles before each of its steps
        assert calls["_settle"] > calls["_run"]
    else:
        assert calls["_settle"] == 0


def test_a_compiled_ruleset_s_own_settle_is_the_one_the_loop_calls():
    """BugHunt's own ``_settle`` (compiled, an extension type's method the C loop must find) checks the
    game's end, the turn limit among them; PhasedGame's never ends a game. Random play reaches the
    end, the decision closed, within a cap far above a game's length."""
    game = BugHunt()
    game.reset(5)
    rng = random.Random(5)
    for _ in range(50_000):
        player = game.current_player()
        if player is None:
            break
        game.apply(int(rng.choice(np.flatnonzero(game.legal_mask(player)))))
    assert game.is_terminal() and game.decision is None and game.phase == "over"
