"""The search agent (aliens_env.search) and the determinization hook of the Game contract."""
import random

import gymnasium as gym
import numpy as np
import pytest

import aliens_env
from aliens_env.core.actions import ActionLayout
from aliens_env.core.game import SIDES, Game
from aliens_env.envs.registry import REGISTRY, make_policy
from aliens_env.search import DEFAULT_BUDGET, MCTSPolicy


def played(name, seed, steps):
    """A game of `name` after `steps` random decisions from `seed` (stops before the end)."""
    game = REGISTRY[name].make_game()
    game.reset(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        nxt = game.clone()
        nxt.apply(legal[rng.randrange(len(legal))])
        if nxt.is_terminal():
            break
        game = nxt
    return game


# -- determinization -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(REGISTRY))
@pytest.mark.parametrize("side", SIDES)
def test_a_redealt_world_looks_the_same_to_its_side(name, side):
    for seed, steps in ((0, 0), (1, 7), (2, 25), (3, 60)):
        game = played(name, seed, steps)
        before = game.to_json()
        for k in range(3):
            world = game.determinize(side, random.Random(k))
            assert world is not game
            assert np.array_equal(world.observe(side), game.observe(side)), (name, side, seed, steps)
            assert world.current_player() == game.current_player()
            if world.current_player() == side:  # one's own options do not depend on the deal
                assert np.array_equal(world.legal_mask(side), game.legal_mask(side))
        assert game.to_json() == before  # the original is untouched


@pytest.mark.parametrize("name", ["ReactorRoom", "ReactorRoomTactics", "RipleyQueen"])
def test_perfect_information_games_determinize_to_a_plain_clone(name):
    game = played(name, 4, 30)
    assert game.determinize("marines", random.Random(0)).to_json() == game.to_json()


@pytest.mark.parametrize("side", SIDES)
def test_alien_menace_redeals_the_other_hand_and_the_face_down_piles(side):
    game = played("AlienMenace", 5, 10)
    other = "hive" if side == "marines" else "marines"
    changed = {"other hand": False, "own pile order": False, "room deck": False}
    for k in range(20):
        world = game.determinize(side, random.Random(k))
        assert world.hand[side] == game.hand[side]  # what the side holds is known to it
        assert sum(world.hand[other]) == sum(game.hand[other])
        assert sorted(world.deck[side]) == sorted(game.deck[side])
        held = lambda g: sorted([c for c, n in enumerate(g.hand[other]) for _ in range(n)] + g.deck[other])  # noqa: E731
        assert held(world) == held(game)  # the same cards, dealt again
        assert world.room_deck[0] == game.room_deck[0] and sorted(world.room_deck) == sorted(game.room_deck)
        changed["other hand"] |= world.hand[other] != game.hand[other]
        changed["own pile order"] |= world.deck[side] != game.deck[side]
        changed["room deck"] |= world.room_deck != game.room_deck
    assert all(changed.values()), changed


def test_bug_hunt_redraws_the_colony_not_yet_laid():
    game = played("BugHunt", 6, 5)
    seeds = {game.determinize("marines", random.Random(k)).layout_seed for k in range(5)}
    assert game.layout_seed not in seeds and len(seeds) == 5
    # the re-drawn colony lays differently: play the same actions in two worlds until they differ
    a, b = (game.determinize("marines", random.Random(k)) for k in (1, 2))
    rng = random.Random(0)
    for _ in range(300):
        if a.is_terminal() or b.is_terminal() or a.colony.version != b.colony.version \
                or not np.array_equal(a.colony.cells, b.colony.cells):
            break
        a.dice.seed(7), b.dice.seed(7)
        legal = a.legal_actions()
        if legal != b.legal_actions():
            break
        action = legal[rng.randrange(len(legal))]
        a.apply(action)
        b.apply(action)
    assert not (np.array_equal(a.colony.cells, b.colony.cells) and a.to_json() == b.to_json())


# -- the search agent --------------------------------------------------------------------------
class Nim(Game):
    """Take 1 or 2 counters; who takes the last one wins. The player to move wins unless the pile
    is a multiple of 3, and then only the move leaving a multiple of 3 keeps the win."""

    name = "Nim"
    layout = ActionLayout([("take", ["1", "2"])])

    def reset(self, seed=None, pile=10):
        self.pile, self.mover, self.winner = pile, "marines", None

    def current_player(self):
        return None if self.winner else self.mover

    def legal_mask(self, player):
        mask = np.zeros(2, dtype=np.int8)
        if player == self.current_player():
            mask[: min(2, self.pile)] = 1
        return mask

    def _apply(self, action):
        self.pile -= action + 1
        if self.pile == 0:
            self.winner = self.mover
        self.mover = "hive" if self.mover == "marines" else "marines"

    def observe(self, player):
        return np.array([self.pile], dtype=np.float32)

    def outcome(self):
        m = 0 if self.winner is None else (1 if self.winner == "marines" else -1)
        return {"marines": m, "hive": -m, "score": {}}

    def to_dict(self):
        return {"pile": self.pile}

    @classmethod
    def from_dict(cls, data):
        raise NotImplementedError

    def describe_action(self, action):
        return f"take {action + 1}"


@pytest.mark.parametrize("pile", [4, 5, 7, 8, 10, 11])
def test_search_finds_the_winning_move(pile):
    game = Nim()
    game.reset(pile=pile)
    policy = MCTSPolicy(300, rollout="random", seed=pile)
    assert policy.act(game, "marines") + 1 == pile % 3


def test_search_wins_nim_from_a_winning_start_against_random():
    for seed in range(5):
        game = Nim()
        game.reset(pile=10)
        players = {"marines": MCTSPolicy(200, rollout="random", seed=seed), "hive": aliens_env.core.policy.RandomPolicy(seed)}
        while not game.is_terminal():
            game.apply(players[game.current_player()].act(game, game.current_player()))
        assert game.outcome()["marines"] == 1


def test_specs_and_their_errors():
    assert MCTSPolicy.from_spec("mcts").budget == DEFAULT_BUDGET
    p = MCTSPolicy.from_spec("mcts:7:random", seed=1)
    assert (p.budget, p.rollout, p.label) == (7, "random", "mcts:7:random")
    for bad in ("mcts:0", "mcts:x", "mcts:5:greedy", "mcts:1:2:3"):
        with pytest.raises(ValueError, match="mcts"):
            make_policy("RipleyQueen", "marines", bad)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_search_plays_every_game_legally_and_reproducibly(name):
    def run(seed):
        game = REGISTRY[name].make_game()
        game.reset(seed)
        players = {"marines": make_policy(name, "marines", "mcts:2", seed=seed), "hive": make_policy(name, "hive", None, seed=seed)}
        actions = []
        for _ in range(60):
            if game.is_terminal():
                break
            player = game.current_player()
            action = players[player].act(game, player)
            assert game.legal_mask(player)[action]
            actions.append(action)
            game.apply(action)
        return actions, players["marines"].stats()

    first, stats = run(11)
    assert first == run(11)[0]
    assert stats["decisions"] >= 1 and stats["simulations"] == 2 * stats["decisions"] and stats["decisions_per_second"] > 0


def test_search_as_the_opponent_of_an_environment():
    env = gym.make("aliens_env/RipleyQueen-v0", opponent="mcts:3")
    obs, info = env.reset(seed=0)
    done = False
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert terminated


def test_search_as_the_opponent_in_the_terminal_player():
    from aliens_env.play import main

    out = []
    answers = iter(lambda: "0", None)
    code = main(["RipleyQueen", "--opponent", "mcts:3", "--seed", "1"], read=lambda prompt: next(answers), write=out.append)
    text = "\n".join(out)
    assert code == 0 and "result for marines:" in text and "decisions per second" in text
