"""Observations (hidden information), positions, clone, descriptions, rendering, the adapters."""
import json

import gymnasium as gym
import numpy as np
import pytest

import aliens_env  # noqa: F401  (registers the environments)
from aliens_env.alien_menace.game import HIVE, MAR, AlienMenace
from aliens_env.core.policy import RandomPolicy
from am_helpers import card, conserved, play, position, random_play, set_hand


def test_observation_shape_and_range():
    for g in random_play(range(5), 0):
        if g.is_terminal():
            continue
        for side in (MAR, HIVE):
            obs = g.observe(side)
            assert obs.shape == g.observation_shape and obs.dtype == np.float32
            assert obs.min() >= 0.0 and obs.max() <= 1.0


@pytest.mark.parametrize("viewer", [MAR, HIVE])
def test_the_opponents_hand_is_hidden(viewer):
    """Two states that differ only in the opponent's hand (same size) and the order of the draw
    piles look the same to the viewer."""
    opponent = HIVE if viewer == MAR else MAR
    hands = {MAR: ({"Pistol": 2, "Grenade": 1}, {"Flamethrower": 1, "Medkit": 2}),
             HIVE: ({"Demon": 2, "Terror": 1}, {"Praetorian": 1, "Ambush": 1, "Acid Blood": 1})}
    a = position(marines={"Pump Shotgun": 1, "Pulse Rifle": 1}, hive={"Carnass": 1, "Hive Call": 1}, stage="marine_events", run=False)
    b = a.clone()
    set_hand(a, opponent, hands[opponent][0])
    set_hand(b, opponent, hands[opponent][1])
    b.dice.shuffle(b.deck[MAR])
    b.dice.shuffle(b.deck[HIVE])
    assert a.hand[opponent] != b.hand[opponent]
    assert np.array_equal(a.observe(viewer), b.observe(viewer))
    # ... but the opponent sees the difference, and the viewer sees his own hand
    assert not np.array_equal(a.observe(opponent), b.observe(opponent))


def test_own_hand_public_sizes_and_discards_are_observed():
    a = position(marines={"Pump Shotgun": 1}, hive={"Carnass": 1}, stage="marine_events", run=False)
    b = a.clone()
    set_hand(b, HIVE, {"Carnass": 1, "Demon": 1})  # one more card: the hand size is public
    assert not np.array_equal(a.observe(MAR), b.observe(MAR))
    c = a.clone()
    c.deck[HIVE].remove(card(c, "Terror").local)
    c.discard[HIVE][card(c, "Terror").local] += 1  # discard piles are public
    assert not np.array_equal(a.observe(MAR), c.observe(MAR))
    d = a.clone()
    set_hand(d, MAR, {"Pistol": 1})
    assert not np.array_equal(a.observe(MAR), d.observe(MAR))


def test_the_mask_is_empty_for_the_side_not_to_move_and_never_for_the_mover():
    for g in random_play(range(20), 1):
        if g.is_terminal():
            assert g.legal_mask(MAR).sum() == 0 and g.legal_mask(HIVE).sum() == 0
            continue
        p = g.current_player()
        other = HIVE if p == MAR else MAR
        assert g.legal_mask(p).sum() >= 1
        # a decision is one the player may have on public information; one his hand alone
        # settles (a single legal action) is still his, so the opponent cannot tell
        assert len(g._compute_legal(g._public_hand(p))) >= 2
        assert g.legal_mask(other).sum() == 0


def test_json_round_trip_and_clone_continue_identically():
    g = AlienMenace()
    g.reset(9)
    policy = RandomPolicy(2)
    for _ in range(25):
        g.apply(policy.act(g, g.current_player()))
    restored = AlienMenace.from_json(json.dumps(g.to_dict()))
    twin = g.clone()
    p1, p2, p3 = RandomPolicy(4), RandomPolicy(4), RandomPolicy(4)
    while not g.is_terminal():
        g.apply(p1.act(g, g.current_player()))
        restored.apply(p2.act(restored, restored.current_player()))
        twin.apply(p3.act(twin, twin.current_player()))
        assert g.to_dict() == restored.to_dict() == twin.to_dict()
    assert g.outcome() == restored.outcome() == twin.outcome()


def test_clone_is_independent():
    g = AlienMenace()
    g.reset(1)
    twin = g.clone()
    twin.apply(twin.legal_actions()[0])
    twin.hand[MAR][0] += 5
    assert g.to_dict() != twin.to_dict() and g.stage == "mulligan"


