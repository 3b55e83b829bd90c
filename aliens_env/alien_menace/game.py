"""Alien Menace (Hazgaard Editions, 2011): a two-player card duel, the Marine against the Alien.

Every number comes from data/cards.yaml and data/rules.yaml (aliens_env.alien_menace.cards).
The rules engine runs the phases until a player may have a choice. Whether he may is decided on
public information only (his hand size, the cards of his deck not yet seen in a discard pile or
in play, tokens, the table), never on the cards he holds: a decision that the public information
already settles (an empty hand, every answer card discarded) is taken at once; any other is a
decision, even when the cards he actually holds leave him a single legal action (then his mask
shows that one action, typically `pass`). So the moments a player acts, and the stage everybody
observes, never tell the opponent what he holds.

A game: set-up (decks and the 12 rooms shuffled with the dice, the Portal at the bottom, 2
tokens each, 6 cards each, one mulligan: the Marine decides first, then the Alien), then turns of
four phases until the Marine has lost his last Life Point or the Portal room is decided:

1 Exploration   two rooms are turned over; the chooser takes one (turn 1 the Marine, then the
                loser of the last combat, the Alien when there was none); the other is discarded
2 Marine phase  draw the room's Marine number; play Events one at a time, then pass
3 Alien phase   draw; play Events one at a time; play a Creature (combat) or pass (no combat:
                the Marine takes 2 tokens)
4 Combat        one Creature at a time. The side that is behind raises (the Marine while his
                Strength is below the Creature's; ties go to the Marine; the Alien while the
                Marine is level or ahead), one card or one token at a time, until it is ahead or
                stops: the Marine stops by retreating (Case 1: -1 LP, the Alien wins the combat),
                the Alien by stopping (Case 2: the Creature dies). After each death the Marine
                may play Smoke Grenades, then the Alien may play Collapsed Walls and another
                Creature while fewer than the room's size have been played.

Responses: right after a card is played, the opponent may answer it with a card that cancels
it (Jammed Weapon a Weapon, Terror a Marine Combat Action, Force Field an Alien Combat Action,
Recon Robot an Alien Event, before the Event takes effect) or, after a room-size card, with an
opposite room-size card. A response may itself be answered; the chain ends at the first pass.
A response window opens when the responder may hold a card that can answer (public
information, as above), whether or not he does.

Actions (one flat Discrete space for both sides, see ``layout``):
    keep, mulligan            set-up
    room[first|second]        which revealed room the Marine ventures into
    event[name]               play an Event
    creature[name]            play a Creature
    weapon[name]              play a Weapon against the current Creature
    combat[name]              play a Combat Action (strength, cancel or room size)
    flip                      toss one of one's tokens (coin: 1 = "+1", 0 = miss)
    stop                      the Alien stops raising: the Creature is killed
    retreat                   the Marine stops raising: he loses the combat (Strategic Retreat)
    pass                      no (more) Events / no answer / no more Smoke Grenades / no Creature
"""
from __future__ import annotations

import copy
from typing import Any

import numpy as np

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

from ..core.actions import ActionLayout, ObsLayout
from ..core.dice import Dice
from ..core.game import SIDES, Game, other_side
from . import cards as card_data
from . import codec
from .cards import Card, CardSet

MAR, HIVE = "marines", "hive"
OPTION_NAMES = ("cards_file", "rules_file")
#: the stages; each one is a decision of one player
STAGES = (
    "mulligan",  # keep or mulligan (the Marine, then the Alien)
    "room",  # choose one of the revealed rooms (the chooser)
    "marine_events",  # the Marine plays Events or passes
    "alien_phase",  # the Alien plays Events, a Creature, or passes
    "response",  # answer the card just played, or pass
    "raise",  # the side that is behind raises, or stops / retreats
    "smoke",  # a Creature died: the Marine may shrink the room
    "next_creature",  # a Creature died: the Alien may grow the room, play another Creature, or pass
    "over",
)
ENTRY_CARD, ENTRY_BOUT, ENTRY_TARGET = 0, 1, 2  # a card in play: [card id, bout, entry it answers]


