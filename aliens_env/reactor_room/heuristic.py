"""Scripted Reactor Room marines a player would call sensible ("heuristic").

Each step, for the Marine whose turn it is, in this order of priority:

1. In Combat: Melee the Alien on its own card (the only thing the rules allow).
2. Rescue: a teammate within reach is Grabbed or In Combat: take the better of Melee (frees
   without acid) and a shot at full Aim (+5 penalty; a Flame Unit never fires on a Grabbing
   Alien, since that kills the teammate too).
3. Covering fire: an Alien within `threat_range` squares of any Marine that this Marine can hit
   with probability >= `min_hit` at the Aim it can still reach: Aim up to that level, then fire.
   Shots at an Alien next to a teammate count the acid risk against them.
4. Carry the wounded: pick up an Incapacitated teammate within 2 squares when not carrying.
5. Retreat to the Exit: step along the shortest path to the Exit, preferring squares that are
   not next to an Alien; end the activation when no step helps (under Additional Aim Time, Aim
   first: up to the card's maximum and the two banked Actions, held for the next turn; and a
   held Aim is never spent on a shot the rules above did not choose).
Under the optional weapon rules (weapons.py) it carries on a Reload or a backup switch under way,
and reloads an empty weapon (or, when it cannot be reloaded, takes the backup) right after 1.;
it sets no Fires and uses no hand grenades.
Push decisions put the Stunned Alien as far as possible from the Marines still inside.
The defaults (threat_range 9, min_hit 0.3) gave the best mean result (+1 win, 0 draw, -1 loss)
against the dice AI in a sweep over threat_range 3-25 and min_hit 0.2-0.5 (300 games each):
holding and shooting beats running, since Aliens move 4 squares to a Marine's 2 or 3.
It reads the open board directly (the Reactor Room has no hidden information).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..core.actions import ActionLayout
from ..core.board import NO, UNREACHABLE
from .data_files import grenade_result, tables
from .game import Alien, Marine, ReactorRoom

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

#: the farthest range from a grenade's blast at which the Grenade Table harms a Marine, and per range
#: up to it whether it does (``safe_grenades``: no harm past it)
MARINE_HARM_REACH = max(row["max"] for row in tables()["grenade_table"] if row["marine"] != "none")
MARINE_HARMED_AT = tuple(grenade_result(r)["marine"] != "none" for r in range(MARINE_HARM_REACH + 1))


class HeuristicMarines:
    name = "heuristic"

    def __init__(self, threat_range: int = 9, min_hit: float = 0.3):
        self.threat_range = threat_range
        self.min_hit = min_hit

    @cython.locals(game=ReactorRoom)
    def act(self, game: ReactorRoom, player: str) -> int:
        return self._act(game, player, legal_set(game.legal_mask_kept(player)))

    @cython.locals(game=ReactorRoom, m=Marine, o=Marine, alien=Alien, lay=ActionLayout, ranges=list, seen=list, on_map=list,
                   able=list, k=cython.Py_ssize_t,
                   pos=cython.long, r=cython.long, beside=cython.long, risk=cython.double, p=cython.double, score=cython.double,
                   min_hit=cython.double, best_score=cython.double, best_k=cython.Py_ssize_t,
                   best_aim=cython.long)
    def _act(self, game: ReactorRoom, player: str, legal: set[int]) -> int:
        """``act`` with the legal actions worked out (a subclass reads them first)."""
        lay = game.layout
        if game.decision.kind == "push":
            return self._push(game, legal)
        m_index = game.active
        m = game.marines[m_index]
        targets = game.targets()

        # 1. In Combat: fight back
        if game._in_combat(m):
            k = targets.index(m.alien)
            return legal_action(lay, legal, "melee", k) or lay.encode("end")
        if game.armed_rules:
            action = self._arms(game, legal)
            if action is not None:
                return action
        # 2. rescue a teammate held by an Alien within reach
        for k, a in enumerate(targets):
            alien = game.aliens[a]
            if alien.card == NO or game._ranges[m.pos][alien.pos] > 1:
                continue
            p_melee = max(0, game._melee_value(m) + 1) / 10 if m.actions_left > 0 else 0.0
            p_fire, aim_needed = best_shot(game, m_index, a)
            if game.characters[m.name].weapon == "Flame Unit" and alien.attack == "grabbing":
                p_fire = 0.0
            if p_fire > p_melee and p_fire > 0:
                action = legal_action(lay, legal, "fire", k) if m.aim >= aim_needed else legal_action(lay, legal, "aim")
                if action is not None:
                    return action
            if p_melee > 0 and legal_action(lay, legal, "melee", k) is not None:
                return legal_action(lay, legal, "melee", k)
        # 3. covering fire on threatening Aliens: best_score starts at 0, as only a shot scoring
        # above 0 is taken (0: none found yet)
        best_score, best_k, best_aim, min_hit = 0.0, 0, 1, self.min_hit
        flame = game.characters[m.name].weapon == "Flame Unit"
        able, on_map = None, None  # (the Marines' squares: worked out at the first target in sight)
        # the acting Marine's sight (has_los(m.pos, square) is seen[square]; the board keeps it, and
        # its shots read it too): an Alien out of sight has no shot, best_shot's (0.0, 1), which never
        # scores above 0, so it is passed over before the threat and acid tests and the shot's numbers
        seen = game.board.los_list(m.pos) if targets else None
        for k, a in enumerate(targets):
            alien = game.aliens[a]
            if not seen[alien.pos]:
                continue
            if on_map is None:
                able, on_map = [], []
                for o in game.marines:
                    if o.status == "on_map":
                        on_map.append(o.pos)
                        if not o.incapacitated:
                            able.append(o.pos)
            if flame and alien.card != NO and alien.attack == "grabbing":
                continue
            if not self._threat(game, a, able):  # (a subclass's own: Rescue of Newt's leaves dormant Aliens out)
                continue
            ranges = game._ranges[alien.pos]
            risk = 0.0
            if not flame:
                beside = 0  # (a loop, not sum() over a generator: this runs for every target)
                for pos in on_map:
                    r = ranges[pos]  # (compiled: a C long, compared in C)
                    if r <= 1:
                        beside += 1
                risk = 0.3 * beside
            if 1.0 - risk <= best_score:
                continue  # no chance of a kill (at most 1) gives a score above the best so far, or above 0
            p, aim_needed = best_shot(game, m_index, a)
            score = p - risk
            if p >= min_hit and score > best_score:
                best_score, best_k, best_aim = score, k, aim_needed
        if best_score > 0.0:
            action = legal_action(lay, legal, "fire", best_k) if m.aim >= best_aim else legal_action(lay, legal, "aim")
            if action is None:
                action = legal_action(lay, legal, "fire", best_k)
            if action is not None:
                return action
        if m.aim > 0 and not game.options["aim_time"]:  # aimed but the target is gone: take any shot there is
            shots = [a for a in legal if lay.decode(a)[0] == "fire"]
            if shots:
                return shots[0]
        # 4./5. move: towards a wounded teammate, else towards the Exit
        step = self._step(game, m_index, legal)
        if step is not None:
            return step
        if lay.encode("hand_off") in legal:
            return lay.encode("hand_off")
        if game.options["aim_time"] and lay.encode("aim") in legal:
            return lay.encode("aim")  # nothing to shoot, nowhere better to be: Aim, held for the next turn
        return lay.encode("end") if lay.encode("end") in legal else min(legal)

    # -- helpers -------------------------------------------------------------------------------
    def _arms(self, game: ReactorRoom, legal: set[int]) -> int | None:
        """The weapon rules: a Reload or backup switch under way goes on; an empty weapon is
        reloaded, else (not reloadable) swapped for the backup."""
        lay = game.layout
        options = [kind for kind in ("reload", "backup") if kind in lay.slices and lay.encode(kind) in legal]
        task = game.arms[game.active].task
        if task in options:
            return lay.encode(task)
        if game._empty(game.active) and options:
            return lay.encode(options[0])
        return None

    @cython.locals(game=ReactorRoom, o=Marine, alien=Alien, ranges=list, reach=cython.long, pos=cython.long)
    def _threat(self, game: ReactorRoom, a: int, able: list[int] | None = None) -> bool:
        """Alien a is within threat_range of a Marine on the map and not Incapacitated (``able``:
        their squares, when worked out already)."""
        if able is None:
            able = []
            for o in game.marines:
                if o.status == "on_map" and not o.incapacitated:
                    able.append(o.pos)
        alien = game.aliens[a]
        ranges, reach = game._ranges[alien.pos], self.threat_range
        for pos in able:
            if ranges[pos] <= reach:
                return True
        return False

    def _exit_distances(self, game: ReactorRoom) -> list[int]:
        """Steps to the nearest Exit by square (a list: read square by square), kept in the
        board's own cache (per board and version)."""
        return game.board._cached("exit_distances", _exit_field, game.board)

    @cython.locals(game=ReactorRoom, m=Marine, o=Marine)
    def _step(self, game: ReactorRoom, m_index: int, legal: set[int]) -> int | None:
        m = game.marines[m_index]
        moves = move_actions(game, legal)
        if not moves:
            return None
        board = game.board
        goal = self._exit_distances(game)
        if m.carrying == NO:
            wounded = []
            for o in game.marines:
                if o.status == "on_map" and o.incapacitated and o.carried_by == NO and o.alien == NO \
                        and game._ranges[o.pos][m.pos] <= 2:
                    wounded.append(o.pos)
            if wounded:
                goal = board.distance_field(wounded)
        return closest_step(game, m.pos, goal, moves)

    def _push(self, game: ReactorRoom, legal: set[int]) -> int:
        lay = game.layout
        standing = [o.pos for o in game.marines if o.status == "on_map"]
        options = dict(game.decision.options)

        def distance(action):
            sq = options[lay.decode(action)[1]]
            return min((game.board.range(sq, p) for p in standing), default=0)

        return max(sorted(legal), key=distance)


