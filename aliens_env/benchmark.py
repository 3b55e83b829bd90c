"""Steps per second of every registered environment against PettingZoo's connect_four_v3
measured in the same run, training throughput (--train) and resident memory (--memory).

    python -m aliens_env.benchmark [--seconds 5] [--json out.json]    # step speed (default)
    python -m aliens_env.benchmark --env BugHunt [--env ...]          # step speed of some envs only
    python -m aliens_env.benchmark --train [--seconds 5] [--env ...]    # MaskablePPO steps/s, two settings
    python -m aliens_env.benchmark --memory [--memory-steps 100000]     # resident memory

Step speed: the environments are measured in interleaved quarter-second slices, so that other
load on the machine falls on the peer and on each environment alike, and each environment's AEC
slice right after one of the peer's: its ratio is the median of the ratios of those pairs of
slices, their quartiles printed beside it (the host's speed moves by up to 2x within a minute on a
shared machine, docs/speed.md: a pair of adjacent slices sees one speed, where the ratio of two
totals mixes the speeds of slices seconds apart). Two figures per environment:
- "AEC steps/s": PettingZoo AEC env, random legal actions for both agents, every agent step
  counted (the same loop as for connect_four_v3, so the ratio compares like with like);
- "Gym steps/s": Gymnasium env for the marines with a random legal opponent inside step()
  (each step includes the opponent's turns).

Training (--train; needs the training extra): MaskablePPO (4 DummyVecEnv, n_steps 256, an MLP
64x64, torch on 1 thread, the other settings sb3-contrib's defaults) on each registered Gym env
with its default opponent, and the same on connect_four_v3 (as a Gym env with action masks,
against a random legal opponent), in two settings, each environment's ratio against the peer in
the same setting paired as for step speed: the median of the ratios of its slices (about a second:
whole rollouts and their updates, at least one) to the peer's slice right before each; "full" (the full observation and
the mask over every action flattened into the MLP: sb3's MultiInputPolicy as it is) and
"compact" (``observation="compact"``, ``actions="side"``: the learning side's own actions, and
the extractor ``observation``: the mask applied to the logits only); then the default training config (configs/default.yaml, what `python train.py` trains)
alone. With --env, only those environments (and the peer).

Memory (--memory): resident memory (RSS, Linux /proc) added by building one AEC env, then by 64
more built at once; then what each env's first turns add (a hundredth of the steps, 1,000 at the
default: its caches filling, "warm-up"), and the RSS at the start and end of the next 100,000 random legal steps of the one env and of
the 64 (stepped in turn): "grew" is end minus start.

The peer needs pygame (PettingZoo's classic games import it; the extra "dev" installs it):
without it the environments are measured alone, with no ratio.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import time

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import aliens_env
from aliens_env.compiled import compiled_modules
from aliens_env.pettingzoo_names import pettingzoo_module_name

PEER = "connect_four_v3"
#: --train: the settings every environment is trained with (the rest are sb3-contrib's defaults)
TRAIN_ENVS, TRAIN_N_STEPS, TRAIN_NET = 4, 256, [64, 64]
#: --train: the length of a slice (whole rollouts, at least one: a slice of a large observation's full
#: setting lasts longer), each environment's slice right after one of the peer's
TRAIN_SLICE_SECONDS = 1.0
#: --train: overrides of the default config's keys (none: the config as train.py runs it; tests shrink it)
DEFAULT_CONFIG_SET: dict = {}
MEMORY_COPIES = 64
#: the printed tables' first column: the longest environment name and a space
NAME_WIDTH = 1 + max(len(name) for name in (PEER, *aliens_env.REGISTRY))
#: --memory: env k of the 64 starts at seed (k + 1) x this, so that no env replays another's games
#: (a cache shared by the envs and keyed by the game would not grow if they did)
MEMORY_SEED_STRIDE = 1_000_003
TRAIN_EXTRA = 'pip install -e ".[train]"'


def random_legal(rng: random.Random, mask: np.ndarray) -> int:
    """A uniformly random legal action of a 0/1 int8 mask (as np.flatnonzero would list them).
    The loop's own cost, paid by the peer and the environments alike, kept small: read as
    booleans, numpy lists the ones in a fifth of flatnonzero's time on a 1,264-entry mask, and
    ``random.Random.randrange`` draws in a fifth of ``numpy.random.Generator.integers``' time."""
    legal = mask.view(np.bool_).nonzero()[0]
    return int(legal[rng.randrange(len(legal))])


