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
