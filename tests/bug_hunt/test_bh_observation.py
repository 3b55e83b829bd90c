"""Bug Hunt's observation views (observation.layout) hold what their names say."""
import numpy as np

from aliens_env.bug_hunt import BugHunt, marines
from aliens_env.bug_hunt.observation import PLANES, optional_features
from aliens_env.bug_hunt.state import NO


def test_the_views_hold_what_they_name():
    g = BugHunt()
    g.reset(3)
    g.apply(g.layout.encode("activate", 0))  # Apone acts: the window is centred on him
    assert g.decision.kind == "act" and g.humans[g.active].role == "marine"
    views = g.obs_layout.views(g.observe("marines"))
    board = dict(zip(PLANES, views["board"]))
    centre = g.window // 2
    on_centre = {name for name, plane in board.items() if plane[centre, centre]}
    assert on_centre == {"floor", "entry", "marine", "acting"}  # he stands on the entry floor
    r, c = g.rc(g.humans[g.active].pos)
    figures = board["marine"] + board["civilian"] + board["android"]  # each figure on its role's plane
    assert figures.max() == 1 and figures.sum() == sum(h.status == "active" and abs(g.rc(h.pos)[0] - r) <= centre
                                        and abs(g.rc(h.pos)[1] - c) <= centre for h in g.humans)
    assert views["squad"][:, 0].tolist() == [1.0] * len(g.humans) + [0.0] * (len(views["squad"]) - len(g.humans))
    assert np.array_equal(views["optional"], optional_features(g))
    assert views["targets"][:, 0].sum() == len(marines.targets(g))  # a row per target in sight


def test_every_figure_in_the_window_is_marked_at_its_square_through_play():
    """observe() marks the figures on their planes at (row, column) - the window's top-left
    square (C ints, compiled): through random play, every able squad figure and live Alien within
    the window is marked at its own square, the edge rows and columns included, and none outside."""
    from aliens_env.bug_hunt.observation import P, focus
    from aliens_env.bug_hunt.state import ALIEN_KINDS

    g = BugHunt()
    g.reset(2)
    rng = np.random.default_rng(0)
    edges = 0
    for _ in range(400):
        if g.is_terminal():
            break
        player = g.current_player()
        board = g.obs_layout.views(g.observe(player))["board"]
        half = g.window // 2
        fr, fc = g.rc(focus(g))
        want = np.zeros_like(board)
        for h in g.humans:
            if h.status == "active":
                r, c = g.rc(h.pos)
                if abs(r - fr) <= half and abs(c - fc) <= half:
                    plane = "civilian" if h.role == "civilian" else "android" if h.role == "android" else "marine"
                    want[P[plane], r - fr + half, c - fc + half] = 1
                    want[P["overwatch"], r - fr + half, c - fc + half] = float(h.overwatch)
                    edges += half in (abs(r - fr), abs(c - fc))
        for a in g.aliens:
            if a.alive:
                r, c = g.rc(a.pos)
                if abs(r - fr) <= half and abs(c - fc) <= half:
                    want[P[a.kind], r - fr + half, c - fc + half] = 1 if a.kind != "queen" else a.lp / g.rules["queen_lp"]
        figure_planes = [P[k] for k in ("marine", "civilian", "android", "overwatch", *ALIEN_KINDS)]
        assert np.array_equal(board[figure_planes], want[figure_planes])
        legal = np.flatnonzero(g.legal_mask(player))
        g.apply(int(legal[rng.integers(len(legal))]))
    assert edges > 0  # (figures on the window's edge rows or columns were checked)


#: squad fields that observe()'s squad rows read, each with a way to set it to another value the
#: row shows (a fresh object, as the game sets it; a same-valued fresh object is a new object: the
#: row is read again)
_FIELD_EDITS = {
    "status": lambda g, h: "dead" if h.status == "active" else "active",
    "pos": lambda g, h: (h.pos + 1) % (g.size * g.size),
    "hugger": lambda g, h: 0 if h.hugger != 0 else NO,
    "ap": lambda g, h: (min(h.ap, 4) + 1) % 5,
    "activated": lambda g, h: not h.activated,
    "overwatch": lambda g, h: not h.overwatch,
    "leader": lambda g, h: not h.leader,
    "lp": lambda g, h: min(h.lp, 4) % 4 + 1,
    "squad": lambda g, h: 1 - min(h.squad, 1),  # (not the acting figure's: the globals read its squad's pools)
    "role": lambda g, h: "android" if h.role != "android" else "civilian",
    "weapon": lambda g, h: "pistol" if h.weapon != "pistol" else "smart_gun",
}


def test_the_squad_rows_kept_per_figure_follow_every_field_they_read():
    """observe() reuses a figure's squad row while its fields are the very objects it was made from
    (observation.squad_rows, in the layout cache): through random play, with one field of one figure
    set to another value before every other observation (each field in turn, an equal fresh int now
    and then), the observation equals one made afresh (the kept rows emptied), so no field is left
    unchecked."""
    g = BugHunt()
    g.reset(4)
    rng = np.random.default_rng(1)
    fields = list(_FIELD_EDITS)
    edited = set()
    for turn in range(300):
        if g.is_terminal():
            g.reset(5 + turn)
        player = g.current_player()
        kept = g.observe(player)
        if turn % 2:  # a figure edited: the kept rows must see it
            name = fields[turn // 2 % len(fields)]
            others = [i for i in range(len(g.humans)) if name != "squad" or i != g.active]  # (its squad's pools)
            h = g.humans[others[rng.integers(len(others))]]
            saved = getattr(h, name)
            setattr(h, name, _FIELD_EDITS[name](g, h))
            edited_obs = g.observe(player)
            rows = g._shared.pop("squad_rows")  # (the kept rows emptied: observation.squad_rows)
            fresh = g.observe(player)
            g._shared["squad_rows"] = rows
            assert np.array_equal(edited_obs, fresh), (turn, name)
            if not np.array_equal(edited_obs, kept):
                edited.add(name)
            setattr(h, name, saved)
            assert np.array_equal(g.observe(player), kept), (turn, name)  # back: the row read again, as before
            setattr(h, name, int(str(saved)) if type(saved) is int else saved)  # an equal fresh int: read again, the same row
            assert np.array_equal(g.observe(player), kept), (turn, name)
        legal = np.flatnonzero(g.legal_mask(player))
        g.apply(int(legal[rng.integers(len(legal))]))
    assert edited == set(fields)  # every field's edit changed the observation