class AlienMenace(Game):
    name = "AlienMenace"
    #: the slices of each side's plays: both play the set-up, rooms (the chooser), events, combat actions, tokens
    #: (flip) and pass; only the Marine weapons and retreat, only the Alien creatures and stop
    side_slice_names = {
        "marines": ("keep", "mulligan", "room", "event", "weapon", "combat", "flip", "retreat", "pass"),
        "hive": ("keep", "mulligan", "room", "event", "creature", "combat", "flip", "stop", "pass"),
    }

    def __init__(self, **options):
        super().__init__()
        unknown = set(options) - set(OPTION_NAMES)
        if unknown:
            raise ValueError(f"unknown Alien Menace option(s) {sorted(unknown)}; allowed: {list(OPTION_NAMES)}")
        for key, value in options.items():
            if value is not None and not isinstance(value, str):
                raise ValueError(f"option {key} must be a path to a YAML file, got {value!r}")
        self.options = {k: options.get(k) for k in OPTION_NAMES}
        try:
            cs: CardSet = card_data.load(self.options["cards_file"], self.options["rules_file"])
        except ValueError as exc:
            given = ", ".join(f"{k}={v!r}" for k, v in self.options.items() if v is not None)
            raise ValueError(f"{given}: {exc}" if given else str(exc)) from None
        self.cs = cs
        self.rules = cs.rules
        self.cards: list[Card] = cs.cards
        self.side_cards = cs.by_side
        self.n_types = {s: len(cs.by_side[s]) for s in SIDES}
        self.offset = {MAR: 0, HIVE: self.n_types[MAR]}
        self.n_cards = len(self.cards)
        self.rooms = cs.rooms
        self.portal = cs.portal.id
        by_kind = {k: [c for c in self.cards if c.kind == k] for k in card_data.KINDS}
        self.layout = ActionLayout(
            [
                ("keep", 1),
                ("mulligan", 1),
                ("room", list(card_data.ROOM_CHOICES[: self.rules["rooms_revealed"]])),
                ("event", [c.name for c in by_kind["event"]]),
                ("creature", [c.name for c in by_kind["creature"]]),
                ("weapon", [c.name for c in by_kind["weapon"]]),
                ("combat", [c.name for c in by_kind["combat_action"]]),
                ("flip", 1),
                ("stop", 1),
                ("retreat", 1),
                ("pass", 1),
            ]
        )
        slot = {name: self.layout.slices[name][0] for name in self.layout.slices}
        self.A_KEEP, self.A_MULLIGAN, self.A_ROOM = slot["keep"], slot["mulligan"], slot["room"]
        self.A_FLIP, self.A_STOP, self.A_RETREAT, self.A_PASS = slot["flip"], slot["stop"], slot["retreat"], slot["pass"]
        self.card_action = [0] * self.n_cards  # card id -> action
        self.action_card = [-1] * self.layout.size  # action -> card id (or -1)
        kind_slice = {"event": "event", "creature": "creature", "weapon": "weapon", "combat_action": "combat"}
        for kind, cards in by_kind.items():
            for i, c in enumerate(cards):
                a = self.layout.encode(kind_slice[kind], i)
                self.card_action[c.id] = a
                self.action_card[a] = c.id
        self.copies = np.array([c.copies for c in self.cards], dtype=np.float32)
        n, r = self.n_cards, len(self.rooms)
        n_revealed = self.rules["rooms_revealed"]
        self.obs_layout = ObsLayout([
            ("flags", 2, "I am the Alien; it is my decision"),
            ("stage", len(STAGES), "one-hot: " + ", ".join(STAGES)),
            ("hand", n, "my hand by card id (copies held / copies in the deck)"),
            ("hand_sizes", 2, "cards in hand, Marine and Alien (/ deck size)"),
            ("draw_piles", 2, "cards left to draw, Marine and Alien (/ deck size)"),
            ("discards", n, "discarded by card id (/ copies)"),
            ("bout", n, "active cards of the current Creature's bout by card id (/ copies)"),
            ("in_play", n, "cards in play by card id (/ copies)"),
            ("answering", n, "one-hot: the card a response would answer"),
            ("strength", 2, "Marine and Creature Strength (/ 20)"),
            ("tokens", 4, "tokens: Marine, Alien, supply, in play (/ all tokens)"),
            ("bout_tokens", 2, "tokens tossed this bout, Marine and Alien (/ all tokens)"),
            ("life_points", 1, "the Marine's Life Points (/ starting)"),
            ("room", r, "one-hot: the room ventured into"),
            ("revealed", (n_revealed, r), "one-hot per revealed room, in order (room[first], room[second])"),
            ("room_discard", r, "the rooms discarded"),
            ("room_misc", 3, "rooms left (/ rooms), room size (/ 10), Creatures played (/ 10)"),
            ("turn", 4, "turn (/ rooms), the Alien chooses the room, Marine mulliganed, Alien mulliganed"),
        ])
        self._obs_scale_list = self._observation_scale().tolist()
        self._obs_zero = self.obs_layout.zeros()
        self._obs_at = at = self.obs_layout.offsets
        counters = ("hand_sizes", "draw_piles", "strength", "tokens", "bout_tokens", "life_points", "room_misc", "turn")
        self._obs_counters = [at[name] + k for name in counters for k in range(self.obs_layout.shapes[name][0])]
        self.reset(0)

    # ------------------------------------------------------------------------------------------
    # set-up and the contract
    # ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """Set-up, steps 2-6 of the rulebook. Step 1 (the coin flip for sides) is the seat the
        environment gives each agent."""
        self.dice = Dice(seed)
        R = self.rules
        self.deck: dict[str, list[int]] = {}
        self.hand: dict[str, list[int]] = {}
        self.discard: dict[str, list[int]] = {}
        for s in SIDES:
            pile = [c.local for c in self.side_cards[s] for _ in range(c.copies)]
            self.dice.shuffle(pile)
            self.deck[s] = pile  # the top card is the last one
            self.hand[s] = [0] * self.n_types[s]
            self.discard[s] = [0] * self.n_types[s]
        others = [room.id for room in self.rooms if not room.portal]
        self.dice.shuffle(others)
        self.room_deck = [self.portal] + others  # top is the last one; the Portal is at the bottom
        self.room_discard: list[int] = []
        self.revealed: list[int] = []
        self.room = -1
        self.tokens = {MAR: R["starting_tokens"], HIVE: R["starting_tokens"]}
        self.supply = self.cs.tokens - 2 * R["starting_tokens"]
        self.tokens_in_play = 0
        self.bout_tokens = {MAR: 0, HIVE: 0}
        self.lp = R["life_points"]
        self.turn = 0
        self.chooser = R["first_chooser"]
        self.mulligans = {MAR: 0, HIVE: 0}
        self.play: list[list[int]] = []  # cards in play: [card id, bout, answered entry or -1]
        self.chain: list[int] = []  # entries waiting for an answer (the last one is answered)
        self.chain_return = ""  # the stage to go back to once the chain is over
        self.bout = -1  # index of the current Creature in this combat
        self.creatures_played = 0
        self.in_combat = False
        self.winner: str | None = None
        self.end_reason = ""
        self.stats = {"combats_won": 0, "combats_lost": 0, "creatures_killed": 0, "rooms": 0}
        self.events: list[str] = []
        self.log: list[str] = []
        self.stage, self.actor = "mulligan", MAR
        self._legal: list[int] | None = None
        for s in SIDES:
            self._draw(s, R["hand_size"])
        self._run()

    def current_player(self) -> str | None:
        return None if self.stage == "over" else self.actor

    def legal_actions(self, player: str | None = None) -> list[int]:
        player = player or self.current_player()
        if player is None or player != self.current_player():
            return []
        return list(self._legal_now())

    def legal_mask(self, player: str) -> np.ndarray:
        mask = self.layout.empty_mask()
        if self.stage != "over" and player == self.actor:
            mask[self._legal_now()] = 1
        return mask

    def _legal_now(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def illegal_reason(self, action: int) -> str | None:
        if self.stage == "over":
            return "the game is over: no action is legal"
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()  # what a policy's predict() returns for one observation
        if not isinstance(action, (int, np.integer)) or not 0 <= int(action) < self.layout.size:
            return f"action {action!r} is not an integer in 0-{self.layout.size - 1}"
        if int(action) in self._legal_now():
            return None
        legal = ", ".join(self.describe_action(a) for a in self._legal_now())
        a = int(action)
        return f"{self.layout.name(a)} ({self.describe_action(a)}) is not legal for {self.actor} now ({self.stage}); legal: {legal}"

    def _apply(self, action: int) -> None:
        self.events = []
        self._resolve(action)
        self._run()
        self.log = (self.log + self.events)[-12:]

    def outcome(self) -> dict[str, Any]:
        m = 0 if self.winner is None else (1 if self.winner == MAR else -1)
        score = {**self.stats, "life_points": self.lp, "turns": self.turn, "reason": self.end_reason}
        return {MAR: m, HIVE: -m, "score": score}

    def shaping_value(self, side: str) -> float:
        """A small potential: shaping_life_point (0.1) x (Life Points - starting Life Points) for
        the marines, the negation for the hive (so -0.1 per Life Point the Marine lost)."""
        v = self.rules["shaping_life_point"] * (self.lp - self.rules["life_points"])
        return v if side == MAR else -v

    # ------------------------------------------------------------------------------------------
    # the engine: run until a decision the player may have (on public information) or the end
    # ------------------------------------------------------------------------------------------
    def _run(self) -> None:
        """Take every decision that public information settles; stop at the first other one."""
        while self.stage != "over":
            legal = self._legal_now()
            if len(legal) > 1 or len(self._compute_legal(self._public_hand(self.actor))) > 1:
                return  # (the public options include the real ones)
            self._resolve(legal[0])

    def _public_hand(self, side: str) -> list[int]:
        """What the opponent knows of `side`'s hand: per card type, how many copies may be in it
        (the copies not in his discard pile nor in play), or nothing when the hand is empty."""
        if not any(self.hand[side]):
            return [0] * self.n_types[side]
        seen = list(self.discard[side])
        for e in self.play:
            c = self.cards[e[ENTRY_CARD]]
            if c.side == side:
                seen[c.local] += 1
        return [c.copies - seen[c.local] for c in self.side_cards[side]]

    def _set(self, stage: str, actor: str) -> None:
        self.stage, self.actor = stage, actor
        self._legal = None

    def _compute_legal(self, hand: list[int] | None = None) -> list[int]:
        """The legal actions of the player to move; with `hand`, as if he held that hand."""
        st, me = self.stage, self.actor
        hand = self.hand[me] if hand is None else hand
        off = self.offset[me]
        cards = self.side_cards[me]
        out: list[int] = []
        if st == "mulligan":
            out.append(self.A_KEEP)
            if self.mulligans[me] < self.rules["mulligans"]:
                out.append(self.A_MULLIGAN)
            return out
        if st == "room":
            return [self.A_ROOM + i for i in range(len(self.revealed))]
        if st == "response":
            top = self.cards[self.play[self.chain[-1]][ENTRY_CARD]]
            for c in cards:
                if hand[c.local] and self._answers(c, top):
                    out.append(self.card_action[c.id])
            out.append(self.A_PASS)
            return out
        if st == "marine_events" or st == "alien_phase":
            for c in cards:
                if hand[c.local] and (c.kind == "event" and c.effect_name != "cancel" or st == "alien_phase" and c.kind == "creature"):
                    out.append(self.card_action[c.id])
            out.append(self.A_PASS)
            return out
        if st == "raise":
            weapon_played = me == MAR and self._bout_has_weapon()
            for c in cards:
                if not hand[c.local]:
                    continue
                if c.kind == "weapon" and not weapon_played or c.kind == "combat_action" and c.effect_name == "add_strength":
                    out.append(self.card_action[c.id])
            if self.tokens[me]:
                out.append(self.A_FLIP)
            out.append(self.A_RETREAT if me == MAR else self.A_STOP)
            return out
        if st == "smoke" or st == "next_creature":
            sign = -1 if st == "smoke" else 1
            room_open = st == "next_creature" and self.creatures_played < self.room_size()
            for c in cards:
                if not hand[c.local]:
                    continue
                if c.effect_name == "room_size" and c.effect_value * sign > 0 or room_open and c.kind == "creature":
                    out.append(self.card_action[c.id])
            out.append(self.A_PASS)
            return out
        raise AssertionError(f"no decision at stage {st!r}")

    @staticmethod
    def _answers(card: Card, top: Card) -> bool:
        """Can `card` answer `top`, the opponent's card just played?"""
        if card.effect_name == "cancel":
            return top.kind == card.effect_value
        if card.effect_name == "room_size":
            return top.effect_name == "room_size" and top.effect_value * card.effect_value < 0
        return False

    def _resolve(self, action: int) -> None:
        st, me = self.stage, self.actor
        self._legal = None
        if st == "mulligan":
            if action == self.A_MULLIGAN:
                self._mulligan(me)
            if me == MAR:
                self._set("mulligan", HIVE)
            else:
                self._start_turn()
            return
        if st == "room":
            self._choose_room(self.revealed[action - self.A_ROOM])
            return
        if action == self.A_PASS:
            self._pass(st, me)
            return
        if action == self.A_FLIP:
            self._flip(me)
            return
        if action == self.A_RETREAT:
            self.events.append("the Marine retreats")
            self._combat_lost_by_marine()
            return
        if action == self.A_STOP:
            self._creature_killed()
            return
        card = self.cards[self.action_card[action]]
        self._play_card(card, st)

    # -- set-up ----------------------------------------------------------------------------------
    def _mulligan(self, side: str) -> None:
        """Shuffle the hand back into the draw pile and draw a new one (once)."""
        self.mulligans[side] += 1
        hand = self.hand[side]
        for local, n in enumerate(hand):
            self.deck[side].extend([local] * n)
            hand[local] = 0
        self.dice.shuffle(self.deck[side])
        self._draw(side, self.rules["hand_size"])
        self.events.append(f"the {'Marine' if side == MAR else 'Alien'} takes a mulligan")

    # -- 1 Exploration -----------------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.turn += 1
        n = min(self.rules["rooms_revealed"], len(self.room_deck))
        self.revealed = [self.room_deck.pop() for _ in range(n)]
        self._set("room", self.chooser)

    def _choose_room(self, room: int) -> None:
        self.room = room
        self.room_discard.extend(r for r in self.revealed if r != room)
        self.revealed = []
        self.stats["rooms"] += 1
        info = self.rooms[room]
        self.events.append(f"the Marine ventures into the {info.name}")
        if info.effect:
            name, value, who = info.effect
            if name == "take_tokens":
                self._take_tokens(who, value)
            elif name == "heal":
                self._heal(value)
        # 2 Marine phase
        self._draw(MAR, info.marine_draw)
        self._set("marine_events", MAR)

    # -- 2 and 3: the phases -----------------------------------------------------------------------
    def _pass(self, st: str, me: str) -> None:
        if st == "response":
            self._close_chain()
        elif st == "marine_events":
            self._draw(HIVE, self.rooms[self.room].alien_draw)
            self._set("alien_phase", HIVE)
        elif st == "alien_phase":
            self._no_combat()
        elif st == "smoke":
            self._set("next_creature", HIVE)
        elif st == "next_creature":
            self._combat_won_by_marine()

    def _no_combat(self) -> None:
        """The Alien plays no Creature: the Marine takes 2 tokens, the Alien chooses next."""
        self.events.append("the Alien plays no Creature: no combat")
        self._take_tokens(MAR, self.rules["no_combat_tokens"])
        self.chooser = self.rules["no_combat_chooser"]
        if self.room == self.portal:
            self._end(self.rules["portal_without_combat"], "no Creature defends the Portal")
            return
        self._end_turn()

    def _end_turn(self) -> None:
        self.room_discard.append(self.room)
        self.room = -1
        self._start_turn()

    def _play_card(self, card: Card, st: str) -> None:
        me = card.side
        self.hand[me][card.local] -= 1
        target = -1
        if st == "response" and card.effect_name == "cancel":
            target = self.chain[-1]
        bout = self.bout if self.in_combat else -1
        self.play.append([card.id, bout, target])
        entry = len(self.play) - 1
        self.events.append(f"the {'Marine' if me == MAR else 'Alien'} plays {card.name}")
        if card.kind == "creature":
            self._start_creature()
            return
        if st != "response":
            self.chain_return = st
            self.chain = []
        self.chain.append(entry)
        self._open_response()

    def _open_response(self) -> None:
        """The opponent of the card just played may answer it; the window opens if he may hold
        a card that can (public information: see _run), whether or not he does."""
        top = self.cards[self.play[self.chain[-1]][ENTRY_CARD]]
        responder = other_side(top.side)
        hand = self._public_hand(responder)
        if any(hand[c.local] and self._answers(c, top) for c in self.side_cards[responder]):
            self._set("response", responder)
        else:
            self._close_chain()

    def _close_chain(self) -> None:
        origin = self.chain[0]
        self.chain = []
        ret = self.chain_return
        if not self.in_combat:
            # Events: the effect applies now, unless cancelled; then the cards are discarded
            active = self._active()
            card = self.cards[self.play[origin][ENTRY_CARD]]
            if active[origin]:
                self._apply_effect(card)
            else:
                self.events.append(f"{card.name} is cancelled")
            for e in self.play:
                self._to_discard(e[ENTRY_CARD])
            self.play = []
            self._set(ret, MAR if ret == "marine_events" else HIVE)
            return
        if ret == "raise":
            self._to_raise()
        else:
            self._set(ret, MAR if ret == "smoke" else HIVE)

    def _apply_effect(self, card: Card) -> None:
        name, value = card.effect
        me = card.side
        if name == "draw":
            self._draw(me, value)
        elif name == "take_tokens":
            self._take_tokens(me, value)
        elif name == "discard":
            self._random_discard(other_side(me), value)
        elif name == "heal":
            self._heal(value)

    # -- 4 Combat ----------------------------------------------------------------------------------
    def _start_creature(self) -> None:
        if not self.in_combat:
            self.in_combat = True
            self.bout = 0
            self.creatures_played = 0
        else:
            self.bout += 1
        self.play[-1][ENTRY_BOUT] = self.bout
        self.creatures_played += 1
        self.bout_tokens = {MAR: 0, HIVE: 0}
        self._to_raise()

    def _to_raise(self) -> None:
        """The side that is behind raises: the Marine below the Creature, else the Alien."""
        m, c = self.strengths()
        self._set("raise", MAR if m < c else HIVE)

    def _flip(self, me: str) -> None:
        """Toss one token: coin 1 is "+1" (it stays on the card until the end of combat),
        coin 0 is a miss (back to the supply at once)."""
        self.tokens[me] -= 1
        if self.dice.coin():
            self.bout_tokens[me] += 1
            self.tokens_in_play += 1
            self.events.append(f"the {'Marine' if me == MAR else 'Alien'}'s token: +1")
        else:
            self.supply += 1
            self.events.append(f"the {'Marine' if me == MAR else 'Alien'}'s token: miss")
        self._to_raise()

    def _creature_killed(self) -> None:
        """Case 2: the Marine's Strength is at least the Creature's and the Alien stops."""
        self.stats["creatures_killed"] += 1
        name = self._bout_creature_name()
        self.events.append(f"the {name} is killed")
        self._set("smoke", MAR)

    def _combat_lost_by_marine(self) -> None:
        """Case 1 (and Strategic Retreat): -1 LP; the Alien wins the combat."""
        self.lp = max(0, self.lp - 1)
        self.stats["combats_lost"] += 1
        self.events.append(f"the Marine is wounded ({self.lp} LP left)")
        self._end_combat(HIVE)

    def _combat_won_by_marine(self) -> None:
        self.stats["combats_won"] += 1
        self.events.append("the Marine clears the room")
        self._end_combat(MAR)

    def _end_combat(self, winner: str) -> None:
        """Cards in play to their owners' discard piles, tokens in play to the supply, the
        winner takes 2 tokens, the loser chooses the next room."""
        for e in self.play:
            self._to_discard(e[ENTRY_CARD])
        self.play = []
        self.chain = []
        self.supply += self.tokens_in_play
        self.tokens_in_play = 0
        self.bout_tokens = {MAR: 0, HIVE: 0}
        self.in_combat = False
        self.bout = -1
        self.creatures_played = 0
        self._take_tokens(winner, self.rules["winner_tokens"])
        self.chooser = other_side(winner)
        if self.room == self.portal:
            self._end(winner, "the Marine destroys the Portal" if winner == MAR else "the Marine is dragged through the Portal")
        elif self.lp <= 0:
            self._end(HIVE, "the Marine has lost his last Life Point")
        else:
            self._end_turn()

    def _end(self, winner: str, reason: str) -> None:
        self.winner = winner
        self.end_reason = reason
        self.events.append(reason)
        self.stage, self.actor = "over", None
        self._legal = []

    # -- combat arithmetic -------------------------------------------------------------------------
    def _active(self) -> list[bool]:
        """A card in play is active unless an active card cancelled it (a cancel may itself be
        cancelled, restoring its target)."""
        n = len(self.play)
        active = [True] * n
        for j in range(n - 1, -1, -1):
            e = self.play[j]
            if active[j] and e[ENTRY_TARGET] >= 0:
                active[e[ENTRY_TARGET]] = False
        return active

    def strengths(self, active: list[bool] | None = None) -> tuple[int, int]:
        """(Marine, Creature) Strength against the current Creature (``active``: ``_active()``,
        when worked out already)."""
        if not self.in_combat:
            return 0, 0
        if active is None:
            active = self._active()
        m = self.bout_tokens[MAR]
        c = self.bout_tokens[HIVE]
        room = self.rooms[self.room]
        if room.effect and room.effect[0] == "add_strength":
            c += room.effect[1]
        for j, (cid, bout, _) in enumerate(self.play):
            if bout != self.bout or not active[j]:
                continue
            card = self.cards[cid]
            add = card.strength + (card.effect_value if card.effect_name == "add_strength" else 0)
            if card.side == MAR:
                m += add
            else:
                c += add
        return m, c

    def room_size(self, active: list[bool] | None = None) -> int:
        """The room's size plus every active room-size card played in it (cumulative; ``active``:
        ``_active()``, when worked out already)."""
        if self.room < 0:
            return 0
        size = self.rooms[self.room].size
        if self.play:
            if active is None:
                active = self._active()
            for j, e in enumerate(self.play):
                card = self.cards[e[ENTRY_CARD]]
                if active[j] and card.effect_name == "room_size":
                    size += card.effect_value
        return size

    def _bout_has_weapon(self) -> bool:
        """One Weapon per Creature (a jammed one still counts: it was played)."""
        return any(e[ENTRY_BOUT] == self.bout and self.cards[e[ENTRY_CARD]].kind == "weapon" for e in self.play)

    def _bout_creature_name(self) -> str:
        for e in self.play:
            if e[ENTRY_BOUT] == self.bout and self.cards[e[ENTRY_CARD]].kind == "creature":
                return self.cards[e[ENTRY_CARD]].name
        return "Creature"

    # -- cards and tokens --------------------------------------------------------------------------
    def _draw(self, side: str, n: int) -> None:
        """Draw n cards; an empty draw pile is refilled by shuffling the discard pile
        (ASSUMPTION); with both empty, nothing is drawn."""
        deck, hand = self.deck[side], self.hand[side]
        for _ in range(n):
            if not deck:
                disc = self.discard[side]
                if not any(disc):
                    return
                for local, k in enumerate(disc):
                    deck.extend([local] * k)
                    disc[local] = 0
                self.dice.shuffle(deck)
                self.events.append(f"the {'Marine' if side == MAR else 'Alien'} reshuffles his discard pile")
            hand[deck.pop()] += 1

    def _random_discard(self, side: str, n: int) -> None:
        """The player discards n cards of his hand chosen with the dice (ASSUMPTION)."""
        hand = self.hand[side]
        for _ in range(n):
            size = sum(hand)
            if not size:
                return
            k = self.dice.pick(size)
            for local, count in enumerate(hand):
                if k < count:
                    hand[local] -= 1
                    self.discard[side][local] += 1
                    self.events.append(f"{self.side_cards[side][local].name} is discarded")
                    break
                k -= count

    def _to_discard(self, cid: int) -> None:
        card = self.cards[cid]
        self.discard[card.side][card.local] += 1

    def _take_tokens(self, side: str, n: int) -> int:
        """Take n tokens from the common supply, as many as remain."""
        got = min(n, self.supply)
        self.supply -= got
        self.tokens[side] += got
        return got

    def _heal(self, n: int) -> None:
        self.lp = min(self.rules["life_points"], self.lp + n)

    # ------------------------------------------------------------------------------------------
    # observation: only what the side's player may know
    # ------------------------------------------------------------------------------------------
    def observe(self, player: str) -> np.ndarray:
        """The views of ``obs_layout`` (see their descriptions): every value is a count divided by
        its scale (``_observation_scale``: copies, deck size, tokens, ...; 1 for one-hot views), then
        clipped to [0, 1]. The nonzero values are gathered by flat index and written in one loop
        (``_put_clipped``; a count over its scale, divided as doubles, rounds to the same float32 as
        numpy's float32 division: both operands are small whole numbers)."""
        if player not in SIDES:
            raise ValueError(f"unknown side {player!r}; sides are {list(SIDES)}")
        at, scale = self._obs_at, self._obs_scale_list
        active = self._active() if self.play else []  # (worked out once: Strength, the room's size, the bout)
        counts = [sum(self.hand[MAR]), sum(self.hand[HIVE]), len(self.deck[MAR]), len(self.deck[HIVE]),
                  *self.strengths(active), self.tokens[MAR], self.tokens[HIVE], self.supply, self.tokens_in_play,
                  self.bout_tokens[MAR], self.bout_tokens[HIVE], self.lp,
                  len(self.room_deck), self.room_size(active), self.creatures_played,
                  self.turn, self.chooser == HIVE, self.mulligans[MAR] > 0, self.mulligans[HIVE] > 0]
        idx = [at["flags"], at["flags"] + 1, at["stage"] + STAGES.index(self.stage), *self._obs_counters]
        val = [player == HIVE, self.stage != "over" and self.actor == player, 1]
        _scale_counts(val, self._obs_counters, counts, scale)
        nr = len(self.rooms)
        for i, rid in enumerate(self.revealed):
            idx.append(at["revealed"] + i * nr + rid)
        for rid in self.room_discard:
            idx.append(at["room_discard"] + rid)
        if self.room >= 0:
            idx.append(at["room"] + self.room)
        val += [1] * (len(idx) - len(val))
        _gather_counts(idx, val, at["hand"] + self.offset[player], self.hand[player], scale)
        for side in SIDES:
            _gather_counts(idx, val, at["discards"] + self.offset[side], self.discard[side], scale)
        if self.play:
            counted: dict[int, int] = {}  # a card type may be in play more than once
            bout, in_play = at["bout"], at["in_play"]
            for j, (cid, b, _) in enumerate(self.play):
                counted[in_play + cid] = counted.get(in_play + cid, 0) + 1
                if active[j] and b == self.bout and self.in_combat:
                    counted[bout + cid] = counted.get(bout + cid, 0) + 1
            idx += counted
            val += [k / scale[i] for i, k in counted.items()]
            if self.chain:
                idx.append(at["answering"] + self.play[self.chain[-1]][ENTRY_CARD])
                val.append(1)
        obs = self._obs_zero.copy()
        _put_clipped(obs, idx, val)
        return obs

    def _observation_scale(self) -> np.ndarray:
        """What observe() divides each value of the observation by (1 where it is not scaled)."""
        scale = self.obs_layout.zeros() + 1
        v = self.obs_layout.views(scale)
        for name in ("hand", "discards", "bout", "in_play"):
            v[name][:] = self.copies
        v["hand_sizes"][:] = v["draw_piles"][:] = self.rules["deck_size"]
        v["strength"][:] = 20
        v["tokens"][:] = v["bout_tokens"][:] = self.cs.tokens
        v["life_points"][:] = self.rules["life_points"]
        v["room_misc"][:] = (len(self.rooms), 10, 10)
        v["turn"][0] = len(self.rooms)
        return scale

    # ------------------------------------------------------------------------------------------
    # positions
    # ------------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        d = {"game": self.name, "config": dict(self.options), "dice": self.dice.to_dict()}
        for key in codec.STATE_KEYS:
            d[key] = copy.deepcopy(getattr(self, key))
        return d

    @classmethod
    def from_dict(cls, data: dict) -> "AlienMenace":
        """The position saved by to_dict, checked field by field (codec.py); the game holds
        copies, never the caller's data."""
        return codec.load(cls, data)

    def determinize(self, side: str, rng) -> "AlienMenace":
        """A clone in which what `side` cannot see is re-dealt with `rng`: the other player's
        hand and draw pile are shuffled together and his hand dealt again (same size), and the
        order of `side`'s own draw pile and of the room deck above the Portal is shuffled.
        (Nothing is inferred from what the opponent did: every consistent deal is equally likely.)"""
        if side not in SIDES:
            raise ValueError(f"unknown side {side!r}; sides are {list(SIDES)}")
        new = self.clone()
        other = other_side(side)
        pool = [local for local, n in enumerate(new.hand[other]) for _ in range(n)] + new.deck[other]
        rng.shuffle(pool)
        size = sum(new.hand[other])
        new.hand[other] = [0] * self.n_types[other]
        for local in pool[:size]:
            new.hand[other][local] += 1
        new.deck[other] = pool[size:]
        rng.shuffle(new.deck[side])
        bottom = 1 if new.room_deck[:1] == [self.portal] else 0
        rest = new.room_deck[bottom:]
        rng.shuffle(rest)
        new.room_deck[bottom:] = rest
        new._legal = None
        return new

    def clone(self) -> "AlienMenace":
        new = copy.copy(self)
        new.dice = self.dice.clone()
        for key in ("deck", "hand", "discard"):
            setattr(new, key, {s: list(v) for s, v in getattr(self, key).items()})
        for key in ("room_deck", "room_discard", "revealed", "chain", "events", "log"):
            setattr(new, key, list(getattr(self, key)))
        new.play = [list(e) for e in self.play]
        for key in ("tokens", "bout_tokens", "mulligans", "stats"):
            setattr(new, key, dict(getattr(self, key)))
        new._legal = None
        return new

    # ------------------------------------------------------------------------------------------
    # for humans
    # ------------------------------------------------------------------------------------------
    def describe_action(self, action: int) -> str:
        a = int(action)
        if not 0 <= a < self.layout.size:
            raise ValueError(f"action {action!r} is not an integer in 0-{self.layout.size - 1}")
        if a == self.A_KEEP:
            return "keep the hand"
        if a == self.A_MULLIGAN:
            return "mulligan: shuffle the hand back and draw 6 new cards"
        if self.A_ROOM <= a < self.A_ROOM + self.rules["rooms_revealed"]:
            i = a - self.A_ROOM
            if self.stage == "room" and i < len(self.revealed):
                return f"choose the {self.rooms[self.revealed[i]].text()}"
            return self.layout.name(a)
        if a == self.A_FLIP:
            return "toss a token (+1 or miss)"
        if a == self.A_STOP:
            return "stop raising: the Creature is killed"
        if a == self.A_RETREAT:
            return "retreat: lose the combat (1 LP, 2 tokens to the Alien)"
        if a == self.A_PASS:
            return {
                "response": "pass: let the card stand",
                "marine_events": "pass: no more Events, the Alien's turn",
                "alien_phase": "pass: no Creature, no combat",
                "smoke": "pass: no Smoke Grenade",
                "next_creature": "pass: no more Creatures, the Marine wins the combat",
            }.get(self.stage, "pass")
        cid = self.action_card[a]
        return f"play {self.cards[cid].text()}"

    def render_text(self, viewer: str | None = None) -> str:
        """The table as text; with `viewer` ("marines" or "hive") the other hand is hidden."""

        def hand_text(side):
            if viewer is not None and side != viewer:
                return "(hidden)"
            return ", ".join(f"{c.name} x{self.hand[side][c.local]}" if self.hand[side][c.local] > 1 else c.name
                             for c in self.side_cards[side] if self.hand[side][c.local]) or "(empty)"
        m, c = self.strengths()
        lines = [
            f"turn {self.turn}, stage {self.stage}, to move: {self.current_player() or 'game over'}",
            f"Marine: {self.lp} LP, {self.tokens[MAR]} tokens, hand {sum(self.hand[MAR])}: {hand_text(MAR)}",
            f"Alien: {self.tokens[HIVE]} tokens, hand {sum(self.hand[HIVE])}: {hand_text(HIVE)}",
            f"supply {self.supply} tokens, {self.tokens_in_play} in play; rooms left {len(self.room_deck)}",
        ]
        if self.room >= 0:
            lines.append(f"room: {self.rooms[self.room].text()}, current size {self.room_size()}, Creatures played {self.creatures_played}")
        if self.revealed:
            lines.append("revealed: " + "; ".join(self.rooms[r].text() for r in self.revealed))
        if self.play:
            active = self._active()
            lines.append("in play: " + ", ".join(
                self.cards[cid].name + ("" if active[j] else " (cancelled)") + (f" [creature {b + 1}]" if b >= 0 else "")
                for j, (cid, b, _) in enumerate(self.play)))
        if self.in_combat:
            lines.append(f"Strength: Marine {m}, Creature {c}")
        if self.winner:
            lines.append(f"winner: {self.winner} ({self.end_reason})")
        if self.log:
            lines.append("last: " + "; ".join(self.log[-8:]))
        return "\n".join(lines)

    def render_rgb(self, viewer: str | None = None) -> np.ndarray:
        """The card table (render.alien_menace); with `viewer` the other hand shows as card backs."""
        from ..render.alien_menace import render

        return render(self, viewer)

    def __repr__(self) -> str:
        return f"<AlienMenace turn {self.turn} {self.stage} lp={self.lp} winner={self.winner}>"


