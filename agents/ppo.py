"""A trained MaskablePPO model as a policy: ``act(game, player)`` builds the same Dict observation
the environments give ({"observation", "action_mask"}), of the kinds of observation and action
space the model was trained on (a policy file's header says; aliens_env.envs.observations,
aliens_env.envs.actions), and always predicts with the mask, so a trained policy can never choose
an illegal action. It answers with the game's own actions whatever its kind of action space."""
from __future__ import annotations

import os
import random
import zipfile
from functools import lru_cache

import numpy as np


def load_model(path: str, env=None, **kwargs):
    """MaskablePPO.load with errors that say what is wrong with the file."""
    from sb3_contrib import MaskablePPO

    path = os.fspath(path)
    if not os.path.exists(path):
        raise FileNotFoundError(f"no model file at {path!r}")
    if not zipfile.is_zipfile(path):
        raise ValueError(f"{path!r} is not a MaskablePPO model (not a zip file: corrupt or truncated?)")
    try:
        return MaskablePPO.load(path, env=env, device="cpu", **kwargs)
    except Exception as exc:  # sb3 raises many kinds on a damaged archive
        hint = (" (the model was trained on another environment, options, or kind of observation or actions: the "
                "config's env, env_options, observation and actions must be the model's)"
                if "spaces do not match" in str(exc) else "")
        raise ValueError(f"cannot load the MaskablePPO model {path!r}: {type(exc).__name__}: {exc}{hint}") from exc


ZIP_WARNING = ("{path}: a stable-baselines3 .zip is unpickled when loaded, which can run code from the file: "
               "load only zips you trust (your own runs); share policies as .safetensors (agents.ppo.export_policy)")


def export_policy(model_path: str, out_path: str, game: str, side: str, half: bool = True, made_by: str = "",
                  observation: str | None = None, actions: str | None = None) -> int:
    """Write the policy network of a saved MaskablePPO model alone as a policy file
    (agents.policy_file: .safetensors with a checked JSON header; no optimizer state, no
    rollout settings), in float16 if ``half`` (the small files of agents/pretrained), for the
    kinds of ``observation`` and ``actions`` it was trained on. A .zip does not record them: None
    takes the kind whose observations (actions of ``side``) of ``game`` (its default options) have
    the model's size, and refuses a model no kind fits (trained with other options: then name the
    kind). Returns the file size."""
    from aliens_env.envs.actions import ACTIONS, check_actions, kind_of_count
    from aliens_env.envs.observations import OBSERVATIONS, Observer, check_observation, kind_of_shape
    from aliens_env.envs.registry import get_spec

    from . import policy_file

    if not policy_file.is_policy_file(out_path):
        raise ValueError(f"a policy file is written as {policy_file.SUFFIX}, not {out_path!r}")
    model = load_model(model_path)
    made = get_spec(game).make_game() if observation is None or actions is None else None
    if observation is None:
        size = tuple(model.observation_space["observation"].shape)
        observation = kind_of_shape(made, size)
        if observation is None:
            raise ValueError(f"{model_path}: no kind of observation of {game} with its default options has the model's "
                             f"size {size}; pass observation= (one of {list(OBSERVATIONS)}) for the options it was trained with")
    if actions is None:
        n = int(model.observation_space["action_mask"].shape[0])
        actions = kind_of_count(made, side, n, Observer(made, check_observation(observation)).shown_rows)
        if actions is None:
            raise ValueError(f"{model_path}: no kind of action space of the {side} of {game} with its default options has "
                             f"the model's {n} actions; pass actions= (one of {list(ACTIONS)}) for the options it was trained with")
    return policy_file.save(model.policy, out_path, game, side, made_by=made_by, half=half,
                            observation=check_observation(observation), actions=check_actions(actions))


class _PolicyOnly:
    """What PPOPolicy needs of a model: ``policy`` and ``observation_space`` (and a policy
    file's ``header``: the game and side it was trained for)."""

    def __init__(self, policy, header: dict | None = None):
        self.policy = policy
        self.observation_space = policy.observation_space
        self.header = header


@lru_cache(maxsize=16)
def _cached_model(path: str, mtime: float):
    from . import policy_file

    if policy_file.is_policy_file(path):
        return _PolicyOnly(*policy_file.load(path))
    if path.endswith(".zip"):
        import warnings

        warnings.warn(ZIP_WARNING.format(path=path), stacklevel=4)
        return load_model(path)
    raise ValueError(f"{path!r}: a policy is a {policy_file.SUFFIX} policy file or a MaskablePPO .zip "
                     f"(trusted only); other files (.pt pickles of aliens-env 0.1) are not read")


