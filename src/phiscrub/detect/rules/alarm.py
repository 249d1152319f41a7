"""A CPU-time alarm for the rule patterns' budget, cheaper than the regex module's timeout.

``regex``'s ``timeout`` argument reads the clock inside its matching loop, which costs about a
sixth of the patterns' search time. The module also checks for signals in that loop, so a
profiling timer (``ITIMER_PROF``, process CPU time, as ``time.process_time`` counts it) whose
handler raises stops a runaway search just as well, for the price of two system calls per note.

Python runs signal handlers in the main thread only, and the timer and the handler belong to
the whole process: the alarm is used only in the main thread, where no other ``SIGPROF``
handler or profiling timer is installed. Elsewhere :func:`cpu_alarm` yields ``False`` and the
caller passes its own timeouts.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_SMALLEST = 1e-6  # a timer of 0 seconds would be no timer at all


class OutOfTime(BaseException):
    """The alarm's budget is spent. A ``BaseException``, so that no ``except Exception`` on
    the way swallows it."""


def _raise(signum: int, frame: object) -> None:
    raise OutOfTime


def alarm_available() -> bool:
    """Whether this thread may use the alarm now."""
    return (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGPROF) in (signal.SIG_DFL, None)
        and signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    )


@contextmanager
def cpu_alarm(seconds: float) -> Iterator[bool]:
    """Raise :class:`OutOfTime` in the body once the process has spent ``seconds`` more CPU
    seconds. Yields whether the alarm is armed (False: the caller must keep time itself)."""
    if not alarm_available():
        yield False
        return
    previous = signal.signal(signal.SIGPROF, _raise)
    try:
        signal.setitimer(signal.ITIMER_PROF, max(seconds, _SMALLEST))  # one shot
        yield True
    finally:
        try:
            _disarm(previous)
        except OutOfTime:  # the timer's one signal came just now: put things back, then stop
            _disarm(previous)
            raise


def _disarm(previous: object) -> None:
    signal.setitimer(signal.ITIMER_PROF, 0)  # stopped before its handler goes
    signal.signal(signal.SIGPROF, previous)  # type: ignore[arg-type]
