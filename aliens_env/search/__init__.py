"""Search agents that play any registered game through the Game contract (no training stack)."""
from .mcts import DEFAULT_BUDGET, MCTSPolicy

__all__ = ["DEFAULT_BUDGET", "MCTSPolicy"]
