"""The positions the Movie chains' tests walk through (tests/movie/conftest.py puts this folder on the path)."""
from aliens_env.core.policy import RandomPolicy
from aliens_env.envs import make_policy
from aliens_env.movie.complete import CompleteMovie
from aliens_env.reactor_room.game import NO

OUT = ("exited", False, False)


def chain_positions(g, steps: int, seed: int):
    """``steps`` moves of the chain `g` (the heuristic Marines, a random hive: the stages are
    played through; a finished episode followed by one seeded seed + 1, ...): yields the player to
    move before each move, the caller checking the position then."""
    policies = {"marines": make_policy(g.name, "marines", "heuristic"), "hive": RandomPolicy(seed)}
    episode = seed
    g.reset(episode)
    for _ in range(steps):
        if g.is_terminal():
            episode += 1
            g.reset(episode)
        player = g.current_player()
        yield player
        g.apply(policies[player].act(g, player))


def end_marines_stage(g: CompleteMovie, statuses: dict, **flags) -> CompleteMovie:
    """End the stage being played (a Reactor Room, Operations or lairs game) with {name: (status,
    wounded, incapacitated)} (the others dead), then go on as the campaign does."""
    stage = g.stage_game
    for m in stage.marines:
        m.status, m.wounded, m.incapacitated = statuses.get(m.name, ("dead", False, False))
        m.pos, m.carried_by, m.carrying, m.alien = NO, NO, NO, NO
    stage.stats.update(exited=sum(m.status == "exited" for m in stage.marines),
                       dead=sum(m.status == "dead" for m in stage.marines))
    for records in ("cocooned", "freed", "unarmed", "riders"):  # (the lairs' records of Marines on the map)
        if hasattr(stage, records):
            setattr(stage, records, [j for j in getattr(stage, records) if stage.marines[j].status == "on_map"])
    for key, value in flags.items():
        setattr(stage, key, value)
    stage.phase, stage.decision = "over", None
    assert g.stage_game.is_terminal()
    g._stage_over()
    return g


def end_drop_ship(g: CompleteMovie, killed: bool, crashed: bool, crew: dict | None = None) -> CompleteMovie:
    ds = g.stage_game
    assert g.stage == "drop_ship"
    for m in ds.crew:
        m.status, m.wounded, m.incapacitated = (crew or {}).get(m.name, ("aboard", False, False))
        if crashed:
            m.status = "dead"
    ds.killed, ds.crashed, ds.alien_alive = killed, crashed, False
    ds.phase, ds.decision = "over", None
    assert ds.outcome()["marines"] == (1 if killed and not crashed else 0 if killed else -1)
    g._stage_over()
    return g
