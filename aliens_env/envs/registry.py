"""Every ruleset registers here once; Gymnasium ids, PettingZoo modules, the test suite, the
benchmark, train.py and evaluate.py all iterate over ``REGISTRY``.

The search agent ``mcts`` / ``mcts:BUDGET`` (aliens_env.search) is built in for every game, and
``tactic:NAME`` (one fixed tactic as the commander) for every Tactics environment.
Policy specs with a prefix ("ppo:PATH", "pretrained:NAME") are built by a resolver registered
for the prefix (``register_policy_resolver``). The environments never import the training
stack: a package that provides resolvers declares them as entry points of the group
``aliens_env.policies`` (name = prefix, value = the resolver), loaded on first use. The
``agents`` package of this project does so in pyproject.toml, and registers them on import too."""
from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

import gymnasium

from ..core.game import SIDES, Game
from ..core.policy import Policy, RandomPolicy


#: entry point group of policy resolvers: ``PREFIX = "module:function"``
POLICY_ENTRY_POINTS = "aliens_env.policies"
#: the prefixes the training extra provides (named in the error when it is not installed)
TRAINING_PREFIXES = ("ppo", "pretrained")
TRAIN_EXTRA = 'pip install -e ".[train]"'

#: resolver(spec, game=, side=, seed=) -> Policy, by spec prefix (the text before the first ":")
POLICY_RESOLVERS: dict[str, Callable[..., Policy]] = {}


def load_object(path: str) -> Any:
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


@dataclass(frozen=True)
class GameSpec:
    name: str  # "ReactorRoom": env id aliens_env/ReactorRoom-v0
    game: str  # "module:Class" of the Game
    #: built-in policies by spec name, e.g. {"dice": "...:ReactorDiceAI"}; "random" is always there
    policies: dict[str, str] = field(default_factory=dict)
    #: the opponent used when none is given, per side it controls: by default the dice AI against
    #: marines and the heuristic marines against a hive
    default_opponent: dict[str, str] = field(default_factory=lambda: {"hive": "dice", "marines": "heuristic"})

    @property
    def env_id(self) -> str:
        return f"aliens_env/{self.name}-v0"

    def make_game(self, **options) -> Game:
        return load_object(self.game)(**options)


REGISTRY: dict[str, GameSpec] = {}


def register_game(spec: GameSpec) -> None:
    REGISTRY[spec.name] = spec
    if spec.env_id not in gymnasium.registry:
        gymnasium.register(id=spec.env_id, entry_point="aliens_env.envs.gym_env:AliensEnv", kwargs={"game": spec.name})
    _register_pettingzoo(spec)


def _register_pettingzoo(spec: GameSpec) -> None:
    """``pettingzoo.make("aec", "aliens_env/<Name>-v0")``, with a PettingZoo that has a registry
    (pettingzoo.register: 1.27 has it; an older one has only the aliens_env.pettingzoo modules)."""
    import pettingzoo

    if hasattr(pettingzoo, "register") and spec.env_id not in pettingzoo.aec_registry:
        pettingzoo.register("aec", spec.env_id, entry_point="aliens_env.envs.registry:make_aec_env", kwargs={"game": spec.name})


def make_aec_env(game: str, **kwargs):
    """The wrapped PettingZoo AEC environment of ``game``, as aliens_env.pettingzoo.<name>_v0.env(**kwargs)."""
    from .pettingzoo_env import make_env_functions

    return make_env_functions(game)[0](**kwargs)


def get_spec(name: str) -> GameSpec:
    key = name.removeprefix("aliens_env/").removesuffix("-v0")
    if key not in REGISTRY:
        raise KeyError(f"unknown environment {name!r}; registered: {sorted(REGISTRY)}")
    return REGISTRY[key]


def builtin_policy_names(game: str) -> list[str]:
    return ["random", *get_spec(game).policies]


