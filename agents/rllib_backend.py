"""train.py's RLlib backend (config ``backend: rllib``, extra ``pip install -e ".[rllib]"``):
RLlib's PPO on the PettingZoo AEC environment, on a local Ray or a cluster.

    mode single  the config's `side` learns against a fixed `opponent` (dice, heuristic, ppo:PATH, ...)
    mode both    both sides learn at once, one policy (RLModule) per side: "marines" and "hive"

The action mask is honoured by ``MaskedPPOModule``: RLlib's default PPO network on the
"observation" part of the Dict observation, with the logits of illegal actions set to
FLOAT_MIN (RLlib's own action-masking example, new API stack), so no illegal action is ever
sampled, in training or in play. That network is the ``observation`` extractor's (the mask out
of it), which ``ppo.extractor: observation`` names in the exported policy file; ``flat`` exports
it as SB3's flat network, the mask's input columns zero.

A run directory follows the SB3 backend's conventions (agents/runs.py): config.yaml, train.lock,
metrics.csv (evaluations through the Game API every `eval.freq` steps), final_eval.json, and
checkpoints/<stage>/ckpt_<steps>_steps/ (an RLlib checkpoint directory, written after the
update that completes every `checkpoint_freq` steps; ``--resume`` restores the latest). The
stage is "main" in single mode, "marines" and "hive" in both mode. The trained policies are
exported (``export_policy``) as policy files (agents.policy_file: .safetensors and a checked
JSON header, loaded without unpickling), policies/model.safetensors (single) or
policies/model_<side>.safetensors (both), and policies/best_model[_<side>].safetensors: ``ppo:PATH``,
evaluate.py, ``opponent=`` and the terminal player load them as the SB3 backend's policy files.

Steps: `timesteps` counts the decisions of the learning side(s), as RLlib's env steps (in
single mode the opponent plays inside the environment's step, as in the Gymnasium env). One
update collects ``ppo.n_steps * n_envs * max(1, rllib.env_runners)`` steps: `n_envs`
environments in each env runner.
"""
from __future__ import annotations

import importlib
import json
import math
import os
import re
import shutil
import time

import numpy as np

import aliens_env
from aliens_env.core.game import SIDES, other_side
from aliens_env.envs.registry import get_spec
from aliens_env.pettingzoo_names import pettingzoo_module_name

from . import config as cfglib
from . import runs
from .stages import Stage, final_table, plan_stages, result_value

RLLIB_EXTRA = 'pip install -e ".[rllib]"'
#: the extractors (ppo.extractor) whose network MaskedPPOModule is (see the module doc)
RLLIB_EXTRACTORS = ("flat", "observation")
# the folder holding the aliens_env package (a checkout's root; site-packages when installed):
# this module is aliens_env/agents/rllib_backend.py, and aliens_env/ itself must not be on the path
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(aliens_env.__file__)))

try:  # the classes below need ray; train.py reports a missing extra through require_ray()
    import torch
    from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule as PPOTorchRLModule
    from ray.rllib.core.columns import Columns
    from ray.rllib.env.multi_agent_env import MultiAgentEnv
    from ray.rllib.utils.torch_utils import FLOAT_MIN
except ImportError as _exc:
    _RAY_ERROR: ImportError | None = _exc
    PPOTorchRLModule = MultiAgentEnv = object
else:
    _RAY_ERROR = None


def require_ray() -> None:
    if _RAY_ERROR is not None:
        raise cfglib.ConfigError(f"backend 'rllib' needs ray[rllib] ({_RAY_ERROR}); install it with  {RLLIB_EXTRA}")


