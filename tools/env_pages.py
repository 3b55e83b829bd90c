"""One documentation page per registered environment, generated from the registry so that the
pages cannot drift from the code: sides, action names, observation views, options and their
defaults, the environment's own arguments, built-in and shipped policies, measured baselines
(docs/baselines.yaml).

A mkdocs hook (mkdocs.yml: ``hooks: [tools/env_pages.py]``) adds the pages to every build as
``environments/<Name>.md``; ``python tools/env_pages.py`` prints them.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import os
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import aliens_env  # noqa: E402
from aliens_env.__main__ import side_count  # noqa: E402
from aliens_env.core.game import DEFAULT_RESULT_REWARD, Game  # noqa: E402
from aliens_env.envs.gym_env import AliensEnv  # noqa: E402
from aliens_env.envs.observations import Observer  # noqa: E402
from aliens_env.envs.registry import REGISTRY, get_spec, load_object  # noqa: E402
from aliens_env.pettingzoo_names import pettingzoo_module_name  # noqa: E402

BASELINES = os.path.join(ROOT, "docs", "baselines.yaml")
PRETRAINED_INDEX = os.path.join(ROOT, "agents", "pretrained", "index.yaml")


def _yaml(path: str) -> dict:
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return yaml.safe_load(f) or {}


def first_paragraph(obj) -> str:
    """The first paragraph of ``obj``'s own docstring (a class without one: its module's)."""
    doc = vars(obj).get("__doc__") if inspect.isclass(obj) else obj.__doc__
    if not doc and inspect.isclass(obj):
        doc = sys.modules[obj.__module__].__doc__
    return " ".join(inspect.cleandoc(doc or "").split("\n\n")[0].split())


def cell(value) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def table(header: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def constructor_options(cls: type) -> dict:
    """The named parameters of ``cls.__init__`` (the class's own) and their defaults. Compiled, a
    game class that is an extension type (its .pxd) has a slot wrapper for ``__init__``, which
    carries no signature: then they are read from the class's source, the .py beside its module."""
    init = vars(cls)["__init__"]
    if type(init).__name__ != "wrapper_descriptor":
        return {p.name: p.default for p in inspect.signature(init).parameters.values()
                if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "self"}
    path = sys.modules[cls.__module__].__file__
    source = os.path.join(os.path.dirname(path), os.path.basename(path).split(".")[0] + ".py")
    with open(source) as f:
        tree = ast.parse(f.read())
    body = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == cls.__name__).body
    args = next(node for node in body if isinstance(node, ast.FunctionDef) and node.name == "__init__").args
    defaults = [None] * (len(args.args) - len(args.defaults)) + list(args.defaults)  # (None: no default)
    pairs = list(zip(args.args, defaults)) + list(zip(args.kwonlyargs, args.kw_defaults))
    return {arg.arg: _default_value(default) for arg, default in pairs if arg.arg != "self"}


def _default_value(node: ast.expr | None):
    """A default written in the source: its value (a literal), its text (any other expression),
    or ``inspect.Parameter.empty`` (none)."""
    if node is None:
        return inspect.Parameter.empty
    try:
        return ast.literal_eval(node)
    except ValueError:
        return ast.unparse(node)


def game_options(game: Game) -> dict:
    """Every option the game takes and its default: the named parameters of the constructors in
    its class hierarchy, then the optional rules of ``game.options`` (defaults from its data)."""
    options = {}
    for cls in type(game).__mro__:
        if cls is Game:
            break
        if "__init__" in vars(cls):
            for name, default in constructor_options(cls).items():
                options.setdefault(name, default)
    for name, default in (getattr(game, "options", None) or {}).items():
        options.setdefault(name, default)
    return options


def env_arguments() -> dict:
    return {p.name: p.default for p in inspect.signature(AliensEnv.__init__).parameters.values()
            if p.kind == p.POSITIONAL_OR_KEYWORD and p.name not in ("self", "game")}


def compact_sentence(game: Game) -> str:
    """What ``observation="compact"`` gives in this environment (aliens_env/envs/observations.py)."""
    compact = Observer(game, "compact")
    if compact.layout is game.obs_layout:
        return '`observation="compact"` gives this full observation: it is small already.'
    rows = ", ".join(f"`{v}` ({' x '.join(map(str, shape))})" for v, shape, _, _ in compact.layout.rows())
    source = ("the game's own (its compact_layout and observe_compact; see its rules page)" if compact.own
              else "made from it (aliens_env/core/compact.py)")
    return f'`observation="compact"` gives instead {compact.layout.size} float32 in [0, 1], {source}: {rows}.'


def action_rows(game: Game) -> list[list]:
    layout, rows = game.layout, []
    for name, (start, count) in layout.slices.items():
        labels = [layout.name(a) for a in range(start, start + count)]
        numbered = labels == [f"{name}[{i}]" for i in range(count)]
        shown = f"`{name}[0]` ... `{name}[{count - 1}]`" if numbered and count > 3 else ", ".join(f"`{x}`" for x in labels)
        rows.append([f"`{name}`", count, f"{start}-{start + count - 1}" if count > 1 else start, shown])
    return rows


def side_sentence(game: Game) -> str:
    """Each side's count and slices with ``actions="side"`` (aliens_env/envs/actions.py)."""
    sides = "; ".join(f"the {side} {side_count(game, side)}: " + ", ".join(f"`{s}`" for s in game.side_slices(side))
                      for side in ("marines", "hive"))
    aimed = [f"`{name}` is one action per `{view}` row shown, aimed at it decision by decision"
             for view, names in (game.row_aimed_slice_names or {}).items() for name in names
             if any(name in game.side_slices(side) for side in ("marines", "hive"))]
    return (f'With `actions="side"` each side gets only its own slices, numbered from 0: {sides}.'
            + (f" With the compact observation {', '.join(aimed)}." if aimed else ""))