def make_policy(game: str, side: str, spec: str | Policy | None = None, seed: int | None = None) -> Policy:
    """A policy for `side` of `game` from a spec string ("random", "dice", "heuristic", ...,
    and "PREFIX:..." specs such as "ppo:PATH" through a registered resolver) or a policy object."""
    if side not in SIDES:
        raise ValueError(f"unknown side {side!r}; sides are {list(SIDES)}")
    game_spec = get_spec(game)
    if spec is None:
        spec = game_spec.default_opponent[side]
    if not isinstance(spec, str):
        if not hasattr(spec, "act"):
            raise TypeError(f"a policy needs an act(game, player) method; got {type(spec).__name__}")
        return spec
    if spec == "random":
        return RandomPolicy(seed)
    if spec in game_spec.policies:
        factory: Callable[..., Policy] = load_object(game_spec.policies[spec])
        return factory(seed=seed) if _takes_seed(factory) else factory()
    prefix = spec.partition(":")[0].strip()
    if ":" in spec or prefix in POLICY_RESOLVERS:  # "PREFIX:...", or a bare prefix such as "mcts"
        return policy_resolver(prefix)(spec, game=game, side=side, seed=seed)
    raise ValueError(
        f"unknown policy {spec!r} for {game}; built-in: {builtin_policy_names(game)}, "
        "mcts[:BUDGET[:ROLLOUT]], tactic:NAME (Tactics environments), or ppo:PATH, pretrained:NAME"
    )


def register_policy_resolver(prefix: str, resolver: Callable[..., Policy]) -> None:
    """Specs "PREFIX:..." are built by ``resolver(spec, game=, side=, seed=)`` (the whole spec)."""
    POLICY_RESOLVERS[prefix] = resolver


def policy_resolver(prefix: str) -> Callable[..., Policy]:
    """The resolver of a spec prefix: registered, or loaded from the entry points."""
    if prefix not in POLICY_RESOLVERS:
        from importlib.metadata import entry_points

        for point in entry_points(group=POLICY_ENTRY_POINTS, name=prefix):
            try:
                register_policy_resolver(prefix, point.load())
            except ImportError as exc:
                raise ValueError(f"policy spec {prefix}:... needs the training stack, which is missing "
                                 f"({exc}); install it with  {TRAIN_EXTRA}") from None
            break
    if prefix in POLICY_RESOLVERS:
        return POLICY_RESOLVERS[prefix]
    if prefix in TRAINING_PREFIXES:
        raise ValueError(f"policy spec {prefix}:... needs the training extra (the agents package, torch, "
                         f"sb3-contrib); install it with  {TRAIN_EXTRA}")
    known = sorted({*POLICY_RESOLVERS, *TRAINING_PREFIXES})
    raise ValueError(f"unknown policy spec prefix {prefix + ':'!r}; prefixes: {[p + ':' for p in known]}")


@functools.lru_cache(maxsize=None)
def _takes_seed(factory) -> bool:
    """Whether a policy factory takes ``seed``, asked once per factory (inspect.signature costs ~0.4 ms:
    the Complete Movie's sides build each stage's policy anew at every episode)."""
    import inspect

    try:
        return "seed" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def _search_policy(spec: str, game: str, side: str, seed: int | None = None) -> Policy:
    """``mcts`` / ``mcts:BUDGET[:ROLLOUT]``: the search agent, built in for every game."""
    from ..search import MCTSPolicy

    return MCTSPolicy.from_spec(spec, seed=seed)


def _tactic_policy(spec: str, game: str, side: str, seed: int | None = None) -> Policy:
    """``tactic:NAME`` (or ``tactic:K``): one fixed tactic of a Tactics environment as the
    marines' commander, every activation (core.commander.TacticCommander)."""
    from ..core.commander import TacticCommander

    name = spec.partition(":")[2].strip()
    if not _is_tactics_env(game):
        tactics_envs = sorted(filter(_is_tactics_env, REGISTRY))
        raise ValueError(f"policy spec {spec!r}: tactic:NAME is for the Tactics environments {tactics_envs}, not {game}")
    if side != "marines":
        raise ValueError(f"policy spec {spec!r}: a tactic commands the marines, not the {side}")
    labels = load_object(get_spec(game).game).tactic_labels()
    if not name:
        raise ValueError(f"policy spec 'tactic:' needs a tactic name; allowed: {labels}")
    return TacticCommander(name, labels)


def _is_tactics_env(game: str) -> bool:
    """Is the environment's game commanded by tactics (known from its class, nothing built)?"""
    from ..core.commander import CommandedSide

    return issubclass(load_object(get_spec(game).game), CommandedSide)


def tactic_spec_names(game: str) -> list[str]:
    """``tactic:NAME`` for every tactic of a Tactics environment (none for another game)."""
    if not _is_tactics_env(game):
        return []
    return [f"tactic:{label}" for label in load_object(get_spec(game).game).tactic_labels()]


register_policy_resolver("mcts", _search_policy)
register_policy_resolver("tactic", _tactic_policy)
