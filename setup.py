"""Builds aliens_env's modules as C extensions with Cython: the same Python source, compiled, so
that steps run about 1.2-1.9x faster (docs/speed.md measures it). pyproject.toml holds the rest of
the project's metadata; aliens_env/compiled.py which modules are compiled and the record of their
sources.

ALIENS_ENV_PURE=1 at install time skips the compiling (a pure-Python install). After editing a
compiled module, install again (`pip install -e .`): until then the package imports that module's
source instead of the stale extension and warns once.
"""
import importlib.util
import os

from setuptools import setup


def load_compiled_module():
    """aliens_env/compiled.py by its path (importing the package would need its dependencies)."""
    spec = importlib.util.spec_from_file_location("aliens_env_compiled", os.path.join("aliens_env", "compiled.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extensions() -> list:
    compiled = load_compiled_module()
    package_dir = compiled.Path("aliens_env")
    if os.environ.get("ALIENS_ENV_PURE", "") not in ("", "0"):
        compiled.write_record(package_dir, [])  # extensions left from an earlier build are then not imported
        return []
    from Cython.Build import cythonize

    sources = compiled.compiled_sources(package_dir)
    modules = cythonize(
        [str(package_dir / s) for s in sources],
        nthreads=os.cpu_count() or 1,
        quiet=True,
        # Python's semantics throughout: annotations are not C types, no C division, no inferred C types
        compiler_directives={"language_level": 3, "annotation_typing": False, "infer_types": False, "binding": True},
    )
    for module in modules:  # -O1: a sixth of -O3's compile time (docs/speed.md)
        module.extra_compile_args = ["-O1", "-g0"]
    compiled.write_record(package_dir, sources)
    return modules


setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
