"""Policies for train.py, evaluate.py, the environments' ``opponent=`` and the terminal player.

Every policy has one method, ``act(game, player) -> action`` (aliens_env.core.policy.Policy).
A *spec string* names any of them on the command line and in configs:

    random            uniform over the legal actions (every game)
    dice, heuristic   the built-in policies a game registers (GameSpec.policies): the dice AI
                      of each ruleset, the scripted marines, ...
    mcts, mcts:BUDGET the search agent of aliens_env.search (every game; no training stack)
    tactic:NAME       one fixed tactic as the marines' commander (the Tactics environments;
                      core.commander.TacticCommander), e.g. tactic:fan_out in BugHuntTactics
    ppo:PATH          a MaskablePPO model saved by train.py (always predicts with the action mask)
    pretrained:NAME   a small trained model shipped in agents/pretrained (see ``pretrained_names``)

A ``ppo:`` or ``pretrained:`` spec may end with ``@sample`` to sample from the masked policy
(seeded) instead of taking its most likely action: ``ppo:runs/x/model.zip@sample``.

    from agents import make_policy
    policy = make_policy("ppo:runs/x/model.zip", game="ReactorRoom", side="marines", seed=0)

The environments build ``ppo:`` and ``pretrained:`` specs through this package's resolvers,
found by the entry points of pyproject.toml (group ``aliens_env.policies``) and registered on
import here too; aliens_env itself never imports agents or the training stack.

Where it lives: the top-level ``agents/`` folder of a checkout is this package; an install
puts it at ``aliens_env.agents`` (``aliens_env/agents`` is a link to ``../agents``), so nothing
is installed under a generic top-level name. In a checkout ``import agents`` still works and
gives the very same modules (``agents.ppo is aliens_env.agents.ppo``), never a second copy.
"""
from __future__ import annotations

if __name__ == "agents":  # a checkout, imported by the folder's own name: become aliens_env.agents
    from ._checkout import alias_to_namespace

    alias_to_namespace()

from aliens_env.core.policy import Policy
from aliens_env.envs.registry import TRAIN_EXTRA, register_policy_resolver

from .ppo import PPOPolicy, load_model
from .pretrained import PRETRAINED, pretrained_names, pretrained_path

__all__ = ["make_policy", "policy_names", "PPOPolicy", "load_model", "PRETRAINED", "pretrained_names", "pretrained_path"]

PREFIXES = ("ppo:", "pretrained:")


def make_policy(spec: str | Policy, game: str, side: str, seed: int | None = None) -> Policy:
    """The policy a spec string names, for ``side`` of ``game`` (a registered env name)."""
    from aliens_env.envs.registry import make_policy as make_builtin

    if not isinstance(spec, str):
        return make_builtin(game, side, spec, seed=seed)
    spec = spec.strip()
    base, sample = _split_mode(spec)
    if base.startswith(PREFIXES):
        _require_training_stack(spec)
    if base.startswith("ppo:"):
        path = base[len("ppo:"):]
        if not path:
            raise ValueError("policy spec 'ppo:' needs a model path, e.g. ppo:runs/x/model.zip")
        return PPOPolicy(path, game=game, side=side, seed=seed, deterministic=not sample)
    if base.startswith("pretrained:"):
        name = base[len("pretrained:"):]
        return PPOPolicy(pretrained_path(name, game=game, side=side), game=game, side=side, seed=seed, deterministic=not sample)
    return make_builtin(game, side, spec, seed=seed)  # (an unknown prefix: its error lists the known ones)


def policy_names(game: str) -> list[str]:
    """Every spec a user can type for ``game`` without a path (for help texts and errors)."""
    from aliens_env.envs.registry import builtin_policy_names, tactic_spec_names

    return [*builtin_policy_names(game), "mcts:BUDGET", *tactic_spec_names(game), "ppo:PATH",
            *(f"pretrained:{n}" for n in pretrained_names(game))]


def _require_training_stack(spec: str) -> None:
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError as exc:
        raise ValueError(f"policy spec {spec!r} needs the training stack ({exc}); install it with  {TRAIN_EXTRA}") from None


def _split_mode(spec: str) -> tuple[str, bool]:
    if spec.endswith("@sample"):
        return spec[: -len("@sample")], True
    if spec.endswith("@greedy"):
        return spec[: -len("@greedy")], False
    return spec, False


if __name__ != "agents":  # once, by aliens_env.agents (see alias_to_namespace)
    for _prefix in PREFIXES:
        register_policy_resolver(_prefix.rstrip(":"), make_policy)
