"""The compiled build (setup.py, aliens_env/compiled.py): the installed package runs its modules
compiled, and an edited module's source is imported instead of its stale extension."""
import ast
import importlib
import importlib.machinery
import os
import pkgutil
import platform
import re
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

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


@pytest.mark.parametrize("text, is_script", [
    ('if __name__ == "__main__":\n    main()\n', True), ("if __name__=='__main__':\n    main()\n", True),
    ('x = 1\n# if __name__ == "__main__": (a comment)\n', False), ('def f():\n    return __name__\n', False)])
def test_a_script_guard_is_found_however_quoted(text, is_script):
    assert bool(compiled.SCRIPT_GUARD.search(text)) == is_script


def test_the_modules_compiled():
    sources = compiled.compiled_sources(compiled.PACKAGE_DIR)
    assert {"core/grid.py", "reactor_room/game.py", "lairs/board.py"} <= set(sources)  # (on every step's path)
    assert not {"compiled.py", "__init__.py", "__main__.py", "core/__init__.py"} & set(sources)
    assert not any(s.startswith(("agents/", "configs/")) for s in sources)
    # python -m runs a module's source only: the modules the docs run so stay pure
    scripts = {"play.py", "benchmark.py", "glorious_day/tune.py", "alien_menace/tune.py", "movie/measure.py",
               "movie/measure_complete.py", "reactor_room/game_lengths.py", "lairs/sight.py"}
    assert not scripts & set(sources)
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
    with pytest.warns(UserWarning, match=r"1 compiled module\(s\) of stalepkg do not match their source, or were "
                                         r"compiled against the C types of one that does not \(stalepkg.mod\)"):
        assert compiled.use_source_where_stale("stalepkg", fake_package) == ["stalepkg.mod"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert importlib.import_module("stalepkg.mod").VALUE == 1


def test_an_edited_declarations_file_makes_its_module_stale(fake_package):
    (fake_package / "mod.pxd").write_text("cdef class Thing:\n    cdef public object a\n")
    _write_record(fake_package, ["mod.py"])
    assert compiled.stale_modules(fake_package) == {}
    (fake_package / "mod.pxd").write_text("cdef class Thing:\n    cdef public object a, b\n")
    assert set(compiled.stale_modules(fake_package)) == {"mod.py"}


def test_an_extension_compiled_against_a_stale_modules_types_gives_way_too(fake_package):
    """user's .pxd cimports mod's types (and last's, user's): when mod's source is imported in
    place of its extension, user's and last's extensions go with it (theirs could not load mod's
    Python classes as the C types they were compiled against); an unrelated module stays."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for name, declarations in [("user", "from stalepkg.mod cimport Thing\n"), ("last", "from stalepkg.user cimport Other\n"),
                               ("apart", "cdef class Apart:\n    pass\n")]:
        (fake_package / f"{name}.py").write_text("VALUE = 2\n")
        (fake_package / f"{name}.pxd").write_text(declarations)
        (fake_package / (name + suffix)).write_bytes(b"not an extension")
    _write_record(fake_package, ["mod.py", "user.py", "last.py", "apart.py"])
    assert compiled.stale_modules(fake_package) == {}
    assert compiled.cimported(fake_package, "last.py") == ["user.py"]
    (fake_package / "mod.py").write_text("VALUE = 1  # edited after the build\n")
    assert set(compiled.stale_modules(fake_package)) == {"mod.py", "user.py", "last.py"}
    (fake_package / "mod.c").write_text("/* Cython's */")
    (fake_package / "user.c").write_text("/* Cython's */")
    (fake_package / "apart.c").write_text("/* Cython's */")
    compiled.forget_translations(fake_package, ["mod.py", "user.py", "last.py", "apart.py"])
    assert sorted(p.name for p in fake_package.glob("*.c")) == ["apart.c"]  # translated again at the next build


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


def test_a_module_become_a_package_and_another_pythons_extension_are_not_orphans(fake_package):
    _write_record(fake_package, ["mod.py"])
    (fake_package / "mod.py").unlink()
    (fake_package / "mod").mkdir()
    (fake_package / "mod" / "__init__.py").write_text("VALUE = 3\n")
    (fake_package / "other.cpython-39-x86_64-linux-gnu.so").write_bytes(b"another Python's")
    assert compiled.orphans(fake_package) == [] and "other.py" not in compiled.extensions(fake_package)
    compiled.remove_build(fake_package, keep=["x.py"])
    assert (fake_package / "other.cpython-39-x86_64-linux-gnu.so").exists()


def _project(tmp_path, init: str, modules: dict) -> Path:
    """A copy of setup.py and compiled.py beside an aliens_env package of `init` and `modules` (file
    name: source), for a real build; its package directory. Skips without Cython or a source checkout."""
    pytest.importorskip("Cython", reason="the extra 'dev' installs Cython (a build requirement otherwise)")
    setup_py = Path(__file__).resolve().parent.parent / "setup.py"
    if not setup_py.exists():
        pytest.skip("not a source checkout: no setup.py")
    package = tmp_path / "project" / "aliens_env"
    package.mkdir(parents=True)
    shutil.copy(setup_py, package.parent / "setup.py")
    shutil.copy(Path(compiled.__file__), package / "compiled.py")
    (package / "__init__.py").write_text(init)
    for name, source in modules.items():
        (package / name).write_text(source)
    return package


def _build(package: Path) -> None:
    """setup.py build_ext --inplace in the project of `package`."""
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=package.parent,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]


def test_a_real_build_compiles_records_and_compiles_a_changed_source_again(tmp_path):
    """setup.py's build in a copy holding one module and one script: the record written after the
    build, the script left as source, and a source edited with an older time stamp (as a copy with
    its times makes it) compiled again rather than passed by Cython's time check."""
    package = _project(tmp_path, "from .compiled import use_source_where_stale\n\nuse_source_where_stale()\n",
                       {"mod.py": "VALUE = 1\n", "tool.py": 'if __name__ == "__main__":\n    print("a script")\n'})
    root = package.parent

    def imported():
        code = "import importlib.machinery as m, aliens_env.mod as mod; print(mod.VALUE, isinstance(mod.__loader__, m.ExtensionFileLoader))"
        done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60,
                              env={**os.environ, "PYTHONPATH": str(root)})
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout.strip(), "do not match their source" in done.stderr

    _build(package)
    assert set(compiled.read_record(package)) == {"mod.py"}
    assert set(compiled.extensions(package)) == {"mod.py"}  # the script stays source
    assert imported() == ("1 True", False)
    c_file = package / "mod.c"
    (package / "mod.py").write_text("VALUE = 2\n")
    os.utime(package / "mod.py", (c_file.stat().st_atime - 100, c_file.stat().st_mtime - 100))
    assert imported() == ("2 False", True)  # edited: the source, with the warning
    _build(package)
    assert imported() == ("2 True", False)


