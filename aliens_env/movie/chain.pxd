# The chain's observation copy (chain.py's StageChain.observe, compiled): the stage's values copied
# into the episode's buffer run by run, one memcpy a run, in C.

cdef extern from "<string.h>" nogil:
    void *memcpy(void *dest, const void *src, size_t n)


cdef inline void _copy_runs_c(size_t to, size_t of, size_t runs, Py_ssize_t count) noexcept:
    # to, of: the addresses of two contiguous float32 buffers; runs: of `count` rows of three
    # Py_ssize_t (start in to, start in of, length), C-contiguous. The plan (StageChain._bind_obs_map)
    # checks them once when bound and holds the three arrays (their memory stays) while it is used
    cdef float *t = <float *>to
    cdef const float *o = <const float *>of
    cdef const Py_ssize_t *r = <const Py_ssize_t *>runs
    cdef Py_ssize_t k
    for k in range(count):
        memcpy(t + r[3 * k], o + r[3 * k + 1], r[3 * k + 2] * sizeof(float))