class AECRunner:
    """Random legal play in a PettingZoo AEC env, resumable in slices."""

    def __init__(self, make_env, seed: int = 0):
        self.env = make_env()
        self.rng = random.Random(seed)
        self.seed, self.episode = seed, 0
        self.env.reset(seed=seed)

    def run(self, seconds: float) -> tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            steps += self.steps(100)
        return steps, time.perf_counter() - start

    def steps(self, count: int) -> int:
        """Play `count` loop turns (a finished game is reset in one of them); the steps taken."""
        env, steps = self.env, 0
        for _ in range(count):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                self.episode += 1
                env.reset(seed=self.seed + self.episode)
                continue
            env.step(random_legal(self.rng, obs["action_mask"]))
            steps += 1
        return steps


class GymRunner:
    """Random legal play for the marines in the Gymnasium env, a random opponent inside step()."""

    def __init__(self, env_id: str, seed: int = 0):
        self.env = gym.make(env_id, side="marines", opponent="random")
        self.rng = random.Random(seed)
        self.seed, self.episode = seed, 0
        self.obs, _ = self.env.reset(seed=seed)

    def run(self, seconds: float) -> tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(100):
                self.obs, _, terminated, truncated, _ = self.env.step(random_legal(self.rng, self.obs["action_mask"]))
                steps += 1
                if terminated or truncated:
                    self.episode += 1
                    self.obs, _ = self.env.reset(seed=self.seed + self.episode)
        return steps, time.perf_counter() - start


def measure(runners: dict, seconds: float, slice_seconds: float = 0.25) -> dict[str, float]:
    """Steps/s of each runner, measured in interleaved slices so that a change of load on the
    machine touches every runner alike; one untimed warm-up slice each first (``measure_paired``
    with no peer)."""
    return measure_paired(None, runners, (), seconds, slice_seconds)[0]


def measure_paired(peer, runners: dict, paired, seconds: float, slice_seconds: float = 0.25) -> tuple[dict, dict]:
    """Steps/s of each runner, and of the peer under PEER when one is given, in interleaved slices
    (one untimed warm-up slice each first), and the ratios of the runners named in `paired`: each
    of their slices right after a slice of the peer's, its ratio its rate over that peer slice's.
    Returns (rates by name; ratios by name of the paired runners, one a round). A ValueError for
    a runner named PEER beside a peer, a paired name that is not a runner's, or runners paired with
    no peer (or a peer with none paired: it would never be timed)."""
    if peer is not None and PEER in runners:
        raise ValueError(f"{PEER!r} names the peer; a runner beside it may not take it")
    if not set(paired) <= set(runners):
        raise ValueError(f"paired names that are not runners: {sorted(set(paired) - set(runners))}; runners: {sorted(runners)}")
    if peer is None and paired:
        raise ValueError(f"runners {sorted(paired)} are paired with no peer to pair them with")
    if peer is not None and not paired:
        raise ValueError("a peer with no runner paired would never be timed")
    everyone = {PEER: peer, **runners} if peer is not None else dict(runners)
    for runner in everyone.values():
        runner.run(slice_seconds)
    totals = {name: [0, 0.0] for name in everyone}
    ratios = {name: [] for name in paired}

    def timed(name: str) -> float:
        steps, elapsed = everyone[name].run(slice_seconds)
        totals[name][0] += steps
        totals[name][1] += elapsed
        return steps / elapsed

    for _ in range(max(1, round(seconds / slice_seconds))):
        for name in runners:
            if name in ratios:
                peer_rate = timed(PEER)
                ratios[name].append(timed(name) / peer_rate)
            else:
                timed(name)
    return {name: steps / elapsed for name, (steps, elapsed) in totals.items()}, ratios


