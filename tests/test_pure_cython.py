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
