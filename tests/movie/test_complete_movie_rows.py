"""The Complete Movie's per-character views hold a row for each character some stage having the
view can place in it, and no other (complete.py's ``_union_views``): ``drop_ship_crew`` the Drop
Ship's crew, ``assault_marines`` Marine Assault's roster, ``marines`` every character of the
stages with a ``marines`` view, each in the campaign roster's order.

complete_movie_rows.json holds what the observation was before those views lost the rows no stage
can fill: played on main at dd8b03b (a 16-row view for every per-character view), every value of
the rows dropped since was checked to be 0 at every step, then those rows were deleted from each
observation before it was hashed (``walk``'s ``shown``). Replayed here, the observations hashed as
they are now must be those, and the masks, rewards and outcomes the same."""
import hashlib
import json
import random
from pathlib import Path

import numpy as np
import pytest

from aliens_env.benchmark import aec_env_function, random_legal
from aliens_env.drop_ship.game import DropShip
from aliens_env.lairs.assault import MarineAssault
from aliens_env.lairs.game import HuntForTheQueen
from aliens_env.lairs.rescue import RescueOfNewt
from aliens_env.movie.complete import CompleteMovie
from aliens_env.movie.game import MovieOperations, movie_data
from aliens_env.reactor_room.game import ReactorRoom
from movie_helpers import OUT, end_drop_ship, end_marines_stage

RECORDED = Path(__file__).with_name("complete_movie_rows.json")
#: loop turns of random legal play in the AEC env (as tools/steps_hash.py's), from seed 0
AEC_TURNS = 2500
#: episodes of random legal play whose stages are ended by script after a few steps (random play
#: alone does not win the Drop Ship): (seed, {stage: (its steps played first, its scripted end)})
BRANCHES = (
    (100, {"reactor_room": (10, lambda g: end_marines_stage(g, {"Apone": OUT, "Hicks": ("exited", True, False)})),
           "drop_ship": (2, lambda g: end_drop_ship(g, killed=True, crashed=False,
                                                     crew={"Ferro": ("aboard", True, False)}))}),  # the Hunt
    (101, {"reactor_room": (10, lambda g: end_marines_stage(g, {"Hicks": OUT, "Vasquez": ("exited", True, True)})),
           "drop_ship": (1, lambda g: end_drop_ship(g, killed=True, crashed=False))}),  # Marine Assault
    (102, {"drop_ship": (2, lambda g: end_drop_ship(g, killed=False, crashed=False)),
           "operations": (40, lambda g: end_marines_stage(g, {"Ripley": OUT, "Hicks": OUT}))}),  # the Rescue of Newt
)
BRANCH_STEPS = 700  # (the most moves of a branch episode)


def digest(*arrays) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:8]


def walk(shown=lambda obs: obs) -> dict:
    """{"aec": one "observation mask+reward" pair of hashes a loop turn, "branches": one
    "observations mask+shaping" pair a move of each branch episode and its outcome}: ``shown``
    gives what of a full observation is hashed (the recording's deleted the rows no stage fills)."""
    env = aec_env_function("CompleteMovie")()
    rng, episode = random.Random(0), 0
    env.reset(seed=0)
    aec = []
    for _ in range(AEC_TURNS):
        obs, reward, terminated, truncated, _ = env.last()
        aec.append(f"{digest(shown(obs['observation']))} {digest(obs['action_mask'], np.float64(reward))}"
                   f"{env.agent_selection[0]}")
        if terminated or truncated:
            episode += 1
            env.reset(seed=episode)
        else:
            env.step(random_legal(rng, obs["action_mask"]))
    branches = []
    for seed, script in BRANCHES:
        g, rng, moves, steps_in = CompleteMovie(), random.Random(seed), [], {}
        g.reset(seed)
        for _ in range(BRANCH_STEPS):
            if g.is_terminal():
                break
            steps, end = script.get(g.stage, (None, None))
            if steps_in.get(g.stage, 0) == steps:
                end(g)
                continue
            player = g.current_player()
            mask = g.legal_mask(player)
            moves.append(f"{digest(*(shown(g.observe(side)) for side in ('marines', 'hive')))} "
                         f"{digest(mask, np.float64(g.shaping_value('marines')))}{player[0]}")
            steps_in[g.stage] = steps_in.get(g.stage, 0) + 1
            g.apply(random_legal(rng, mask))
        branches.append({"seed": seed, "stages": list(steps_in), "moves": moves, "outcome": g.outcome()})
    return {"aec": aec, "branches": branches}


def test_the_observations_are_the_recorded_ones_without_the_rows_no_stage_fills():
    recorded = json.loads(RECORDED.read_text())
    now = walk()
    assert len(now["aec"]) == len(recorded["aec"]) == AEC_TURNS
    first = next((k for k, (a, b) in enumerate(zip(now["aec"], recorded["aec"])) if a != b), None)
    assert first is None, f"AEC loop turn {first}: {now['aec'][first]} (recorded {recorded['aec'][first]})"
    for branch, old in zip(now["branches"], recorded["branches"], strict=True):
        assert branch["stages"] == old["stages"]
        first = next((k for k, (a, b) in enumerate(zip(branch["moves"], old["moves"])) if a != b), None)
        assert first is None and len(branch["moves"]) == len(old["moves"]), (branch["seed"], first)
        assert branch["outcome"] == old["outcome"]
    # the stages walked: every stage's views were compared
    assert {s for b in now["branches"] for s in b["stages"]} == set(CompleteMovie().stages)


def characters_of(view: str, g: CompleteMovie) -> list[str]:
    """The characters a per-character view's description lists ("per character, in the order A, B: ...")."""
    desc = dict((name, d) for name, _, _, d in g.obs_layout.rows())[view]
    return desc.split("in the order ", 1)[1].split(": ", 1)[0].split(", ")


def test_each_per_character_view_has_a_row_for_each_character_a_stage_can_place_in_it():
    g = CompleteMovie()
    reactor = ReactorRoom()
    operations = MovieOperations(marine_order=[*reactor.marine_order, *movie_data()["joining"]])
    marines = {n for stage in (reactor, operations, RescueOfNewt(), MarineAssault(), HuntForTheQueen())
               for n in stage.marine_order}
    expected = {"drop_ship_crew": [m.name for m in DropShip().crew], "assault_marines": MarineAssault().marine_order,
                "marines": [n for n in g.roster if n in marines]}
    assert expected["drop_ship_crew"] == ["Spunkmeyer", "Ferro"] and len(expected["assault_marines"]) < len(g.roster)
    for view, names in expected.items():
        assert sorted(names, key=g.roster.index) == characters_of(view, g) == list(g.view_characters[view]), view
        assert g.obs_layout.shapes[view][0] == len(names), view
    assert set(g.view_characters) == set(expected)


def test_a_per_character_view_no_stage_can_fill_is_named(monkeypatch):
    names = CompleteMovie._names
    monkeypatch.setattr(CompleteMovie, "_names", staticmethod(lambda g: [] if isinstance(g, DropShip) else names(g)))
    with pytest.raises(ValueError, match="per-character view 'drop_ship_crew': no stage having it has a character"):
        CompleteMovie()
