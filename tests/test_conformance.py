"""One conformance suite over every registered environment: a ruleset is covered the day it is
registered in aliens_env/envs/__init__.py."""
import importlib
import json
import os

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env as gym_check_env
from pettingzoo.test import api_test, seed_test
from stable_baselines3.common.env_checker import check_env as sb3_check_env

import aliens_env
from aliens_env.core.game import IllegalActionError
from aliens_env.core.policy import RandomPolicy
from aliens_env.envs.actions import SideActions
from aliens_env.envs.observations import Observer
from aliens_env.pettingzoo_names import pettingzoo_module_name

NAMES = sorted(aliens_env.REGISTRY)
SIDES = ["marines", "hive"]


def pz_module(name):
    return importlib.import_module(f"aliens_env.pettingzoo.{pettingzoo_module_name(name)}")


# the environments whose compact observation (observation="compact") is not their full one
COMPACT = [name for name in NAMES if Observer(game := aliens_env.envs.get_spec(name).make_game(), "compact").layout
           is not game.obs_layout]
# the environments where a side's own action space (actions="side") is not the game's whole one
def side_actions_differ(name: str) -> bool:
    game = aliens_env.envs.get_spec(name).make_game()
    return any(SideActions(game, side, "side").n < game.layout.size for side in SIDES)


SIDE_ACTIONS = [name for name in NAMES if side_actions_differ(name)]
# the environments whose compact observation cuts a view some actions are aimed at (a side's
# actions="side" then leaves those at rows it does not show out: Game.row_slice_names)
ROWS_CUT = [name for name in COMPACT
            if Observer(game := aliens_env.envs.get_spec(name).make_game(), "compact").shown_rows and game.row_slice_names]


def test_something_is_registered():
    assert "ReactorRoom" in NAMES


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("side", SIDES)
def test_gymnasium_check_env(name, side):
    env = gym.make(f"aliens_env/{name}-v0", side=side)
    gym_check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("side", SIDES)
def test_sb3_check_env(name, side):
    env = gym.make(f"aliens_env/{name}-v0", side=side)
    sb3_check_env(env.unwrapped, warn=False)


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_api(name):
    api_test(pz_module(name).env(), num_cycles=300)


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_seed(name):
    seed_test(pz_module(name).env, num_cycles=100)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("side", SIDES)
def test_masked_ppo_runs(name, side):
    from sb3_contrib import MaskablePPO

    env = gym.make(f"aliens_env/{name}-v0", side=side)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, verbose=0)
    model.learn(total_timesteps=256)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
    assert env.unwrapped.action_masks()[int(action)] == 1


# The environments' variants (observation="compact", actions="side"): the API checks again (the
# Gymnasium and SB3 ones of both sides; the PettingZoo ones observe and act for both agents).
VARIANTS = ([(name, {"observation": "compact"}) for name in COMPACT] + [(name, {"actions": "side"}) for name in SIDE_ACTIONS]
            + [(name, {"observation": "compact", "actions": "side"}) for name in ROWS_CUT])
VARIANT_IDS = [f"{name}-{'-'.join(options.values())}" for name, options in VARIANTS]


@pytest.mark.parametrize("name, options", VARIANTS, ids=VARIANT_IDS)
@pytest.mark.parametrize("side", SIDES)
def test_variants_pass_the_gymnasium_and_sb3_checks(name, options, side):
    env = gym.make(f"aliens_env/{name}-v0", side=side, **options)
    if "actions" in options:
        game = env.unwrapped.game
        assert env.action_space.n == SideActions(game, side, "side", env.unwrapped.observer.shown_rows).n
    gym_check_env(env.unwrapped, skip_render_check=True)
    sb3_check_env(env.unwrapped, warn=False)


@pytest.mark.parametrize("name, options", VARIANTS, ids=VARIANT_IDS)
def test_variants_pass_the_pettingzoo_api_and_seed_tests(name, options):
    import functools

    api_test(pz_module(name).env(**options), num_cycles=300 if "observation" in options else 100)
    seed_test(functools.partial(pz_module(name).env, **options), num_cycles=100 if "observation" in options else 50)


