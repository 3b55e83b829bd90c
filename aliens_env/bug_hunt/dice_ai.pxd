cimport cython

# The C type of Bug Hunt's game records for this module's typed locals (bug_hunt/state.pxd declares it).
from aliens_env.bug_hunt.state cimport GameRecords
# the rulebook's steps (xeno.pxd), called in C by dice_ai_action
from aliens_env.bug_hunt.xeno cimport rulebook_steps
