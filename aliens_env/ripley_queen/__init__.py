"""Ripley vs. the Queen, the Powerloader duel of Aliens (Leading Edge Games, 1989)."""
