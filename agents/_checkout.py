"""``import agents`` in a checkout: the name ``agents`` and every ``agents.X`` become the modules
of ``aliens_env.agents`` (the same objects: one set of caches, resolvers and classes, so a test
that patches ``agents.runs`` patches what train.py uses)."""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys

NAME, REAL = "agents", "aliens_env.agents"


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``agents.X`` as the module ``aliens_env.agents.X``."""

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith(NAME + "."):
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        module = importlib.import_module(REAL + spec.name[len(NAME):])
        self.real_spec = module.__spec__
        return module

    def exec_module(self, module):
        module.__spec__ = self.real_spec  # the import system gave the module the alias's spec


def alias_to_namespace() -> None:
    if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Alias())
    sys.modules[NAME] = importlib.import_module(REAL)
