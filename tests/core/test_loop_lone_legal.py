"""The phase loop's count of a mask (core/game.py's ``lone_legal``: compiled, one C loop over the
mask's bytes, 8 at a time while they are zero, stopping at the second legal action) and the side a
commander commands (``_commanded_side``, set by core/commander.py, read by ``script_mask``).

``lone_legal`` is checked against its rule (the index of the only nonzero entry; -1 for none; -2 for
two or more) on masks of every length around the 8-byte words and on the masks of seeded games."""
import copy
import pickle
import random

import numpy as np
import pytest

from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.tactics import BugHuntTactics
from aliens_env.core.commander import CommandedSide
from aliens_env.core.game import PhasedGame, lone_legal
from aliens_env.envs import REGISTRY
from aliens_env.envs.registry import load_object
from test_loop_hooks import play  # (its STEPS random legal steps from the seeded start: each step's player and mask)

TACTICS_ENVS = sorted(name for name, spec in REGISTRY.items() if issubclass(load_object(spec.game), CommandedSide))


def rule(mask: np.ndarray) -> int:
    """lone_legal's answer worked out from the legal entries' list."""
    legal = np.flatnonzero(mask)
    return -1 if len(legal) == 0 else int(legal[0]) if len(legal) == 1 else -2


def random_masks(seed: int):
    """Masks (int8) of the lengths 0-40 and some layouts' lengths: empty, one entry at every place,
    two entries (the second at every place after the first) and random ones, some read only."""
    rng = random.Random(seed)
    for size in [*range(41), 93, 200, 257]:
        yield np.zeros(size, np.int8)
        for i in range(size):
            one = np.zeros(size, np.int8)
            one[i] = 1
            yield one
            if size <= 40:
                for j in range(i + 1, size):
                    two = one.copy()
                    two[j] = 1
                    yield two
        for _ in range(20):
            mask = (np.array([rng.random() for _ in range(size)]) < rng.choice([0.02, 0.1, 0.5])).astype(np.int8)
            if rng.random() < 0.3:
                mask.flags.writeable = False  # (a commander's kept mask is read only)
            yield mask


def test_lone_legal_follows_its_rule_on_every_kind_of_mask():
    answers = {-2: 0, -1: 0, "lone": 0}
    for mask in random_masks(5):
        want = rule(mask)
        assert lone_legal(mask) == want, mask.tolist()
        answers["lone" if want >= 0 else want] += 1
    assert min(answers.values()) > 100  # (every answer met often)


@pytest.mark.parametrize("cls", [BugHunt, BugHuntTactics], ids=lambda cls: cls.__name__)
def test_lone_legal_follows_its_rule_on_seeded_games_masks(cls):
    game = cls()
    for seed in (0, 2):
        for player, mask in play(game, seed):
            mask = np.array(mask, np.int8)
            assert lone_legal(mask) == rule(mask) == -2  # (every step offered is a real choice)
            for legal in np.flatnonzero(mask)[:3]:  # each legal action alone, and none
                lone = np.zeros_like(mask)
                lone[legal] = 1
                assert lone_legal(lone) == rule(lone) == legal
            assert lone_legal(np.zeros_like(mask)) == -1


@pytest.mark.parametrize("name", TACTICS_ENVS)
def test_every_commanded_side_names_the_marines_and_keeps_it(name):
    game = load_object(REGISTRY[name].game)()
    game.reset(1)
    assert game._commanded_side == "marines"
    for other in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), game.clone()):
        assert other._commanded_side == "marines"


@pytest.mark.parametrize("name", TACTICS_ENVS)
def test_a_commanded_game_pickled_before_the_field_loads_commanded(name):
    """A pickle from before ``_commanded_side`` (session 56) has no such entry: it loads with the
    marines commanded (core/game.py's rebuild_game), so the marines choose tactics, not actions."""
    game = load_object(REGISTRY[name].game)()
    game.reset(1)
    rebuild, (cls, state) = game.__reduce__()[:2]
    assert state.pop("_commanded_side") == "marines"
    old = rebuild(cls, state)
    assert old._commanded_side == "marines"
    while old.current_player() == "hive":  # (some open with the hive's move)
        old.apply(int(np.flatnonzero(old.legal_mask("hive"))[0]))
    assert old.current_player() == "marines"
    tactic = old.layout.slices["tactic"]
    assert np.flatnonzero(old.legal_mask("marines")).tolist() == list(range(tactic[0], tactic[0] + tactic[1]))


def test_a_plain_game_names_no_commanded_side():
    game = BugHunt()
    assert game._commanded_side is None  # (compiled, the struct's field; pure, the class's default)
    assert isinstance(game, PhasedGame) and not game._executing


def marines_decisions(seed: int, count: int):
    """BugHuntTactics positions where a figure acts (a tactic's decision), from random commands."""
    game, rng, found = BugHuntTactics(), random.Random(seed), 0
    game.reset(seed)
    while found < count:
        if game.current_player() is None:  # (the next game)
            seed += 1
            game.reset(seed)
        if game.current_player() == "marines":
            probe = game.clone()
            probe._executing = True
            probe._cache.clear()
            probe._run()  # (a decision with one action is taken: the next real choice)
            if probe.decision is not None and probe.decision.player == "marines" and probe.decision.kind == "act":
                found += 1
                yield probe
        game.apply(int(rng.choice(np.flatnonzero(game.legal_mask(game.current_player())))))


def test_script_mask_answers_the_commanded_side_s_decisions_alone():
    """While a tactic plays, the commanded side's decision gets the script mask (kept as
    ``_cache["script_mask"]``); named another side, the commander's game answers with the whole mask."""
    seen = 0
    for game in marines_decisions(3, 20):
        game._cache.clear()
        assert game.script_mask("marines") is game._cache["script_mask"]
        assert "mask" not in game._cache
        game._cache.clear()
        game._commanded_side = "hive"
        assert game.script_mask("marines") is game._cache["mask"]
        assert "script_mask" not in game._cache
        seen += 1
    assert seen == 20