def aec_env_function(name: str):
    """The PettingZoo env() of a registered environment."""
    return importlib.import_module(f"aliens_env.pettingzoo.{pettingzoo_module_name(name)}").env


def peer_env_function():
    """connect_four_v3.env, or None (with a printed reason) when PettingZoo's classic games are
    missing (they import pygame)."""
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError as exc:
        print(f"no peer: {PEER} needs pygame ({exc}); measuring the environments alone (pip install pygame for the ratio)")
        return None
    return connect_four_v3.env


# -- step speed ---------------------------------------------------------------------------------
def step_speed(seconds: float, names: list[str] | None = None) -> dict:
    """The step-speed rows of the environments `names` (every registered one when None): each
    one's AEC and Gym steps/s and its ratio, the median of its pairs of slices' (``measure_paired``;
    all of them kept, "ratios")."""
    names = sorted(aliens_env.REGISTRY) if names is None else names
    runners = {}
    for name in names:
        runners[name] = AECRunner(aec_env_function(name))
        runners[f"{name} (gym)"] = GymRunner(f"aliens_env/{name}-v0")
    peer_env = peer_env_function()
    peer = None if peer_env is None else AECRunner(peer_env)
    rates, ratios = measure_paired(peer, runners, names if peer is not None else (), seconds)
    rows = {PEER: {"aec_steps_per_s": rates[PEER], "ratio": 1.0}} if ratios else {}
    for name in names:
        ratio = {"ratio": statistics.median(ratios[name]), "ratios": ratios[name]} if ratios else {}
        rows[name] = {"aec_steps_per_s": rates[name], **ratio, "gym_steps_per_s": rates[f"{name} (gym)"]}
    print(f"{'environment':<{NAME_WIDTH}}{'AEC steps/s':>14}{'vs ' + PEER:>20}{'quartiles':>16}{'Gym steps/s':>14}")
    for name, row in rows.items():
        gym_col = f"{row['gym_steps_per_s']:>14,.0f}" if "gym_steps_per_s" in row else f"{'':>14}"
        ratio = f"{row['ratio']:>19.2f}x" if "ratio" in row else f"{'-':>20}"
        quartiles = f"{'':>16}"
        if len(row.get("ratios", ())) > 1:
            low, _, high = statistics.quantiles(row["ratios"], n=4)
            quartiles = f"{low:>10.2f}-{high:.2f}"
        print(f"{name:<{NAME_WIDTH}}{row['aec_steps_per_s']:>14,.0f}{ratio}{quartiles}{gym_col}")
    return rows


# -- training throughput ------------------------------------------------------------------------
class ConnectFourGym(gym.Env):
    """connect_four_v3 as a Gymnasium env for MaskablePPO, as ours are: player_0 learns, a random
    legal opponent plays inside step(); Dict(observation=float32 board, action_mask=int8), +1 /
    0 / -1 at the end."""

    def __init__(self, peer_env):
        self.aec = peer_env()
        self.me = self.aec.possible_agents[0]
        self.rng = random.Random(0)
        board = self.aec.observation_space(self.me)["observation"].shape
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (int(np.prod(board)),), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.aec.action_space(self.me).n,), dtype=np.int8),
        })
        self.action_space = self.aec.action_space(self.me)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self.rng = random.Random(seed)
        self.aec.reset(seed=seed)
        return self._obs(), {}

    def step(self, action):
        self.aec.step(int(action))
        reward = self.aec.rewards[self.me]
        if not self._over():  # the opponent's move
            obs, _, _, _, _ = self.aec.last()
            self.aec.step(random_legal(self.rng, obs["action_mask"]))
            reward += self.aec.rewards[self.me]
        return self._obs(), float(reward), self._over(), False, {}

    def action_masks(self) -> np.ndarray:
        return self._obs()["action_mask"]

    def _over(self) -> bool:
        return any(self.aec.terminations.values()) or any(self.aec.truncations.values())

    def _obs(self) -> dict:
        obs = self.aec.observe(self.me)
        mask = obs["action_mask"].astype(np.int8) if not self._over() else np.eye(1, len(obs["action_mask"]), dtype=np.int8)[0]
        return {"observation": obs["observation"].astype(np.float32).ravel(), "action_mask": mask}