@pytest.mark.parametrize(
    "breakage, message",
    [
        (lambda d: d.update(game="ReactorRoom"), "not an AlienMenace position"),
        (lambda d: d.pop("hand"), "missing field"),
        (lambda d: d["hand"]["marines"].__setitem__(0, 40), "add up"),
        (lambda d: d.update(supply=99), "tokens add up"),
        (lambda d: d.update(lp=7), "life points"),
        (lambda d: d.update(stage="lunch"), "unknown stage"),
        (lambda d: d["room_deck"].append(0), "room"),
        (lambda d: d.update(config={"telepathy": 1}), "telepathy"),
        (lambda d: d.update(dice="loaded"), "dice"),
        (lambda d: d.update(stage="response", chain=[]), "chain"),
        (lambda d: d.update(play=[[999, 0, -1]]), "card in play"),
        (lambda d: d.update(tokens={"marines": "two", "hive": 2}), "malformed"),
    ],
)
def test_malformed_positions_are_refused_with_a_reason(breakage, message):
    g = AlienMenace()
    g.reset(3)
    data = json.loads(json.dumps(g.to_dict()))
    breakage(data)
    with pytest.raises(ValueError, match=message):
        AlienMenace.from_dict(data)


def test_describe_action_is_readable():
    g = position(room="Hangar", marines={"Pump Shotgun": 1}, hive={"Demon": 1, "Hive Call": 1})
    texts = [g.describe_action(a) for a in g.legal_actions()]
    assert "play Demon (Creature, Strength 2)" in texts and "play Hive Call (Event, draw 2)" in texts
    assert "pass: no Creature, no combat" in texts
    play(g, "creature[Demon]")
    assert g.describe_action(g.layout.encode("retreat")).startswith("retreat")
    assert all(isinstance(g.describe_action(a), str) for a in range(g.layout.size))
    for bad in (-1, g.layout.size):
        with pytest.raises(ValueError, match="not an integer in 0-34"):
            g.describe_action(bad)


def test_render_text_and_image():
    g = position(marines={"Pump Shotgun": 1}, hive={"Demon": 1, "Acid Blood": 1})
    play(g, "creature[Demon]")
    text = g.render_text()
    assert "Demon" in text and "LP" in text and "tokens" in text and "Hangar" in text
    assert "Acid Blood" in text and "Acid Blood" not in g.render_text(viewer=MAR)
    img = g.render_rgb()
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3 and img.any()


def test_shaping_value_is_a_small_life_point_potential():
    g = position(marines={}, hive={}, lp=2, run=False)
    assert g.shaping_value(MAR) == pytest.approx(-0.1) and g.shaping_value(HIVE) == pytest.approx(0.1)


@pytest.mark.parametrize("side", [MAR, HIVE])
def test_gym_env_plays_either_side_against_the_dice_ai(side):
    env = gym.make("aliens_env/AlienMenace-v0", side=side)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(1000):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated:
            assert reward in (-1.0, 1.0) and info["outcome"][side] == reward
            break
    else:
        raise AssertionError("the episode did not end")


def test_pettingzoo_agents_are_marines_and_hive():
    from aliens_env.pettingzoo import alien_menace_v0

    env = alien_menace_v0.env()
    env.reset(seed=1)
    assert env.possible_agents == ["marines", "hive"]
    assert env.unwrapped.metadata["name"] == "alien_menace_v0"
    for agent in env.agent_iter(max_iter=2000):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert agent == env.unwrapped.game.current_player() and obs["action_mask"].any()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.unwrapped.game.is_terminal() and not env.agents


def test_mutated_positions_are_refused_or_playable():
    """Fuzz: a position with one field replaced by junk is either refused with a ValueError or
    loads and plays on without any other exception."""
    import random

    rng = random.Random(0)
    junk = [None, -1, 0, 1, 5, 999, "x", [], {}, [1, 2], [0, 0, -1], {"a": 1}, True, 1.5, "raise", "hive"]
    g = AlienMenace()
    policy = RandomPolicy(0)
    for i in range(400):
        if i % 40 == 0:
            g.reset(i)
            for _ in range(rng.randrange(50)):
                if g.is_terminal():
                    break
                g.apply(policy.act(g, g.current_player()))
            base = g.to_json()
        data = json.loads(base)
        key = rng.choice(sorted(data))
        if isinstance(data[key], dict) and data[key] and rng.random() < 0.6:
            data[key][rng.choice(sorted(data[key]))] = rng.choice(junk)
        elif isinstance(data[key], list) and data[key] and rng.random() < 0.5:
            data[key][rng.randrange(len(data[key]))] = rng.choice(junk)
        else:
            data[key] = rng.choice(junk)
        try:
            h = AlienMenace.from_dict(data)
        except ValueError:
            continue
        p = RandomPolicy(1)
        while not h.is_terminal():
            h.observe(MAR)
            h.observe(HIVE)
            h.apply(p.act(h, h.current_player()))