# A short MaskablePPO run on compact observations with the observation extractor (the mask kept out
# of the network), on one side.
@pytest.mark.parametrize("name", COMPACT)
def test_masked_ppo_runs_on_compact_observations(name):
    from sb3_contrib import MaskablePPO

    from aliens_env.agents.extractors import policy_kwargs, spec_for

    env = gym.make(f"aliens_env/{name}-v0", side="marines", observation="compact")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, verbose=0,
                        policy_kwargs=policy_kwargs(spec_for("observation", name)))
    assert model.policy.mlp_extractor.policy_net[0].in_features == env.observation_space["observation"].shape[0]
    model.learn(total_timesteps=256)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
    assert env.unwrapped.action_masks()[int(action)] == 1


# Each side's own action space: the legal actions random play meets lie in the slices the ruleset
# declares for their side (what makes the declarations trustworthy: a side-space policy could not
# take another) and the side's mask maps back to the game's exactly (the API checks: VARIANTS above);
# with the compact observation's rows (the actions at targets it does not show left out) a side to
# move always has a legal action left.
@pytest.mark.parametrize("name", NAMES)
def test_random_play_meets_legal_actions_only_in_each_sides_declared_slices(name):
    game = aliens_env.envs.get_spec(name).make_game()
    actions = {side: SideActions(game, side, "side") for side in SIDES}
    compact = Observer(game, "compact")
    shown = {side: SideActions(game, side, "side", compact.shown_rows) for side in SIDES}
    declared = {side: np.zeros(game.layout.size, dtype=bool) for side in SIDES}
    aimed = np.zeros(game.layout.size, dtype=bool)  # the actions at a view's k-th row (row_slice_names)
    for names in (game.row_slice_names or {}).values():
        for s in names:
            if s in game.layout.slices:
                start, count = game.layout.slices[s]
                aimed[start:start + count] = True
    for side in SIDES:
        declared[side][actions[side].actions] = True
    policy = RandomPolicy(3)
    rng = np.random.default_rng(3)
    game.reset(3)
    aimed_checked = 0  # (legal actions aimed at a row decision by decision: checked below)
    for _ in range(3000):
        if game.is_terminal():
            game.reset(int(rng.integers(10**6)))
        player = game.current_player()
        mask = game.legal_mask(player)
        outside = np.flatnonzero(mask.astype(bool) & ~declared[player])
        assert not len(outside), f"{name}: {player} may take {[game.layout.name(a) for a in outside]}, outside " \
                                 f"its declared slices {game.side_slices(player)}"
        side_mask = actions[player].mask(game)
        assert side_mask.dtype == np.int8 and np.array_equal(actions[player].expand(side_mask), mask)
        assert shown[player].mask(game).any(), f"{name}: the {player}' legal actions {game.legal_actions(player)} all " \
                                               f"lie at rows the compact observation does not show"
        for a in np.flatnonzero(mask.astype(bool) & aimed):  # an action at row k: the view's row k is there
            kind, k = game.layout.decode(int(a))
            view = next(v for v, names in game.row_slice_names.items() if kind in names)
            assert game.obs_layout.views(game.observe(player))[view][k, 0] > 0, f"{name}: {kind}[{k}] is legal without " \
                                                                                f"{view} row {k} present"
        for slice_name, first, rows, _ in shown[player].aimed:  # one aimed at row k now (row_aimed_slice_names): legal
            view = next(v for v, names in game.row_aimed_slice_names.items() if slice_name in names)  # as its game action,
            for k in np.flatnonzero(shown[player].mask(game)[first:first + rows]):  # with that row present
                action = shown[player].to_game(first + int(k), game)
                aimed_checked += 1
                assert mask[action] and game.layout.decode(action)[0] == slice_name, f"{name}: {slice_name} row {k}"
                assert compact.layout.views(compact(game, player))[view][k, 0] > 0, f"{name}: {slice_name} row {k} is " \
                                                                                    f"legal without {view} row {k} present"
        game.apply(policy.act(game, player))
    if any(shown[side].aimed for side in SIDES):  # (the seeded play meets one: else the check above checked nothing)
        assert aimed_checked > 0, f"{name}: random play met no legal action aimed at a row decision by decision"