class PPOPolicy:
    """Plays ``side`` with a MaskablePPO model: the most likely legal action (``deterministic``),
    or a sample from the masked distribution drawn with this policy's own seeded generator.

    It observes each game as the model was trained: a policy file's header names the kind of
    observation; a model without a header (a .zip, a model in memory) is taken as trained on
    ``observation``, which may not contradict a header, or when none is given on the kind whose
    observations have the model's size in the first game it plays (the full one if neither has:
    the size error then says so). The kinds' sizes differ wherever a game has a compact one.

    It acts through the model's kind of action space in the same way (a header's ``actions``, else
    ``actions``, else the kind whose action count for the side it plays is the model's, "all" if
    neither is); ``probabilities`` is always a vector over the game's flat actions, and ``act``
    answers a game action."""

    name = "ppo"

    def __init__(self, path_or_model, game: str | None = None, side: str | None = None, seed: int | None = None,
                 deterministic: bool = True, observation: str | None = None, actions: str | None = None):
        from aliens_env.envs.actions import check_actions
        from aliens_env.envs.observations import check_observation

        if isinstance(path_or_model, (str, os.PathLike)):
            path = os.path.abspath(os.fspath(path_or_model))
            if not os.path.exists(path):
                raise FileNotFoundError(f"no model file at {os.fspath(path_or_model)!r} (policy spec ppo:PATH)")
            self.model = _cached_model(path, os.path.getmtime(path))
            self.path = path
            self._check_header(game, side)
        else:
            self.model, self.path = path_or_model, None
        header = getattr(self.model, "header", None)
        if header is None:
            self.observation = None if observation is None else check_observation(observation)  # None: by size
            self.actions = None if actions is None else check_actions(actions)  # None: by size
        else:
            from .policy_file import actions_of, observation_of

            self.observation = observation_of(header)
            if observation is not None and check_observation(observation) != self.observation:
                raise ValueError(f"model {self.path or ''} was trained on {self.observation} observations, not {observation}")
            self.actions = actions_of(header)
            if actions is not None and check_actions(actions) != self.actions:
                raise ValueError(f"model {self.path or ''} was trained on actions={self.actions!r}, not {actions!r}")
        self.side = side
        self.deterministic = deterministic
        self.rng = random.Random(seed)
        self._game = game
        self._observer = self._observed = None  # the Observer of the last game played, and that game
        self._side_actions = {}  # the SideActions of each side played in that game
        self._checked = False

    def seed(self, seed: int | None) -> None:
        self.rng.seed(seed)

    def _check_header(self, game: str | None, side: str | None) -> None:
        """A policy file names the game and side it was trained for: another is refused."""
        header = getattr(self.model, "header", None)
        if header is None:
            return
        if game is not None and header["game"] != game:
            raise ValueError(f"policy file {self.path} was trained for another game: {header['game']}, not {game}")
        if side is not None and header["side"] != side:
            raise ValueError(f"policy file {self.path} plays the {header['side']} side, not {side}")

    def check(self, game, player: str) -> None:
        """A ValueError unless the model fits ``game`` (its observation and action sizes): a
        model trained for another game or other options is refused before it plays."""
        self._check(game, self._observer_of(game)(game, player), self._actions_of(game, player).n)

    def _observer_of(self, game):
        """The Observer of the model's kind for ``game``, made again (and the sizes checked again)
        when the game is another object than the last one's."""
        if game is not self._observed:
            from aliens_env.envs.observations import OBSERVATIONS, Observer, kind_of_shape

            if self.observation is None:  # a model without a header: the kind whose size it has
                size = tuple(self.model.observation_space["observation"].shape)
                self.observation = kind_of_shape(game, size) or OBSERVATIONS[0]
            self._observer, self._observed, self._checked = Observer(game, self.observation), game, False
            self._side_actions = {}
        return self._observer

    def _actions_of(self, game, player: str):
        """The SideActions of the model's kind for ``player`` in ``game`` (the game of ``_observer_of``:
        its observation's shown rows)."""
        side_actions = self._side_actions.get(player)
        if side_actions is None:
            from aliens_env.envs.actions import ACTIONS, SideActions, kind_of_count

            shown_rows = self._observer_of(game).shown_rows
            if self.actions is None:  # a model without a header: the kind whose action count it has
                n = int(self.model.observation_space["action_mask"].shape[0])
                self.actions = kind_of_count(game, player, n, shown_rows) or ACTIONS[0]
            side_actions = self._side_actions[player] = SideActions(game, player, self.actions, shown_rows)
            self._checked = False
        return side_actions

    def _check(self, game, obs: np.ndarray, n_actions: int) -> None:
        space = self.model.observation_space
        try:
            want_obs = space["observation"].shape
            want_mask = space["action_mask"].shape
        except (KeyError, TypeError):
            raise ValueError(f"model {self.path or ''} was not trained on an aliens_env Dict observation") from None
        if tuple(want_obs) != tuple(obs.shape) or tuple(want_mask) != (n_actions,):
            raise ValueError(
                f"model {self.path or ''} expects observation {tuple(want_obs)} and {want_mask[0]} actions, "
                f"but {type(game).__name__} gives {tuple(obs.shape)} ({self.observation} observation) and {n_actions} "
                f"(actions={self.actions!r}): trained for another game, options, side or kind of observation or actions"
            )
        self._checked = True

    def probabilities(self, game, player: str) -> np.ndarray:
        """The masked action distribution of the model for ``player`` in ``game``, over the game's
        flat actions (a side-space model's put in place: 0 elsewhere)."""
        import torch

        obs = self._observer_of(game)(game, player).astype(np.float32)
        side_actions = self._actions_of(game, player)
        mask = side_actions.mask(game)
        if not self._checked:
            self._check(game, obs, len(mask))
        policy = self.model.policy
        tensor, _ = policy.obs_to_tensor({"observation": obs[None], "action_mask": mask[None].astype(np.int8)})
        with torch.no_grad():
            dist = policy.get_distribution(tensor, action_masks=mask[None].astype(bool))
            probs = dist.distribution.probs[0].cpu().numpy().astype(np.float64)
        probs = np.where(mask.astype(bool), probs, 0.0)
        total = probs.sum()
        if total <= 0:  # cannot happen with a proper mask; fall back to uniform over legal
            probs = mask.astype(np.float64)
            total = probs.sum()
        return side_actions.expand(probs / total, game)

    def act(self, game, player: str) -> int:
        probs = self.probabilities(game, player)
        if self.deterministic:
            return int(np.argmax(probs))
        return int(self.rng.choices(range(len(probs)), weights=probs)[0])
