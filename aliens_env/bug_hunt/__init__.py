"""Bug Hunt (Stephen A. Gilbert, 2008): explore a colony laid from dice tables, against a
dice-driven Alien hive or a Bug Master."""
from .game import BugHunt

__all__ = ["BugHunt"]
