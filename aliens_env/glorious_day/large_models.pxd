# Large models (large_models.py): kept_footprint a C call from the modules that cimport it (state.pxd);
# the others import it as before
cpdef tuple kept_footprint(board, anchor, size=*)
