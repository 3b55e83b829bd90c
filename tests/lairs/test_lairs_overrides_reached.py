"""The steps the phase loop and the observation call in C (cpdef: ReactorRoom._marines_gone,
LairsObservation's _observe_lairs, _scenario_key and _observe_scenario) still reach a Python
scenario's override: Marine Assault's freed Marine keeps the game going (_advance asks its
_marines_gone, not the Reactor Room's), and its chart is written into the observation (its
_scenario_key and _observe_scenario, not the hunt's)."""
import numpy as np

from aliens_env.lairs.assault import ASSAULT_FEATURES, MarineAssault
from rr_helpers import clear_room, idx


def alone_in_the_cocoon(freed: bool) -> MarineAssault:
    """Apone lying in its cocoon, nobody else on the map, in the Aliens Move: freed this turn (it
    rejoins at the turn's end) or still cocooned."""
    g = MarineAssault()
    g.riders, g.appear_at, g.facehugged = [], [], []
    g.cocooned, g.freed, g.unarmed, g.chart = [], [], [], 0
    clear_room(g, {}, 2)
    j = idx(g, "Apone")
    m = g.marines[j]
    m.status, m.incapacitated, m.pos = "on_map", True, g.cocooning[g.hunt["cocooned"]["Apone"] - 1]
    (g.freed if freed else g.cocooned).append(j)
    g.phase = "aliens_move"
    return g


def test_the_phase_loop_asks_the_assaults_marines_gone():
    g = alone_in_the_cocoon(freed=True)
    assert g._advance() and g.phase != "over"  # the freed rejoins: not gone
    g = alone_in_the_cocoon(freed=False)
    assert not g._advance() and g.phase == "over"  # the cocooned alone can never act


def test_the_observation_writes_the_assaults_own_views():
    g = MarineAssault()
    g.reset(5)
    at = g.obs_layout.offset("assault")
    chart_at = at + ASSAULT_FEATURES.index("chart/80")
    countdown_at = g.data["reactor"]["countdown_at"]
    assert g.observe("marines")[chart_at] == 0.0
    g.chart = countdown_at  # the countdown starts: its views change
    obs = g.observe("marines")
    assert np.isclose(obs[chart_at], 0.5) and obs[at + ASSAULT_FEATURES.index("counting_down")] == 1.0
    rows = g.obs_layout.offset("assault_marines")
    assert obs[rows + idx(g, "Apone") * 3] == 1.0  # cocooned
