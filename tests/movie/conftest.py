"""Lets the Movie Scenario tests import the Reactor Room's and Operations' position builders, and
the chains' tests their shared walk (movie_helpers.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "reactor_room"))
sys.path.insert(0, str(Path(__file__).parent.parent / "operations"))
sys.path.insert(0, str(Path(__file__).parent))
