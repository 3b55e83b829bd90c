"""Glorious Day's calls of the next class by name (``HeuristicMarines.act(self, ...)``,
``GloriousDay._run(self)``: super()'s, without building a super object at each call) name the
class whose method super() would give, in every class of the package that inherits the caller."""
import importlib
import inspect
import pkgutil

from test_compiled import check_named_base_calls

import aliens_env.glorious_day as glorious_day


def _package_classes() -> list[type]:
    classes = []
    for info in pkgutil.walk_packages(glorious_day.__path__, "aliens_env.glorious_day."):
        module = importlib.import_module(info.name)
        classes += [k for _, k in inspect.getmembers(module, inspect.isclass) if k.__module__ == module.__name__]
    return classes


def test_a_method_that_names_its_base_calls_what_super_would():
    checked, _ = check_named_base_calls(_package_classes())
    named = {(caller.__name__, method, base_name) for _, caller, method, base_name in checked}
    assert {("TacticMarines", "act", "HeuristicMarines"), ("GloriousDayTactics", "_run", "GloriousDay")} <= named