def test_the_observation_tells_which_room_each_room_action_chooses():
    """room[first] and room[second] name the revealed rooms in order: the observation must
    show the order, else a player could not tell which room an action chooses."""
    g = AlienMenace()
    g.reset(4)
    play(g, "keep", "keep")
    assert g.stage == "room" and len(g.revealed) == 2
    swapped = g.clone()
    swapped.revealed.reverse()
    assert not np.array_equal(g.observe(MAR), swapped.observe(MAR))
    assert not np.array_equal(g.observe(HIVE), swapped.observe(HIVE))
    nr = len(g.rooms)
    start = g.obs_layout.offset("revealed")
    block = g.observe(MAR)[start:start + 2 * nr]
    assert block[g.revealed[0]] == 1 and block[nr + g.revealed[1]] == 1 and block.sum() == 2


def obs_part(g: AlienMenace, viewer: str, name: str) -> np.ndarray:
    """One named view of the observation (AlienMenace.obs_layout), flat."""
    return g.observe(viewer)[g.obs_layout.span(name)]


@pytest.mark.parametrize("viewer", [MAR, HIVE])
def test_the_public_table_is_in_the_observation(viewer):
    """Each public quantity is in its own block, for either viewer: hand sizes, draw-pile
    sizes, both discard piles, tokens, Life Points, the room, the Room discard pile, both
    Strengths, the stage; the viewer's own hand (and none of the other hand)."""
    g = position(room="Reactor", marines={"Pulse Rifle": 1, "Grenade": 2}, hive={"Demon": 1, "Carnass": 1, "Hive Call": 1},
                 tokens=(3, 1), lp=2)
    for side, name, k in ((MAR, "Medkit", 2), (HIVE, "Ambush", 1)):
        c = card(g, name)
        for _ in range(k):
            g.deck[side].remove(c.local)
            g.discard[side][c.local] += 1
    g.room_discard = [r.id for r in g.rooms if r.name in ("Corridor", "Airlock")]
    for r in g.room_discard:
        g.room_deck.remove(r)
    play(g, "creature[Demon]", "weapon[Pulse Rifle]")
    conserved(g)
    m, c = g.strengths()
    assert (m, c) == (2, 3)  # Reactor: +1 to the Demon
    hand_sizes = obs_part(g, viewer, "hand_sizes") * 48
    assert np.allclose(hand_sizes, [sum(g.hand[MAR]), sum(g.hand[HIVE])]) and hand_sizes.tolist() == [2, 2]
    assert np.allclose(obs_part(g, viewer, "draw_piles") * 48, [len(g.deck[MAR]), len(g.deck[HIVE])])
    discards = obs_part(g, viewer, "discards") * g.copies
    assert discards[card(g, "Medkit").id] == pytest.approx(2) and discards[card(g, "Ambush").id] == pytest.approx(1)
    assert discards.sum() == pytest.approx(3)
    assert np.allclose(obs_part(g, viewer, "tokens") * 16, [g.tokens[MAR], g.tokens[HIVE], g.supply, g.tokens_in_play])
    assert obs_part(g, viewer, "life_points")[0] == pytest.approx(2 / 3)
    assert obs_part(g, viewer, "room").argmax() == g.room and obs_part(g, viewer, "room").sum() == 1
    assert np.flatnonzero(obs_part(g, viewer, "room_discard")).tolist() == sorted(g.room_discard)
    assert np.allclose(obs_part(g, viewer, "strength") * 20, [m, c])
    assert obs_part(g, viewer, "stage").argmax() == ["mulligan", "room", "marine_events", "alien_phase", "response",
                                                     "raise", "smoke", "next_creature", "over"].index(g.stage)
    own = obs_part(g, viewer, "hand") * g.copies
    for side in (MAR, HIVE):
        for x in g.side_cards[side]:
            assert own[x.id] == pytest.approx(g.hand[side][x.local] if side == viewer else 0)


def test_clone_and_json_at_every_step_of_whole_games():
    """At every step of 10 random games: a clone and a JSON round trip equal the position, and
    playing on in the clone leaves the original untouched."""
    g = AlienMenace()
    for seed in range(10):
        g.reset(100 + seed)
        policy = RandomPolicy(seed)
        while not g.is_terminal():
            before = g.to_dict()
            twin = g.clone()
            assert twin.to_dict() == before
            assert AlienMenace.from_json(g.to_json()).to_dict() == before
            twin.apply(policy.act(twin, twin.current_player()))
            assert g.to_dict() == before
            g.apply(policy.act(g, g.current_player()))


