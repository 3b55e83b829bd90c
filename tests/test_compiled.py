"""The compiled build (setup.py, aliens_env/compiled.py): the installed package runs its modules
compiled, and an edited module's source is imported instead of its stale extension."""
import importlib
import importlib.machinery
import os
import sys
import warnings

import pytest

from aliens_env import compiled


def test_the_installed_package_runs_compiled():
    if os.environ.get("ALIENS_ENV_PURE", "") not in ("", "0"):
        pytest.skip("installed with ALIENS_ENV_PURE set: pure Python, nothing compiled")
    record = compiled.read_record(compiled.PACKAGE_DIR)
    assert len(record) > 100, "setup.py compiled no modules: is Cython missing from the build?"
    built = compiled.extensions(compiled.PACKAGE_DIR)
    assert set(record) == set(built), "every recorded module has its extension beside its source"
    stale = compiled.stale_modules(compiled.PACKAGE_DIR)
    for name in ("core/grid.py", "reactor_room/game.py", "bug_hunt/game.py", "envs/pettingzoo_env.py"):
        module = importlib.import_module("aliens_env." + name[:-3].replace("/", "."))
        compiled_loader = isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader)
        assert compiled_loader == (name not in stale), name


def test_the_modules_compiled():
    sources = compiled.compiled_sources(compiled.PACKAGE_DIR)
    assert "core/grid.py" in sources and "reactor_room/game.py" in sources
    assert not {"compiled.py", "__init__.py", "__main__.py", "core/__init__.py"} & set(sources)
    assert not any(s.startswith(("agents/", "configs/")) for s in sources)
    # python -m runs a module's source only: every module with a script guard stays pure
    assert not {"play.py", "benchmark.py", "glorious_day/tune.py"} & set(sources)
    for path in compiled.PACKAGE_DIR.rglob("*.py"):
        if compiled.SCRIPT_GUARD in path.read_text():
            assert path.relative_to(compiled.PACKAGE_DIR).as_posix() not in sources
    record = compiled.read_record(compiled.PACKAGE_DIR)
    if record:  # a compiled install: built from exactly these modules
        assert set(record) == set(sources)


@pytest.fixture
def fake_package(tmp_path, monkeypatch):
    """A package `stalepkg` with a module `mod` whose 'extension' is not a loadable one: importing
    the extension fails, importing the source gives VALUE 1."""
    package = tmp_path / "stalepkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = package / "mod.py"
    source.write_text("VALUE = 1\n")
    (package / ("mod" + importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"not an extension")
    (package / "mod.c").write_text("/* Cython's */")
    monkeypatch.syspath_prepend(str(tmp_path))
    finders = list(sys.meta_path)
    yield package
    sys.meta_path[:] = finders
    for name in [n for n in sys.modules if n == "stalepkg" or n.startswith("stalepkg.")]:
        del sys.modules[name]


def _write_record(package, sources):
    (package / compiled.RECORD).write_text(compiled.record_lines(package, sources))


def test_a_recorded_extension_is_not_stale_and_is_imported(fake_package):
    _write_record(fake_package, ["mod.py"])
    assert compiled.stale_modules(fake_package) == {}
    assert compiled.use_source_where_stale("stalepkg", fake_package) == []
    with pytest.raises(ImportError):  # the (fake) extension is what Python imports
        importlib.import_module("stalepkg.mod")


@pytest.mark.parametrize("record", ["edited", "unrecorded", "no record"])
def test_a_stale_extension_gives_way_to_its_source_with_a_warning(fake_package, record):
    source = fake_package / "mod.py"
    if record == "edited":
        _write_record(fake_package, ["mod.py"])
        source.write_text("VALUE = 1  # edited after the build\n")
    elif record == "unrecorded":
        _write_record(fake_package, [])
    assert set(compiled.stale_modules(fake_package)) == {"mod.py"}
    with pytest.warns(UserWarning, match=r"1 compiled module\(s\) of stalepkg do not match their source \(stalepkg.mod\)"):
        assert compiled.use_source_where_stale("stalepkg", fake_package) == ["stalepkg.mod"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert importlib.import_module("stalepkg.mod").VALUE == 1


def test_an_extension_whose_source_is_gone_is_not_imported(fake_package):
    _write_record(fake_package, ["mod.py"])
    (fake_package / "mod.py").unlink()  # the module deleted since the build
    assert compiled.orphans(fake_package) == ["mod.py"]
    with pytest.warns(UserWarning, match=r"1 compiled module\(s\) of stalepkg .*\(stalepkg.mod\)"):
        assert compiled.use_source_where_stale("stalepkg", fake_package) == ["stalepkg.mod"]
    with pytest.raises(ModuleNotFoundError, match=r"No module named 'stalepkg.mod' \(only an extension left by an earlier build"):
        importlib.import_module("stalepkg.mod")


def test_a_pure_install_removes_what_a_compiled_build_left(fake_package):
    _write_record(fake_package, ["mod.py"])
    compiled.remove_build(fake_package)
    assert sorted(p.name for p in fake_package.iterdir()) == ["__init__.py", "mod.py"]
    assert compiled.use_source_where_stale("stalepkg", fake_package) == []
    assert importlib.import_module("stalepkg.mod").VALUE == 1


def test_a_new_build_removes_the_extensions_of_modules_no_longer_compiled(fake_package):
    (fake_package / "other.py").write_text("VALUE = 2\n")
    (fake_package / ("other" + importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"not an extension")
    compiled.remove_build(fake_package, keep=["other.py"])
    kept = "other" + importlib.machinery.EXTENSION_SUFFIXES[0]
    assert sorted(p.name for p in fake_package.iterdir()) == sorted(["__init__.py", "mod.py", "other.py", kept])
