"""`python -m aliens_env`: the table of registered environments (id, sides, actions, each side's
actions with ``actions="side"``, observation, compact observation), then each environment's observation views (name, shape, offset in the flat
array, meaning)."""
from __future__ import annotations

import aliens_env
from aliens_env.envs.actions import SideActions
from aliens_env.envs.observations import Observer
from aliens_env.pettingzoo_names import pettingzoo_module_name


def markdown(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |" for r in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def table() -> str:
    rows = [("Gymnasium id", "PettingZoo module", "sides", "actions", "side: marines", "side: hive", "observation", "compact",
             "built-in policies")]
    for name in sorted(aliens_env.REGISTRY):
        spec = aliens_env.REGISTRY[name]
        game = spec.make_game()
        rows.append((
            spec.env_id,
            f"aliens_env.pettingzoo.{pettingzoo_module_name(name)}",
            "marines, hive",
            str(game.layout.size),
            *(side_count(game, side) for side in ("marines", "hive")),
            f"{game.observation_shape[0]} floats",
            f"{Observer(game, 'compact').shape[0]} floats",  # (the full one where that is already small)
            ", ".join(["random", *spec.policies]),
        ))
    return markdown(rows)


def side_count(game, side: str) -> str:
    """The count of ``side``'s actions="side" actions, and with the compact observation where that
    shows fewer targets (the actions at the others left out; Bug Hunt's grenade: one per target shown)."""
    full = SideActions(game, side, "side").n
    compact = SideActions(game, side, "side", Observer(game, "compact").shown_rows).n
    return str(full) if compact == full else f"{full} ({compact} with compact)"


def views() -> str:
    """Each environment's observation views (``game.obs_layout``), one table per environment;
    docs/RULES.md holds this text (a test keeps it equal)."""
    parts = []
    for name in sorted(aliens_env.REGISTRY):
        spec = aliens_env.REGISTRY[name]
        layout = spec.make_game().obs_layout
        rows = [("view", "shape", "offset", "what it holds")]
        rows += [(view, " x ".join(map(str, shape)), str(offset), text) for view, shape, offset, text in layout.rows()]
        parts.append(f"`{spec.env_id}`: {layout.size} float32 in [0, 1]\n\n" + markdown(rows))
    return "\n\n".join(parts)


def main(argv=None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m aliens_env", description=__doc__)
    parser.add_argument("--version", action="version", version=f"aliens-env {aliens_env.__version__}")
    parser.parse_args(argv)
    print(table())
    print()
    print(views())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