def test_masked_ppo_runs_on_side_actions_and_compact_observations():
    from sb3_contrib import MaskablePPO

    from aliens_env.agents.extractors import policy_kwargs, spec_for

    name = "BugHuntTactics"  # the marines: 14 tactics of 598 actions
    env = gym.make(f"aliens_env/{name}-v0", side="marines", observation="compact", actions="side")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, verbose=0,
                        policy_kwargs=policy_kwargs(spec_for("observation", name, "compact")))
    assert model.policy.action_net.out_features == 14
    model.learn(total_timesteps=128)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
    assert env.unwrapped.action_masks()[int(action)] == 1


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("side", SIDES)
def test_episode_plays_to_the_end_and_is_seeded(name, side):
    def play(seed):
        env = gym.make(f"aliens_env/{name}-v0", side=side)
        obs, info = env.reset(seed=seed)
        assert env.unwrapped.game.current_player() == side, "reset must hand the learning side a move"
        rng = np.random.default_rng(seed)
        trace, total = [], 0.0
        for _ in range(100_000):
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0, "the mask of the side to move is empty"
            assert np.array_equal(obs["action_mask"], env.unwrapped.action_masks())
            action = int(rng.choice(legal))
            obs, reward, terminated, truncated, info = env.step(action)
            assert env.observation_space.contains(obs)
            trace.append((action, reward))
            total += reward
            if terminated or truncated:
                break
        else:
            raise AssertionError("the episode did not end")
        assert total == info["outcome"][side]
        return trace

    assert play(7) == play(7)


@pytest.mark.parametrize("name", NAMES)
def test_illegal_action_penalized_without_corrupting_state(name):
    env = gym.make(f"aliens_env/{name}-v0")
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.game.to_dict()
    obs2, reward, terminated, truncated, info = env.step(illegal)
    assert terminated and reward == -1.0
    assert env.unwrapped.game.layout.name(illegal) in info["illegal_action"]
    assert env.unwrapped.game.to_dict() == before


@pytest.mark.parametrize("name", NAMES)
def test_illegal_action_raise_mode_names_the_action(name):
    env = gym.make(f"aliens_env/{name}-v0", illegal_action="raise")
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.game.to_dict()
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(illegal)
    assert env.unwrapped.game.to_dict() == before
    with pytest.raises(IllegalActionError, match="not an integer"):
        env.step(10**6)


def test_aec_illegal_action_raise_mode_leaves_the_rewards_as_they_were():
    env = aliens_env.envs.registry.make_aec_env("ReactorRoom", illegal_action="raise", shaping=True)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(10_000):  # until a step has paid shaping rewards
        if any(env.unwrapped.rewards.values()):
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    raw = env.unwrapped
    assert any(raw.rewards.values())
    rewards, cumulative = dict(raw.rewards), dict(raw._cumulative_rewards)
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(illegal)
    assert raw.rewards == rewards and raw._cumulative_rewards == cumulative


def test_unknown_env_id_and_options_are_clear_errors():
    with pytest.raises(gym.error.Error):
        gym.make("aliens_env/NoSuchGame-v0")
    with pytest.raises(KeyError, match="registered"):
        aliens_env.envs.get_spec("NoSuchGame")
    with pytest.raises(ValueError, match="unknown side"):
        gym.make("aliens_env/ReactorRoom-v0", side="xenomorphs")
    with pytest.raises(ValueError, match="unknown policy"):
        gym.make("aliens_env/ReactorRoom-v0", opponent="telepath")
    with pytest.raises(ValueError, match="allowed"):
        gym.make("aliens_env/ReactorRoom-v0", no_such_rule=True)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_render_modes(name, mode):
    env = gym.make(f"aliens_env/{name}-v0", render_mode=mode)
    env.reset(seed=0)
    frame = env.render()
    if mode == "ansi":
        assert isinstance(frame, str) and len(frame) > 20
    else:
        assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3 and frame.any()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("side", SIDES)
def test_gym_text_render_is_the_learning_sides_view(name, side):
    env = gym.make(f"aliens_env/{name}-v0", side=side, render_mode="ansi")
    env.reset(seed=4)
    assert env.render() == env.unwrapped.game.render_text(viewer=side)


