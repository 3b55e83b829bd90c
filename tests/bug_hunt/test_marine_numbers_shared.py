"""The action slots shared by the games of a layout (bug_hunt/game.py's _shared_slots): every
BugHunt of one action layout holds the same slot dict, so marines.marine_numbers' last-handed-out
MaskNumbers (checked on the identity of the rules and slots) serves games stepped in turn, as the
envs of a vector are; a layout of other slices gets its own slots."""
from __future__ import annotations

import random

from aliens_env.bug_hunt import marines
from aliens_env.bug_hunt.game import BugHunt, _shared_slots
from aliens_env.core.actions import ActionLayout


def test_the_games_of_a_layout_share_their_slots_and_numbers_stepped_in_turn():
    games = [BugHunt(), BugHunt()]
    for seed, game in enumerate(games):
        game.reset(seed)
    assert games[0]._slot is games[1]._slot
    rng = random.Random(7)
    asked = 0
    for _ in range(200):
        for game in games:  # (in turn: each asks after the other did)
            if game.is_terminal():
                continue
            if game.decision is not None and game.decision.kind == "act":
                numbers = marines.marine_numbers(game)
                assert numbers is marines.marine_numbers(games[0]) is marines.marine_numbers(games[1])
                asked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert asked > 20


def test_a_layout_of_other_slices_has_its_own_slots():
    layout = BugHunt().layout
    same, wider = ActionLayout(layout._specs), layout.extended("extra", 2)
    assert _shared_slots(same) is _shared_slots(layout)
    slots = _shared_slots(wider)
    assert slots is not _shared_slots(layout)
    assert slots == {name: span[0] for name, span in wider.slices.items()} and "extra" in slots