class TrainRunner:
    """MaskablePPO learning on a vector env, resumable in slices of whole rollouts (one rollout
    of n_steps x n_envs and its update at a time: at least one per slice)."""

    def __init__(self, model):
        self.model = model
        self.chunk = model.n_steps * model.n_envs

    def run(self, seconds: float) -> tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        while steps == 0 or time.perf_counter() - start < seconds:
            self.model.learn(self.chunk, reset_num_timesteps=False)
            steps += self.chunk
        return steps, time.perf_counter() - start


def _training_stack():
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError as exc:
        raise SystemExit(f"--train needs the training stack ({exc}); install it with  {TRAIN_EXTRA}") from None
    torch.set_num_threads(1)
    return MaskablePPO, DummyVecEnv


#: --train's two settings: (observation kind, action space, features extractor); the issue's is the
#: first: the full observation and the action mask over every action flattened into the MLP (sb3's
#: MultiInputPolicy as it is); the second: the compact observation, the learning side's own actions
#: and the observation alone into the MLP (the mask applied to the logits only)
TRAIN_SETTINGS = {"full": ("full", "all", "flat"), "compact": ("compact", "side", "observation")}


def bench_model(make_env, extractor: str = "flat") -> TrainRunner:
    """The --train setting: MaskablePPO on TRAIN_ENVS DummyVecEnv copies of make_env(); the
    extractor "flat" feeds observation and mask to the MLP, "observation" the observation only."""
    MaskablePPO, DummyVecEnv = _training_stack()
    from aliens_env.agents.extractors import OBSERVATION_SPEC, policy_kwargs

    envs = DummyVecEnv([make_env] * TRAIN_ENVS)
    envs.seed(0)
    kwargs = {"net_arch": TRAIN_NET, **policy_kwargs(OBSERVATION_SPEC if extractor == "observation" else None)}
    model = MaskablePPO("MultiInputPolicy", envs, n_steps=TRAIN_N_STEPS, policy_kwargs=kwargs, seed=0, device="cpu", verbose=0)
    return TrainRunner(model)


def default_config_model(path: str | None = None) -> TrainRunner | None:
    """MaskablePPO as `python train.py` builds it from the default config (its envs, opponent,
    rewards and PPO settings; no evaluations or checkpoints), or None when there is no config."""
    import tempfile

    path = path or os.path.join(os.path.dirname(os.path.abspath(aliens_env.__file__)), "configs", "default.yaml")
    if not os.path.isfile(path):
        print(f"no default training config at {path}: its row is left out")
        return None
    MaskablePPO, _ = _training_stack()
    from aliens_env.agents import config as cfglib
    from aliens_env.agents.stages import make_vec_env, plan_stages

    config = cfglib.override(cfglib.load(path), DEFAULT_CONFIG_SET)
    stage = plan_stages(config, tempfile.gettempdir())[0]
    p = config["ppo"]
    model = MaskablePPO(
        "MultiInputPolicy", make_vec_env(config, stage),
        learning_rate=p["learning_rate"], n_steps=p["n_steps"], batch_size=p["batch_size"], n_epochs=p["n_epochs"],
        gamma=p["gamma"], gae_lambda=p["gae_lambda"], clip_range=p["clip_range"], ent_coef=p["ent_coef"],
        vf_coef=p["vf_coef"], max_grad_norm=p["max_grad_norm"], target_kl=p["target_kl"],
        policy_kwargs={"net_arch": list(p["net_arch"])}, seed=config["seed"], device="cpu", verbose=0,
    )
    return TrainRunner(model)


