"""The Complete Movie's built-in sides (movie/policies.py's StagePolicies): each stage's policy is
the one make_policy builds for the stage's registry entry with the side's seed; make_policy asks
inspect.signature once per factory (registry._takes_seed), not at every episode's stages."""
import pytest

from aliens_env.envs import make_policy, registry
from aliens_env.movie.complete import STAGE_ENVS, CompleteMovie
from aliens_env.movie.policies import CompleteMovieDice, CompleteMovieMarines, StagePolicies


class MadeEachTime(StagePolicies):
    """The reference: every stage's policy built by make_policy itself."""

    def _build(self, stage):
        return make_policy(STAGE_ENVS[stage], self.side, self.spec, seed=self._seed)


def play(sides: dict, episodes: int, seed: int) -> list[int]:
    """The actions of ``episodes`` campaigns played by ``sides`` ({side: StagePolicies}), each
    side seeded at every episode as the gym adapter seeds its opponent."""
    g, actions = CompleteMovie(), []
    for episode in range(episodes):
        g.reset(seed + episode)
        for policy in sides.values():
            policy.seed(seed + episode + 1)
        while not g.is_terminal():
            player = g.current_player()
            action = sides[player].act(g, player)
            actions.append(action)
            g.apply(action)
    return actions


@pytest.mark.parametrize("marines, hive", [("heuristic", "dice"), ("random", "dice"), ("heuristic", "random")])
def test_each_stage_s_policy_acts_as_make_policy_s(marines, hive):
    def sides(kind):
        return {"marines": kind("marines", marines), "hive": kind("hive", hive)}

    assert play(sides(StagePolicies), 4, 11) == play(sides(MadeEachTime), 4, 11)


def test_the_built_policy_is_make_policy_s_with_the_seed():
    for side, spec in (("marines", "heuristic"), ("hive", "dice"), ("marines", "random")):
        policies = StagePolicies(side, spec, seed=7)
        for stage, env in STAGE_ENVS.items():
            built, reference = policies._build(stage), make_policy(env, side, spec, seed=7)
            assert type(built) is type(reference), (side, spec, stage)


def test_a_factory_s_signature_is_asked_once(monkeypatch):
    import inspect

    asked = []
    signature = inspect.signature
    monkeypatch.setattr(inspect, "signature", lambda factory: asked.append(factory) or signature(factory))
    registry._takes_seed.cache_clear()
    sides = {"marines": CompleteMovieMarines(seed=0), "hive": CompleteMovieDice(seed=0)}
    play(sides, 6, 21)
    assert asked and len(asked) == len(set(asked)) <= 2 * len(STAGE_ENVS)  # (each factory once, however many episodes)
    registry._takes_seed.cache_clear()
