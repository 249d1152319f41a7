"""Detection in worker processes for corpus runs (``deid --jobs N``, ``detect --jobs N``).

Workers are forked from the run's process, so they share what it has already read (the
pipeline's config, the two-pass spans and patient dictionaries) without copying it through
pickles, and each loads the pipeline's models once. Notes go to them in the order they are
read, a bounded number at a time, and their answers come back in that order, so a run writes
the same notes, in the same order, whatever the number of jobs. Replacement stays in the run's
process: surrogates and the files written do not depend on the workers.

Where processes cannot be forked (Windows, macOS' default), runs use one process, with a
warning.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

from phiscrub.errors import PhiscrubError

T = TypeVar("T")
R = TypeVar("R")

_STATE: dict[str, Any] = {}
"""What a worker was forked with (``state``), read by the task functions."""

AHEAD = 4
"""Tasks queued per worker beyond the one it runs (memory stays bounded in corpus size)."""


def fork_pool(
    jobs: int, state: object, warm: Callable[[], object] | None = None
) -> ProcessPoolExecutor | None:
    """``jobs`` forked workers that see ``state``; None for one job or where fork is missing.
    ``warm`` runs first, in this process, so that what it loads (models, gazetteers) is
    loaded once and shared by the workers rather than loaded by each."""
    if jobs <= 1:
        return None
    if "fork" not in multiprocessing.get_all_start_methods():
        warnings.warn("this system cannot fork processes: the run uses one job", stacklevel=2)
        return None
    if warm is not None:
        with contextlib.suppress(PhiscrubError):  # only a head start: the notes still decide
            warm()
    return ProcessPoolExecutor(
        jobs,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_keep,
        initargs=(state,),
    )


def _keep(state: object) -> None:
    _STATE["state"] = state


def worker_state() -> Any:
    """The ``state`` this worker was forked with."""
    return _STATE["state"]


def ordered(
    pool: ProcessPoolExecutor, task: Callable[[T], R], items: Iterable[T], jobs: int
) -> Iterator[tuple[T, R]]:
    """``(item, task(item))`` in the order of ``items``, computed by ``pool`` (of ``jobs``
    workers) with a bounded number of items in flight."""
    limit = jobs * (AHEAD + 1)
    pending: deque[tuple[T, Future[R]]] = deque()
    for item in items:
        pending.append((item, pool.submit(task, item)))
        if len(pending) >= limit:
            first, future = pending.popleft()
            yield first, future.result()
    while pending:
        first, future = pending.popleft()
        yield first, future.result()


def portable(error: PhiscrubError) -> PhiscrubError:
    """An error a worker can send back: its message in a plain :class:`PhiscrubError` (some
    subclasses take arguments that do not survive pickling)."""
    return PhiscrubError(str(error))