def train_speed(seconds: float, default_config: str | None = None, names: list[str] | None = None) -> dict:
    """Training steps/s of each environment in both TRAIN_SETTINGS and its ratio against the peer
    in the same setting: the median of its pairs of slices' (``measure_paired``: each slice of the
    environment's right after one of the peer's, all the pairs' ratios kept, "ratios"); then the
    default config's steps/s."""
    names = names or sorted(aliens_env.REGISTRY)
    runners, sizes = {}, {}  # sizes: (observation values, actions) by (name, setting)
    peer_env = peer_env_function()
    for setting, (kind, actions, extractor) in TRAIN_SETTINGS.items():
        if peer_env is not None:  # (its players share the 7 columns: its actions are each side's)
            runners[(PEER, setting)] = bench_model(lambda: ConnectFourGym(peer_env), extractor)
        for name in names:
            make = lambda env_id=f"aliens_env/{name}-v0", kind=kind, actions=actions: gym.make(  # noqa: E731
                env_id, observation=kind, actions=actions)
            runners[(name, setting)] = bench_model(make, extractor)
    for key, runner in runners.items():
        space = runner.model.observation_space
        sizes[key] = (space["observation"].shape[0], space["action_mask"].shape[0])
    rates, ratios = {}, {}
    for setting in TRAIN_SETTINGS:
        peer = runners.get((PEER, setting))
        paired = names if peer is not None else ()
        setting_rates, setting_ratios = measure_paired(peer, {name: runners[(name, setting)] for name in names}, paired,
                                                       seconds, min(TRAIN_SLICE_SECONDS, seconds))
        rates.update({(name, setting): rate for name, rate in setting_rates.items()})
        ratios.update({(name, setting): pairs for name, pairs in setting_ratios.items()})
    rows = {}
    for name in ([PEER] if peer_env is not None else []) + names:
        row = rows[name] = {}
        for setting in TRAIN_SETTINGS:
            row[setting] = {"train_steps_per_s": rates[(name, setting)]}
            if name == PEER:
                row[setting]["ratio"] = 1.0
            elif (name, setting) in ratios:
                pairs = ratios[(name, setting)]
                row[setting].update(ratio=statistics.median(pairs), ratios=pairs)
            row[setting]["observation"], row[setting]["actions"] = sizes[(name, setting)]
    print(f"MaskablePPO, {TRAIN_ENVS} DummyVecEnv, n_steps {TRAIN_N_STEPS}, MLP {'x'.join(map(str, TRAIN_NET))}, 1 torch thread; "
          f"full: the full observation and the mask over every action into the MLP (sb3's MultiInputPolicy); compact: "
          f"the compact observation alone and the learning side's own actions (observation=\"compact\", actions=\"side\", "
          f"extractor observation: the mask applied to the logits only)."
          + (f" Each ratio against {PEER} in the same setting: the median of the ratios of pairs of slices (the "
             f"peer's, then the environment's right after), their quartiles beside it." if peer_env is not None else ""))
    width = 8 + 9 + 9 + 9 + 12
    print(f"{'':<{NAME_WIDTH}}{'full':^{width}}{'compact':^{width}}")
    print(f"{'environment':<{NAME_WIDTH}}" + f"{'obs':>8}{'actions':>9}{'steps/s':>9}{'ratio':>9}{'quartiles':>12}" * 2)
    for name, row in rows.items():
        print(f"{name:<{NAME_WIDTH}}" + "".join(train_cells(row[setting]) for setting in TRAIN_SETTINGS))
    runner = default_config_model(default_config)
    if runner is not None:
        rate = measure({"default": runner}, seconds, slice_seconds=seconds / 2)["default"]
        rows["default config"] = {"train_steps_per_s": rate}
        print(f"default training config (configs/default.yaml, python train.py): {rate:,.0f} steps/s")
    return rows


