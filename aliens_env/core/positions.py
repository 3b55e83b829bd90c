"""Reading a saved position field by field, the same way in every ruleset.

A loader wraps the position's JSON objects in :class:`Fields` and reads each field through a
typed reader (an integer in a range, an index into another list, a bool, one of a set, a list
of a length, a nested object). A field that is missing, of the wrong type or out of range raises
:class:`PositionError`, a ValueError whose message names the field by its path and says what it
must be::

    malformed ReactorRoom position: field 'marines[2].wounded' must be true or false, got None

The list readers return copies and a loader builds the game's records from the values it reads
(never keeping a dict or list of the caller's), so a loaded game shares no data with its caller. Consistency between fields (a Marine's Alien must have that Marine's card, ...)
is the ruleset's to check; it reports through :meth:`Fields.fail` / :func:`position_error` with
the same wording.
"""
from __future__ import annotations

from typing import Any, Iterable

#: the largest whole number a position may hold (JSON-safe, and no reader overflows on it)
INT_MAX = 2**53


class PositionError(ValueError):
    """A position that the loader refuses; the message names the field and what it must be."""


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def position_error(what: str, path: str, must: str, value: Any = ...) -> PositionError:
    """``malformed <what>: field 'path' must ..., got value`` (leave out `value` for a
    consistency sentence); `what` is e.g. "ReactorRoom position"."""
    got = "" if value is ... else f", got {_show(value)}"
    return PositionError(f"malformed {what}: field '{path}' {must}{got}")


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"an integer in {lo}-{hi}"
    if lo is not None:
        return f"an integer >= {lo}"
    return f"an integer <= {hi}" if hi is not None else "an integer"


class Fields:
    """One JSON object at `path` ("" for the whole) of `what` ("ReactorRoom position").

    ``keys`` lists the fields it must hold (an unknown or missing one is refused); ``optional``
    gives a default for each field an older position may leave out."""

    @classmethod
    def position(cls, game: str, data: Any, keys: Iterable[str], optional: dict[str, Any] | None = None) -> "Fields":
        """The whole position of the game named `game`: a JSON object whose "game" is that name
        (anything else is refused first, with the expected name), holding `keys`."""
        what = f"{game} position"
        if not isinstance(data, dict) or data.get("game") != game:
            article = "an" if game[0] in "AEIOU" else "a"
            raise ValueError(f'not {article} {what}: expected a JSON object with "game": "{game}"')
        return cls(what, data, keys=keys, optional=optional)

    def __init__(self, what: str, data: Any, path: str = "", keys: Iterable[str] | None = None,
                 optional: dict[str, Any] | None = None):
        self.what, self.path = what, path
        if not isinstance(data, dict):
            raise position_error(what, path or "(all)", "must be a JSON object", data)
        self.data = data
        self.optional = optional or {}
        if keys is not None:
            allowed = set(keys) | set(self.optional)
            for key in data:
                if key not in allowed:
                    raise self.fail(key, f"is not a field here; the fields are {sorted(allowed)}")
            for key in keys:
                if key not in data:
                    raise self.missing(key)

    # -- paths and errors ----------------------------------------------------------------------
    def at(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str | int, must: str, value: Any = ...) -> PositionError:
        """The error for field `key` of this object (raise it)."""
        return position_error(self.what, self.at(key), must, value)

    def missing(self, key: str) -> PositionError:
        return PositionError(f"malformed {self.what}: missing field '{self.at(key)}'")

    def raw(self, key: str) -> Any:
        if key in self.data:
            return self.data[key]
        if key in self.optional:
            return self.optional[key]
        raise self.missing(key)

    # -- typed readers -------------------------------------------------------------------------
    def int(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        return check_int(self.what, self.at(key), self.raw(key), lo, hi)

    def index(self, key: str, of: str, count: int, none: int | None = -1) -> int:
        """An index into the list field `of` (which has `count` items), or `none` for nothing."""
        value = self.raw(key)
        if not (is_int(value) and (0 <= value < count or value == none)):
            also = "" if none is None else f" or {none}"
            raise self.fail(key, f"must be an index of '{of}' (0-{count - 1}){also}", value)
        return value

    def indices(self, key: str, of: str, count: int, unique: bool = True) -> list[int]:
        """A list of indices into the list field `of` (which has `count` items)."""
        items = self.list(key)
        for i, v in enumerate(items):
            if not is_int(v) or not 0 <= v < count:
                raise position_error(self.what, self.at(key) + f"[{i}]", f"must be an index of '{of}' (0-{count - 1})", v)
        if unique and len(set(items)) != len(items):
            raise self.fail(key, "must not list a value twice", items)
        return items

    def bool(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            raise self.fail(key, "must be true or false", value)
        return value

    def str(self, key: str) -> str:
        value = self.raw(key)
        if not isinstance(value, str):
            raise self.fail(key, "must be a string", value)
        return value

    def choice(self, key: str, allowed: Iterable[Any]) -> Any:
        """One of `allowed` (strings, None, ...: compared by equality and type)."""
        allowed = list(allowed)
        value = self.raw(key)
        if not any(value == a and type(value) is type(a) for a in allowed):
            raise self.fail(key, f"must be one of {allowed}", value)
        return value

    def list(self, key: str, length: int | None = None, max_length: int | None = None) -> list:
        """A copy of a list field (its items are the caller's to check)."""
        return check_list(self.what, self.at(key), self.raw(key), length, max_length)

    def ints(self, key: str, lo: int | None = None, hi: int | None = None, length: int | None = None,
             max_length: int | None = None, unique: bool = False) -> list[int]:
        items = self.list(key, length, max_length)
        out = [check_int(self.what, self.at(key) + f"[{i}]", v, lo, hi) for i, v in enumerate(items)]
        if unique and len(set(out)) != len(out):
            raise self.fail(key, "must not list a value twice", out)
        return out

    def strs(self, key: str, max_length: int | None = None) -> list[str]:
        items = self.list(key, max_length=max_length)
        for i, v in enumerate(items):
            if not isinstance(v, str):
                raise position_error(self.what, self.at(key) + f"[{i}]", "must be a string", v)
        return items

    def fields(self, key: str, keys: Iterable[str] | None = None, optional: dict[str, Any] | None = None) -> "Fields":
        """A nested object."""
        return Fields(self.what, self.raw(key), self.at(key), keys, optional)

    def records(self, key: str, keys: Iterable[str], length: int | None = None,
                max_length: int | None = None) -> list["Fields"]:
        """A list of objects that each hold exactly `keys`."""
        items = self.list(key, length, max_length)
        return [Fields(self.what, item, self.at(key) + f"[{i}]", keys) for i, item in enumerate(items)]


def check_int(what: str, path: str, value: Any, lo: int | None = None, hi: int | None = None) -> int:
    lo_ = -INT_MAX if lo is None else lo
    hi_ = INT_MAX if hi is None else hi
    if not is_int(value) or not lo_ <= value <= hi_:
        raise position_error(what, path, f"must be {_range_text(lo, hi)}", value)
    return value


def check_list(what: str, path: str, value: Any, length: int | None = None, max_length: int | None = None) -> list:
    if not isinstance(value, list):
        raise position_error(what, path, "must be a list", value)
    if length is not None and len(value) != length:
        raise position_error(what, path, f"must list {length} items, got {len(value)}")
    if max_length is not None and len(value) > max_length:
        raise position_error(what, path, f"must list at most {max_length} items, got {len(value)}")
    return list(value)
