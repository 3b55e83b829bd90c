"""Builds aliens_env's modules as C extensions with Cython: the same Python source, compiled, so
that steps run about 1.2-1.6x faster (docs/speed.md measures it). pyproject.toml holds the rest of
the project's metadata; aliens_env/compiled.py says which modules are compiled and keeps the
record of the sources they were compiled from.

ALIENS_ENV_PURE=1 skips the compiling (a pure-Python install) and, at any run of this file,
removes the extensions an earlier build left beside the sources. After editing a compiled module
the package imports its source (and warns once) until it is compiled again: `python setup.py
build_ext --inplace` compiles all modules the first time (its build/ folder is empty) and then only
those that changed; `pip install -e .` compiles all of them every time.
"""
import importlib.util
import os

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


def load_compiled_module():
    """aliens_env/compiled.py by its path (importing the package would need its dependencies)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "aliens_env", "compiled.py")
    spec = importlib.util.spec_from_file_location("aliens_env_compiled", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


compiled = load_compiled_module()
PACKAGE_DIR = compiled.Path(os.path.dirname(os.path.abspath(__file__))) / "aliens_env"
PURE = os.environ.get("ALIENS_ENV_PURE", "") not in ("", "0")


class CythonBuildExt(build_ext):
    """Cythonizes the modules when the extensions are built (not for an sdist or metadata), with
    Python's semantics throughout, then records the sources' hashes beside the extensions written."""

    def run(self):
        if not self.extensions:  # (ALIENS_ENV_PURE: nothing built, no record)
            return super().run()
        try:
            from Cython.Build import cythonize
        except ImportError as exc:
            raise SystemExit("compiling aliens_env needs Cython>=3.1 (a build requirement that pip installs itself; "
                             "with --no-build-isolation install it first), or set ALIENS_ENV_PURE=1 for a pure-Python "
                             "install") from exc
        sources = compiled.compiled_sources(PACKAGE_DIR)
        record = compiled.record_lines(PACKAGE_DIR, sources)  # before compiling
        # Cython translates a module again only when its .py is newer than its .c: a source changed
        # since the last build but older by its time stamp (copied with its times) would not be
        compiled.forget_translations(PACKAGE_DIR, sources)
        translated = cythonize(
            self.extensions,
            nthreads=self.parallel or 1,
            quiet=True,
            # annotations are not C types, no variable becomes a C number unless typed explicitly (grid.pxd,
            # Glorious Day's searches in state.py), Python's division, real functions;
            # a typed local (@cython.locals) holding None raises AttributeError on a field read, as Python
            # does, instead of reading past None's struct
            compiler_directives={"language_level": 3, "annotation_typing": False, "infer_types": False, "binding": True,
                                 "nonecheck": True},
        )
        c_files = {ext.name: ext.sources for ext in translated}
        for ext in self.extensions:  # (setuptools' own Extension objects, finalized: only their sources change)
            ext.sources = c_files[ext.name]
        super().run()
        # in place (pip install -e ., build_ext --inplace): beside the sources; else in the wheel's
        # tree; and no extension left there of a module no longer compiled
        target = PACKAGE_DIR if self.inplace else compiled.Path(self.build_lib) / "aliens_env"
        compiled.remove_build(target, keep=sources)
        (target / compiled.RECORD).write_text(record)

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:  # (pip's builds do not pass -j)
            self.parallel = os.cpu_count() or 1

    def build_extensions(self):
        if self.compiler.compiler_type == "unix":
            # -O3 without debug information (docs/speed.md); calls into libpython through the GOT
            # rather than through each module's PLT stubs, and each function starting on a 64-byte
            # cache line: in session 62's callgrind runs, 5-6% fewer first-level instruction-cache
            # misses and 1-2% less of Ir + 70 x second-level misses (BugHunt, BugHuntTactics, MarineAssault)
            for ext in self.extensions:
                ext.extra_compile_args = ["-O3", "-g0", "-fno-plt", "-falign-functions=64"]
        super().build_extensions()


def extensions() -> list:
    if PURE:
        compiled.remove_build(PACKAGE_DIR)
        return []
    return [Extension("aliens_env." + s[: -len(".py")].replace("/", "."), [f"aliens_env/{s}"])
            for s in compiled.compiled_sources(PACKAGE_DIR)]


setup(ext_modules=extensions(), cmdclass={"build_ext": CythonBuildExt})
