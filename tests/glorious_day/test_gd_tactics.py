"""GloriousDayTactics (ASSUMPTION A52): the marines choose, at the start of each Character's
activation, a tactic under which the heuristic marines play it (data/tactics.yaml)."""
import pytest

from aliens_env.core.commander import HeuristicCommander
from aliens_env.glorious_day import missions as objectives
from aliens_env.glorious_day import tactics as tactics_module
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.policies import GloriousDiceAI, HeuristicMarines
from aliens_env.glorious_day.tactics import TACTICS, GloriousDayTactics, TacticMarines, tactic_names
from gd_helpers import first_action


def play(game, marines, seed, on_command=None):
    """One game against the automated Aliens; `on_command(game)` at each commander decision."""
    game.reset(seed)
    hive = GloriousDiceAI()
    while not game.is_terminal():
        player = game.current_player()
        if player == "marines" and on_command is not None:
            on_command(game)
        game.apply((marines if player == "marines" else hive).act(game, player))
    return game


def boards(game, action: int) -> bool:
    """A Move from outside the APC onto a space aboard."""
    kind, square = game.layout.decode(action)
    return kind == "move" and not game.seat_of(game.active) and square in set(game.vehicle_squares())


def test_the_tactics_come_from_the_data_file_and_tactic_zero_is_the_heuristic():
    game = GloriousDayTactics(hive_player=False)
    assert game.mission == "queen_apc"
    assert tuple(t.tactic for t in game.tactics) == tactic_names() and tactic_names()[0] == "heuristic"
    assert set(tactic_names()) == set(TACTICS)
    plain = GloriousDay(mission="queen_apc", hive_player=False)
    assert game.layout.names()[:plain.layout.size] == plain.layout.names()
    assert game.layout.span("tactic") == slice(plain.layout.size, plain.layout.size + len(TACTICS))


def test_an_unknown_tactic_and_a_bad_data_file_are_refused(monkeypatch):
    with pytest.raises(ValueError, match="unknown Glorious Day tactic 'charge'.*heuristic"):
        TacticMarines("charge")
    monkeypatch.setattr(tactics_module, "read_yaml", lambda path: {"tactics": ["board", "heuristic"]})
    tactic_names.cache_clear()
    try:
        with pytest.raises(ValueError, match="tactics.yaml: tactics must list.*'heuristic' first"):
            tactic_names()
    finally:
        tactic_names.cache_clear()


@pytest.mark.parametrize("seed", range(6))
def test_the_heuristic_commander_plays_the_heuristic_marines_game_move_for_move(seed):
    plain = play(GloriousDay(mission="queen_apc", hive_player=False), HeuristicMarines(), seed)
    commanded = play(GloriousDayTactics(hive_player=False), HeuristicCommander(), seed)
    assert commanded.events == plain.events and commanded.outcome() == plain.outcome()


def test_the_commander_decides_once_at_the_start_of_each_activation():
    seen = []

    def check(game):
        mask = game.legal_mask("marines")
        assert mask[game.layout.span("tactic")].all() and mask.sum() == len(TACTICS)  # only tactics
        assert game.decision.kind == "action"  # never who activates: the heuristic's choice
        seen.append((game.round, game.active))

    game = play(GloriousDayTactics(hive_player=False), HeuristicCommander(), 3, check)
    assert len(seen) == len(set(seen)) > 10  # one decision per Character activation
    assert max(r for r, _ in seen) == game.round


def scan(seeds, check):
    """Every commander decision of heuristic games on `seeds`, passed to check(game)."""
    for seed in seeds:
        play(GloriousDayTactics(hive_player=False), HeuristicCommander(), seed, check)


def test_board_lifts_the_crew_limit_and_stay_out_never_boards():
    found = {"board_past_crew": 0, "heuristic_boards": 0}

    def check(game):
        if game.apc is None:
            return
        heuristic, board, stay = (first_action(game, t) for t in ("heuristic", "board", "stay_out"))
        assert not boards(game, stay)
        if boards(game, heuristic):
            found["heuristic_boards"] += 1
            assert boards(game, board)
        if objectives.aboard(game) >= game.m["crew"] and game.queen["damage"] <= game.apc_rules["turret_kills"]:
            assert not boards(game, heuristic)  # A51: the crew is full
            found["board_past_crew"] += boards(game, board)

    scan(range(8), check)
    assert found["heuristic_boards"] > 0 and found["board_past_crew"] > 0


