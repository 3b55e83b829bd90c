"""Loading a saved Operations/Air Ducts position: the scenario's own records (field "ops") are read
first, field by field (core.positions), then the Reactor Room's loader reads everything else
into a game whose doors already stand as saved (so its square checks use the right board) and
checks the records against each other; the scenario's records are then checked against the
Marines. The game's ``to_dict`` writes what this reads."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.positions import Fields, position_error
from ..reactor_room import codec as reactor_codec

if TYPE_CHECKING:
    from .game import Operations

OPS_KEYS = ("far_door_open", "gold_door_open", "burke", "sealed_turn", "torch_done", "torch_turn", "asked_turn",
            "far_reached", "gold_reached", "signal", "known", "appear_colours")


def load(cls: type["Operations"], data: dict) -> "Operations":
    from .data_files import scenario
    from .game import BURKE_STATES

    f = Fields.position(cls.name, data, keys=(*reactor_codec.KEYS, "ops"), optional={**reactor_codec.RULE_RECORDS, "arms": None})
    what = f.what
    turn = f.int("turn", 1)
    ops = f.fields("ops", keys=OPS_KEYS)
    rules = scenario()
    values = {
        "far_door_open": ops.bool("far_door_open"), "gold_door_open": ops.bool("gold_door_open"),
        "burke": ops.choice("burke", BURKE_STATES), "sealed_turn": ops.int("sealed_turn", 0, turn),
        "torch_done": ops.int("torch_done", 0, rules["torch_turns"]), "torch_turn": ops.int("torch_turn", 0, turn),
        "asked_turn": ops.int("asked_turn", 0, turn), "far_reached": ops.int("far_reached", 0, turn),
        "gold_reached": ops.int("gold_reached", 0, turn), "signal": ops.bool("signal"),
        "appear_colours": ops.list("appear_colours"),
    }
    for k, colour in enumerate(values["appear_colours"]):
        if colour not in rules["colours"]:
            raise position_error(what, f"ops.appear_colours[{k}]", f"must be one of {rules['colours']}", colour)
    known = ops.ints("known", 0, None, unique=True)
    base = {key: data[key] for key in data if key != "ops"}

    class Loader:
        """The Reactor Room's loader builds the game through this: doors and records as saved."""
        name = cls.name

        def __new__(_, **config):
            game = cls(**config)
            for key, value in values.items():
                setattr(game, key, list(value) if isinstance(value, list) else value)
            game.known = sorted(known)
            game._set_board()
            return game

    game = reactor_codec.load(Loader, base)
    _check(game, what)
    return game


def _check(game: "Operations", what: str) -> None:
    """The scenario's records agree with the Marines and the phase."""
    def fail(path: str, must: str):
        return position_error(what, path, must)

    if any(s not in game.junctions for s in game.known):
        raise fail("ops.known", f"must list Compass junction squares only ({sorted(game.junctions)})")
    if game.to_appear != len(game.appear_colours):
        raise fail("ops.appear_colours", f"must list one colour per Alien still to appear (to_appear {game.to_appear})")
    if game.appear_colours and game.phase != "aliens_appear":
        raise fail("ops.appear_colours", "must be empty outside the Aliens Appear phase")
    if game.torch_done >= game.data["torch_turns"] and not game.far_door_open:
        raise fail("ops.torch_done", "is the full cut: far_door_open must then be true")
    burke = game._named("Burke")
    if game.burke == "gone" and burke.status == "on_map":
        raise fail("ops.burke", "is 'gone': Burke must be off the map")
    if game.burke in ("lingering", "locked_in") and burke.status == "on_map" and not game.sealed_turn:
        raise fail("ops.sealed_turn", f"must give the turn Burke sealed the door (Burke is {game.burke!r})")
    if game.burke == "lingering" and burke.status == "on_map" and burke.pos not in game.airlock:
        raise fail("ops.burke", "is 'lingering': Burke must stand in the airlock")
    if game.burke == "locked_in" and game.scenario != "lets_eat_burke":
        raise fail("ops.burke", "may be 'locked_in' only under scenario 'lets_eat_burke'")
    player = game.current_player()
    if player is not None and not game.legal_mask(player).any():
        raise fail("decision", f"leaves {player} no legal action")
