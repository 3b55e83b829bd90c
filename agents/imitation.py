"""Behaviour cloning: warm-start a MaskablePPO policy from a teacher policy (any spec string)
before reinforcement learning. Used by train.py when the config's ``bc.teacher`` is set.

The teacher plays ``episodes`` games through the Game API against the training opponent;
every decision of the learning side gives (observation, mask, teacher's action, return). The
policy head learns the teacher's actions (masked cross-entropy), the value head the
discounted returns of the same rewards the environment gives (the result's reward at the end, plus
the change of ``shaping_value`` between decisions when shaping is on).
"""
from __future__ import annotations

import numpy as np


def collect(game_name: str, side: str, teacher: str, opponent: str, episodes: int, seed: int,
            gamma: float, shaping: bool, env_options: dict | None = None, driver=None,
            result_reward: dict | None = None, observation: str = "full", actions: str = "all") -> dict[str, np.ndarray]:
    """The teacher's action at every decision of ``side`` in ``episodes`` seeded games, with the
    ``observation`` (a kind of aliens_env.envs.observations) the learner trains on, its mask and the
    teacher's action in the learner's kind of ``actions`` (aliens_env.envs.actions). The
    games follow ``driver`` (a policy; default the teacher itself): with the learner as driver
    this is DAgger's labelling of the learner's own positions (Ross et al. 2011). A decision whose
    teacher's action the learner's kind cannot take (actions="side" with the compact observation: a
    target past the nearest it shows, a Bug Hunt grenade at a square none of them stands on) is left
    out of the data, its return kept in the others'."""
    from aliens_env.core.game import check_result_reward, final_reward, other_side
    from aliens_env.envs.actions import SideActions
    from aliens_env.envs.observations import Observer
    from aliens_env.envs.registry import get_spec

    from . import make_policy

    game = get_spec(game_name).make_game(**(env_options or {}))
    observer = Observer(game, observation)
    side_actions = SideActions(game, side, actions, observer.shown_rows)
    uncut = SideActions(game, side, actions)  # (the side's every action: the teacher's must be one)
    policies = {side: make_policy(teacher, game=game_name, side=side, seed=seed),
                other_side(side): make_policy(opponent, game=game_name, side=other_side(side), seed=seed)}
    mover = policies[side] if driver is None else driver
    obs, masks, taken, returns = [], [], [], []
    value = (lambda: float(game.shaping_value(side))) if shaping else (lambda: 0.0)
    result_reward = check_result_reward(result_reward)
    for i in range(episodes):
        game.reset(seed + i)
        for p in (*policies.values(), mover):
            if hasattr(p, "seed"):
                p.seed(seed + i)
        rewards, before = [], None
        while not game.is_terminal():
            player = game.current_player()
            if player == side:
                v = value()
                if before is not None:
                    rewards.append(v - before)
                before = v
                obs.append(observer(game, side))
                masks.append(side_actions.mask(game))
                action = policies[side].act(game, side)
                try:
                    taken.append(side_actions.from_game(action, game))
                except ValueError:
                    uncut.from_game(action)  # (an action not the side's at all: its error)
                    taken.append(-1)  # (at a row the learner does not see: left out below)
                if mover is not policies[side]:
                    action = mover.act(game, side)
            else:
                action = policies[player].act(game, player)
            game.apply(action)
        if before is not None:
            rewards.append(value() - before + final_reward(game, side, result_reward))
        g, out = 0.0, []
        for r in reversed(rewards):
            g = r + gamma * g
            out.append(g)
        returns.extend(reversed(out))
    kept = [i for i, action in enumerate(taken) if action >= 0]
    return {"observation": np.asarray([obs[i] for i in kept], dtype=np.float32).reshape(len(kept), *observer.shape),
            "action_mask": np.asarray([masks[i] for i in kept], dtype=np.int8).reshape(len(kept), side_actions.n),
            "action": np.asarray([taken[i] for i in kept], dtype=np.int64),
            "return": np.asarray([returns[i] for i in kept], dtype=np.float32)}


