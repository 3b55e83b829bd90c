# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them), and state.exposed called in C (by target_field, for every human).
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human, exposed
