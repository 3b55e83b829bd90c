# Bug Hunt's figures' C types for this module's typed locals (bug_hunt/state.pxd declares them).
from aliens_env.bug_hunt.state cimport Human