@cython.locals(j=cython.Py_ssize_t, k=cython.double, s=cython.double)
def _scale_counts(val: list, at: list, counts: list, scale: list) -> None:
    """For observe: each of ``counts`` over the scale of its flat index (``at``, in turn), as
    doubles (a count may be a bool)."""
    for j in range(len(counts)):
        k = counts[j]
        s = scale[at[j]]
        val.append(k / s)


@cython.locals(local=cython.Py_ssize_t, k=cython.long, s=cython.double)
def _gather_counts(idx: list, val: list, start: int, held: list, scale: list) -> None:
    """For observe: each nonzero count of ``held`` (per card id) as flat index start + its id and
    the count over that index's scale."""
    for local in range(len(held)):
        k = held[local]
        if k:
            s = scale[start + local]
            idx.append(start + local)
            val.append(k / s)


@cython.locals(k=cython.Py_ssize_t, v=cython.double)
def _put_clipped(out: np.ndarray, idx: list, val: list) -> None:
    """``out.put(idx, val)`` as float32, then clipped to [0, 1] (as np.minimum then np.maximum: a
    NaN stays NaN), in one loop (compiled, on a typed view of ``out``: game.pxd)."""
    for k in range(len(idx)):
        v = val[k]
        out[idx[k]] = 1.0 if v > 1.0 else 0.0 if v < 0.0 else v
