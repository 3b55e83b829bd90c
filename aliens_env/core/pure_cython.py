"""Cython's pure-Python-mode decorators ``locals``, ``boundscheck``, ``wraparound`` and ``nonecheck``,
the C types the package names (``int``, ``long``, ``Py_ssize_t``, ``bint``, ``double``, ``float``, ``schar``, ``uint``,
and their typed arrays ``int[:]``),
``cast``, and ``address`` (read on compiled paths only), for a pure-Python install without Cython (a
test checks that every name the package reads from ``cython`` is here).

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
  subclass's ``__setattr__`` (a class that intercepts writes would not see them);
- a module whose ``.pxd`` cimports a class no longer has that class as a module attribute (the
  cimport replaces the Python import): import figures from the module that defines them.
"""
import builtins


def locals(**types):  # noqa: A001  (Cython's name)
    return lambda function: function


def _directive(on: bool):
    """A compiler directive as a decorator (``@cython.boundscheck(False)``): run as Python, the
    function unchanged."""
    return lambda function: function


#: Compiled, ``@cython.boundscheck(False)`` drops the check of each index of a typed array (a
#: function that says why its indices stay in bounds, and checks what it cannot guarantee once);
#: run as Python, Python checks every index
boundscheck = _directive
#: Compiled, ``@cython.wraparound(False)`` reads a negative index of a typed array as it is, not
#: from the end (the function's indices are never negative)
wraparound = _directive
#: Compiled, ``@cython.nonecheck(False)`` drops the test for None at each read of a typed array
#: (the build's default is on, setup.py; the function's arrays are never None, or it checks once)
nonecheck = _directive


class CType:
    """A C type's stand-in, run as Python: called, the Python value of that type (``cast``, and
    ``cython.int(x)``); subscripted (``cython.int[:]``, compiled a typed memoryview: an array read
    without Python's lookups, in ``@cython.locals``), a typed array type (the decorator ignores it)."""

    def __init__(self, name: str, python_type: type):
        self.name, self.python_type = name, python_type

    def __call__(self, value=0):
        return self.python_type(value)

    def __getitem__(self, dimensions):
        return CType(f"{self.name}[{dimensions!r}]", memoryview)

    def __repr__(self):
        return f"cython.{self.name} (run as Python: {self.python_type.__name__})"


#: Cython's C int (``@cython.locals(s=cython.int)``: compiled, indices read without Python's
#: lookups); run as Python, Python's int
int = CType("int", builtins.int)  # noqa: A001  (Cython's name)
#: Cython's C long (``@cython.locals(d=cython.long)``: distances, squares, counts); run as Python,
#: Python's int
long = CType("long", builtins.int)  # noqa: A001  (Cython's name)
#: Cython's C index type (``@cython.locals(i=cython.Py_ssize_t)``); run as Python, Python's int
Py_ssize_t = CType("Py_ssize_t", builtins.int)
#: Cython's C truth value (``@cython.locals(found=cython.bint)``); run as Python, Python's bool
bint = CType("bint", builtins.bool)
#: Cython's C double (``@cython.locals(p=cython.double)``); run as Python, Python's float
double = CType("double", builtins.float)
#: Cython's C float (``@cython.locals(values=cython.float[:])``: a float32 array written in place); run
#: as Python, Python's float
float = CType("float", builtins.float)  # noqa: A001  (Cython's name)
#: Cython's C signed char (``@cython.locals(mask=cython.schar[:])``: an int8 mask read in place); run as
#: Python, Python's int
schar = CType("schar", builtins.int)
#: Cython's C unsigned int (``cython.cast(cython.uint, byte) << 24``: compiled, a shift that cannot
#: overflow a signed int); run as Python, Python's int
uint = CType("uint", builtins.int)
#: Cython's compile-time flag (``if cython.compiled:``, a C path beside the Python one); run as
#: Python, False
compiled = False


def cast(type_, value):
    """Cython's C cast (``cython.cast(cython.uint, b)``); run as Python, the value made of the type
    (Python's int for the C integer types: a cast that would wrap in C is for compiled paths only)."""
    return type_(value)


def address(value):
    """Cython's address-of (``cython.address(size)``: a C pointer to a typed local), read only on
    a compiled path (``if cython.compiled:``); run as Python there is no C variable to point at."""
    raise TypeError("cython.address is for compiled code only (under `if cython.compiled:`)")
