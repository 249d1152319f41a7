"""How many CPU threads a run's numeric libraries use: PyTorch's (when a neural member needs it)
and the BLAS and OpenMP pools under numpy (the ensemble's SVM), through threadpoolctl.

One thread per process is the default of the command line and the service: on a busy machine
more threads spin, and with ``--jobs`` or ``--workers`` the processes share the cores.
"""

from __future__ import annotations

from threadpoolctl import threadpool_limits

from phiscrub.detect.neural import use_threads

_LIMITS: list[object] = []  # the limits in force, kept so that they are not undone


def limit_threads(threads: int) -> None:
    """Give every numeric library of this process (and of processes forked from it)
    ``threads`` CPU threads."""
    _LIMITS[:] = [threadpool_limits(limits=threads)]
    use_threads(threads)