@cython.locals(m=Marine, rows=tuple, row=tuple, first=cython.long, last=cython.long,
               aim=cython.long, band=cython.long, penalty=cython.long, sure=cython.long, n=cython.long,
               p=cython.double, best_p=cython.double, best_aim=cython.long)
def best_shot(game: ReactorRoom, m_index: int, a: int) -> tuple[float, int]:
    """(probability of a kill, Aim level needed) at the best Aim this Marine can still reach:
    at each Aim its card's number for the shot's range band (as ``Character.hit_number``),
    less the shot's penalty (as ``ReactorRoom._fire_number`` at that Aim)."""
    m = game.marines[m_index]
    char = game.characters[m.name]
    first = max(1, m.aim)
    last = min(len(char.aim), m.aim + m.actions_left)  # (its card's max_aim, without the property's call)
    best_p, best_aim = 0.0, 1
    if first > last:
        return best_p, best_aim
    shot = game._shot(m_index, a)
    if shot is None:
        return best_p, best_aim
    band, penalty = shot
    rows, sure = char.wounded_aim if m.wounded else char.aim, game.tables["automatic_kill"]
    for aim in range(first, last + 1):
        row = rows[aim - 1]
        if band >= len(row) or row[band] is None:
            continue
        n = row[band]
        n -= penalty
        p = 1.0 if n >= sure else min(max(n + 1, 0), 10) / 10
        if p > best_p:
            best_p, best_aim = p, aim
    return best_p, best_aim


