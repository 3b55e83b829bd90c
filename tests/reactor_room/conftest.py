"""Lets the Reactor Room rule tests import their shared helpers (tests/reactor_room/rr_helpers.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
