"""What the compact setting (``observation="compact"``, ``actions="side"``) leaves out because no
state of the environment can set it:

- ``fire_pair`` among the marines' side actions of the lairs (Hunt for the Queen, Marine Assault,
  the Rescue of Newt), the Movie Scenario and the Complete Movie: the Machine Gun's special ability
  is legal only with the Reactor Room's option ``machine_gun_special`` (reactor_room/game.py's
  ``_target_mask``), which none of their stages can turn on (the lairs and Operations take no
  such option, the chains build the Reactor Room with its defaults and load no other); the
  rulesets' ``side_slice_names`` give the marines every slice but it and the hive's.
- ``hand_off`` among the Rescue of Newt's marines' side actions: its Marines are Ripley and Newt
  (its ``marine_order`` orders them), and a hand-off is never Newt's (reactor_room/game.py's
  ``_can_hand_off``).
- the Complete Movie's compact ``assault_marines``: its first 6 rows (Apone ... Dietrich) alone:
  Marine Assault's cocooned, freed and unarmed are its captured, Apone and Dietrich, whatever its
  order (lairs/assault.py's set-up, and its loader's checks), and the later rows are others'
  (core/compact.yaml's ``rows``).

tests/data/compact_dead_entries.json holds what the compact observations and the side actions were
before those cuts: played on main at 4159e9d, every value cut since was checked to be 0 at every
step (the marines' fire_pair and hand_off actions never legal, the 4 rows' values 0 in both sides'
observations), then deleted before it was hashed (``walk``'s ``shown_obs`` and ``shown_actions``).
Replayed here, the observations, masks and side actions hashed as they are now must be those."""
from __future__ import annotations

import hashlib
import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from aliens_env.core.game import SIDES
from aliens_env.envs.actions import SideActions
from aliens_env.envs.observations import Observer
from aliens_env.envs.registry import get_spec, make_policy

RECORDED = Path(__file__).parent / "data" / "compact_dead_entries.json"
#: per environment, the episodes played: (the marines' policy, the hive's, the seed); the Complete
#: Movie's heuristic seeds 0, 4 and 20 reach the Rescue of Newt, Hunt for the Queen and Marine Assault
EPISODES = {
    "CompleteMovie": [("heuristic", "dice", 0), ("heuristic", "dice", 4), ("heuristic", "dice", 20),
                      ("random", "random", 1), ("random", "dice", 2)],
    "MovieScenario": [("heuristic", "dice", 0), ("heuristic", "dice", 1), ("random", "random", 2)],
    "HuntForTheQueen": [("heuristic", "dice", 0), ("heuristic", "random", 1), ("random", "random", 2)],
    "MarineAssault": [("heuristic", "dice", 0), ("heuristic", "random", 1), ("random", "random", 2)],
    "RescueOfNewt": [("heuristic", "dice", 0), ("heuristic", "random", 1), ("random", "random", 2)],
}
MOVES = 1500  # (the most moves of an episode)
#: the environments whose marines no longer take fire_pair, and the options each accepts (every combination is checked)
NO_PAIRED_FIRE = {"HuntForTheQueen": ("thrown_grenades",),
                  "MarineAssault": ("thrown_grenades", "elevator_delay", "egg_facehuggers"),
                  "RescueOfNewt": ("elevator_delay", "egg_facehuggers"), "MovieScenario": ("healing",),
                  "CompleteMovie": ()}
#: the marines' slices left out besides fire_pair
ALSO_LEFT_OUT = {"RescueOfNewt": ("hand_off",)}
#: the Complete Movie's compact assault_marines rows kept
ASSAULT_ROWS = 6


def digest(*arrays) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:8]


def walk(name: str, shown_obs=lambda side, obs: obs, shown_actions=lambda side, values: values) -> dict:
    """{"actions": each side's side actions (their game actions) hashed, "moves": one "both sides'
    compact observations, the mover's side mask" pair of hashes a move of EPISODES[name], and each
    episode's outcome}: ``shown_obs`` and ``shown_actions`` give what of an observation and of an
    array over a side's actions is hashed (the recording's deleted the entries cut since)."""
    game = get_spec(name).make_game()
    observer = Observer(game, "compact")
    sides = {side: SideActions(game, side, "side", observer.shown_rows) for side in SIDES}
    moves = []
    for marines, hive, seed in EPISODES[name]:
        policies = {"marines": make_policy(name, "marines", marines, seed=seed), "hive": make_policy(name, "hive", hive, seed=seed)}
        game.reset(seed)
        for _ in range(MOVES):
            if game.is_terminal():
                break
            player = game.current_player()
            moves.append(f"{digest(*(shown_obs(side, observer(game, side)) for side in SIDES))} "
                         f"{digest(shown_actions(player, sides[player].mask(game)))}{player[0]}")
            game.apply(policies[player].act(game, player))
        moves.append(json.dumps(game.outcome(), sort_keys=True))
    return {"actions": {side: digest(shown_actions(side, sides[side].actions)) for side in SIDES}, "moves": moves}


