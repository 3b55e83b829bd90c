"""Marine Assault's mask: its rescue bits are the rescue options (worked out plainly), and it
closes the squares of the freed as well as the cocooned: a freed Marine lies in its cocoon until
the end of the turn (``_compute_marine_mask`` hands both to the rescue layer, the cocooned alone
while nobody is freed). Checked at the Marine decisions of random play (seeded), with positions laid
on it (the freed and the captured seldom lie beside the acting Marine in play)."""
import numpy as np

from aliens_env.lairs.assault import MarineAssault


def test_the_freed_squares_are_closed_to_the_acting_marine():
    """With the Marines beside the acting one laid freed: the mask with nobody freed, the moves onto
    their squares cleared."""
    rng = np.random.default_rng(7)
    g = MarineAssault()
    g.reset(3)
    checked = closed = 0
    for _ in range(2000):
        if g.decision is None:
            g.reset(int(rng.integers(1000)))
        if g.decision.kind == "marine" and not g.freed:
            i = g.active
            pos = g.marines[i].pos
            beside = [j for j, o in enumerate(g.marines)
                      if j != i and j not in g.cocooned and o.status == "on_map" and g.board.range(pos, o.pos) == 1]
            if beside:
                want = g._compute_marine_mask()
                for direction, square in g.board.neighbours[pos]:
                    if any(g.marines[j].pos == square for j in beside):
                        closed += int(want[g._slot["move"] + direction])
                        want[g._slot["move"] + direction] = 0
                g.freed = beside
                try:
                    got = g._compute_marine_mask()
                finally:
                    g.freed = []
                assert got.tolist() == want.tolist(), (g.turn, g.marines[i].name, beside)
                checked += 1
        g.apply(int(rng.choice(g.legal_actions())))
    assert checked > 100 and closed > 20


def test_the_masks_rescue_bits_are_the_plain_rescue_options():
    """The ``rescue`` slice of the mask (``_compute_marine_mask``) against ``rescue_options`` worked
    out plainly (test_marine_assault.plain_rescue_options), for the game's own cocooned and unarmed,
    then with the other Marines split between the two both ways (the captured seldom lie beside)."""
    from test_marine_assault import plain_rescue_options
    rng = np.random.default_rng(5)
    g = MarineAssault()
    g.reset(4)
    checked = offered = 0
    for _ in range(2000):
        if g.decision is None:
            g.reset(int(rng.integers(1000)))
        if g.decision.kind == "marine":
            i, kept = g.active, (g.cocooned, g.unarmed)
            others = [j for j in range(len(g.marines)) if j != i]
            try:
                for cocooned, unarmed in (kept, (others[::2], others[1::2]), (others[1::2], others[::2])):
                    g.cocooned, g.unarmed = list(cocooned), list(unarmed)
                    bits = g._compute_marine_mask()[g.layout.span("rescue")]
                    want = plain_rescue_options(g, i)
                    assert np.flatnonzero(bits).tolist() == want, (g.turn, g.marines[i].name, cocooned, unarmed)
                    offered += bool(want)
            finally:
                g.cocooned, g.unarmed = kept
            checked += 1
        g.apply(int(rng.choice(g.legal_actions())))
    assert checked > 300 and offered > 30
