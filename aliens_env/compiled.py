"""Which of the package's modules run compiled, and the guard against stale extensions.

setup.py compiles the package's modules with Cython into extensions that sit beside their source
(an editable install builds them in place) and records each source's hash in
``compiled_sources.txt``. Python imports an extension before the source beside it, so an edited
source would be silently ignored until the next build: ``use_source_where_stale`` (run by
``aliens_env/__init__.py`` before anything else is imported) makes the package import the source of
every module whose extension does not match it, refuses an extension whose source is gone (a
module deleted or renamed since the build), and warns once. Not compiled itself.
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import re
import sys
import warnings
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
RECORD = "compiled_sources.txt"
# Not compiled: package inits, this guard, the linked training code (agents/, configs/: torch and
# SB3 do their work, not Python), and every module run as a script (`python -m` runs only source)
NOT_COMPILED_NAMES = {"__init__.py", "__main__.py", "compiled.py"}
NOT_COMPILED_DIRS = {"agents", "configs"}
SCRIPT_GUARD = re.compile(r"""^if\s+__name__\s*==\s*["']__main__["']\s*:""", re.MULTILINE)


def compiled_sources(package_dir: Path) -> list[str]:
    """The modules setup.py compiles: paths relative to the package (posix), sorted."""
    return sorted(
        path.relative_to(package_dir).as_posix()
        for path in package_dir.rglob("*.py")
        if path.name not in NOT_COMPILED_NAMES and not NOT_COMPILED_DIRS & set(path.relative_to(package_dir).parts[:-1])
        and not SCRIPT_GUARD.search(path.read_text())
    )


def source_hash(path: Path) -> str:
    """The hash of what a module is compiled from: its source, and the .pxd file beside it if
    there is one (Cython's declarations of the module's C types: its classes as extension types,
    its functions' typed locals)."""
    data = path.read_bytes()
    declarations = path.with_suffix(".pxd")
    if declarations.exists():
        data += b"\0.pxd\0" + declarations.read_bytes()
    return hashlib.sha256(data).hexdigest()


#: a .pxd file's cimport of another module's declarations ("from aliens_env.x.y cimport Name")
CIMPORT = re.compile(r"^\s*from\s+([\w.]+)\s+cimport\b", re.MULTILINE)


def cimported(package_dir: Path, name: str) -> list[str]:
    """The modules of the package (paths relative to it) whose C types module ``name``'s .pxd
    file cimports: its extension was compiled against theirs."""
    declarations = (package_dir / name).with_suffix(".pxd")
    if not declarations.exists():
        return []
    prefix = package_dir.name + "."
    return [module[len(prefix):].replace(".", "/") + ".py"
            for module in CIMPORT.findall(declarations.read_text()) if module.startswith(prefix)]


def with_dependents(package_dir: Path, changed: set[str], modules) -> set[str]:
    """``changed`` and every module of ``modules`` compiled against the C types of one of them,
    directly or through others: such an extension cannot run beside the source of a module it
    cimports (its import of their types fails), nor be kept when their declarations change."""
    changed = set(changed)
    grew = bool(changed)  # (nothing changed: nothing to follow; the common case at import)
    while grew:
        grew = False
        for name in modules:
            if name not in changed and any(dep in changed for dep in cimported(package_dir, name)):
                changed.add(name)
                grew = True
    return changed


def record_lines(package_dir: Path, sources: list[str]) -> str:
    """The record of the sources compiled (setup.py writes it once the build has succeeded)."""
    return "".join(f"{source_hash(package_dir / s)} {s}\n" for s in sources)


def read_record(package_dir: Path) -> dict[str, str]:
    """Module path (relative, posix) -> the sha256 of the source it was compiled from."""
    path = package_dir / RECORD
    if not path.exists():
        return {}
    return dict(reversed(line.split(" ", 1)) for line in path.read_text().splitlines() if line)


def _extension_files(package_dir: Path) -> list[Path]:
    """This Python's extensions in the package (suffixes overlap: ".cpython-311-x86_64-linux-gnu.so"
    also ends in ".so"; another Python's, "mod.cpython-310-....so", are not this one's)."""
    found = {ext for suffix in importlib.machinery.EXTENSION_SUFFIXES for ext in package_dir.rglob(f"*{suffix}")}
    return sorted(ext for ext in found if "." not in _module_stem(ext))


def _module_stem(ext: Path) -> str:
    suffix = next(s for s in importlib.machinery.EXTENSION_SUFFIXES if ext.name.endswith(s))
    return ext.name[: -len(suffix)]


def _source_of(ext: Path) -> Path:
    return ext.with_name(_module_stem(ext) + ".py")


def extensions(package_dir: Path) -> dict[str, Path]:
    """Module path of each source with an extension beside it -> that source."""
    found = {}
    for ext in _extension_files(package_dir):
        source = _source_of(ext)
        if source.exists():
            found[source.relative_to(package_dir).as_posix()] = source
    return found


def orphans(package_dir: Path) -> list[str]:
    """Module paths of extensions whose source is gone (a module deleted or renamed since the build)."""
    return sorted(_source_of(ext).relative_to(package_dir).as_posix() for ext in _extension_files(package_dir)
                  if not _source_of(ext).exists() and not (_source_of(ext).with_suffix("") / "__init__.py").exists())


def forget_translations(package_dir: Path, sources: list[str]) -> None:
    """Delete Cython's C file of every source changed since the recorded build (whatever its time
    stamp says) and of every module compiled against its C types, so that the next build
    translates them again."""
    recorded = read_record(package_dir)
    changed = {s for s in sources if recorded.get(s) != source_hash(package_dir / s)}
    for s in with_dependents(package_dir, changed, sources):
        (package_dir / s).with_suffix(".c").unlink(missing_ok=True)


def remove_build(package_dir: Path, keep: list[str] = ()) -> None:
    """Delete what a compiled build left in the package (extensions, Cython's C files, the record)
    but for the modules in ``keep`` (the ones a new build compiles)."""
    for ext in _extension_files(package_dir):
        if _source_of(ext).relative_to(package_dir).as_posix() not in keep:
            ext.unlink()
    for c_file in package_dir.rglob("*.c"):
        if c_file.with_suffix(".py").exists() and c_file.with_suffix(".py").relative_to(package_dir).as_posix() not in keep:
            c_file.unlink()
    if not keep:
        (package_dir / RECORD).unlink(missing_ok=True)


def stale_modules(package_dir: Path) -> dict[str, Path]:
    """The sources whose extension was not compiled from them (edited since the build, or not in
    the build's record), and the extensions compiled against their C types -> their paths."""
    record = read_record(package_dir)
    built = extensions(package_dir)
    edited = {name for name, source in built.items() if record.get(name) != source_hash(source)}
    # a module cimported by an extension but without its own (deleted, or a build that failed
    # part way) is imported as source too: the extensions compiled against it go with it
    missing = {dep for name in built for dep in cimported(package_dir, name) if dep not in built}
    stale = with_dependents(package_dir, edited | missing, set(built) | missing) - missing
    return {name: built[name] for name in sorted(stale)}


def compiled_modules(package: str = "aliens_env") -> tuple[int, int]:
    """(modules imported so far from an extension, modules imported so far) of the package."""
    loaded = [m for name, m in list(sys.modules.items()) if (name == package or name.startswith(package + ".")) and m is not None]
    compiled = [m for m in loaded if isinstance(getattr(m, "__loader__", None), importlib.machinery.ExtensionFileLoader)]
    return len(compiled), len(loaded)


class SourceFinder(importlib.abc.MetaPathFinder):
    """Imports the named modules from their source files, and refuses the orphaned ones (an
    extension whose source is gone: the module no longer exists)."""

    def __init__(self, sources: dict[str, Path], orphaned: set[str]):
        self.sources, self.orphaned = sources, orphaned

    def find_spec(self, fullname, path=None, target=None):
        if fullname in self.orphaned:
            raise ModuleNotFoundError(f"No module named {fullname!r} (only an extension left by an earlier build, "
                                      f"whose source is gone: delete it, or install again)", name=fullname)
        source = self.sources.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


def _module_name(package: str, path: str) -> str:
    return package + "." + path[: -len(".py")].replace("/", ".")


def use_source_where_stale(package: str = "aliens_env", package_dir: Path = PACKAGE_DIR) -> list[str]:
    """Install a finder that imports the source of each stale module and refuses orphaned
    extensions; warn once naming them. Returns the stale and orphaned modules' names."""
    stale = {_module_name(package, name): source for name, source in stale_modules(package_dir).items()}
    orphaned = {_module_name(package, name) for name in orphans(package_dir)}
    if not stale and not orphaned:
        return []
    sys.meta_path.insert(0, SourceFinder(stale, orphaned))
    names = sorted(stale) + sorted(orphaned)
    listed = ", ".join(names[:5]) + (" ..." if len(names) > 5 else "")
    warnings.warn(
        f"{len(names)} compiled module(s) of {package} do not match their source, or were compiled against the C "
        f"types of one that does not ({listed}): importing the "
        f"source instead, which runs slower (an extension without a source is not imported); compile again "
        f"with `python setup.py build_ext --inplace` or `pip install -e .` (ALIENS_ENV_PURE=1 removes "
        f"the extensions: a pure-Python install)",
        stacklevel=2,
    )
    return names
