"""Lets the Alien Menace tests import their shared position builders (am_helpers.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
