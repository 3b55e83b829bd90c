"""The Hivemind Step's real choice known without its whole mask (GloriousDay._hivemind_choice, _run)
and the dice AI's End Step legal without it (GloriousDay.illegal_reason): the games are those of
the phase loop counting the whole mask (the loop before, kept here as the reference), and against
the dice AI the Queen's Moves of the Step (``_queen_hive_mask``) are no longer searched."""
import json

import numpy as np
import pytest

from aliens_env.core.game import IllegalActionError, PhasedGame, lone_legal
from aliens_env.core.policy import RandomPolicy
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.policies import GloriousDiceAI, ScriptedHive
from aliens_env.glorious_day.tactics import GloriousDayTactics


class Checked(GloriousDayTactics):
    """The Step's shortcut checked where it answers: its answer implies the whole mask's."""
    shortcuts = 0

    def _hivemind_choice(self):
        found = GloriousDayTactics._hivemind_choice(self)
        if found:
            assert lone_legal(self._compute_mask()) == -2
            type(self).shortcuts += 1
        return found


class Counted(GloriousDayTactics):
    """The Hivemind Steps, and the searches of the Queen's Moves for a Step's mask, counted."""
    steps = queen_masks = 0

    def _hivemind_choice(self):
        type(self).steps += 1
        return GloriousDayTactics._hivemind_choice(self)

    def _queen_hive_mask(self, mask):
        type(self).queen_masks += 1
        GloriousDayTactics._queen_hive_mask(self, mask)


class Reference(GloriousDayTactics):
    """The phase loop and the legality check before: the shortcut never answers (the whole mask
    counted at every decision), End Step checked against the whole mask."""

    def _hivemind_choice(self):
        return False

    def illegal_reason(self, action):
        return PhasedGame.illegal_reason(self, action)


def play(game, hive, seed: int, steps: int = 400) -> str:
    """Random tactics against `hive` for `steps` player steps: the position reached, as JSON."""
    game.reset(seed)
    marines = RandomPolicy(seed)
    for _ in range(steps):
        player = game.current_player()
        if player is None:
            break
        game.apply((marines if player == "marines" else hive).act(game, player))
    return json.dumps(game.to_dict(), sort_keys=True)


@pytest.mark.parametrize("hive", [GloriousDiceAI, ScriptedHive])
def test_the_games_are_those_of_the_loop_counting_the_whole_mask(hive):
    for seed in range(3):
        assert play(Checked(), hive(), seed) == play(Reference(), hive(), seed)
    assert Checked.shortcuts > 20  # (the shortcut answered often: its answers were checked above)


def test_against_the_dice_ai_the_queens_moves_are_not_searched_for_the_step():
    for seed in range(3):
        play(Counted(), GloriousDiceAI(), seed)
    assert Counted.steps > 20 and Counted.queen_masks < Counted.steps / 4


def test_end_step_is_legal_in_every_hivemind_step_and_only_there():
    game = GloriousDayTactics()
    hive, steps = GloriousDiceAI(), 0
    end_step = game.layout.encode("end_step")
    for seed in range(3):
        game.reset(seed)
        marines = RandomPolicy(seed)
        while not game.is_terminal():
            player = game.current_player()
            if game.decision.kind == "hivemind":
                assert game._compute_mask()[end_step] == 1 and game.illegal_reason(end_step) is None
                steps += 1
            elif player == "hive":
                assert game.illegal_reason(end_step) is not None
            game.apply((marines if player == "marines" else hive).act(game, player))
    assert steps > 20
    with pytest.raises(IllegalActionError):  # (no decision open: the game is over)
        game.apply(end_step)


def test_the_step_with_nothing_but_end_step_and_the_queens_moves_is_a_real_choice():
    """The Willpower's and the cards' part holding End Step alone: the whole mask decides (the
    Queen's Moves make it a choice), no shortcut."""
    game = GloriousDayTactics()
    game.reset(0)
    while game.decision.kind != "hivemind":
        game.apply(GloriousDiceAI().act(game, game.current_player()) if game.current_player() == "hive"
                   else game.layout.encode("tactic", 0))
    # Willpower for Move Queen, but no model to move, no card to draw or play, no Blips to swap,
    # no Motion Tracker cards to reorder
    game.willpower = game.hive_rules["costs"]["move_queen"]
    game.aliens, game.blips = [None] * len(game.aliens), [None] * len(game.blips)
    game.hm_hand, game.hm_deck, game.hm_discard, game.tracker = [], [], [], []
    assert game.queen is not None and not game.queen_moved and game.queen_moves()
    assert not game._hivemind_choice()
    whole = game._compute_mask()
    assert np.count_nonzero(whole) >= 2 and whole[game.layout.encode("end_step")]
    game._run()
    assert game.decision.kind == "hivemind"  # not taken as a lone End Step
