# The C type of Bug Hunt's game records for this module's typed locals (bug_hunt/state.pxd declares it).
from aliens_env.bug_hunt.state cimport GameRecords
# a walking field's steps at a square, called in C (_detour, _lengthens)
from aliens_env.bug_hunt.geometry cimport steps_on
