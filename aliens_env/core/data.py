"""Reading a ruleset's YAML data files with errors that name the file and what is wrong."""
from __future__ import annotations

from pathlib import Path

import yaml


def read_yaml(path: Path):
    try:
        with open(path) as f:
            return yaml.safe_load(f)
    except OSError as exc:
        raise ValueError(f"cannot read data file {path}: {exc}") from None
    except yaml.YAMLError as exc:
        raise ValueError(f"{path} is not valid YAML: {exc}") from None
