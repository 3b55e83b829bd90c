"""Cython's pure-Python-mode decorator ``locals`` and its types ``int`` and ``double``, for a
pure-Python install without Cython.

A module whose hot loops read typed figures (extension types declared in the ``.pxd`` file beside
it) imports ``cython`` this way:

    try:
        import cython
    except ImportError:  # a pure-Python install without Cython: the decorators change nothing
        from ..core import pure_cython as cython

Compiled, ``@cython.locals(m=Marine)`` makes ``m`` a C reference to a Marine, whose attributes
are then read from the object's struct instead of by Python's attribute lookup (docs/speed.md).
Run as Python (this module, or Cython's own when installed) the decorator returns the function
unchanged: the same code, the same results.

Two rules the compiled build imposes (tests/test_compiled.py holds the first):
- a typed local is for reading: a write through it goes straight to the struct, past a Python
  subclass's ``__setattr__`` (the lairs' ``LairsMarine`` notes writes its observation must show);
- a module whose ``.pxd`` cimports a class no longer has that class as a module attribute (the
  cimport replaces the Python import): import figures from the module that defines them.
"""


def locals(**types):  # noqa: A001  (Cython's name)
    return lambda function: function


#: Cython's C int (``@cython.locals(s=cython.int)``: compiled, indices read without Python's
#: lookups); run as Python, Python's int
int = int  # noqa: A001  (Cython's name)
#: Cython's C double (``@cython.locals(p=cython.double)``); run as Python, Python's float
double = float
