"""core/pure_cython.py stands in for Cython in a pure-Python install: each decorator returns the
function it decorates unchanged (the same code, the same results), the directives included."""
from __future__ import annotations

import pytest

from aliens_env.core import pure_cython


def _function(a, b=2):
    return a * b


@pytest.mark.parametrize("decorator", [pure_cython.locals(a=pure_cython.int, b=pure_cython.long),
                                       pure_cython.boundscheck(False), pure_cython.wraparound(False),
                                       pure_cython.nonecheck(False), pure_cython.boundscheck(True)])
def test_a_decorator_returns_the_function_unchanged(decorator):
    assert decorator(_function) is _function


def test_the_c_types_run_as_python_and_their_arrays_subscript():
    """``cython.int(x)`` and ``cast`` give Python's values; ``cython.int[:]`` (a typed memoryview in
    ``@cython.locals``) is a type too, not the TypeError Python's int gives (it broke every module
    reading a typed array in a pure-Python install without Cython)."""
    assert pure_cython.cast(pure_cython.uint, 7.0) == 7 and type(pure_cython.cast(pure_cython.int, "3")) is int
    assert pure_cython.double(2) == 2.0 and pure_cython.bint(5) is True
    for ctype in (pure_cython.int, pure_cython.long, pure_cython.Py_ssize_t, pure_cython.double, pure_cython.float,
                  pure_cython.schar):
        assert "[" in repr(ctype[:]) and "[" in repr(ctype[:, :])
    with pytest.raises(TypeError):
        int[:]  # noqa: B018  (what the stand-in must not do)


PURE_IMPORT = """
import importlib, importlib.abc, importlib.util, sys
from pathlib import Path

class NoCython(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname == "cython" or fullname.startswith("cython.") or fullname.startswith("Cython"):
            raise ModuleNotFoundError(f"No module named {fullname!r} (blocked: a pure-Python install)", name=fullname)

sys.meta_path.insert(0, NoCython())
package = Path(importlib.util.find_spec("aliens_env").submodule_search_locations[0])
# (compiled.py read by its path: importing aliens_env would import its extensions before the finder)
spec = importlib.util.spec_from_file_location("build_record", package / "compiled.py")
compiled = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compiled)
sources = {"aliens_env." + name[:-3].replace("/", "."): package / name for name in compiled.compiled_sources(package)}
sys.meta_path.insert(1, compiled.SourceFinder(sources, set()))
for name in sorted(sources):
    module = importlib.import_module(name)
    assert not module.__file__.endswith(".so"), module.__file__
import gymnasium as gym, numpy as np
env = gym.make("aliens_env/GloriousDay-v0", observation="compact", actions="side")
obs, _ = env.reset(seed=3)
for _ in range(5):
    obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
print("imported", len(sources))
"""


def test_every_module_imports_and_runs_as_python_without_cython():
    """A pure-Python install (ALIENS_ENV_PURE=1, no Cython at run time): every compiled module
    imported from its source with ``import cython`` failing, and a Glorious Day game (its compact
    rows read typed arrays) stepped."""
    import subprocess
    import sys

    from aliens_env import compiled

    run = subprocess.run([sys.executable, "-c", PURE_IMPORT], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert f"imported {len(compiled.compiled_sources(compiled.PACKAGE_DIR))}" in run.stdout