@pytest.mark.parametrize("name", NAMES)
def test_the_observation_is_the_named_views_of_its_layout(name):
    """observe() fills exactly the declared layout: the observation space's shape is the
    layout's, and views(obs) are views of the observation (no copy), covering it in order."""
    env = gym.make(f"aliens_env/{name}-v0")
    game = env.unwrapped.game
    layout = game.obs_layout
    assert env.observation_space["observation"].shape == layout.shape == game.observation_shape
    obs, _ = env.reset(seed=2)
    views = layout.views(obs["observation"])
    assert list(views) == layout.names() and len(views) >= 3
    at = 0
    for (view_name, shape, offset, _), view in zip(layout.rows(), views.values()):
        assert offset == at and view.shape == shape and np.shares_memory(view, obs["observation"])
        at += view.size
    assert at == layout.size


def test_rules_md_lists_every_envs_views_as_the_registry_gives_them():
    from aliens_env.__main__ import views

    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "RULES.md")) as f:
        text = f.read()
    section = text.split("<!-- views: generated by python -m aliens_env -->\n")[1].split("\n<!-- end of views -->")[0]
    assert section == views(), "docs/RULES.md's observation views are out of date: paste `python -m aliens_env`'s"


def test_readme_lists_the_environments_as_the_registry_gives_them():
    from aliens_env.__main__ import table

    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")) as f:
        text = f.read()
    assert table() in text, "README.md's table of environments is out of date: paste `python -m aliens_env`'s"


@pytest.mark.parametrize("name", NAMES)
def test_game_contract_on_random_play(name):
    """JSON round trip and clone continue identically; masks never empty; descriptions exist."""
    spec = aliens_env.envs.get_spec(name)
    game = spec.make_game()
    policy = RandomPolicy(5)
    game.reset(11)
    for step in range(400):
        if game.is_terminal():
            break
        player = game.current_player()
        mask = game.legal_mask(player)
        assert mask.dtype == np.int8 and mask.any()
        other = "hive" if player == "marines" else "marines"
        assert not game.legal_mask(other).any()
        action = policy.act(game, player)
        assert isinstance(game.describe_action(action), str)
        if step % 37 == 0:
            restored = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
            twin = game.clone()
            for g in (restored, twin):
                g.apply(action)
            game.apply(action)
            assert restored.to_dict() == game.to_dict() == twin.to_dict()
        else:
            game.apply(action)


@pytest.mark.parametrize("name", NAMES)
def test_malformed_position_is_a_clear_error(name):
    cls = type(aliens_env.envs.get_spec(name).make_game())
    with pytest.raises(ValueError):
        cls.from_dict({"game": "something else"})
    with pytest.raises(ValueError):
        cls.from_json("{not json")


# Optional rules that change the state, the masks or the observation get the API checks too.
OPTIONAL_CONFIGS = {
    "BugHunt": {"apc": True, "squad": "apc_crew", "electronic_locks": True, "satellite_comms": True,
                "mission": "kill_queen"},
    "OperationsAirDucts": {"scenario": "lets_eat_burke", "beginner": True},
    # the optional weapon rules (an env id, "+", a name for the option set)
    "ReactorRoom+weapons": {"ammunition": True, "backup_weapons": True, "fires": True, "hand_grenades": True,
                            "thrown_grenades": True},
    "OperationsAirDucts+weapons": {"ammunition": True, "backup_weapons": True, "hand_grenades": True,
                                   "thrown_grenades": True},
    "MovieScenario": {"healing": False},
    # the Closing Notes' variants as options of the lairs scenarios (docs/rules/lairs.md A47-)
    "HuntForTheQueen+notes": {"thrown_grenades": True},
    "MarineAssault+notes": {"thrown_grenades": True, "elevator_delay": True, "egg_facehuggers": True},
    "RescueOfNewt+notes": {"elevator_delay": True, "egg_facehuggers": True},
    # the issue-12 optional rules (Petty Revenge has no hive decision, so its Gymnasium hive cannot
    # start: A33; its games are played in tests/reactor_room/test_rr_issue12_rules.py)
    "ReactorRoom+rules": {"firing_through_marines": True, "aim_time": True, "harder_drops": True,
                          "double_bonus_bugs": True},
    "OperationsAirDucts+rules": {"firing_through_marines": True, "aim_time": True},
    # the Closing Notes' grenade at Burke's door (docs/rules/operations.md A23)
    "OperationsAirDucts+notes": {"door_grenade": True},
}


