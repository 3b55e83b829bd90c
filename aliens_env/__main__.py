"""`python -m aliens_env`: the table of registered environments (id, sides, actions, observation)."""
from __future__ import annotations

import aliens_env
from aliens_env.pettingzoo_names import pettingzoo_module_name


def table() -> str:
    rows = [("Gymnasium id", "PettingZoo module", "sides", "actions", "observation", "built-in policies")]
    for name in sorted(aliens_env.REGISTRY):
        spec = aliens_env.REGISTRY[name]
        game = spec.make_game()
        rows.append((
            spec.env_id,
            f"aliens_env.pettingzoo.{pettingzoo_module_name(name)}",
            "marines, hive",
            str(game.layout.size),
            f"{game.observation_shape[0]} floats",
            ", ".join(["random", *spec.policies]),
        ))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |" for r in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table())
