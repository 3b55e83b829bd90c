"""The `planner` marines (ASSUMPTION A27): the heuristic with its setting chosen per activation
by rollouts with common dice, scored by Marines out - dead - held_weight x held."""
from aliens_env.core.policy import DicePolicy
from aliens_env.reactor_room import data_files
from aliens_env.reactor_room.game import ReactorRoom
from aliens_env.reactor_room.planner import PlannerMarines

CONFIG = data_files.scenario("reactor_room")["planner"]


def play_turns(planner, seed, turns):
    g = ReactorRoom()
    g.reset(seed)
    hive = DicePolicy()
    while not g.is_terminal() and g.turn <= turns:
        player = g.current_player()
        g.apply((planner if player == "marines" else hive).act(g, player))
    return g


def test_the_best_scoring_setting_plays_the_whole_activation_and_each_activation_chooses_again():
    planner = PlannerMarines(seed=0)
    assert [(s.threat_range, s.min_hit) for s in planner.settings] == [tuple(x) for x in CONFIG["settings"]]
    favourite = {}  # activation -> the index of the setting the fake rollouts favour
    rolled, played = [], []

    def fake_rollout(game, setting, dice_seed):
        key = (game.turn, game.active)
        favourite.setdefault(key, (game.turn + game.active) % len(planner.settings))
        rolled.append((key, planner.settings.index(setting), dice_seed))
        return 1.0 if planner.settings.index(setting) == favourite[key] else 0.0

    planner._rollout = fake_rollout
    for s in planner.settings:
        original = s.act
        s.act = lambda game, player, s=s, original=original: played.append(((game.turn, game.active), planner.settings.index(s))) or original(game, player)
    play_turns(planner, seed=4, turns=2)
    assert len(favourite) >= 9  # every Marine's activation of turn 1 at least
    assert played and all(index == favourite[key] for key, index in played)
    for key in favourite:  # each activation: every setting, `rollouts` times, the same dice for each
        rolls = [(i, seed) for k, i, seed in rolled if k == key]
        assert len(rolls) == len(planner.settings) * CONFIG["rollouts"]
        seeds_per_setting = [[seed for i, seed in rolls if i == n] for n in range(len(planner.settings))]
        assert all(seeds == seeds_per_setting[0] for seeds in seeds_per_setting)
        assert len(set(seeds_per_setting[0])) == CONFIG["rollouts"]


def test_a_rollout_scores_out_minus_dead_minus_the_held_weight_per_held_marine():
    planner = PlannerMarines(seed=0)
    g = play_turns(planner, seed=1, turns=1)
    g.phase, g.decision = "over", None  # a finished game: the rollout only scores it
    assert g.is_terminal()
    g.stats.update(exited=5, dead=2)
    on_map = [m for m in g.marines if m.status == "on_map"]
    for m in on_map:
        m.incapacitated, m.alien = False, -1
    on_map[0].incapacitated = True
    on_map[1].alien = 0
    expected = 5 - 2 - 2 * CONFIG["held_weight"]
    assert planner._rollout(g, planner.settings[0], 123) == expected


def test_the_planner_is_reproducible_from_its_seed():
    a = play_turns(PlannerMarines(seed=7), seed=2, turns=2)
    b = play_turns(PlannerMarines(seed=7), seed=2, turns=2)
    assert a.to_json() == b.to_json()
