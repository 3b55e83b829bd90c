"""The designed numbers keep the mission plausible (a short run of the tuning command: the
1,000-game figures are in docs/rules/glorious_day.md)."""
from aliens_env.glorious_day.tune import main, match


def test_scripted_marines_win_some_and_lose_some_and_random_marines_do_not_win():
    heuristic = match("heuristic", "dice", False, games=60)
    assert 0 < heuristic["wins"] < 60 and sum(heuristic["ends"].values()) == 60
    assert match("random", "dice", False, games=30)["wins"] == 0


def test_the_scripted_hive_spends_willpower_and_the_dice_hive_none():
    from aliens_env.glorious_day.game import GloriousDay
    from aliens_env.glorious_day.policies import GloriousDiceAI, HeuristicMarines, ScriptedHive

    for hive, spends in ((ScriptedHive(), True), (GloriousDiceAI(), False)):
        g = GloriousDay()
        g.reset(1)
        while not g.is_terminal():
            p = g.current_player()
            g.apply((HeuristicMarines() if p == "marines" else hive).act(g, p))
        assert (g.stats["willpower_spent"] > 0) == spends and (g.stats["cards_played"] > 0) == spends


def test_tune_prints_every_match_up(capsys):
    main(["--games", "3"])
    out = capsys.readouterr().out
    assert out.count(" vs ") == 4 and "scripted Hive player" in out


def test_the_queen_missions_are_won_sometimes_and_the_scripted_hive_spends_on_the_queen():
    for mission in ("sulaco", "queen_lair", "loader_bay"):
        r = match("heuristic", "dice", False, games=60, mission=mission)
        assert 0 < r["wins"] < 60, (mission, r)
    from aliens_env.glorious_day.game import GloriousDay
    from aliens_env.glorious_day.policies import HeuristicMarines, ScriptedHive

    g = GloriousDay(mission="queen_lair")
    spent = False
    for seed in range(5):
        g.reset(seed)
        while not g.is_terminal():
            p = g.current_player()
            action = (HeuristicMarines() if p == "marines" else ScriptedHive()).act(g, p)
            spent |= g.layout.decode(action)[0] in ("wp_move_queen", "heal_queen")
            g.apply(action)
    assert spent


def test_every_mission_is_won_some_and_lost_some_by_the_scripted_marines():
    for mission in ("escape", "survive", "retrieve", "nest", "uplink", "purge"):
        r = match("heuristic", "dice", False, games=40, mission=mission)
        assert 0 < r["wins"] < 40, (mission, r["ends"])


def test_the_built_in_players_play_the_campaign_and_every_mission_with_a_scripted_hive():
    r = match("heuristic", "scripted", True, games=3, mission="survive", campaign=True)
    assert sum(r["ends"].values()) == 3
    for mission in ("escape", "retrieve", "nest", "uplink", "purge"):
        assert sum(match("heuristic", "scripted", True, games=2, mission=mission)["ends"].values()) == 2


def test_tune_takes_a_mission_and_the_campaign(capsys):
    main(["--games", "2", "--mission", "escape", "--campaign", "--matchups", "dice"])
    out = capsys.readouterr().out
    assert out.count(" vs ") == 1 and "escape (campaign)" in out


def test_apc_chase_is_won_some_and_lost_some_and_played_with_a_scripted_hive():
    r = match("heuristic", "dice", False, games=40, mission="apc_chase")
    assert 0 < r["wins"] < 40, r["ends"]
    assert match("random", "dice", False, games=10, mission="apc_chase")["wins"] == 0
    assert sum(match("heuristic", "scripted", True, games=3, mission="apc_chase")["ends"].values()) == 3


def test_the_queen_and_the_apc_is_won_some_and_lost_some_and_played_with_a_scripted_hive():
    r = match("heuristic", "dice", False, games=60, mission="queen_apc")
    assert 0 < r["wins"] < 60, r["ends"]
    assert sum(match("heuristic", "scripted", True, games=3, mission="queen_apc")["ends"].values()) == 3