def test_an_action_as_a_numpy_scalar_array_is_accepted():
    """model.predict(obs) returns a 0-d array for one observation; it is an action like any
    other (it was refused as "not an integer", ending the episode with the illegal penalty)."""
    env = gym.make("aliens_env/AlienMenace-v0", side=MAR)
    obs, info = env.reset(seed=2)
    action = np.array(np.flatnonzero(obs["action_mask"])[0])
    obs, reward, terminated, truncated, info = env.step(action)
    assert "illegal_action" not in info
    g = AlienMenace()
    g.reset(2)
    g.apply(np.array(g.legal_actions()[-1]))
    assert g.mulligans[MAR] == 1


def test_the_observation_writer_puts_then_clips_as_numpy_does():
    """_put_clipped is ``out.put(idx, val)`` as float32 then np.minimum(., 1) and np.maximum(., 0):
    the same float32 for values above 1, below 0, between (rounded), bools, a NaN, and the last
    of two values at one index."""
    from aliens_env.alien_menace.game import _put_clipped

    idx = [0, 1, 2, 3, 4, 5, 6, 7, 8, 2]
    val = [1.5, -0.25, 1 / 3, True, False, float("nan"), 7, 2 / 9, 0.999999999, 0.1]
    mine = np.zeros(10, dtype=np.float32)
    _put_clipped(mine, idx, val)
    numpys = np.zeros(10, dtype=np.float32)
    numpys.put(idx, val)
    np.minimum(numpys, 1.0, out=numpys)
    np.maximum(numpys, 0.0, out=numpys)
    assert mine.tobytes() == numpys.tobytes()


def _random_play(seed, steps=600):
    """A game at each of ``steps`` positions of random legal play (a new game at each end)."""
    rng = np.random.default_rng(seed)
    g = AlienMenace()
    g.reset(seed)
    for _ in range(steps):
        if g.is_terminal():
            g.reset(int(rng.integers(1000)))
        yield g
        g.apply(int(rng.choice(np.flatnonzero(g.legal_mask(g.current_player())))))


def test_the_cards_in_the_observation_equal_numpys_put_over_random_play():
    """observe()'s hand and discards (``_gather_counts``) against the counts over their scales
    written by numpy's put and clipped (as they were written before), both viewers, over positions
    of random play: the rest of the observation is the same code either way."""
    for g in _random_play(5):
        for viewer in (MAR, HIVE):
            at, scale, obs = g._obs_at, g._obs_scale_list, g.observe(viewer)
            shown = [(at["hand"] + g.offset[viewer], g.hand[viewer])]
            shown += [(at["discards"] + g.offset[side], g.discard[side]) for side in (MAR, HIVE)]
            expected = obs.copy()
            for start, held in shown:
                expected[start:start + len(held)] = 0.0
            for start, held in shown:
                expected.put([start + local for local, k in enumerate(held) if k],
                             [k / scale[start + local] for local, k in enumerate(held) if k])
            np.minimum(expected, 1.0, out=expected)
            np.maximum(expected, 0.0, out=expected)
            assert obs.tobytes() == expected.tobytes()


def test_the_counters_and_the_worked_out_active_cards_over_random_play():
    """observe()'s counters (``_scale_counts``) equal each count over its scale, clipped, as
    numpy's float32; Strength and the room's size given ``_active()`` equal those working it out."""
    for g in _random_play(11):
        active = g._active()
        assert g.strengths(active) == g.strengths() and g.room_size(active) == g.room_size()
        counts = [sum(g.hand[MAR]), sum(g.hand[HIVE]), len(g.deck[MAR]), len(g.deck[HIVE]), *g.strengths(),
                  g.tokens[MAR], g.tokens[HIVE], g.supply, g.tokens_in_play, g.bout_tokens[MAR], g.bout_tokens[HIVE],
                  g.lp, len(g.room_deck), g.room_size(), g.creatures_played, g.turn, g.chooser == HIVE,
                  g.mulligans[MAR] > 0, g.mulligans[HIVE] > 0]
        expected = np.clip(np.array([k / g._obs_scale_list[i] for i, k in zip(g._obs_counters, counts)], dtype=np.float32), 0, 1)
        assert g.observe(MAR)[g._obs_counters].tobytes() == expected.tobytes()
