"""observation.squad_entry() makes a squad figure's row from its values one by one (typed when
compiled): over random positions, with the figures' fields set to random values of every kind
(each status, role and weapon, AP and LP past their caps, several squads), its row and the rest of
its entry equal the plain computation: the feature tuple of docs/rules/bug_hunt.md's squad view
(packed as float32, as observe() copies it)."""
import random
import struct

from aliens_env.bug_hunt import observation
from aliens_env.bug_hunt.state import NO

from bh_helpers import plain_squad_row, positions

STATUSES = ("active", "dead", "captured", "unconscious")
ROLES = ("marine", "civilian", "android", "predator", "power_loader")
WEAPONS = ("pulse_rifle", "pistol", "smart_gun", "flame_thrower", "combi_weapon", "midi_guns", "none")


def _plain_entry(g, h) -> tuple:
    row = plain_squad_row(g, h)
    assert len(row) == observation.SQUAD_FEATURES
    row = struct.pack(f"{len(row)}f", *row)
    if h.status != "active":
        return row, -1, 0, 0, False
    return (row, observation.P["civilian" if h.role == "civilian" else "android" if h.role == "android" else "marine"],
            *divmod(h.pos, g.size), h.overwatch)


def test_squad_entry_equals_the_plain_row_over_random_figures():
    rng = random.Random(7)
    seen = set()
    checked = 0
    for g in positions(3, "explore", every=10, steps=1200):
        saved_squads = g.n_squads
        for h in g.humans:
            assert observation.squad_entry(g, h) == _plain_entry(g, h)  # the figure as played
            fields = {name: getattr(h, name) for name in ("status", "role", "weapon", "ap", "lp", "hugger", "activated",
                                                          "overwatch", "leader", "squad")}
            for _ in range(4):
                h.status, h.role, h.weapon = rng.choice(STATUSES), rng.choice(ROLES), rng.choice(WEAPONS)
                h.ap, h.lp = rng.randrange(7), rng.randrange(7)
                h.hugger = rng.choice((NO, rng.randrange(8)))
                h.activated, h.overwatch, h.leader = (rng.random() < 0.5 for _ in range(3))
                g.n_squads = rng.randrange(1, 4)
                h.squad = rng.randrange(g.n_squads)
                assert observation.squad_entry(g, h) == _plain_entry(g, h), (h.status, h.role, h.weapon)
                seen.add(h.status)
                checked += 1
            for name, value in fields.items():
                setattr(h, name, value)
            g.n_squads = saved_squads
    assert seen == set(STATUSES) and checked > 1000
