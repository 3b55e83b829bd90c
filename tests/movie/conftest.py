"""Lets the Movie Scenario tests import the Reactor Room's and Operations' position builders."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "reactor_room"))
sys.path.insert(0, str(Path(__file__).parent.parent / "operations"))
