"""Which of the package's modules run compiled, and the guard against stale extensions.

setup.py compiles the package's modules with Cython into extensions that sit beside their source
(an editable install builds them in place) and records each source's hash in
``compiled_sources.txt``. Python imports an extension before the source beside it, so an edited
source would be silently ignored until the next build: ``use_source_where_stale`` (run by
``aliens_env/__init__.py`` before anything else is imported) makes the package import the source of
every module whose extension does not match it, and warns once. Not compiled itself.
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
RECORD = "compiled_sources.txt"
# Not compiled: package and entry modules, this guard, and the linked training code (agents/,
# configs/: torch and SB3 do their work, not Python)
NOT_COMPILED_NAMES = {"__init__.py", "__main__.py", "compiled.py"}
NOT_COMPILED_DIRS = {"agents", "configs"}


def compiled_sources(package_dir: Path) -> list[str]:
    """The modules setup.py compiles: paths relative to the package (posix), sorted."""
    return sorted(
        path.relative_to(package_dir).as_posix()
        for path in package_dir.rglob("*.py")
        if path.name not in NOT_COMPILED_NAMES and not NOT_COMPILED_DIRS & set(path.relative_to(package_dir).parts[:-1])
    )


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_record(package_dir: Path, sources: list[str]) -> None:
    """Record each compiled module's source hash (setup.py, at the build)."""
    (package_dir / RECORD).write_text("".join(f"{source_hash(package_dir / s)} {s}\n" for s in sources))


def read_record(package_dir: Path) -> dict[str, str]:
    """Module path (relative, posix) -> the sha256 of the source it was compiled from."""
    path = package_dir / RECORD
    if not path.exists():
        return {}
    return dict(reversed(line.split(" ", 1)) for line in path.read_text().splitlines() if line)


def extensions(package_dir: Path) -> dict[str, Path]:
    """Module path of each source with an extension beside it -> that source."""
    found = {}
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for ext in package_dir.rglob(f"*{suffix}"):
            source = ext.with_name(ext.name[: -len(suffix)] + ".py")
            if source.exists():
                found[source.relative_to(package_dir).as_posix()] = source
    return found


def stale_modules(package_dir: Path) -> dict[str, Path]:
    """The sources whose extension was not compiled from them (edited since the build, or not in
    the build's record) -> their paths."""
    record = read_record(package_dir)
    return {
        name: source
        for name, source in extensions(package_dir).items()
        if record.get(name) != source_hash(source)
    }


def compiled_modules(package: str = "aliens_env") -> tuple[int, int]:
    """(modules imported so far from an extension, modules imported so far) of the package."""
    loaded = [m for name, m in list(sys.modules.items()) if (name == package or name.startswith(package + ".")) and m is not None]
    compiled = [m for m in loaded if isinstance(getattr(m, "__loader__", None), importlib.machinery.ExtensionFileLoader)]
    return len(compiled), len(loaded)


class SourceFinder(importlib.abc.MetaPathFinder):
    """Imports the named modules from their source files."""

    def __init__(self, sources: dict[str, Path]):
        self.sources = sources

    def find_spec(self, fullname, path=None, target=None):
        source = self.sources.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


def use_source_where_stale(package: str = "aliens_env", package_dir: Path = PACKAGE_DIR) -> list[str]:
    """Install a finder that imports the source of each stale module; warn once naming them.
    Returns their module names."""
    stale = stale_modules(package_dir)
    if not stale:
        return []
    names = {package + "." + name[: -len(".py")].replace("/", "."): source for name, source in stale.items()}
    sys.meta_path.insert(0, SourceFinder(names))
    listed = ", ".join(sorted(names)[:5]) + (" ..." if len(names) > 5 else "")
    warnings.warn(
        f"{len(names)} compiled module(s) of {package} do not match their source ({listed}): importing the "
        f"source instead, which runs slower; compile again with `pip install -e .` (or set ALIENS_ENV_PURE=1 "
        f"when installing, for no compiling)",
        stacklevel=2,
    )
    return sorted(names)
