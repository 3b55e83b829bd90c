"""The "dice AI" of Alien Menace: a scripted player for either side.

The rulebook has no Alien automaton (it is a two-player game), so this is a simple written
player, used as the default opponent and as the baseline the card set was tuned against. It
reads only what its player may know (its own hand and the public table: the room, the cards in
play, tokens, Life Points, hand sizes) and follows these priorities, top first; when several
legal actions rank equally it rolls the game's dice among them (``game.dice.pick``).

Both sides
  1. Mulligan when the hand holds no Weapon (Marine) / no Creature (Alien); else keep.
  2. Room: the Marine takes the smallest room, the Alien the largest; then the one whose
     draws favour the chooser (own draw - opponent's draw); then the room effect that helps
     the chooser (+2 for it, -2 against); remaining ties by the dice.
  3. Events (own phase): draw Events first, then token Events (if the supply is not empty),
     then discard Events (if the opponent holds cards), then heal (if a Life Point is missing).
  4. Answers: always cancel or counter when able, preferring the opposite room-size card
     over a cancel card; the Alien jams only Weapons of Strength 3 or more.
Marine
  5. Raising (he is behind by d): he retreats when he need not fight (not the Portal, 2+ LP)
     and cannot make up d (best Weapon not yet played + his Strength Combat Actions + half his
     tokens). Otherwise: the weakest Weapon that makes up d (else the strongest), then the
     weakest Strength Combat Action that makes up d (else the strongest), then a token.
  6. After a kill: a Smoke Grenade when the room could still take another Creature.
Alien
  5. Creature: the strongest one in hand (always, when he has one).
  6. Raising (behind by d = Marine - Creature + 1): he stops when he need not fight (not the
     Portal, Marine at 2+ LP, and he can still play another Creature in this room) and cannot
     make up d (Combat Actions + half his tokens); else the weakest Combat Action that makes up
     d (else the strongest), then a token.
  7. After a kill: another Creature (the strongest) if the room allows; a Collapsed Wall first
     when the room is full and he holds a Creature; else pass.
"""
from __future__ import annotations

from ..core.game import Game

MAR, HIVE = "marines", "hive"


class AlienMenaceDiceAI:
    """Scripted player for "marines" or "hive" (see the module docstring for its priorities)."""

    name = "dice"

    def __init__(self, seed: int | None = None):
        # no randomness of its own: indifference is broken with the game's dice
        self.seed_value = seed

    def seed(self, seed: int | None) -> None:
        self.seed_value = seed

    def act(self, game: Game, player: str) -> int:
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        choice = self._choose(game, player, legal)
        return choice if choice is not None else game.A_PASS

    # ------------------------------------------------------------------------------------------
    def _pick(self, game, options: list[int]) -> int:
        return options[game.dice.pick(len(options))] if len(options) > 1 else options[0]

    def _best(self, game, legal: list[int], key) -> int:
        """The legal actions with the highest key; ties broken with the dice."""
        scored = [(key(a), a) for a in legal]
        top = max(s for s, _ in scored)
        return self._pick(game, [a for s, a in scored if s == top])

    def _cards(self, game, legal, kind=None, effect=None) -> list:
        out = []
        for a in legal:
            cid = game.action_card[a]
            if cid < 0:
                continue
            c = game.cards[cid]
            if (kind is None or c.kind == kind) and (effect is None or c.effect_name == effect):
                out.append((a, c))
        return out

    @staticmethod
    def _fit(options: list, need: int, value) -> int | None:
        """The weakest option whose value makes up `need`, else the strongest."""
        if not options:
            return None
        enough = [o for o in options if value(o[1]) >= need]
        if enough:
            return min(enough, key=lambda o: value(o[1]))[0]
        return max(options, key=lambda o: value(o[1]))[0]

    def _choose(self, game, me: str, legal: list[int]) -> int | None:
        st = game.stage
        hand = game.hand[me]
        cards = game.side_cards[me]
        if st == "mulligan":
            want = "weapon" if me == MAR else "creature"
            has = any(hand[c.local] and c.kind == want for c in cards)
            return game.A_KEEP if has or game.A_MULLIGAN not in legal else game.A_MULLIGAN
        if st == "room":
            return self._best(game, legal, lambda a: self._room_key(game, me, game.revealed[a - game.A_ROOM]))
        if st in ("marine_events", "alien_phase"):
            for effect, ok in (
                ("draw", True),
                ("take_tokens", game.supply > 0),
                ("discard", sum(game.hand[MAR if me == HIVE else HIVE]) > 0),
                ("heal", game.lp < game.rules["life_points"]),
            ):
                ev = self._cards(game, legal, "event", effect)
                if ev and ok:
                    return ev[0][0]
            creatures = self._cards(game, legal, "creature")
            if creatures:
                return max(creatures, key=lambda o: o[1].strength)[0]
            return game.A_PASS
        if st == "response":
            top = game.cards[game.play[game.chain[-1]][0]]
            counters = self._cards(game, legal, effect="room_size")
            if counters:
                return counters[0][0]
            cancels = self._cards(game, legal, effect="cancel")
            if cancels and not (me == HIVE and top.kind == "weapon" and top.strength < 3):
                return cancels[0][0]
            return game.A_PASS
        if st == "raise":
            m, c = game.strengths()
            at_portal = game.room == game.portal
            adds = self._cards(game, legal, "combat_action", "add_strength")
            tokens = game.tokens[me]
            if me == MAR:
                need = c - m
                weapons = self._cards(game, legal, "weapon")
                must = at_portal or game.lp <= 1
                potential = max((w.strength for _, w in weapons), default=0) + sum(x.effect_value * hand[x.local] for _, x in adds) + tokens / 2
                if not must and potential < need:
                    return game.A_RETREAT
                for option in (self._fit(weapons, need, lambda x: x.strength), self._fit(adds, need, lambda x: x.effect_value)):
                    if option is not None:
                        return option
                return game.A_FLIP if game.A_FLIP in legal else game.A_RETREAT
            need = m - c + 1
            more = game.creatures_played < game.room_size() and any(hand[x.local] and x.kind == "creature" for x in cards)
            must = at_portal or game.lp <= 1 or not more
            potential = sum(x.effect_value * hand[x.local] for _, x in adds) + tokens / 2
            if not must and potential < need:
                return game.A_STOP
            option = self._fit(adds, need, lambda x: x.effect_value)
            if option is not None:
                return option
            return game.A_FLIP if game.A_FLIP in legal else game.A_STOP
        if st == "smoke":
            smoke = self._cards(game, legal, effect="room_size")
            if smoke and game.creatures_played < game.room_size():
                return smoke[0][0]
            return game.A_PASS
        if st == "next_creature":
            creatures = self._cards(game, legal, "creature")
            if creatures:
                return max(creatures, key=lambda o: o[1].strength)[0]
            walls = self._cards(game, legal, effect="room_size")
            if walls and any(hand[x.local] and x.kind == "creature" for x in cards):
                return walls[0][0]
            return game.A_PASS
        return None

    @staticmethod
    def _room_key(game, me: str, room_id: int) -> tuple:
        r = game.rooms[room_id]
        size = -r.size if me == MAR else r.size
        draws = (r.marine_draw - r.alien_draw) * (1 if me == MAR else -1)
        effect = 0
        if r.effect:
            name, value, who = r.effect
            effect = 2 if who == me else -2
        return (size, draws, effect)