@cython.boundscheck(False)  # (compiled: each byte read straight, its index below len(flags))
@cython.wraparound(False)
@cython.locals(legal=set, flags=bytes, a=cython.Py_ssize_t)
def legal_set(mask: np.ndarray) -> set[int]:
    """The actions a legal mask of one byte per action (``ActionLayout.empty_mask``'s int8) allows,
    as a set: ``set(mask.nonzero()[0].tolist())`` (the actions added in the same ascending order:
    the same set, iterated alike), its bytes read in one C loop (compiled, faster than numpy's on
    a mask this short: a few hundred bytes, each read without an index check)."""
    legal, flags = set(), mask.tobytes()
    for a in range(len(flags)):
        if flags[a]:
            legal.add(a)
    return legal


def legal_action(lay: ActionLayout, legal: set[int], kind: str, k: int = 0) -> int | None:
    """Action k of slice `kind` when it is in `legal`, else None."""
    a = lay.encode(kind, k)
    return a if a in legal else None


def _exit_field(board) -> list[int]:
    return board.distance_field(np.flatnonzero(board.exit.ravel()).tolist()).tolist()


@cython.locals(start=cython.long, end=cython.long, a=cython.long)
def move_actions(game: ReactorRoom, legal: set[int]) -> dict[int, int]:
    """{direction: action} of the legal Move actions (in the set's order)."""
    start, count = game.layout.slices["move"]
    end = start + count
    moves = {}
    for a in legal:
        if start <= a < end:
            moves[a - start] = a
    return moves


