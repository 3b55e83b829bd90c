"""Position builders for the Alien Menace rule tests.

Each test builds the position it needs (hands, room, tokens, stage) by moving cards between the
draw piles and the hands, so every card stays counted once, then applies actions by name and
scripts the coin flips with ``game.dice.script``.

The engine stops at every decision a player may have on public information, even when his hand
leaves him one legal action (test_am_hidden.py checks that). ``play`` and ``position`` then take
such one-action decisions (a ``pass`` with no answer card in hand, a ``stop`` with nothing to
raise with) so that the rule tests read as the table plays; ``g.apply`` takes exactly one.
"""
from __future__ import annotations

from aliens_env.alien_menace.game import HIVE, MAR, AlienMenace
from aliens_env.core.policy import RandomPolicy


def random_play(seeds, policy_seed: int):
    """Seeded games of random legal play: yields the game at every position, before each move
    and once more when the game is over (the moves are RandomPolicy(policy_seed)'s)."""
    g = AlienMenace()
    policy = RandomPolicy(policy_seed)
    for seed in seeds:
        g.reset(seed)
        while True:
            yield g
            if g.is_terminal():
                break
            g.apply(policy.act(g, g.current_player()))


def card(g: AlienMenace, name: str):
    return g.cs.by_name[name]


def act(g: AlienMenace, name: str) -> int:
    """The action for a layout label ("flip", "pass", "weapon[Pump Shotgun]", "room[first]")."""
    return g.layout.names().index(name)


def settle(g: AlienMenace) -> None:
    """Take every decision that has a single legal action."""
    while not g.is_terminal() and len(g.legal_actions()) == 1:
        g.apply(g.legal_actions()[0])


def play(g: AlienMenace, *names: str) -> None:
    """Apply the named actions, each followed by the one-action decisions it leads to."""
    for name in names:
        g.apply(act(g, name))
        settle(g)


def legal_names(g: AlienMenace) -> list[str]:
    return [g.layout.name(a) for a in g.legal_actions()]


def hand_of(g: AlienMenace, side: str) -> dict[str, int]:
    return {c.name: g.hand[side][c.local] for c in g.side_cards[side] if g.hand[side][c.local]}


def set_hand(g: AlienMenace, side: str, cards: dict[str, int]) -> None:
    """Return the hand to the draw pile, then take exactly `cards` from it."""
    for local, n in enumerate(g.hand[side]):
        g.deck[side].extend([local] * n)
        g.hand[side][local] = 0
    for name, n in cards.items():
        c = card(g, name)
        assert c.side == side, f"{name} is not a {side} card"
        for _ in range(n):
            g.deck[side].remove(c.local)
            g.hand[side][c.local] += 1
    g._legal = None


def stack_deck(g: AlienMenace, side: str, names: list[str]) -> None:
    """Put these cards (first = drawn first) on top of the draw pile."""
    for name in reversed(names):
        c = card(g, name)
        g.deck[side].remove(c.local)
        g.deck[side].append(c.local)


def set_tokens(g: AlienMenace, marines: int, hive: int, supply: int | None = None) -> None:
    """Tokens in front of each player; the rest in the supply (or `supply`, the rest in play)."""
    total = g.cs.tokens
    g.tokens = {MAR: marines, HIVE: hive}
    g.supply = total - marines - hive if supply is None else supply
    g.tokens_in_play = total - marines - hive - g.supply
    assert g.tokens_in_play >= 0


def position(
    room: str = "Hangar",
    marines: dict[str, int] | None = None,
    hive: dict[str, int] | None = None,
    stage: str = "alien_phase",
    tokens: tuple[int, int] = (2, 2),
    lp: int = 3,
    seed: int = 0,
    run: bool = True,
) -> AlienMenace:
    """A game on turn 1 in `room` (taken out of the room pile), both mulligans done, with the
    given hands, at `stage` (marine_events: the Marine to play; alien_phase: the Alien)."""
    g = AlienMenace()
    g.reset(seed)
    set_hand(g, MAR, marines or {})
    set_hand(g, HIVE, hive or {})
    rid = next(r.id for r in g.rooms if r.name == room)
    g.room_deck.remove(rid)
    g.room = rid
    g.turn = 1
    g.mulligans = {MAR: 1, HIVE: 1}
    set_tokens(g, *tokens)
    g.lp = lp
    g.events = []
    g._set(stage, MAR if stage in ("marine_events", "smoke") else HIVE)
    if run:
        g._run()
        settle(g)
    return g


def conserved(g: AlienMenace) -> None:
    """Every card counted once (per type), every token counted once, LP in range."""
    for side in (MAR, HIVE):
        for c in g.side_cards[side]:
            n = g.deck[side].count(c.local) + g.hand[side][c.local] + g.discard[side][c.local]
            n += sum(1 for e in g.play if e[0] == c.id)
            assert n == c.copies, f"{c.name}: {n} cards, expected {c.copies}"
    assert g.tokens[MAR] + g.tokens[HIVE] + g.supply + g.tokens_in_play == g.cs.tokens
    assert min(g.tokens[MAR], g.tokens[HIVE], g.supply, g.tokens_in_play) >= 0
    assert 0 <= g.lp <= g.rules["life_points"]
    rooms = sorted(g.room_deck + g.room_discard + g.revealed + ([g.room] if g.room >= 0 else []))
    assert rooms == list(range(len(g.rooms)))