def test_a_real_build_calls_python_through_the_got_and_starts_functions_on_cache_lines(tmp_path):
    """setup.py's code-layout flags reach the compiler (GCC on Linux): -fno-plt leaves no PLT slot
    to relocate (a call into libpython reads its address from the GOT, no stub between), and
    -falign-functions=64 starts each function of the module's code on a 64-byte line (GCC leaves
    the module's set-up and its cold parts unaligned; the Python wrappers, __pyx_pw_*, are checked)."""
    readelf = shutil.which("readelf")
    if readelf is None or not sys.platform.startswith("linux") or platform.machine() != "x86_64":
        pytest.skip("needs Linux on x86-64 (the relocations' names) and readelf (binutils)")
    package = _project(tmp_path, "", {"mod.py": "def first(x):\n    return [x] * 2\n\n\ndef second(x, y):\n    return {x: y}\n"})
    _build(package)
    (extension,) = package.glob("mod.*.so")
    relocations = subprocess.run([readelf, "-rW", str(extension)], capture_output=True, text=True, check=True).stdout
    assert "GLOB_DAT" in relocations and "JUMP_SLOT" not in relocations
    symbols = subprocess.run([readelf, "-sW", str(extension)], capture_output=True, text=True, check=True).stdout
    wrappers = {fields[7]: int(fields[1], 16) for fields in map(str.split, symbols.splitlines())
                if len(fields) >= 8 and fields[3] == "FUNC" and fields[7].startswith("__pyx_pw_")}
    assert len(wrappers) == 2 and all(address % 64 == 0 for address in wrappers.values()), wrappers


