"""The lairs' data files read once (lairs/data_files.py): ``tables()`` and ``second_weapon()`` give
the same objects at every call (not a YAML parse per game built: a Rescue of Newt cost ~23 ms to
build, ~0.4 ms now), equal to what the files say, and no game writes into them (one game cannot
see another's state through them: after whole games of every lairs scenario they are as read)."""
import dataclasses

import pytest

from aliens_env.core.data import read_yaml
from aliens_env.core.policy import RandomPolicy, play_out
from aliens_env.lairs import data_files
from aliens_env.lairs.assault import MarineAssault
from aliens_env.lairs.game import HuntForTheQueen
from aliens_env.lairs.rescue import RescueOfNewt
from aliens_env.reactor_room import data_files as reactor_files


def tables_as_read() -> dict:
    """The tables as the files give them, parsed afresh."""
    return {**read_yaml(reactor_files.DATA / "tables.yaml"), **read_yaml(data_files.DATA / "tables.yaml")}


def flame_unit_as_read():
    card = read_yaml(data_files.DATA / "characters.yaml")["Ripley"]
    return reactor_files.character("Ripley", card, "other", tables_as_read())


def test_the_tables_and_the_second_weapon_are_read_once_as_the_files_say():
    assert data_files.tables() is data_files.tables()
    assert data_files.tables() == tables_as_read()
    assert data_files.second_weapon("Ripley") is data_files.second_weapon("Ripley") == flame_unit_as_read()
    with pytest.raises(dataclasses.FrozenInstanceError):  # (a Character cannot be written)
        data_files.second_weapon("Ripley").weapon = "Pistol"
    with pytest.raises(ValueError, match="lists one weapon"):  # (a card of one weapon: still refused)
        data_files.second_weapon("Newt")


@pytest.mark.parametrize("cls", [HuntForTheQueen, MarineAssault, RescueOfNewt])
def test_games_share_the_tables_and_leave_them_as_read(cls):
    games = [cls(), cls()]
    assert games[0].tables is games[1].tables is data_files.tables()
    for seed, g in enumerate(games):
        g.reset(seed)
        play_out(g, {"marines": RandomPolicy(seed), "hive": RandomPolicy(seed + 1)}, max_steps=3000)
    assert data_files.tables() == tables_as_read()
    if cls is RescueOfNewt:
        assert games[0].flame_card is games[1].flame_card == flame_unit_as_read()