def teacher_batch(policy, data: dict[str, np.ndarray], idx) -> tuple:
    """The teacher's decisions ``idx`` as the policy takes them: (observation tensors, action
    tensor, boolean action masks)."""
    import torch

    obs, _ = policy.obs_to_tensor({"observation": data["observation"][idx], "action_mask": data["action_mask"][idx]})
    return obs, torch.as_tensor(data["action"][idx]), data["action_mask"][idx].astype(bool)


def clone(model, data: dict[str, np.ndarray], epochs: int, batch_size: int, learning_rate: float,
          value_coef: float = 0.5, seed: int = 0, log=print) -> dict[str, float]:
    """Fit ``model.policy`` to the teacher's decisions; returns the last epoch's accuracy and losses."""
    import torch

    policy = model.policy
    policy.set_training_mode(True)
    optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    n = len(data["action"])
    rng = np.random.default_rng(seed)
    stats = {}
    for epoch in range(epochs):
        order = rng.permutation(n)
        totals = {"policy_loss": 0.0, "value_loss": 0.0, "accuracy": 0.0}
        for start in range(0, n, batch_size):
            idx = order[start:start + batch_size]
            obs, actions, masks = teacher_batch(policy, data, idx)
            values, log_prob, _ = policy.evaluate_actions(obs, actions, action_masks=masks)
            target = torch.as_tensor(data["return"][idx])
            policy_loss = -log_prob.mean()
            value_loss = torch.nn.functional.mse_loss(values.flatten(), target)
            loss = policy_loss + value_coef * value_loss
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
            with torch.no_grad():
                dist = policy.get_distribution(obs, action_masks=masks)
                accuracy = (dist.distribution.probs.argmax(dim=1) == actions).float().mean().item()
            k = len(idx) / n
            totals["policy_loss"] += policy_loss.item() * k
            totals["value_loss"] += value_loss.item() * k
            totals["accuracy"] += accuracy * k
        stats = totals
        log(f"  imitation epoch {epoch + 1}/{epochs}: accuracy {totals['accuracy']:.3f}, "
            f"policy loss {totals['policy_loss']:.3f}, value loss {totals['value_loss']:.3f}")
    policy.set_training_mode(False)
    return stats


def make_anchor(data: dict[str, np.ndarray], coef: float, seed: int = 0):
    """A callback that keeps PPO near the teacher: after every PPO update it takes as many
    minibatch steps as PPO just did, on ``coef`` x the masked cross-entropy of the teacher's
    decisions (the behaviour-cloning loss, interleaved with PPO as in DAPG, Rajeswaran et al.
    2018). Without it, PPO on the Reactor Room drifted from the imitated retreat to Aiming in
    place (docs/training.md)."""
    import torch
    from stable_baselines3.common.callbacks import BaseCallback

    class ImitationAnchor(BaseCallback):
        def __init__(self):
            super().__init__()
            self.rng = np.random.default_rng(seed)

        def _on_step(self) -> bool:
            return True

        def _on_rollout_start(self) -> None:
            model = self.model
            if model._n_updates == 0:
                return  # no PPO update yet
            policy = model.policy
            steps = model.n_epochs * max(1, model.n_steps * model.n_envs // model.batch_size)
            policy.set_training_mode(True)
            total = 0.0
            for _ in range(steps):
                idx = self.rng.integers(len(data["action"]), size=model.batch_size)
                obs, actions, masks = teacher_batch(policy, data, idx)
                _, log_prob, _ = policy.evaluate_actions(obs, actions, action_masks=masks)
                loss = -coef * log_prob.mean()
                policy.optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(policy.parameters(), model.max_grad_norm)
                policy.optimizer.step()
                total += loss.item() / coef
            policy.set_training_mode(False)
            self.logger.record("train/imitation_loss", total / steps)

    return ImitationAnchor()