def _typed_writes(source: str, final=frozenset()) -> list[str]:
    """The attribute writes and deletions through a typed local (a name in a function's
    ``@cython.locals``), in any form: assignments, tuple targets, for and with targets, del; but
    those through a local typed as one of the ``final`` classes (``_final_types``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        typed = {kw.arg for d in node.decorator_list if isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
                 and d.func.attr == "locals" for kw in d.keywords
                 if not (isinstance(kw.value, ast.Name) and kw.value.id in final)}
        found += [f"{node.name}: {inner.value.id}.{inner.attr}" for inner in ast.walk(node)
                  if isinstance(inner, ast.Attribute) and isinstance(inner.ctx, (ast.Store, ast.Del))
                  and isinstance(inner.value, ast.Name) and inner.value.id in typed]
    return found


_FINAL_CLASS = re.compile(r"^@cython\.final\s*\ncdef class (\w+)", re.MULTILINE)
_CIMPORT_NAMES = re.compile(r"^from aliens_env\.([\w.]+) cimport ([^#\n]+)", re.MULTILINE)


def _final_classes(pxd: Path) -> set[str]:
    """The classes a .pxd file declares ``@cython.final``."""
    return set(_FINAL_CLASS.findall(pxd.read_text()))


def _final_types(module: Path) -> set[str]:
    """The names by which a module's typed locals may name a final class: those its own .pxd
    declares final and those it cimports from another .pxd that declares them so (by the name
    cimported)."""
    pxd = module.with_suffix(".pxd")
    if not pxd.exists():
        return set()
    names = _final_classes(pxd)
    for source, imported in _CIMPORT_NAMES.findall(pxd.read_text()):
        finals = _final_classes(compiled.PACKAGE_DIR / (source.replace(".", "/") + ".pxd"))
        for item in imported.split(","):
            name, _, alias = (part.strip() for part in item.partition(" as "))
            if name in finals:
                names.add(alias or name)
    return names


def test_typed_locals_only_read():
    """Compiled, a write through a typed local goes straight to the object's struct, past a Python
    subclass's __setattr__ (a class that intercepts writes would not see it): so the functions that
    type their locals (@cython.locals) only read through them, but through a local typed as a class
    its .pxd declares ``@cython.final`` (``test_final_classes_have_no_subclass_nor_setattr``: no
    subclass can exist, and the class itself intercepts no write)."""
    modules = [p for p in compiled.PACKAGE_DIR.rglob("*.py") if "@cython.locals" in p.read_text()]
    assert len(modules) >= 5, "the typed modules (reactor_room, operations, lairs) were not found"
    writes = {p.relative_to(compiled.PACKAGE_DIR).as_posix(): _typed_writes(p.read_text(), _final_types(p))
              for p in modules}
    assert all(not w for w in writes.values()), writes
    for write in ("m.aim += 1", "m.aim, m.pos = 1, 2", "m.aim: int = 1", "del m.aim", "for m.aim in range(2): pass"):
        source = f"@cython.locals(m=Marine, n=Alien)\ndef f(ms):\n    for m in ms:\n        {write}\n"
        assert _typed_writes(source)[0] == "f: m.aim", write
        assert _typed_writes(source, {"Alien"})[0] == "f: m.aim", write
        assert _typed_writes(source, {"Marine"}) == [], write
    assert _typed_writes("@cython.locals(m=Marine)\ndef f(m):\n    return m.aim\n") == []
    # the final figures are found, by their own names and by those a module cimports them by
    assert _final_types(compiled.PACKAGE_DIR / "bug_hunt/state.py") >= {"Human", "Alien"}
    assert _final_types(compiled.PACKAGE_DIR / "bug_hunt/game.py") >= {"HumanRecord", "AlienRecord"}
    assert "GameRecords" not in _final_types(compiled.PACKAGE_DIR / "bug_hunt/game.py")


def test_final_classes_have_no_subclass_nor_setattr():
    """A class declared ``@cython.final`` (the exception of ``test_typed_locals_only_read``) defines
    no __setattr__ of its own, and compiled, Python cannot derive a class from it."""
    finals = {pxd: _final_classes(pxd) for pxd in compiled.PACKAGE_DIR.rglob("*.pxd")}
    finals = {pxd: names for pxd, names in finals.items() if names}
    assert compiled.PACKAGE_DIR / "bug_hunt/state.pxd" in finals
    stale = compiled.stale_modules(compiled.PACKAGE_DIR)
    for pxd, names in finals.items():
        name = pxd.relative_to(compiled.PACKAGE_DIR).with_suffix(".py").as_posix()
        module = importlib.import_module("aliens_env." + name[:-3].replace("/", "."))
        for class_name in names:
            cls = getattr(module, class_name)
            assert "__setattr__" not in vars(cls) and "__delattr__" not in vars(cls), cls
            if isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader) and name not in stale:
                with pytest.raises(TypeError):
                    type("Derived", (cls,), {})


def test_every_cython_name_the_package_uses_runs_as_python_without_cython():
    """A pure-Python install has no Cython: ``core/pure_cython.py`` stands in for it, so every
    name a module reads from ``cython`` (a decorator, a C type in @cython.locals) must be there too, or
    the module fails at import with no Cython installed (a name missing broke 36 modules once)."""
    from aliens_env.core import pure_cython

    used = set()
    for path in compiled.PACKAGE_DIR.rglob("*.py"):
        used |= set(re.findall(r"\bcython\.([A-Za-z_]\w*)", path.read_text()))
    assert {"locals", "int", "long"} <= used, used  # (the scan finds the names in use)
    assert sorted(name for name in used if not hasattr(pure_cython, name)) == []


def test_every_cimport_of_a_declarations_file_is_understood():
    """The guard follows cimports (``cimported``) only in the form ``from aliens_env.x.y cimport
    Name``: every cimport of the package's .pxd files is in that form and names a compiled module
    (but ``cimport cython``, Cython's own decorators for typed locals: no module of the package)."""
    sources = set(compiled.compiled_sources(compiled.PACKAGE_DIR))
    declarations = sorted(compiled.PACKAGE_DIR.rglob("*.pxd"))
    assert declarations
    for pxd in declarations:
        lines = [line for line in pxd.read_text().splitlines()
                 if "cimport" in line.split("#")[0] and line.split("#")[0].strip() != "cimport cython"]
        name = pxd.relative_to(compiled.PACKAGE_DIR).with_suffix(".py").as_posix()
        assert len(compiled.cimported(compiled.PACKAGE_DIR, name)) == len(lines), (pxd, lines)
        assert set(compiled.cimported(compiled.PACKAGE_DIR, name)) <= sources, pxd


def test_an_extension_compiled_against_a_module_without_its_extension_gives_way(fake_package):
    """mod's extension gone (deleted, or a build that failed part way): user, compiled against
    mod's types, is imported as source too."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (fake_package / "user.py").write_text("VALUE = 2\n")
    (fake_package / "user.pxd").write_text("from stalepkg.mod cimport Thing\n")
    (fake_package / ("user" + suffix)).write_bytes(b"not an extension")
    _write_record(fake_package, ["mod.py", "user.py"])
    assert compiled.stale_modules(fake_package) == {}
    (fake_package / ("mod" + suffix)).unlink()
    assert set(compiled.stale_modules(fake_package)) == {"user.py"}


def test_the_figures_pickle_as_their_class_and_fields():
    """Compiled, Cython would pickle an extension type through its own helper (``__pyx_unpickle_...``),
    which a pure-Python process cannot load; the figures reduce to their class and fields, so a
    pickle moves between a compiled and a pure process."""
    import pickle

    from aliens_env.bug_hunt.state import Alien as BugHuntAlien, Human
    from aliens_env.lairs.observation import LairsMarine
    from aliens_env.reactor_room.game import Alien, Marine

    for figure in (Marine("Hicks", 5, aim=2), Alien(True, 7), Human("Apone", "sergeant", "pulse_rifle", pos=3),
                   BugHuntAlien("queen", pos=9, lp=6), LairsMarine("Ripley", 4, wounded=True)):
        data = pickle.dumps(figure)
        assert b"__pyx" not in data
        back = pickle.loads(data)
        assert type(back) is type(figure) and back == figure


def test_games_pickle_as_their_class_and_attributes_by_name():
    """The games are extension types when compiled (core/game.pxd, reactor_room/game.pxd): Game
    reduces to ``rebuild_game`` with every attribute by name, struct fields and ``__dict__`` alike,
    so a pickle names no Cython helper and moves between a compiled and a pure process; a loaded
    game plays on as the original (tests/test_pickling.py plays every registered game)."""
    import pickle

    import numpy as np

    from aliens_env.core.game import rebuild_game, struct_fields
    from aliens_env.operations.game import Operations
    from aliens_env.reactor_room.game import ReactorRoom

    assert {"decision", "_cache", "marines", "board", "active"} <= struct_fields(Operations)
    assert {"events", "stats", "layout", "_ranges"} <= struct_fields(Operations)  # (typed fields: list, ActionLayout, ...)
    assert "observation_shape" not in struct_fields(ReactorRoom)  # (a property, not a declared field)
    game = Operations()
    game.reset(5)
    data = pickle.dumps(game)
    assert b"__pyx" not in data
    back = pickle.loads(data)
    assert type(back) is Operations and back.marines == game.marines and back.burke == game.burke
    assert back.decision == game.decision and back.decision is not game.decision
    player = game.current_player()
    np.testing.assert_array_equal(back.observe(player), game.observe(player))
    # a pure process's pickle holds every attribute in its __dict__: loaded here, each declared
    # one goes to its field (compiled, the struct), the others to the __dict__
    pure_state = dict(vars(game), **{name: getattr(game, name, None) for name in struct_fields(Operations)})
    again = rebuild_game(Operations, pure_state)
    assert again.marines == game.marines and again.turn == game.turn
    assert ("marines" in vars(again)) is not compiled_here()  # compiled: in the struct, not the __dict__
    np.testing.assert_array_equal(again.observe(player), game.observe(player))


def test_a_games_pickle_leaves_out_its_declared_attributes_that_are_none():
    """Compiled, every declared field exists (None until set); pure, a game has only the attributes
    it set (a plain ReactorRoom never sets the Tactics envs' commander records): a pickle leaves the
    None ones out and ``rebuild_game`` sets each it lacks to None, so it is the same pickle compiled
    and pure, and a loaded game has every declared attribute either way."""
    import pickle

    from aliens_env.core.game import struct_fields
    from aliens_env.reactor_room.game import ReactorRoom

    game = ReactorRoom()
    game.reset(3)
    state = game.__reduce__()[1][1]
    fields = struct_fields(ReactorRoom)
    assert {"tactics", "_executing", "_primitive"} <= fields - set(state)
    assert all(state[name] is not None for name in fields & set(state))
    back = pickle.loads(pickle.dumps(game))
    assert back.tactics is None and back._primitive is None and back.marines == game.marines


def compiled_here() -> bool:
    """Is aliens_env.reactor_room.game loaded as an extension (a compiled run of the tests)?"""
    import importlib.machinery

    import aliens_env.reactor_room.game as module

    return isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader)


def _game_classes() -> set[type]:
    """Every registered game's class and the classes of the stage games the Movie chains play."""
    from aliens_env import REGISTRY
    from aliens_env.movie.complete import CarriedAssault, CarriedHunt, CarriedRescue
    from aliens_env.movie.game import MovieOperations

    return {type(REGISTRY[name].make_game()) for name in REGISTRY} | {CarriedAssault, CarriedHunt, CarriedRescue, MovieOperations}


def test_no_declared_game_field_is_shadowed_by_a_class_attribute():
    """A name the .pxd files declare for a game class lives in the struct when compiled: a class
    attribute, property or method of that name anywhere in the class's hierarchy would be what
    Python reads, while the extension type's own methods read the struct (the two would differ).
    As pure Python one default is a class attribute by design: PhasedGame._executing, set only when
    not compiled (core/game.py: compiled, the struct's field is None until a commander sets it)."""
    from aliens_env.core.game import struct_fields

    pure_defaults = set() if compiled_here() else {("PhasedGame", "_executing"), ("PhasedGame", "_commanded_side")}
    for cls in _game_classes():
        fields = struct_fields(cls)
        for klass in cls.__mro__:
            for name in fields & set(vars(klass)):
                if (klass.__name__, name) not in pure_defaults:
                    assert type(vars(klass)[name]).__name__ == "getset_descriptor", (cls.__name__, klass.__name__, name)


def test_every_game_class_implements_the_whole_contract():
    """Game is no ABC (an extension type takes no metaclass), and the Movie chains do not call
    Game.__init__, whose check stands in for ABC's: none of the game classes leaves an abstract method out."""
    from aliens_env.core.game import abstract_methods

    assert {cls.__name__: abstract_methods(cls) for cls in _game_classes()} == {cls.__name__: () for cls in _game_classes()}


@pytest.mark.parametrize("name, kept", [("BugHunt", set()), ("BugHuntTactics", {"compact_layout"}),
                                        ("GloriousDay", set()), ("GloriousDayTactics", set())])
def test_a_game_whose_struct_holds_every_record_keeps_its_dict_still_in_play(name, kept):
    """Bug Hunt's and Glorious Day's games keep every record of play in the struct (bug_hunt/state.pxd,
    glorious_day/apc.pxd): compiled, the ``__dict__`` holds only ``kept``, set at the start, and no
    record lands there in play (a new one would still work, but every cpdef call would then look
    its method up: docs/speed.md). Pure, every record is in the ``__dict__``."""
    import numpy as np

    from aliens_env.core.game import struct_fields
    from aliens_env.envs.registry import REGISTRY

    game, rng = REGISTRY[name].make_game(), np.random.default_rng(0)
    game.reset(4)
    for _ in range(300):
        if game.is_terminal():
            game.reset(int(rng.integers(1000)))
        game.apply(int(rng.choice(game.legal_actions())))
        if compiled_here():
            assert set(vars(game)) == kept, set(vars(game)) - kept
        else:
            assert set(vars(game)) - kept <= struct_fields(type(game))


def test_the_struct_fields_are_read_from_every_public_declaration_and_an_unreadable_one_is_refused(tmp_path, monkeypatch):
    """``struct_fields`` (what a game's pickle carries from its struct) reads every ``cdef public
    TYPE a, b`` line under the class, any one-word type, a comment after; a declaration it cannot
    read raises (a field it skipped would drop out of pickles unseen)."""
    import types

    from aliens_env.core.game import _declared_fields

    (tmp_path / "fields_ok.pxd").write_text("cdef class Thing:\n    cdef public object a, b\n"
                                            "    cdef public list c  # a note\n    cpdef f(self)\n\n"
                                            "cdef class Other:\n    cdef public object d\n")
    (tmp_path / "fields_bad.pxd").write_text("cdef class Thing:\n    cdef public unsigned int n\n")
    for name in ("fields_ok", "fields_bad"):
        module = types.ModuleType(name)
        module.__file__ = str(tmp_path / f"{name}.py")
        monkeypatch.setitem(sys.modules, name, module)
    assert _declared_fields("fields_ok", "Thing") == {"a", "b", "c"}
    with pytest.raises(ValueError, match="cannot read 'cdef public unsigned int n'"):
        _declared_fields("fields_bad", "Thing")


def _base_calls_by_name(cls, methods: set[str]) -> dict[str, set[str]]:
    """{method: the class names it calls ``Name.method(self, ...)`` on} for cls's own ``methods``,
    read from the class's source file (compiled, beside the extension: inspect has no source)."""
    module_file = Path(sys.modules[cls.__module__].__file__)
    tree = ast.parse(module_file.with_name(module_file.name.split(".")[0] + ".py").read_text())
    body = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == cls.__name__).body
    calls: dict[str, set[str]] = {}
    for function in body:
        if not (isinstance(function, ast.FunctionDef) and function.name in methods):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == function.name \
                    and isinstance(node.func.value, ast.Name) and node.args and isinstance(node.args[0], ast.Name) \
                    and node.args[0].id == "self":
                calls.setdefault(function.name, set()).add(node.func.value.id)
    return calls


class _EveryMethod:
    """Every method name (``_base_calls_by_name``'s filter letting all through)."""

    def __contains__(self, name: str) -> bool:
        return True


#: the Reactor Room family's calls by name that skip a class on purpose: (caller, method)
_SKIPS_ON_PURPOSE = {
    ("HuntForTheQueen", "__init__"), ("Operations", "__init__"),  # (PhasedGame's, past the Reactor Room's set-up)
    ("MarineAssault", "_end_turn"), ("RescueOfNewt", "_end_turn"),  # (the Reactor Room's, past the Hunt's end of the hunt)
}


def test_a_method_that_names_its_base_calls_what_super_would():
    """Compiled, a cpdef method has no __class__ cell, and super() costs a walk up the chain at each
    call, so the Reactor Room family's overrides and the scripted marines' call the next class by
    name (``ReactorRoom._start_phase(self, phase)``, ``LairsObservation._resolve(self, action)``,
    ``HeuristicMarines._act(...)``) where super() would follow the MRO: in every class of the
    family (the registered games, the Movie's stages, the Tactics envs and their mixins, the
    scripted marines and their tactics), the class so named must give the method that comes next
    after the caller in the MRO (a later def between them would be skipped), but for the calls
    listed in ``_SKIPS_ON_PURPOSE``."""
    import aliens_env
    from aliens_env.envs.registry import get_spec, load_object
    from aliens_env.reactor_room.game import ReactorRoom
    from aliens_env.reactor_room.heuristic import HeuristicMarines

    for name in aliens_env.REGISTRY:
        load_object(get_spec(name).game)  # (every module of a game imported: its classes exist)
    for info in pkgutil.walk_packages(aliens_env.__path__, "aliens_env."):
        if info.name.rsplit(".", 1)[-1] in ("policies", "assault_policies", "rescue_policies", "tactics"):
            importlib.import_module(info.name)  # (and every scripted squad's)
    family, todo = set(), [ReactorRoom, HeuristicMarines]
    while todo:
        cls = todo.pop()
        family.add(cls)
        # (the package's classes only: a test may derive a class of its own, e.g. the lairs' ListKeyed)
        todo += [k for k in cls.__subclasses__() if k.__module__.startswith("aliens_env.")]
    checked, skipped = check_named_base_calls(family, _SKIPS_ON_PURPOSE)
    assert skipped == _SKIPS_ON_PURPOSE  # (each listed skip still exists: the list stays true)
    assert len(checked) >= 150  # (the family's overrides and the scripted marines', in each of their classes)


def check_named_base_calls(family, skips=frozenset()) -> tuple[list, set]:
    """Asserts that each call of the next class by name (``Base.method(self, ...)``) in a class of
    `family` names the class whose method comes next after the caller in the MRO of every class of
    `family` that inherits it, but for the (caller's name, method) pairs in `skips`. Returns the
    (class, caller, method, named base's name) checked and the skips met."""
    checked, skipped = [], set()
    for caller in family:
        for method, bases in _base_calls_by_name(caller, _EveryMethod()).items():
            for base_name in bases:
                base = next((k for k in caller.__mro__ if k.__name__ == base_name), None)
                if base is None:  # (a module's function or another object of that name, not a base)
                    continue
                owner = next(k for k in base.__mro__ if method in vars(k))
                for cls in family:
                    if caller in cls.__mro__:
                        after = cls.__mro__[cls.__mro__.index(caller) + 1:]
                        if (caller.__name__, method) in skips:
                            skipped.add((caller.__name__, method))
                            continue
                        assert next(k for k in after if method in vars(k)) is owner, (cls, caller, method)
                        checked.append((cls, caller, method, base_name))
    return checked, skipped
