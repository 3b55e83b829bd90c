"""Training configs: a schema with types, defaults and allowed values, and its validation.

Every key of a config file is checked against ``SCHEMA``: an unknown key or a wrong type is a
``ConfigError`` naming the key (dotted, e.g. ``ppo.n_steps``) and the allowed keys, values or
the expected type. Missing keys take their defaults; the resolved config is saved in each run.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

import yaml

from aliens_env.core.game import DEFAULT_RESULT_REWARD, SIDES


class ConfigError(ValueError):
    """A config that does not fit the schema; the message names the key."""


@dataclass(frozen=True)
class Field:
    types: tuple  # accepted Python types; None in the tuple allows null
    default: Any
    help: str = ""
    choices: tuple | Callable[[], list] | None = None
    minimum: float | None = None
    items: type | None = None  # element type of a list

    def allowed(self) -> list | None:
        if self.choices is None:
            return None
        return list(self.choices()) if callable(self.choices) else list(self.choices)


def _envs() -> list[str]:
    import aliens_env  # noqa: F401  (registers every ruleset)
    from aliens_env.envs.registry import REGISTRY

    return sorted(REGISTRY)


def _observations() -> tuple:
    from aliens_env.envs.observations import OBSERVATIONS

    return OBSERVATIONS


def _actions() -> tuple:
    from aliens_env.envs.actions import ACTIONS

    return ACTIONS


def _extractors() -> tuple:
    from .extractors import EXTRACTORS

    return EXTRACTORS


STR, INT, FLOAT, BOOL, NONE = (str,), (int,), (float, int), (bool,), (type(None),)

SCHEMA: dict[str, Any] = {
    "env": Field(STR, "ReactorRoom", "registered environment name", choices=_envs),
    "side": Field(STR, "marines", "the side that learns (single mode)", choices=SIDES),
    "mode": Field(STR, "single", "single: one side against a fixed opponent; selfplay: alternate sides (sb3 backend); "
                  "both: both sides learn at once, one policy each (rllib backend)", choices=("single", "selfplay", "both")),
    "opponent": Field(STR + NONE, None, "policy spec of the other side; null: the game's default opponent"),
    "init_model": Field(STR + NONE, None, "start from this saved model (fine-tuning) instead of a fresh network"),
    "env_options": Field((dict,), {}, "options passed to the game (e.g. turn_limit, optional rules)"),
    "observation": Field(STR, "full", "what the network observes: full (the game's observation) or compact (a few hundred "
                         "values: the game's own compact observation, else made from the full one; "
                         "aliens_env/envs/observations.py), in training, imitation and evaluation",
                         choices=_observations),
    "actions": Field(STR, "all", "the learning side's action space: all (the game's flat space, both sides') or side (only "
                     "the slices that side may ever take, numbered 0..n-1: a smaller policy head; aliens_env/envs/actions.py), "
                     "in training, imitation and evaluation", choices=_actions),
    "shaping": Field(BOOL, True, "add the game's shaping reward each step"),
    "result_reward": {
        result: Field(FLOAT, reward, f"reward of a {result} for the learning side at the end")
        for result, reward in DEFAULT_RESULT_REWARD.items()
    },
    "backend": Field(STR, "sb3", "sb3: MaskablePPO in this process; rllib: RLlib's PPO on Ray (extra rllib)", choices=("sb3", "rllib")),
    "seed": Field(INT, 0, "seed of the network, the environments and the evaluations"),
    "timesteps": Field(INT, 500_000, "training steps of the learning side (per round in selfplay)", minimum=1),
    "n_envs": Field(INT, 4, "environments in parallel", minimum=1),
    "vec_env": Field(STR, "dummy", "vector env class: dummy (one process, fastest on 2 cores) or subproc", choices=("dummy", "subproc")),
    "output_dir": Field(STR, "runs", "where run directories are created"),
    "run_name": Field(STR + NONE, None, "run directory name; null: <env>-<side|selfplay>-s<seed>-<time>"),
    "checkpoint_freq": Field(INT, 50_000, "save a checkpoint every this many steps", minimum=1),
    "keep_checkpoints": Field(INT + NONE, None, "keep only the newest this many checkpoints of each stage (null: keep all)", minimum=1),
    "progress_bar": Field(BOOL, True, "show a progress bar (when the output is a terminal)"),
    "progress_seconds": Field(FLOAT, 30.0, "seconds between plain progress lines when there is no progress bar (0: none)", minimum=0),
    "ppo": {
        "learning_rate": Field(FLOAT, 3e-4, minimum=0),
        "n_steps": Field(INT, 512, "steps per environment per rollout", minimum=1),
        "batch_size": Field(INT, 256, minimum=1),
        "n_epochs": Field(INT, 5, minimum=1),
        "gamma": Field(FLOAT, 0.995, minimum=0),
        "gae_lambda": Field(FLOAT, 0.95, minimum=0),
        "clip_range": Field(FLOAT, 0.2, minimum=0),
        "ent_coef": Field(FLOAT, 0.01, minimum=0),
        "vf_coef": Field(FLOAT, 0.5, minimum=0),
        "max_grad_norm": Field(FLOAT, 0.5, minimum=0),
        "target_kl": Field(FLOAT + NONE, None),
        "net_arch": Field((list,), [128, 128], "hidden layer sizes of the policy and value MLPs", items=int),
        "extractor": Field(STR, "flat", "features extractor before the MLPs: flat (the observation and the action mask as one "
                           "vector), observation (the observation alone as one vector) or views (the game's named views: "
                           "map planes through a CNN, the rest through an MLP; agents/extractors.py)",
                           choices=_extractors),
    },
    "bc": {
        "teacher": Field(STR + NONE, None, "policy spec of the learning side to imitate before PPO (behaviour cloning); null: none"),
        "episodes": Field(INT, 200, "teacher games to learn from", minimum=1),
        "epochs": Field(INT, 10, minimum=1),
        "batch_size": Field(INT, 256, minimum=1),
        "learning_rate": Field(FLOAT, 1e-3, minimum=0),
        "value_coef": Field(FLOAT, 0.5, "weight of the value head's fit to the teacher's returns", minimum=0),
        "dagger": Field(INT, 0, "DAgger rounds after the first imitation: the learner plays bc.episodes games, the teacher labels its positions, the policy re-learns on all labels", minimum=0),
        "anchor": Field(FLOAT, 0.0, "weight of the teacher's cross-entropy kept during PPO (0: imitate only before PPO)", minimum=0),
    },
    "eval": {
        "freq": Field(INT, 50_000, "evaluate every this many steps (0: never during training)", minimum=0),
        "episodes": Field(INT, 50, "episodes per evaluation during training", minimum=1),
        "deterministic": Field(BOOL, True, "evaluate the most likely action (else sample)"),
        "final_episodes": Field(INT, 300, "episodes per row of the final table (0: no final table)", minimum=0),
        "opponents": Field((list,), [], "opponents of the final table; empty: the training opponent", items=str),
        "references": Field((list,), [], "other policies of the learning side to compare in the final table", items=str),
        "workers": Field(INT, 2, "worker processes of the final evaluation", minimum=1),
    },
    "rllib": {
        "env_runners": Field(INT, 1, "RLlib env runner processes (0: sample in the training process); n_envs environments each", minimum=0),
        "num_cpus": Field(INT + NONE, None, "CPUs of the local Ray (null: every core); ignored when joining a cluster", minimum=1),
    },
    "selfplay": {
        "rounds": Field(INT, 4, "rounds; each trains one side against the other side's latest policy", minimum=1),
        "first_side": Field(STR, "marines", "the side trained in round 0", choices=SIDES),
        "initial_opponent": Field(STR + NONE, None, "opponent of round 0; null: the game's default opponent"),
    },
}


def defaults(schema: dict = SCHEMA) -> dict:
    return {k: defaults(v) if isinstance(v, dict) else copy.deepcopy(v.default) for k, v in schema.items()}


def _type_name(types: tuple) -> str:
    names = {str: "string", int: "integer", float: "number", bool: "true/false", dict: "mapping", list: "list", type(None): "null"}
    return " or ".join(dict.fromkeys(names.get(t, t.__name__) for t in types))


def _check_value(key: str, field: Field, value: Any) -> Any:
    types = field.types
    if float in types and isinstance(value, str):  # YAML 1.1 reads 3e-4 as a string
        try:
            value = float(value)
        except ValueError:
            pass
    ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
    if not ok:
        raise ConfigError(f"config key {key!r}: expected {_type_name(types)}, got {type(value).__name__} {value!r}")
    if float in types and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    allowed = field.allowed()
    if allowed is not None and value is not None and value not in allowed:
        raise ConfigError(f"config key {key!r}: {value!r} is not allowed; allowed values: {allowed}")
    if field.minimum is not None and value is not None and value < field.minimum:
        raise ConfigError(f"config key {key!r}: {value!r} is below the minimum {field.minimum}")
    if field.items is not None:
        for i, item in enumerate(value):
            if not isinstance(item, field.items) or isinstance(item, bool):
                raise ConfigError(
                    f"config key {key!r}: item {i} must be a {_type_name((field.items,))}, got {type(item).__name__} {item!r}"
                )
    return copy.deepcopy(value)


def validate(config: dict | None, schema: dict = SCHEMA, prefix: str = "") -> dict:
    """The config with defaults filled in; a ConfigError names any bad key."""
    config = {} if config is None else config
    if not isinstance(config, dict):
        raise ConfigError(f"config {prefix.rstrip('.') or '(top level)'!r}: expected a mapping, got {type(config).__name__}")
    out = {}
    for key in config:
        if key not in schema:
            where = f"in section {prefix.rstrip('.')!r}" if prefix else "at the top level"
            raise ConfigError(f"unknown config key {prefix + str(key)!r} {where}; allowed keys: {sorted(schema)}")
    for key, field in schema.items():
        name = prefix + key
        if isinstance(field, dict):
            out[key] = validate(config.get(key, {}), field, name + ".")
        elif key in config:
            out[key] = _check_value(name, field, config[key])
        else:
            out[key] = copy.deepcopy(field.default)
    if schema is SCHEMA and "observation" in out["env_options"]:  # one way to choose it, which every part of a run reads
        raise ConfigError(f"config key 'env_options.observation': the kind of observation is the top-level key 'observation' "
                          f"(allowed values: {list(_observations())}); env_options are the game's options")
    if schema is SCHEMA and "actions" in out["env_options"]:  # (the same for the kind of action space)
        raise ConfigError(f"config key 'env_options.actions': the kind of action space is the top-level key 'actions' "
                          f"(allowed values: {list(_actions())}); env_options are the game's options")
    return out


def load(path: str) -> dict:
    try:
        with open(path) as f:
            data = yaml.safe_load(f)
    except FileNotFoundError:
        raise ConfigError(f"config file {path!r} does not exist") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"config file {path!r} is not valid YAML: {exc}") from None
    try:
        return validate(data)
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None


def override(config: dict, assignments: dict[str, Any]) -> dict:
    """Set dotted keys ("ppo.n_steps": 256) and validate again."""
    raw = copy.deepcopy(config)
    for dotted, value in assignments.items():
        node = raw
        *parents, leaf = dotted.split(".")
        for part in parents:
            if not isinstance(node.get(part), dict):
                raise ConfigError(f"unknown config key {dotted!r}: {part!r} is not a section; sections: "
                                  f"{sorted(k for k, v in SCHEMA.items() if isinstance(v, dict))}")
            node = node[part]
        node[leaf] = value
    return validate(raw)


def parse_assignment(text: str) -> tuple[str, Any]:
    """"ppo.n_steps=256" -> ("ppo.n_steps", 256), the value read as YAML."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise ConfigError(f"--set expects KEY=VALUE (e.g. ppo.n_steps=256), got {text!r}")
    return key.strip(), yaml.safe_load(value)


def dump(config: dict) -> str:
    return yaml.safe_dump(config, sort_keys=False)