# -- the environment -----------------------------------------------------------------------------
class AliensMultiAgentEnv(MultiAgentEnv):
    """The PettingZoo AEC env of a game as an RLlib MultiAgentEnv, turn by turn: each step
    returns the observation of the one learning agent to move next, with the reward it gathered
    since its own last move (AEC semantics); at the end every learning agent gets its last
    observation and reward. A side that does not learn is played inside step() by a fixed policy.

    env_config: game, learners (list of sides), opponent (policy spec of the other side in single
    mode, None: the game's default), shaping, result_reward, observation (its kind, default "full"),
    env_options, seed."""

    def __init__(self, env_config: dict):
        super().__init__()
        import aliens_env  # noqa: F401  (registers the rulesets in an env runner process)

        game = env_config["game"]
        module = importlib.import_module(f"aliens_env.pettingzoo.{pettingzoo_module_name(get_spec(game).name)}")
        self.aec = module.env(shaping=env_config.get("shaping", False), result_reward=env_config.get("result_reward"),
                              observation=env_config.get("observation", "full"), **env_config.get("env_options", {}))
        self.raw = self.aec.unwrapped
        self.learners = list(env_config["learners"])
        self.agents = self.possible_agents = list(self.learners)
        self.observation_spaces = {a: self.raw.observation_space(a) for a in self.learners}
        self.action_spaces = {a: self.raw.action_space(a) for a in self.learners}
        seed = env_config.get("seed", 0) + 1000 * getattr(env_config, "worker_index", 0) + getattr(env_config, "vector_index", 0)
        self.rng = np.random.default_rng(seed)
        self.opponents = {}
        for side in SIDES:
            if side not in self.learners:
                from . import make_policy

                spec = env_config.get("opponent") or get_spec(game).default_opponent[side]
                self.opponents[side] = make_policy(spec, game=game, side=side, seed=int(self.rng.integers(2**31)))
        self.pending = {a: 0.0 for a in self.learners}

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        while True:
            self.aec.reset(seed=int(self.rng.integers(2**31)), options=options)
            self.pending = {a: 0.0 for a in self.learners}
            self._play_opponents()
            if not self._over():  # a game the opponent ends before a learner moves cannot be learnt from
                agent = self.raw.agent_selection
                return {agent: self.raw.observe(agent)}, {}

    def step(self, action_dict):
        agent = self.raw.agent_selection
        self.aec.step(int(action_dict[agent]))
        self._collect()
        self._play_opponents()
        raw = self.raw
        if self._over():
            terminated = any(raw.terminations.values())
            rewards, self.pending = self.pending, {a: 0.0 for a in self.learners}
            return ({a: raw.observe(a) for a in self.learners}, rewards,
                    {**{a: terminated for a in self.learners}, "__all__": terminated},
                    {**{a: not terminated for a in self.learners}, "__all__": not terminated},
                    {a: dict(raw.infos[a]) for a in self.learners})
        agent = raw.agent_selection
        reward, self.pending[agent] = self.pending[agent], 0.0
        return {agent: raw.observe(agent)}, {agent: reward}, {"__all__": False}, {"__all__": False}, {}

    def _over(self) -> bool:
        return any(self.raw.terminations.values()) or any(self.raw.truncations.values())

    def _collect(self) -> None:
        for a in self.learners:
            self.pending[a] += float(self.raw.rewards[a])

    def _play_opponents(self) -> None:
        raw = self.raw
        while not self._over() and raw.agent_selection not in self.learners:
            side = raw.agent_selection
            self.aec.step(self.opponents[side].act(raw.game, side))
            self._collect()


# -- the masked network --------------------------------------------------------------------------
class MaskedPPOModule(PPOTorchRLModule):
    """RLlib's default PPO torch module built on the "observation" part of the Dict observation
    {"observation", "action_mask"}; every forward pass adds FLOAT_MIN to the logits of the
    actions the mask forbids (after ray.rllib.examples.rl_modules.classes.action_masking_rlm)."""

    def __init__(self, *, observation_space=None, **kwargs):
        self.observation_space_with_mask = observation_space
        super().__init__(observation_space=observation_space["observation"], **kwargs)

    def setup(self):
        super().setup()
        self.observation_space = self.observation_space_with_mask

    def _forward_inference(self, batch, **kwargs):
        mask, batch = _split(batch)
        return _masked(super()._forward_inference(batch, **kwargs), mask)

    def _forward_exploration(self, batch, **kwargs):
        mask, batch = _split(batch)
        return _masked(super()._forward_exploration(batch, **kwargs), mask)

    def _forward_train(self, batch, **kwargs):
        mask, batch = _split(batch)
        return _masked(super()._forward_train(batch, **kwargs), mask)

    def compute_values(self, batch, embeddings=None):
        _, batch = _split(batch)
        return super().compute_values(batch, embeddings)


