"""Set-up of the Reactor Room: the nine Marines with their top-listed weapons, start squares on
the side of the Stairwell opposite the Exit, the map's Stairwell and Exit."""
from aliens_env.reactor_room.game import NO, ReactorRoom
from rr_helpers import MARINES

TOP_WEAPONS = {"Apone": "Flame Unit", "Hicks": "Shotgun", "Vasquez": "Machine Gun", "Drake": "Machine Gun",
               "Dietrich": "Flame Unit", "Wierzbowski": "Flame Unit", "Frost": "Pistol", "Crowe": "Pistol",
               "Hudson": "Pistol"}
CARD_ACTIONS = {"Apone": 3, "Hicks": 3, "Vasquez": 2, "Drake": 2, "Hudson": 2, "Dietrich": 2, "Frost": 2,
                "Crowe": 2, "Wierzbowski": 2}
CARD_MELEE = {"Apone": 1, "Hicks": 1, "Vasquez": 1, "Drake": 1, "Hudson": 0, "Dietrich": 0, "Frost": 0,
              "Crowe": 0, "Wierzbowski": 0}


def test_the_nine_marines_with_their_top_weapons_actions_and_melee():
    g = ReactorRoom()
    assert sorted(m.name for m in g.marines) == sorted(MARINES)
    for name, char in g.characters.items():
        assert char.weapon == TOP_WEAPONS[name]
        assert char.actions == CARD_ACTIONS[name]
        assert char.melee == CARD_MELEE[name]


def test_marines_start_healthy_on_the_side_of_the_stairwell_opposite_the_exit():
    g = ReactorRoom()
    g.reset(0)
    b = g.board
    stair_cols = {c for r in range(b.height) for c in range(b.width) if b.stairwell[r, c]}
    exit_cols = {c for r in range(b.height) for c in range(b.width) if b.exit[r, c]}
    assert stair_cols and exit_cols
    assert max(exit_cols) < min(stair_cols)  # the Exit is west of the Stairwell ...
    starts = [b.rc(b.index(*rc)) for rc in g.data["start_squares"]]
    assert len(set(starts)) == 9
    for r, c in starts:
        assert c > max(stair_cols) and b.passable[r, c]  # ... the Marines start east of it
    for m in g.marines:
        if m.status == "on_map":
            assert not m.wounded and m.carrying == NO


def test_game_starts_on_turn_one_with_no_alien_before_the_appear_phase():
    g = ReactorRoom()
    g.reset(0)
    assert g.turn == 1
    assert g.phase in ("aliens_appear", "aliens_attack", "marines")  # Aliens Move had nobody to move
    assert g.stats["aliens_appeared"] <= 4
