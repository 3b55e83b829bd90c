cimport cython

# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them), and state.exposed called in C (by target_field, for every human).
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human, exposed
# what the hive's step reads, called in C: who is in combat and beside the Alien (combat.pxd) and the
# layout cache (geometry.pxd). (Not xeno's alien_steps: xeno imports this module, this module xeno.)
from aliens_env.bug_hunt.combat cimport humans_beside, in_combat
from aliens_env.bug_hunt.geometry cimport layout_cache

# called in C by rulebook_steps and dice_ai_action; Python calls from xeno, the game and the Bug Master
@cython.locals(h=Human, j=cython.Py_ssize_t, humans=list, targets=list, shared=dict, kept=tuple, key=str, field=object)
cpdef target_field(GameRecords game, bint hugger)
@cython.locals(a=Alien, here=cython.long, best=cython.long, v=cython.long, out=list)
cpdef list rulebook_steps(GameRecords game, object i)