def _split(batch: dict):
    """(action mask, the batch with the bare observation): the mask stays out of the network."""
    obs = batch[Columns.OBS]
    if not isinstance(obs, dict):
        raise ValueError("MaskedPPOModule needs Dict observations {'observation', 'action_mask'}")
    return obs["action_mask"], {**batch, Columns.OBS: obs["observation"]}


def _masked(out: dict, mask) -> dict:
    logits = out[Columns.ACTION_DIST_INPUTS]
    out[Columns.ACTION_DIST_INPUTS] = torch.where(mask.bool(), logits, torch.full_like(logits, FLOAT_MIN))
    return out


# -- the algorithm -------------------------------------------------------------------------------
def learners(config: dict) -> list[str]:
    return list(SIDES) if config["mode"] == "both" else [config["side"]]


def check_config(config: dict, address: str | None = None) -> None:
    """The keys the RLlib backend cannot honour, each a ConfigError naming it; on a local Ray
    (no ``address``, no RAY_ADDRESS) also more env runners than CPUs."""
    if config["mode"] == "selfplay":
        raise cfglib.ConfigError("backend 'rllib': mode 'selfplay' (alternating rounds) is the sb3 backend's; "
                                 "use mode 'both' (both sides learn at once) or 'single'")
    if config["actions"] != "all":  # (its env, module and export read the game's flat space)
        raise cfglib.ConfigError(f"actions: {config['actions']} is not supported by the rllib backend yet (config key "
                                 f"'actions'); use actions: all, or backend: sb3")
    unsupported = {"init_model": config["init_model"], "bc.teacher": config["bc"]["teacher"], "ppo.target_kl": config["ppo"]["target_kl"],
                   "ppo.extractor": None if config["ppo"]["extractor"] in RLLIB_EXTRACTORS else config["ppo"]["extractor"]}
    for key, value in unsupported.items():
        if value is not None:
            raise cfglib.ConfigError(f"backend 'rllib' does not support config key {key!r} (got {value!r}); "
                                     f"set it to {' or '.join(RLLIB_EXTRACTORS) if key == 'ppo.extractor' else 'null'} "
                                     f"or use backend 'sb3'")
    cpus = config["rllib"]["num_cpus"] or os.cpu_count()
    if not (address or os.environ.get("RAY_ADDRESS")) and config["rllib"]["env_runners"] > cpus:
        raise cfglib.ConfigError(f"config key 'rllib.env_runners': {config['rllib']['env_runners']} env runners need a CPU each "
                                 f"and this local Ray has {cpus} (rllib.num_cpus): Ray would wait for them forever; "
                                 f"use at most {cpus}, or join a cluster with --address")


def make_stages(config: dict, run_dir: str) -> list[Stage]:
    """single: the SB3 backend's stage "main"; both: a stage per side, evaluated against the
    game's default opponent of the other side, exported to policies/model_<side>.safetensors."""
    if config["mode"] == "single":
        return plan_stages(config, run_dir)
    spec = get_spec(config["env"])
    return [Stage(side, side, spec.default_opponent[other_side(side)], spec.default_opponent[other_side(side)],
                  os.path.join(run_dir, f"model_{side}.zip"), None) for side in SIDES]


def rollout_steps(config: dict) -> int:
    return config["ppo"]["n_steps"] * config["n_envs"] * max(1, config["rllib"]["env_runners"])


