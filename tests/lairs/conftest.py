"""Lets the lairs rule tests import their helpers (lairs_helpers.py) and the Reactor Room's
(tests/reactor_room/rr_helpers.py), which drive any game built on the Reactor Room's rules."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "reactor_room"))