def test_get_out_leaves_the_apc_and_hold_never_moves_or_drives():
    found = {"got_out": 0, "held": 0}

    def check(game):
        c, layout = game.active, game.layout
        hold = first_action(game, "hold")
        assert layout.decode(hold)[0] not in ("move", "drive")
        if layout.decode(first_action(game, "heuristic"))[0] in ("move", "drive"):
            found["held"] += 1
        if game.apc is not None and game.seat_of(c) and not game.apc["moves"]:
            kind, square = layout.decode(first_action(game, "get_out"))
            if kind == "move":
                assert square not in set(game.vehicle_squares())
                found["got_out"] += 1

    scan(range(8), check)
    assert found["got_out"] > 0 and found["held"] > 0


@pytest.mark.parametrize("tactic", TACTICS)
def test_every_tactic_plays_whole_games_of_every_mission(tactic):
    """A fixed tactic (``tactic:NAME``) plays every mission to its end with legal actions; `get_out`
    crashed where there is no Queen to shoot at (APC Chase)."""
    from aliens_env.core.commander import TacticCommander
    from aliens_env.glorious_day import data_files

    commander = TacticCommander(tactic, GloriousDayTactics.tactic_labels())
    for mission in data_files.load()["missions"]:
        game = play(GloriousDayTactics(mission=mission), commander, seed=0)
        assert game.is_terminal() and game.outcome()["marines"] in (-1, 0, 1)


#: what an action's script mask leaves out: the actions with a target, and those the scripts ask
#: the queries for (can_attack_queen, can_use_loader, can_open_airlock, can_repair)
LEFT_OUT = ("move", "attack", "barricade", "turret", "scan", "set_down", "token", "attack_queen", "loader", "airlock",
            "repair")


class WholeMaskTactics(GloriousDayTactics):
    """GloriousDayTactics whose scripts read, and whose phase loop counts, the whole mask
    (``script_mask`` as PhasedGame's, not the commander's)."""

    def script_mask(self, player):
        return self.legal_mask_kept(player)


class CheckedTactic(TacticMarines):
    """A tactic that checks, at each action it plays, the scripts' mask against the whole one."""

    checked = left_out = 0

    def act(self, game, player):
        if game.decision.kind == "action":
            script = game.script_mask(player).copy()
            whole = GloriousDay._compute_mask(game)  # (worked out aside: the scripts still read `script`)
            left_out = [i for i in range(game.layout.size) if game.layout.decode(i)[0] in LEFT_OUT]
            others = sorted(set(range(game.layout.size)) - set(left_out))
            assert (script[others] == whole[others]).all()  # every other entry the whole mask's
            assert (script <= whole).all()
            if (script != whole).any():  # entries left out: beside Rest and End, the count above 1 either way
                CheckedTactic.left_out += 1
                assert whole[game.layout.encode("rest")] and whole[game.layout.encode("end")]
            assert (script.sum() > 1) == (whole.sum() > 1)
            CheckedTactic.checked += 1
        return super().act(game, player)


@pytest.mark.parametrize("tactic", TACTICS)
def test_the_scripts_mask_leaves_out_only_what_they_ask_the_queries_and_plays_the_same_games(tactic):
    """While a tactic plays, the scripts read an action's mask without the entries they ask the
    queries for (``script_mask``: GloriousDay._compute_script_mask): the same entries otherwise,
    and the same games as with the whole mask."""
    from aliens_env.core.commander import TacticCommander
    from aliens_env.glorious_day import data_files

    commander = TacticCommander(tactic, GloriousDayTactics.tactic_labels())
    CheckedTactic.checked = CheckedTactic.left_out = 0
    for mission in data_files.load()["missions"]:
        for seed in range(2):
            game = GloriousDayTactics(mission=mission, hive_player=False)
            game.tactics = [CheckedTactic(t.tactic) for t in game.tactics]
            whole = WholeMaskTactics(mission=mission, hive_player=False)
            play(game, commander, seed)
            play(whole, commander, seed)
            assert game.events == whole.events and game.outcome() == whole.outcome()
    assert CheckedTactic.checked > 100 and CheckedTactic.left_out > 50