@cython.locals(al=Alien, ranges=list, here=cython.long, d=cython.long, danger=cython.long,
               p=cython.long, best_d=cython.long, best_danger=cython.long)
def closest_step(game: ReactorRoom, pos: int, goal: Sequence[int], moves: dict[int, int], barred=None) -> int | None:
    """The Move (of ``moves``) from ``pos`` that gets closer to 0 on the path costs ``goal`` (by
    square: a list, or an array, slower to read square by square), with
    the fewest Aliens in play beside the square on a tie (the first such in ``moves``' order);
    squares where ``barred(square)`` holds are skipped. None when no Move gets closer."""
    board = game.board
    alien_squares = []
    for al in game.aliens:
        if al.in_play:
            alien_squares.append(al.pos)
    here = int(goal[pos])
    best, best_d, best_danger = None, 0, 0  # (the Move with the least (d, danger) so far)
    beside = board.step_row(pos)
    for direction, action in moves.items():
        sq = beside[direction]
        d = int(goal[sq])
        if d >= UNREACHABLE or d >= here or (barred is not None and barred(sq)):
            continue
        if best is not None and d > best_d:
            continue  # farther than the best so far, whatever the danger
        ranges = game._ranges[sq]
        danger = 0
        for p in alien_squares:
            if ranges[p] <= 1:
                danger += 1
        if best is None or d < best_d or (d == best_d and danger < best_danger):
            best, best_d, best_danger = action, d, danger
    return best


@cython.locals(action=cython.long, start=cython.long, end=cython.long)
def grenade_legal(game: ReactorRoom, legal: set[int]) -> bool:
    """Whether a grenade action is legal (the game's ``grenade`` slice; none: False): the scripted
    marines of the games that throw grenades look for a throw only then, most activations having
    none (no Grenade Launcher, no target in sight). Their ``_grenade`` returns a legal grenade
    action or None: with none legal, skipping it changes nothing (tests/lairs and tests/operations)."""
    slot = game.layout.slices.get("grenade")
    if slot is None:
        return False
    start, count = slot
    end = start + count
    for action in legal:
        if start <= action < end:
            return True
    return False


@cython.locals(o=Marine, al=Alien, other=Alien, seen=list, ranges=list, harms=tuple, at=cython.long,
               k=cython.long, p=cython.long, r=cython.long, sq=cython.long, caught=cython.long, last=cython.long)
def safe_grenades(game: ReactorRoom, legal: set[int], even_on_card: int = NO) -> list[tuple[int, int, int]]:
    """The acting Marine's legal grenade throws at Aliens not on a Marine's card (but Alien
    ``even_on_card``, if given, wherever it is) whose blast would reach no Marine (none on the
    target's square, none in its sight at a range the Grenade Table harms), in target order:
    (action, Alien index, how many Aliens in play the blast catches: within 1 of the target and in
    its sight). For the scripted marines of the games that throw grenades."""
    at = game.layout.slices["grenade"][0]
    b, harms, last = game.board, MARINE_HARMED_AT, MARINE_HARM_REACH
    marines = []
    for o in game.marines:
        if o.status == "on_map":
            marines.append(o.pos)
    throws = []
    for k, a in enumerate(game.targets()):
        al = game.aliens[a]
        if at + k not in legal or (al.card != NO and a != even_on_card):
            continue
        seen, ranges = b.los_list(al.pos), game._ranges[al.pos]
        harmed = False
        for p in marines:
            r = ranges[p]
            if (r == 0 or seen[p]) and r <= last and harms[r]:
                harmed = True
                break
        if harmed:
            continue
        caught = 0
        for other in game.aliens:
            if other.in_play:
                sq = other.pos
                if ranges[sq] <= 1 and seen[sq]:
                    caught += 1
        throws.append((at + k, a, caught))
    return throws