@pytest.mark.parametrize("name", list(EPISODES))
def test_the_compact_observations_and_side_actions_are_the_recorded_ones_without_the_dead_entries(name):
    recorded = json.loads(RECORDED.read_text())[name]
    now = walk(name)
    assert now["actions"] == recorded["actions"]
    first = next((k for k, (a, b) in enumerate(zip(now["moves"], recorded["moves"])) if a != b), None)
    assert first is None and len(now["moves"]) == len(recorded["moves"]), (name, first)


def test_the_complete_movies_seeds_play_every_stage():
    game = get_spec("CompleteMovie").make_game()
    played = set()
    for marines, hive, seed in EPISODES["CompleteMovie"]:
        policies = {"marines": make_policy("CompleteMovie", "marines", marines, seed=seed),
                    "hive": make_policy("CompleteMovie", "hive", hive, seed=seed)}
        game.reset(seed)
        for _ in range(MOVES):
            if game.is_terminal():
                break
            played.add(game.stage)
            player = game.current_player()
            game.apply(policies[player].act(game, player))
    assert played == set(game.stages)


@pytest.mark.parametrize("name", list(NO_PAIRED_FIRE))
def test_the_marines_take_every_slice_but_the_hives_and_those_never_legal_under_every_option(name):
    options = NO_PAIRED_FIRE[name]
    for values in itertools.product((False, True), repeat=len(options)):
        game = get_spec(name).make_game(**dict(zip(options, values)))
        hive = game.side_slices("hive")
        assert "fire_pair" in game.layout.slices and "fire_pair" not in hive
        left_out = ("fire_pair", *ALSO_LEFT_OUT.get(name, ()))
        assert game.side_slices("marines") == tuple(s for s in game.layout.slices if s not in hive and s not in left_out)


def test_only_the_reactor_room_takes_the_machine_guns_special_ability_and_the_chains_build_it_without():
    from aliens_env.lairs.assault import MarineAssault
    from aliens_env.lairs.game import HuntForTheQueen
    from aliens_env.lairs.rescue import RescueOfNewt
    from aliens_env.movie.game import MovieOperations
    from aliens_env.reactor_room.game import ReactorRoom

    for cls in (HuntForTheQueen, MarineAssault, RescueOfNewt, MovieOperations):
        with pytest.raises(ValueError, match="unknown .*option"):
            cls(machine_gun_special=True)
    assert ReactorRoom().options["machine_gun_special"] is False  # (the chains' first stage: ReactorRoom())
    game = get_spec("ReactorRoom").make_game(machine_gun_special=True)  # (its own option: its marines' still)
    assert "fire_pair" in game.side_slices("marines")


def test_the_rescue_of_newt_has_ripley_and_newt_alone():
    from aliens_env.lairs.rescue import RescueOfNewt

    assert sorted(RescueOfNewt().marine_order) == ["Newt", "Ripley"]
    with pytest.raises(ValueError, match="marine_order"):
        RescueOfNewt(marine_order=["Ripley", "Newt", "Hicks"])


def test_a_complete_movie_position_whose_reactor_room_has_options_is_refused():
    game = get_spec("CompleteMovie").make_game()
    position = game.to_dict()
    assert position["stage"] == "reactor_room"
    assert type(game).from_dict(position).to_dict() == position  # (the campaign's own loads)
    position["position"]["config"]["machine_gun_special"] = True
    with pytest.raises(ValueError, match="default options"):
        type(game).from_dict(position)


def test_the_complete_movies_compact_assault_rows_hold_every_captured_marine():
    from aliens_env.lairs.assault import MarineAssault

    game = get_spec("CompleteMovie").make_game()
    observer = Observer(game, "compact")
    rows = game.view_characters["assault_marines"]
    captured = MarineAssault().hunt["cocooned"]
    assert observer.shown_rows["assault_marines"] == ASSAULT_ROWS == max(rows.index(n) for n in captured) + 1
    assert observer.layout.shapes["assault_marines"] == (ASSAULT_ROWS, 3) and len(rows) > ASSAULT_ROWS
