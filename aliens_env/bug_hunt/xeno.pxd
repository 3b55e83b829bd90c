# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them), and the state's queries this module calls in C.
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human, exposed, figure_at, occupied, room_of
# the colony's engine (core/grid.pxd): its cpdef queries (around) called in C on a typed receiver
from aliens_env.core.grid cimport Grid