def train_cells(row: dict) -> str:
    """One setting's cells of the --train table: observation values, actions, steps/s, ratio, quartiles."""
    ratio = f"{row['ratio']:>8.2f}x" if "ratio" in row else f"{'-':>9}"
    quartiles = f"{'':>12}"
    if len(row.get("ratios", ())) > 1:
        low, _, high = statistics.quantiles(row["ratios"], n=4)
        quartiles = f"{f'{low:.2f}-{high:.2f}':>12}"
    return f"{row['observation']:>8,}{row['actions']:>9,}{row['train_steps_per_s']:>9,.0f}{ratio}{quartiles}"


# -- memory -------------------------------------------------------------------------------------
def rss_mb() -> float | None:
    """This process's resident memory in MB (Linux /proc), None where there is none."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return None


def memory_row(name: str, steps: int) -> dict:
    """The memory figures of one environment, measured in this process (see memory()). Every
    env first plays warm_up_turns(steps) turns, so that "start" is read once each env's caches
    (kept per colony layout, board, ...) hold what a game of its keeps: the 64 envs' start
    was once read after 15 turns each, so their "grew" counted that filling, not growth."""
    make = aec_env_function(name)
    gc.collect()
    start = rss_mb()
    one = AECRunner(make)
    built_one = rss_mb()
    many = [AECRunner(make, seed=(k + 1) * MEMORY_SEED_STRIDE) for k in range(MEMORY_COPIES)]  # (none replays the one's games)
    built_many = rss_mb()
    warm = warm_up_turns(steps)
    row = {"one_env_mb": built_one - start, "envs_mb": built_many - built_one, "warm_up_turns": warm}
    for label, runners in (("one", [one]), ("envs", many)):
        gc.collect()
        row[f"{label}_rss_before_warm_up_mb"] = rss_mb()
        share, played = max(1, steps // len(runners) // 100), 0
        while played < warm:  # in rounds, as measured (warmed one after another, 64 BugHunt envs then grew 6.4 MB)
            for runner in runners:
                runner.steps(share)
            played += share
        gc.collect()
        first, done = rss_mb(), 0
        for _ in range(100):  # 100 rounds, each runner playing its share in turn
            for runner in runners:
                done += runner.steps(share)
        gc.collect()
        row[f"{label}_steps"] = done
        row[f"{label}_rss_start_mb"], row[f"{label}_rss_end_mb"] = first, rss_mb()
    return row


def warm_up_turns(steps: int) -> int:
    """Turns each env plays at least (in whole rounds) before the start figure: a hundredth of
    the steps, 1,000 at the default (about 6 Bug Hunt games: 64 Bug Hunt envs' caches fill in
    about 800 turns each)."""
    return max(1, steps // 100)


def memory(steps: int) -> dict:
    """Each environment's memory figures, measured in a fresh Python process of its own (memory
    freed by one environment would otherwise be reused by the next, hiding its cost)."""
    if rss_mb() is None:
        print("no resident memory figure on this system (it needs Linux /proc): --memory measures nothing")
        return {}
    root = os.path.dirname(os.path.dirname(os.path.abspath(aliens_env.__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    code = "import json, sys; from aliens_env.benchmark import memory_row; print(json.dumps(memory_row(sys.argv[1], int(sys.argv[2]))))"
    rows = {}
    for name in sorted(aliens_env.REGISTRY):
        out = subprocess.run([sys.executable, "-c", code, name, str(steps)], env=env, capture_output=True, text=True)
        if out.returncode:
            raise RuntimeError(f"measuring the memory of {name} failed:\n{out.stderr}")
        rows[name] = json.loads(out.stdout.splitlines()[-1])
    n, warm = MEMORY_COPIES, warm_up_turns(steps)
    print(f"resident memory (MB, each environment in a process of its own): added by building one env, then {n} more at "
          f"once; added by at least {warm:,} warm-up turns of each env; RSS at the start and end of about {steps:,} random legal "
          f"steps of the one, then of the {n} in turn")
    print(f"{'environment':<{NAME_WIDTH}}{'one env':>9}{f'{n} envs':>9}{'one: warm-up':>14}{'start':>8}{'end':>8}{'grew':>7}"
          f"{f'{n}: warm-up':>14}{'start':>8}{'end':>8}{'grew':>7}")
    for name, r in rows.items():
        cols = "".join(f"{r[f'{k}_rss_start_mb'] - r[f'{k}_rss_before_warm_up_mb']:>+14.1f}{r[f'{k}_rss_start_mb']:>8.1f}"
                       f"{r[f'{k}_rss_end_mb']:>8.1f}{r[f'{k}_rss_end_mb'] - r[f'{k}_rss_start_mb']:>+7.1f}"
                       for k in ("one", "envs"))
        print(f"{name:<{NAME_WIDTH}}{r['one_env_mb']:>9.1f}{r['envs_mb']:>9.1f}{cols}")
    return rows


def main(argv=None) -> dict:
    slices = 3 * len(aliens_env.REGISTRY)  # a round: each environment's AEC and Gym slices and the peer's before the AEC
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] + " " + __doc__.splitlines()[1],
        epilog=f"A step-speed run takes about {slices + 1} x --seconds ({len(aliens_env.REGISTRY)} environments, AEC "
               f"and Gym, the peer measured before each AEC slice, and a warm-up slice each). --train takes at least "
               f"{4 * len(aliens_env.REGISTRY) + 1} x --seconds (each environment in two settings, the peer "
               f"measured before each of its slices), and more where one rollout of {TRAIN_ENVS * TRAIN_N_STEPS} "
               f"steps and its update outlast a slice of {TRAIN_SLICE_SECONDS:g} s (the full setting's largest "
               f"observations: a slice is at least one rollout; 10-20 minutes in all on a 2-core machine at --seconds 8). --memory is bound by --memory-steps (and a warm-up of a hundredth of them per env), about a minute per environment at the default (BugHuntTactics about four).",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--train", action="store_true", help="MaskablePPO training steps/s of each env against the peer's")
    mode.add_argument("--memory", action="store_true", help=f"resident memory of one env and of {MEMORY_COPIES}, and its growth")
    parser.add_argument("--seconds", type=float, default=5.0, help="measured time per environment (default 5)")
    parser.add_argument("--memory-steps", type=int, default=100_000, help="steps played by --memory (default 100000)")
    parser.add_argument("--env", action="append", metavar="NAME",
                        help="this environment only, beside the peer (step speed or --train; repeatable; default: every one)")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.memory_steps <= 0:
        parser.error(f"--seconds and --memory-steps must be above 0, got {args.seconds} and {args.memory_steps}")
    if args.env and args.memory:
        parser.error("--env measures step speed or training (--train) only: not with --memory")
    unknown = sorted(set(args.env or ()) - set(aliens_env.REGISTRY))
    if unknown:
        parser.error(f"unknown environment(s) {unknown}; registered: {sorted(aliens_env.REGISTRY)}")
    if args.train:
        rows = train_speed(args.seconds, names=sorted(set(args.env)) if args.env else None)
    elif args.memory:
        rows = memory(args.memory_steps)
    else:
        rows = step_speed(args.seconds, sorted(set(args.env)) if args.env else None)
    compiled, loaded = compiled_modules()
    print(f"aliens_env modules run compiled (setup.py): {compiled} of the {loaded} imported")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    return rows


if __name__ == "__main__":
    main()
