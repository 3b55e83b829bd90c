# The Bug Hunt game as an extension type when compiled: its records are declared at its base
# (GameRecords, state.pxd), where the rule modules, which this module imports, can name its type.
from aliens_env.core.actions cimport ActionLayout
from aliens_env.core.game cimport Decision
from aliens_env.bug_hunt.state cimport GameRecords, Alien as AlienRecord, Human as HumanRecord
# a figure's mask (_compute_mask, _compute_script_mask: once per figure's decision), called in C
from aliens_env.bug_hunt.marines cimport marine_mask

cdef class BugHunt(GameRecords):
    # cpdef: called in C from this class's own methods (_settle, at every step of the phase machine)
    cpdef _check_end(self)