def page(name: str) -> str:
    spec = get_spec(name)
    game = spec.make_game()
    game_class = type(game)
    module = pettingzoo_module_name(name)
    options = game_options(game)
    parts = [f"# {name}", "", f"<!-- generated by tools/env_pages.py from the registry: do not edit -->", ""]
    parts += [first_paragraph(game_class), ""]
    ruleset = game_class.__module__.split(".")[1]
    if os.path.exists(os.path.join(ROOT, "docs", "rules", f"{ruleset}.md")):
        parts += [f"Rules, code and tests: [rules/{ruleset}.md](../rules/{ruleset}.md).", ""]
    parts += [
        "## Make it", "",
        "```python",
        "import gymnasium as gym, pettingzoo, aliens_env",
        f'env = gym.make("{spec.env_id}", side="marines")          # one side learns, the other is a policy',
        f'aec = pettingzoo.make("aec", "{spec.env_id}")            # both sides are agents',
        f"from aliens_env.pettingzoo import {module}; aec = {module}.env()",
        "```", "",
        "## Sides", "",
        first_paragraph(importlib.import_module(f"aliens_env.pettingzoo.{module}")), "",
        table(["side", "default opponent (Gymnasium env)"],
              [[f"`{side}`", f"`{spec.default_opponent[other]}`"]
               for side, other in (("marines", "hive"), ("hive", "marines"))]), "",
        f"## Actions: {game.layout.size}, one Discrete space for both sides, masked", "",
        table(["slice", "actions", "indices", "names"], action_rows(game)), "",
        side_sentence(game), "",
        f"## Observation: {game.obs_layout.size} float32 in [0, 1], what the side may know", "",
        table(["view", "shape", "offset", "what it holds"],
              [[f"`{v}`", " x ".join(map(str, shape)), offset, text] for v, shape, offset, text in game.obs_layout.rows()]), "",
        compact_sentence(game), "",
        "## Game options", "",
        f"Keyword arguments of `gym.make` and of the PettingZoo `env()` passed to the game (`{game_class.__name__}`):", "",
        table(["option", "default"], [[f"`{k}`", f"`{v!r}`"] for k, v in options.items()]) if options else "none", "",
        "Arguments of the Gymnasium environment itself:", "",
        table(["argument", "default"], [[f"`{k}`", f"`{v!r}`"] for k, v in env_arguments().items()]), "",
        f"`result_reward=None` means {DEFAULT_RESULT_REWARD}."
        + (' `reward="victory_points"` pays the Tournament Victory Points instead, scaled to [0, 1] '
           "([rules/movie.md](../rules/movie.md))." if hasattr(game, "victory_points_max") else ""), "",
        "## Policies", "",
        table(["spec", "policy"], [["`random`", "uniform over the legal actions"]] +
              [[f"`{policy}`", first_paragraph(load_object(path)) or path] for policy, path in spec.policies.items()]), "",
    ]
    shipped = {n: e for n, e in _yaml(PRETRAINED_INDEX).items() if e["game"] == name}
    parts += ["Trained policies shipped with the package (`pretrained:NAME`, the training extra):", ""]
    parts += [table(["spec", "side", "made by"], [[f"`pretrained:{n}`", e["side"], f"`{e['made_by']}`"] for n, e in shipped.items()])
              if shipped else "none yet.", ""]
    baselines = _yaml(BASELINES).get(name, [])
    if baselines:
        parts += ["## Baselines", ""]
        for b in baselines:
            parts += [b["caption"] + ":", "", "```bash", b["command"], "```", "", table(b["columns"], b["rows"]), ""]
    return "\n".join(parts)


def pages() -> dict[str, str]:
    """{"environments/<Name>.md": text} for every registered environment, and an index."""
    out = {f"environments/{name}.md": page(name) for name in sorted(REGISTRY)}
    rows = [[f"[{name}]({name}.md)", f"`{REGISTRY[name].env_id}`", first_paragraph(type(REGISTRY[name].make_game()))]
            for name in sorted(REGISTRY)]
    out["environments/index.md"] = "\n".join([
        "# Environments", "", "<!-- generated by tools/env_pages.py from the registry: do not edit -->", "",
        f"aliens-env {aliens_env.__version__} registers {len(REGISTRY)} environments:", "",
        table(["page", "id", "game"], rows), ""])
    return out


# -- the mkdocs hook ------------------------------------------------------------------------------
NAV_TITLE = "Environments"


RULES_TITLE = "Rules"


def on_config(config):
    """The nav's "Environments" entry lists every generated page and "Rules" every page of
    docs/rules/ (a new registration or ruleset shows up)."""
    rules = sorted(f"rules/{f}" for f in os.listdir(os.path.join(config["docs_dir"], "rules")) if f.endswith(".md"))
    for i, entry in enumerate(config["nav"] or []):
        if isinstance(entry, dict) and NAV_TITLE in entry:
            config["nav"][i] = {NAV_TITLE: sorted(pages(), key=lambda p: (not p.endswith("index.md"), p))}
        if isinstance(entry, dict) and RULES_TITLE in entry:
            config["nav"][i] = {RULES_TITLE: ["RULES.md", *rules]}
    return config


def on_files(files, config):
    from mkdocs.structure.files import File

    for path, text in pages().items():
        files.append(File.generated(config, path, content=text))
    return files


if __name__ == "__main__":
    for path, text in pages().items():
        print(f"==> {path}\n{text}")