def env_name(config: str) -> str:
    """The environment of an OPTIONAL_CONFIGS key ("Name" or "Name+set")."""
    return config.split("+")[0]


@pytest.mark.parametrize("name", sorted(OPTIONAL_CONFIGS))
@pytest.mark.parametrize("side", SIDES)
def test_optional_rules_pass_gymnasium_and_sb3_checks(name, side):
    env = gym.make(f"aliens_env/{env_name(name)}-v0", side=side, **OPTIONAL_CONFIGS[name])
    gym_check_env(env.unwrapped, skip_render_check=True)
    sb3_check_env(env.unwrapped, warn=False)


@pytest.mark.parametrize("name", sorted(OPTIONAL_CONFIGS))
def test_optional_rules_pass_the_pettingzoo_api_and_seed_tests(name):
    import functools
    api_test(pz_module(env_name(name)).env(**OPTIONAL_CONFIGS[name]), num_cycles=300)
    seed_test(functools.partial(pz_module(env_name(name)).env, **OPTIONAL_CONFIGS[name]), num_cycles=100)


@pytest.mark.parametrize("name", sorted(OPTIONAL_CONFIGS))
@pytest.mark.parametrize("side", SIDES)
def test_optional_rules_episode_plays_to_the_end_and_is_seeded(name, side):
    def play(seed):
        env = gym.make(f"aliens_env/{env_name(name)}-v0", side=side, **OPTIONAL_CONFIGS[name])
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        trace = []
        for _ in range(100_000):
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0 and np.array_equal(obs["action_mask"], env.unwrapped.action_masks())
            action = int(rng.choice(legal))
            obs, reward, terminated, truncated, info = env.step(action)
            assert env.observation_space.contains(obs)
            trace.append((action, reward))
            if terminated or truncated:
                return trace
        raise AssertionError("the episode did not end")

    assert play(7) == play(7)


@pytest.mark.parametrize("name", NAMES)
def test_env_wrapper_answers_as_pettingzoos_order_enforcing_wrapper(name):
    """env() uses a faster OrderEnforcingWrapper; it must give what the stock one gives: the same
    errors before reset, the same last() all through a seeded game, and the same end."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    ours, stock = pz_module(name).env(), OrderEnforcingWrapper(pz_module(name).raw_env())
    for call in (lambda e: e.step(0), lambda e: e.last()):
        errors = []
        for env in (ours, stock):
            with pytest.raises(Exception) as exc:
                call(env)
            errors.append((type(exc.value), str(exc.value)))
        assert errors[0] == errors[1]
    rng = np.random.default_rng(0)
    steps = 0
    for seed in range(3, 100):  # seeded games from seed 3 on until more than 10 steps (a short game: the Drop Ship)
        for env in (ours, stock):
            env.reset(seed=seed)
        while ours.agents:
            a, b = ours.last(), stock.last()
            assert ours.agent_selection == stock.agent_selection
            assert a[1:] == b[1:]
            assert all(np.array_equal(a[0][k], b[0][k]) for k in ("observation", "action_mask"))
            action = None if a[2] or a[3] else int(rng.choice(np.flatnonzero(a[0]["action_mask"])))
            ours.step(action)
            stock.step(action)
            steps += 1
        assert not stock.agents
        assert ours.rewards == stock.rewards and ours.infos == stock.infos
        if steps > 10:
            break
    assert steps > 10
    assert str(ours) == str(stock)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("actions", ["all", "side"])
def test_the_gym_info_mask_is_the_observations_and_its_own_copy(name, actions):
    """The Gymnasium env works the mask out once a step: info's is a copy of the observation's,
    and both are action_masks()'s."""
    env = gym.make(f"aliens_env/{name}-v0", actions=actions)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(40):
        assert np.array_equal(info["action_mask"], obs["action_mask"]) and info["action_mask"] is not obs["action_mask"]
        assert np.array_equal(env.unwrapped.action_masks(), obs["action_mask"])
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            obs, info = env.reset(seed=int(rng.integers(1000)))
