"""Lets the Glorious Day tests import their shared helpers (gd_helpers.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
