"""The one Wilson interval of a win rate and the one interval of a mean score, for evaluation,
training and the rulesets' tuning commands."""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion (95% by default); (0, 1) for no trials."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1.0 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo = 0.0 if successes <= 0 else max(0.0, center - half)
    hi = 1.0 if successes >= n else min(1.0, center + half)
    return (lo, hi)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    x = np.asarray(values, dtype=np.float64)
    if len(x) == 0:
        return (float("nan"),) * 3
    m = float(x.mean())
    if len(x) < 2:
        return (m, m, m)
    half = z * float(x.std(ddof=1)) / math.sqrt(len(x))
    return (m, m - half, m + half)
