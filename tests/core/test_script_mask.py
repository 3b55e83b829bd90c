"""The script mask (PhasedGame.script_mask, core/game.py, which keeps it while a commander's tactic
plays, core/commander.py): the mask the scripted policies read and the phase loop counts. Its
contract, checked at every scripted sub-step of seeded games of every Tactics environment of the
registry: a subset of the whole mask's entries, a count above 1 exactly when the whole mask's is,
and the whole mask itself where that counts 1 (its lone entry) or 0; and the games are those of
scripts reading the whole mask."""
import json

import numpy as np
import pytest

from aliens_env.core.commander import CommandedSide
from aliens_env.core.game import PhasedGame
from aliens_env.core.policy import RandomPolicy
from aliens_env.envs import REGISTRY, make_policy
from aliens_env.envs.registry import load_object

TACTICS_ENVS = sorted(name for name, spec in REGISTRY.items() if issubclass(load_object(spec.game), CommandedSide))
STEPS = 150  # the player steps of each game (a tactic plays many sub-steps in each)


def contract_broken(script: np.ndarray, whole: np.ndarray) -> str | None:
    """What of the script mask's contract `script` breaks against the whole mask `whole`; None: none."""
    if not ((script == 0) | (script == 1)).all():
        return "an entry other than 0 and 1"
    if (script > whole).any():
        return f"entries the whole mask does not hold: {np.flatnonzero(script > whole).tolist()}"
    count, whole_count = np.count_nonzero(script), np.count_nonzero(whole)
    if count != whole_count and (count <= 1 or whole_count <= 1):
        return f"{count} entries where the whole mask holds {whole_count}"
    return None


def checked(cls: type) -> type:
    """`cls` with each script mask a tactic's sub-step reads or counts checked against the whole
    mask, worked out aside (not kept: the scripts still read the script mask)."""

    def script_mask(self, player):
        mask = cls.script_mask(self, player)
        if self._executing and self.decision is not None and player == self.decision.player == "marines":
            whole = self._compute_mask()
            broken = contract_broken(mask, whole)
            assert broken is None, f"{cls.__name__}, decision {self.decision}: the script mask has {broken}"
            type(self).checks += 1
            type(self).left_out += bool((mask != whole).any())
        return mask

    return type(f"Checked{cls.__name__}", (cls,), {"script_mask": script_mask, "checks": 0, "left_out": 0})


def whole_masks(cls: type) -> type:
    """`cls` whose scripts read, and whose phase loop counts, the whole mask."""
    return type(f"WholeMask{cls.__name__}", (cls,), {"script_mask": lambda self, player: self.legal_mask_kept(player)})


def play(game, name: str, seed: int) -> str:
    """`STEPS` player steps of a seeded game (random tactics against the default hive): the
    position reached, as JSON."""
    game.reset(seed)
    players = {"marines": RandomPolicy(seed), "hive": make_policy(name, "hive", None, seed=seed)}
    for _ in range(STEPS):
        player = game.current_player()
        if player is None:
            break
        game.apply(players[player].act(game, player))
    return json.dumps(game.to_dict(), sort_keys=True)


def test_every_tactics_environment_is_covered():
    assert {"ReactorRoomTactics", "OperationsAirDuctsTactics", "HuntForTheQueenTactics", "BugHuntTactics",
            "GloriousDayTactics"} <= set(TACTICS_ENVS)


@pytest.mark.parametrize("name", TACTICS_ENVS)
def test_the_script_masks_keep_the_contract_and_play_the_whole_masks_games(name):
    cls = load_object(REGISTRY[name].game)
    game_class = checked(cls)
    for seed in range(2):
        assert play(game_class(), name, seed) == play(whole_masks(cls)(), name, seed)
    assert game_class.checks > 100
    if cls._compute_script_mask is not PhasedGame._compute_script_mask:  # a ruleset's own: some left out
        assert game_class.left_out > 10


@pytest.mark.parametrize("script, whole, broken", [
    ([0, 1, 1, 1], [0, 1, 1, 1], None),
    ([0, 1, 0, 1], [1, 1, 1, 1], None),  # a subset, both above 1
    ([0, 0, 1, 0], [0, 0, 1, 0], None),
    ([1, 1, 0, 0], [0, 1, 1, 0], "entries the whole mask does not hold: [0]"),
    ([0, 1, 0, 0], [0, 1, 1, 0], "1 entries where the whole mask holds 2"),
    ([0, 1, 1, 0], [0, 1, 0, 0], "entries the whole mask does not hold: [2]"),
    ([0, 0, 0, 0], [0, 1, 0, 0], "0 entries where the whole mask holds 1"),
    ([0, 0, 0, 0], [0, 0, 0, 0], None),
    ([0, 2, 1, 0], [0, 1, 1, 0], "an entry other than 0 and 1"),
])
def test_the_contract_check_finds_each_breach(script, whole, broken):
    assert contract_broken(np.array(script, dtype=np.int8), np.array(whole, dtype=np.int8)) == broken


def test_the_phase_loop_counts_the_script_mask():
    """A script mask counting 1 where the whole mask counts 2 (a mutant) makes the phase loop take
    a decision itself that is a real choice: the check above catches it."""
    name = "BugHuntTactics"
    cls = load_object(REGISTRY[name].game)

    def lone_entry(self):
        mask = cls._compute_script_mask(self)
        if np.count_nonzero(mask) > 1:  # the first entry alone
            mask = np.zeros_like(mask)
            mask[np.flatnonzero(cls._compute_script_mask(self))[0]] = 1
        return mask

    mutant = checked(type("LoneEntry", (cls,), {"_compute_script_mask": lone_entry}))
    with pytest.raises(AssertionError, match="1 entries where the whole mask holds"):
        play(mutant(), name, 0)
