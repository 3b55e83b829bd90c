"""Facehuggers (their table, the permanent Incapacitation counting as Dead, +3 to hit, acid only in
their own square); Room Cards flipped on entering a Room; Sentry Cards drawn until an Empty; the
Alien Appearance Table's Waves at different Stairwells."""
import pytest

from lairs_helpers import FACEHUGGER, QUEEN, empty_lairs, marine, sq, state
from rr_helpers import idx, marines_phase, put_alien, start_phase

FACEHUGGER_TABLE = {0: "dead", 1: "incapacitated", 2: "wounded", 3: "none", 4: "none", 5: "none", 6: "none",
                    7: "none", 8: "none", 9: "none"}


@pytest.mark.parametrize("roll", range(10))
def test_the_facehugger_table_on_the_plain_roll(roll):
    g = empty_lairs({"Hicks": (14, 12)})  # Melee 1: not added
    put_alien(g, None, a=FACEHUGGER, on="Hicks")
    g.dice.script(roll)
    start_phase(g, "aliens_attack")
    h = marine(g, "Hicks")
    assert state(h) == FACEHUGGER_TABLE[roll]
    if FACEHUGGER_TABLE[roll] == "incapacitated":
        assert idx(g, "Hicks") in g.facehugged and g.survivors() == 0  # counts as Dead
        assert not g.aliens[FACEHUGGER].in_play
    elif FACEHUGGER_TABLE[roll] in ("wounded", "none"):
        assert h.alien == FACEHUGGER and g.aliens[FACEHUGGER].attack == "in_combat"


def test_a_facehugger_moves_like_an_adult_four_squares():
    g = empty_lairs({"Hicks": (14, 20)})
    put_alien(g, (14, 10), a=FACEHUGGER)
    start_phase(g, "aliens_move")
    assert g.decision.kind == "move_to"  # where it ends among the equally good squares: the hive's
    assert sq(g, (14, 14)) in g.decision.options
    assert all(g.board.range(sq(g, (14, 10)), o) == 4 for o in g.decision.options)


def test_firing_at_a_facehugger_is_three_worse_on_top_of_the_shared_square():
    g = empty_lairs({"Vasquez": (14, 14), "Hicks": (14, 12)})
    fh = put_alien(g, (14, 10), a=FACEHUGGER)
    al = put_alien(g, (14, 18))  # the same range
    marines_phase(g, "Vasquez")
    g.apply(g.layout.encode("aim"))
    v = idx(g, "Vasquez")
    assert g._fire_number(v, fh) == g._fire_number(v, al) - 3
    g = empty_lairs({"Vasquez": (14, 14), "Hicks": (14, 12)})
    put_alien(g, None, a=FACEHUGGER, on="Hicks", attack="in_combat")
    al = put_alien(g, (14, 16))
    marines_phase(g, "Vasquez")
    g.apply(g.layout.encode("aim"))
    assert g._fire_number(v, FACEHUGGER) == g._fire_number(v, al) - 3 - 5


def test_a_killed_facehugger_sprays_acid_only_into_its_own_square():
    g = empty_lairs({"Hicks": (14, 11)})
    put_alien(g, (14, 10), a=FACEHUGGER)
    rolls = g.dice.rolls
    g._kill_alien(FACEHUGGER, flame=False)
    assert g.dice.rolls == rolls and state(marine(g, "Hicks")) == "none"
    g = empty_lairs({"Hicks": (14, 11)})
    put_alien(g, None, a=FACEHUGGER, on="Hicks", attack="in_combat")
    g.dice.script(0)
    g._kill_alien(FACEHUGGER, flame=False)
    assert marine(g, "Hicks").status == "dead"


@pytest.mark.parametrize("card, counts", [("empty", (0, 0, 0)), ("alien", (0, 0, 1)), ("facehugger", (0, 1, 0)),
                                          ("queen", (1, 0, 2))])
def test_entering_a_room_flips_its_card(card, counts):
    g = empty_lairs({"Hicks": (21, 11)})
    g.room_deck.remove(card)
    g.room_deck.insert(4, card)  # Room 5's card
    marines_phase(g, "Hicks")
    g.apply(g.layout.encode("move", 0))  # N into Room 5 at (20, 11)
    assert g.flipped == {5: card}
    kinds = [g.kinds[a] for a, al in enumerate(g.aliens) if al.in_play]
    assert (kinds.count("queen"), kinds.count("facehugger"), kinds.count("alien")) == counts
    assert all(g.room_of[al.pos] == 5 for al in g.aliens if al.in_play)
    g.apply(g.layout.encode("move", 0)) if g.legal_mask("marines")[g.layout.encode("move", 0)] else None
    assert len(g.flipped) == 1  # flipped once


def test_the_room_cards_are_the_six_printed():
    g = empty_lairs()
    assert sorted(g.room_deck) == ["alien", "alien", "alien", "empty", "facehugger", "queen"]


def test_sentry_cards_are_drawn_until_an_empty():
    g = empty_lairs()
    g.sentry_deck = ["alien", "alien", "empty", "alien"]
    g.dice.script(0, 7, 0)  # Stairwells 1 and 8; the Appearance Table: 0, no Wave
    assert g._aliens_due() == 2
    assert g.appear_at == [1, 8] and g.sentry_deck == ["alien"]


def test_an_empty_deck_is_shuffled_again():
    g = empty_lairs()
    g.sentry_deck = []
    g._aliens_due()
    assert len(g.sentry_deck) < 10


@pytest.mark.parametrize("roll", range(10))
def test_the_appearance_table_waves_at_different_stairwells(roll):
    g = empty_lairs()
    g.sentry_deck = ["empty"]
    row = next(r for r in g.data["appearance_table"] if roll <= r["max"])
    g.dice.script(roll, *[0] * len(row["waves"]))  # each Wave at the first Stairwell still free
    g._aliens_due()
    expected = [s for k, size in enumerate(row["waves"]) for s in [k + 1] * size]
    assert g.appear_at == expected


def test_appearing_aliens_come_out_of_their_stairwell():
    g = empty_lairs({"Hicks": (14, 20)})
    g.sentry_deck = ["alien", "empty"]
    g.dice.script(4, 0)  # Stairwell 5; no Wave
    start_phase(g, "aliens_appear")
    placed = [al for a, al in enumerate(g.aliens) if al.in_play]
    assert len(placed) == 1 and g.board.range(placed[0].pos, g.stairwells[5][0]) <= 2
    assert g.kinds[g.aliens.index(placed[0])] == "alien" and not g.aliens[QUEEN].in_play
