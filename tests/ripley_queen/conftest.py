"""Lets the Ripley vs. the Queen tests import their shared helpers (rq_helpers.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
