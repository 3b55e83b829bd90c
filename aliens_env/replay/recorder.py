"""Recording games as replays: on a Game, a Gymnasium env or a PettingZoo AEC env.

The dice are recorded through ``Dice.log`` (core.dice): the recorder points it at the open
step's list while that step's action is carried out, and back to None after.
"""
from __future__ import annotations

import json

from .fileformat import FORMAT, FORMAT_VERSION, save


def _plain(data):
    """``data`` as the JSON reader gives it back (tuples become lists, ...)."""
    return json.loads(json.dumps(data))


class Recorder:
    """Records one game at a time: ``start(game, seed)``, then ``open(action)`` before and
    ``close()`` after each action; ``replay()`` is the file's content."""

    def __init__(self, players: dict | None = None):
        self.players = {side: str(label) for side, label in (players or {}).items()}
        self.game = None
        self.seed = None
        self.start_position: dict | None = None
        self.steps: list[dict] = []
        self.pending: dict | None = None

    def start(self, game, seed: int | None = None) -> None:
        self.close()
        self.game, self.seed = game, None if seed is None else int(seed)
        self.start_position = _plain(game.to_dict())
        self.steps = []
        self._listen()

    def _listen(self) -> None:
        """Collect the rolls made between two actions: a dice AI rolls the game's dice while it
        chooses (they go into the next step's ``choice_dice``)."""
        self.between: list = []
        self.game.dice.log = self.between

    def open(self, action) -> None:
        """Before ``action`` is applied: its name, who takes it, and lists for its dice."""
        self.close()
        game = self.game
        action = int(action)
        self.pending = {"action": action, "name": game.describe_action(action), "player": game.current_player(),
                        "choice_dice": [list(roll) for roll in self.between], "dice": []}
        game.dice.log = self.rolled = []

    def close(self, keep: bool = True) -> None:
        """After the open action was applied (``keep=False``: it was not)."""
        if self.pending is not None:
            if keep:
                self.pending["dice"] = [value for _, _, value in self.rolled]
                self.steps.append(self.pending)
            self.pending = None
            self._listen()

    def apply(self, action) -> None:
        """Apply ``action`` to the game and record it (an illegal one raises and is not recorded)."""
        self.open(action)
        try:
            self.game.apply(action)
        except BaseException:
            self.close(keep=False)
            raise
        self.close()

    def stop(self) -> None:
        """Stop recording (the game's dice record nothing more)."""
        self.close()
        if self.game is not None:
            self.game.dice.log = None

    def replay(self) -> dict:
        import aliens_env

        if self.game is None:
            raise RuntimeError("nothing recorded yet: reset the game or the environment first")
        self.close()
        game = self.game
        start = self.start_position
        return {
            "format": FORMAT, "format_version": FORMAT_VERSION, "aliens_env_version": aliens_env.__version__,
            "env": game.name, "options": start.get("config", {}), "seed": self.seed, "players": dict(self.players),
            "start": start, "steps": [dict(s) for s in self.steps],
            "final": _plain(game.to_dict()), "outcome": _plain(game.outcome()) if game.is_terminal() else None,
        }

    def save(self, path: str) -> None:
        save(self.replay(), path)


class GameRecorder(Recorder):
    """``record(game)``: play through ``reset(seed)`` and ``apply(action)`` of this object (the
    game itself stays usable for queries); records from the game's current position until the
    first ``reset``."""

    def __init__(self, game, players=None):
        super().__init__(players)
        self.start(game)

    def reset(self, seed: int | None = None) -> None:
        self.game.reset(seed)
        self.start(self.game, seed)


class _RecordingOpponent:
    """Stands in for a Gymnasium env's opponent policy: records each action it chooses (the
    env applies it next) and, at ``seed`` (which AliensEnv.reset calls right after dealing each
    game, with the game's seed + 1), starts a new recording."""

    def __init__(self, inner, recorder: Recorder, env):
        self.inner, self.recorder, self.env = inner, recorder, env

    def act(self, game, player):
        self.recorder.close()  # the env applied the previous action: its dice are all rolled
        action = self.inner.act(game, player)
        self.recorder.open(action)
        return action

    def seed(self, seed) -> None:
        self.recorder.start(self.env.game, None if seed is None else seed - 1)
        if hasattr(self.inner, "seed"):
            self.inner.seed(seed)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def _gym_wrapper():
    import gymnasium as gym

    class RecordingEnv(gym.Wrapper):
        """``record(gym_env)``: the env unchanged, with ``replay()`` / ``save(path)`` of the
        current (or last) episode, both sides' actions included."""

        def __init__(self, env, players=None):
            super().__init__(env)
            raw = env.unwrapped
            self.recorder = Recorder(players or {raw.side: "agent", raw.opponent_side: _label(raw.opponent)})
            raw.opponent = _RecordingOpponent(raw.opponent, self.recorder, raw)

        def reset(self, *, seed=None, options=None):
            out = self.env.reset(seed=seed, options=options)
            self.recorder.close()
            if options and options.get("position") is not None:
                self.recorder.seed = None  # a saved position, not a deal
            return out

        def step(self, action):
            game = self.env.unwrapped.game
            legal = not game.is_terminal() and game.illegal_reason(action) is None
            if legal:
                self.recorder.open(action)
            out = self.env.step(action)
            self.recorder.close()
            return out

        def replay(self) -> dict:
            return self.recorder.replay()

        def save(self, path: str) -> None:
            self.recorder.save(path)

    return RecordingEnv


def _aec_wrapper():
    from pettingzoo.utils.wrappers import BaseWrapper

    class RecordingAEC(BaseWrapper):
        """``record(aec_env)``: the AEC env unchanged, with ``replay()`` / ``save(path)``."""

        def __init__(self, env, players=None):
            super().__init__(env)
            self.recorder = Recorder(players or {"marines": "agent", "hive": "agent"})

        def reset(self, seed=None, options=None):
            self.env.reset(seed=seed, options=options)
            raw = self.env.unwrapped
            fresh = not (options and options.get("position") is not None)
            self.recorder.start(raw.game, seed if fresh else None)

        def step(self, action):
            raw = self.env.unwrapped
            game = raw.game
            agent = raw.agent_selection
            legal = (not game.is_terminal() and agent == game.current_player() and action is not None
                     and game.illegal_reason(action) is None)
            if legal:
                self.recorder.open(action)
            self.env.step(action)
            self.recorder.close()

        def replay(self) -> dict:
            return self.recorder.replay()

        def save(self, path: str) -> None:
            self.recorder.save(path)

    return RecordingAEC


def _label(policy) -> str:
    return getattr(policy, "label", None) or getattr(policy, "name", None) or type(policy).__name__


def record(target, players: dict | None = None):
    """Record games of ``target``: a Game (returns a GameRecorder: ``reset(seed)``,
    ``apply(action)``), a Gymnasium env of aliens_env or a PettingZoo AEC env of aliens_env
    (returns it wrapped, with ``replay()`` and ``save(path)``). ``players`` labels the sides
    ({"marines": "heuristic", "hive": "dice"}) for the viewer."""
    from ..core.game import Game

    if isinstance(target, Game):
        return GameRecorder(target, players)
    raw = getattr(target, "unwrapped", None)
    from ..envs.gym_env import AliensEnv
    from ..envs.pettingzoo_env import AliensAEC

    if isinstance(raw, AliensEnv):
        return _gym_wrapper()(target, players)
    if isinstance(raw, AliensAEC):
        return _aec_wrapper()(target, players)
    raise TypeError(f"record() takes an aliens_env Game, Gymnasium env or PettingZoo AEC env, got {type(target).__name__}")