def algo_config(config: dict):
    """The PPOConfig of a run: one MaskedPPOModule per learning side, the config's PPO settings."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    p, sides = config["ppo"], learners(config)
    model = DefaultModelConfig(fcnet_hiddens=list(p["net_arch"]), fcnet_activation="tanh", vf_share_layers=False, head_fcnet_hiddens=[])
    env_config = {"game": config["env"], "learners": sides, "opponent": config["opponent"], "shaping": config["shaping"],
                  "result_reward": config["result_reward"], "observation": config["observation"],
                  "env_options": config["env_options"], "seed": config["seed"]}
    return (
        PPOConfig()
        .environment(AliensMultiAgentEnv, env_config=env_config)
        .env_runners(num_env_runners=config["rllib"]["env_runners"], num_envs_per_env_runner=config["n_envs"],
                     rollout_fragment_length=p["n_steps"], num_cpus_per_env_runner=1)
        .multi_agent(policies=set(sides), policy_mapping_fn=_side_policy, policies_to_train=sides)
        .rl_module(rl_module_spec=MultiRLModuleSpec(
            rl_module_specs={s: RLModuleSpec(module_class=MaskedPPOModule, model_config=model) for s in sides}))
        .training(train_batch_size_per_learner=rollout_steps(config), minibatch_size=p["batch_size"],
                  num_epochs=p["n_epochs"], lr=p["learning_rate"], gamma=p["gamma"], lambda_=p["gae_lambda"],
                  clip_param=p["clip_range"], entropy_coeff=p["ent_coef"], vf_loss_coeff=p["vf_coef"],
                  grad_clip=p["max_grad_norm"], grad_clip_by="global_norm", use_kl_loss=False, vf_clip_param=math.inf)
        .debugging(seed=config["seed"])
    )


def _side_policy(agent_id, episode=None, **kwargs):
    return agent_id


def init_ray(config: dict, address: str | None) -> None:
    """A local Ray of `rllib.num_cpus` CPUs (null: every core) without dashboard, or the cluster
    at ``address`` (else RAY_ADDRESS) when given."""
    import ray

    address = address or os.environ.get("RAY_ADDRESS")
    if address:
        ray.init(address=address)
        return
    path = os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH")) if p)
    ray.init(address="local", num_cpus=config["rllib"]["num_cpus"], include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": path}})


# -- export: an RLlib policy as a policy file ----------------------------------------------------
def to_sb3_policy(module, config: dict, side: str):
    """The MaskablePPO policy network (agents.policy_file's, built from a header) that computes
    what ``module`` (a MaskedPPOModule) computes.

    With ``ppo.extractor: flat`` that network reads the flattened observation and mask
    concatenated (SB3's CombinedExtractor), then separate tanh MLPs for the policy and the value
    and a linear head each; the RLlib module has the same MLPs on the observation alone, so the
    first layers' columns of the mask are zero. With ``observation`` it reads the observation
    alone (extractors.ObservationExtractor), as the module does."""
    from . import extractors, policy_file

    spaces = module.observation_space
    net = {"type": policy_file.NETWORK_TYPE, "pi": list(config["ppo"]["net_arch"]), "vf": list(config["ppo"]["net_arch"]),
           "activation": "tanh"}
    spec = extractors.spec_for(config["ppo"]["extractor"], config["env"], config["observation"])
    if spec is not None:
        net["extractor"] = spec
    header = {"format": policy_file.FORMAT, "format_version": policy_file.FORMAT_VERSION, "game": config["env"], "side": side,
              "observation": config["observation"], "observation_size": int(spaces["observation"].shape[0]),
              "n_actions": int(spaces["action_mask"].shape[0]), "network": net, "made_by": ""}
    policy_file.check_header(header, "the RLlib export")
    policy = policy_file.build_policy(header)
    # the columns of the observation in SB3's concatenated input
    offset, columns = 0, None
    for key, space in policy.observation_space.spaces.items():
        size = int(np.prod(space.shape))
        if key == "observation":
            columns = slice(offset, offset + size)
        offset += size
    pairs = [(_linears(module.encoder.actor_encoder), _linears(policy.mlp_extractor.policy_net)),
             (_linears(module.encoder.critic_encoder), _linears(policy.mlp_extractor.value_net)),
             (_linears(module.pi), [policy.action_net]), (_linears(module.vf), [policy.value_net])]
    with torch.no_grad():
        for source, target in pairs:
            if len(source) != len(target):
                raise ValueError(f"cannot export: the RLlib network has {len(source)} layers where MaskablePPO has {len(target)}")
            for i, (src, dst) in enumerate(zip(source, target)):
                dst.bias.copy_(src.bias)
                if i == 0 and dst.weight.shape[1] != src.weight.shape[1]:  # the encoders' first layers
                    dst.weight.zero_()
                    dst.weight[:, columns] = src.weight
                else:
                    dst.weight.copy_(src.weight)
    policy.set_training_mode(False)
    return policy


def _linears(net) -> list:
    return [m for m in net.modules() if isinstance(m, torch.nn.Linear)]


def export_policy(module, config: dict, side: str, path: str, made_by: str = "") -> str:
    """Write ``module``'s policy to ``path`` as a policy file (agents.policy_file: .safetensors
    with a checked JSON header, float32), the one file format ``ppo:PATH`` and ``pretrained:`` load."""
    from . import policy_file

    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    policy_file.save(to_sb3_policy(module, config, side), path, config["env"], side, made_by=made_by,
                     observation=config["observation"])
    return path


# -- checkpoints ---------------------------------------------------------------------------------
def checkpoint_dir(directory: str, steps: int) -> str:
    return os.path.join(directory, f"ckpt_{steps}_steps")


def latest_checkpoint(directory: str) -> tuple[str, int] | None:
    found = []
    if os.path.isdir(directory):
        for name in os.listdir(directory):
            m = re.fullmatch(r"ckpt_(\d+)_steps", name)
            if m and os.path.isdir(os.path.join(directory, name)):
                found.append((int(m.group(1)), os.path.join(directory, name)))
    if not found:
        return None
    steps, path = max(found)
    return path, steps


def save_checkpoint(algo, directory: str, steps: int) -> str:
    """The whole algorithm state (weights, optimizer, env runner state) in a directory written
    under a temporary name and renamed: a checkpoint is never half written."""
    path = checkpoint_dir(directory, steps)
    tmp = path + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    algo.save_to_path(tmp)
    with open(os.path.join(tmp, "aliens_steps.json"), "w") as f:
        json.dump({"timesteps": steps}, f)
    shutil.rmtree(path, ignore_errors=True)
    os.replace(tmp, path)
    return path


# -- training ------------------------------------------------------------------------------------
def train_run(config: dict, run_dir: str, resume: bool, address: str | None = None) -> None:
    """The RLlib counterpart of train.py's train_run: train (or resume), export, final table."""
    require_ray()
    check_config(config, address)
    import ray

    runs.write_config(run_dir, config)
    print(f"run directory: {run_dir}")
    stages = make_stages(config, run_dir)
    ckpt_dir = os.path.join(run_dir, "checkpoints", "main")
    point = latest_checkpoint(ckpt_dir) if resume else None
    if resume:
        if point is None:
            raise runs.RunError(f"cannot resume {run_dir}: no checkpoint in {ckpt_dir}")
        for stage in stages:
            runs.check_metrics(run_dir, stage.name, point[1], config["eval"]["freq"])
    start = time.time()
    init_ray(config, address)
    try:
        algo = algo_config(config).build_algo()
        try:
            steps = 0
            if point:
                path, steps = point
                algo.restore_from_path(os.path.abspath(path))
                for stage in stages:
                    runs.truncate_metrics(run_dir, stage.name, steps)
                print(f"resuming from {path} at {steps} steps")
            train_loop(algo, config, run_dir, stages, ckpt_dir, steps)
        finally:
            algo.stop()
    finally:
        ray.shutdown()
    print(f"training took {time.time() - start:.0f} s")
    final_table(config, run_dir, stages)
    print(f"total {time.time() - start:.0f} s; run directory: {run_dir}")


def train_loop(algo, config: dict, run_dir: str, stages: list[Stage], ckpt_dir: str, steps: int) -> None:
    from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, NUM_ENV_STEPS_SAMPLED

    total, freq, eval_freq = config["timesteps"], config["checkpoint_freq"], config["eval"]["freq"]
    evaluator = Evaluation(config, run_dir, stages)
    label = ", ".join(f"{s.side} against {s.opponent_label}" for s in stages) if config["mode"] == "single" else "marines and hive at once"
    print(f"training {label}: {max(0, total - steps)} steps ({rollout_steps(config)} per update)")
    next_save = (steps // freq + 1) * freq
    next_eval = (steps // eval_freq + 1) * eval_freq if eval_freq else None
    t0, done0 = time.time(), steps
    while steps < total:
        try:
            result = algo.train()
        except KeyboardInterrupt:
            last = latest_checkpoint(ckpt_dir)
            kept = f"the last checkpoint is {last[0]}" if last else "no checkpoint was written yet"
            raise SystemExit(f"\ninterrupted: {kept}; continue with  python train.py --resume {run_dir}") from None
        steps += int(result[ENV_RUNNER_RESULTS].get(NUM_ENV_STEPS_SAMPLED, 0))
        if config["progress_bar"]:
            rate = (steps - done0) / max(time.time() - t0, 1e-9)
            print(f"  {steps}/{total} steps, {rate:.0f} steps/s", flush=True)
        if next_eval is not None and steps >= next_eval:
            next_eval = (steps // eval_freq + 1) * eval_freq
            evaluator.evaluate(algo, steps)
        if steps >= next_save or steps >= total:
            next_save = (steps // freq + 1) * freq
            save_checkpoint(algo, ckpt_dir, steps)
    for stage in stages:
        path = stage.policy_path(run_dir)
        export_policy(algo.get_module(stage.side), config, stage.side, path,
                      made_by=f"train.py (backend rllib) {run_dir}: {steps} steps")
        print(f"[{stage.name}] saved {path}")


class Evaluation:
    """Every `eval.freq` steps: `eval.episodes` games of each learning side's current policy
    (exported in memory) against its stage's opponent through the Game API; a metrics.csv row
    each, and the best one kept as policies/best_model[_<side>].safetensors, the SB3 backend's
    policy file of its best model."""

    def __init__(self, config: dict, run_dir: str, stages: list[Stage]):
        self.config, self.run_dir, self.stages = config, run_dir, stages
        rows = runs.read_metrics(run_dir)
        self.best = {s.name: max((result_value(r, config["result_reward"]) for r in rows if r["stage"] == s.name), default=-np.inf)
                     for s in stages}
        done = [float(r["wall_time"]) for r in rows]
        self.start = time.time() - (max(done) if done else 0.0)

    def evaluate(self, algo, steps: int) -> None:
        from .evaluation import play_matchup, side_view
        from .ppo import PPOPolicy, _PolicyOnly
        from .stages import policy_path

        config, e = self.config, self.config["eval"]
        for stage in self.stages:
            module = algo.get_module(stage.side)
            model = _PolicyOnly(to_sb3_policy(module, config, stage.side))
            players = {stage.side: PPOPolicy(model, deterministic=e["deterministic"], observation=config["observation"]),
                       other_side(stage.side): stage.opponent_spec}
            summary = play_matchup(config["env"], players["marines"], players["hive"], e["episodes"],
                                   seed=10_000_000 + config["seed"], env_options=config["env_options"])
            view = side_view(summary, stage.side)
            runs.append_metrics(self.run_dir, {
                "stage": stage.name, "timesteps": steps, "wall_time": round(time.time() - self.start, 1),
                "opponent": stage.opponent_label, "episodes": summary["episodes"], "win": view["win"],
                "win_lo": view["win_ci"][0], "win_hi": view["win_ci"][1], "draw": view["draw"], "loss": view["loss"],
                "mean_length": summary["mean_length"], **{f"score_{k}": s["mean"] for k, s in summary["score"].items()}})
            value = result_value(view, config["result_reward"])
            if value > self.best[stage.name]:
                self.best[stage.name] = value
                path = policy_path(self.run_dir, f"best_model{stage.suffix}")
                export_policy(module, config, stage.side, path, made_by=f"train.py (backend rllib) {self.run_dir}: best at {steps} steps")
