# Alien Menace's observation writers (game.py) with C types when compiled: the game itself stays a
# Python class.
cpdef _gather_counts(list idx, list val, Py_ssize_t start, list held, list scale)
cpdef _put_clipped(float[::1] out, list idx, list val)
