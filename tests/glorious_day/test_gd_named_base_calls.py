"""Glorious Day's calls of the next class by name (``HeuristicMarines.act(self, ...)``,
``GloriousDay._run(self)``: super()'s, without building a super object at each call) name the
class whose method super() would give, in every class of the package that inherits the caller."""
import importlib
import inspect
import pkgutil

from test_compiled import _base_calls_by_name, _EveryMethod

import aliens_env.glorious_day as glorious_day


def _package_classes() -> list[type]:
    classes = []
    for info in pkgutil.walk_packages(glorious_day.__path__, "aliens_env.glorious_day."):
        module = importlib.import_module(info.name)
        classes += [k for _, k in inspect.getmembers(module, inspect.isclass) if k.__module__ == module.__name__]
    return classes


def test_a_method_that_names_its_base_calls_what_super_would():
    classes = _package_classes()
    checked = set()
    for caller in classes:
        for method, bases in _base_calls_by_name(caller, _EveryMethod()).items():
            for base_name in bases:
                base = next((k for k in caller.__mro__ if k.__name__ == base_name), None)
                if base is None:  # (a module's function or another object of that name, not a base)
                    continue
                owner = next((k for k in base.__mro__ if method in vars(k)), None)
                for cls in classes:
                    if caller in cls.__mro__:
                        after = cls.__mro__[cls.__mro__.index(caller) + 1:]
                        assert next(k for k in after if method in vars(k)) is owner, (cls, caller, method)
                        checked.add((caller.__name__, method, base_name))
    assert {("TacticMarines", "act", "HeuristicMarines"), ("GloriousDayTactics", "_run", "GloriousDay")} <= checked
