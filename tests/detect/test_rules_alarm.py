import signal
import threading
import time

import pytest

from phiscrub.detect import DetectionError
from phiscrub.detect.rules import RuleDetector
from phiscrub.detect.rules.alarm import OutOfTime, alarm_available, cpu_alarm
from phiscrub.document import Document

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no setitimer")

EVIL = "[[pattern]]\nname='evil'\nlabel='X'\nregex='(a|aa)+$'\n"


def _untouched() -> bool:
    return signal.getsignal(signal.SIGPROF) == signal.SIG_DFL and signal.getitimer(
        signal.ITIMER_PROF
    ) == (0.0, 0.0)


def _in_thread(work):
    """``work()``'s result, or the exception it raised, run in a thread of its own."""
    box = {}

    def run():
        try:
            box["result"] = work()
        except BaseException as error:  # handed back to the test
            box["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return box


def test_the_alarm_stops_a_busy_loop_after_its_cpu_seconds_and_puts_the_handler_back():
    started = time.process_time()
    with pytest.raises(OutOfTime), cpu_alarm(0.05) as armed:
        assert armed
        while True:
            pass
    # the kernel's profiling timer and process_time count CPU time apart, by up to a
    # scheduler tick (4 ms at 250 Hz): on a busy machine the alarm came at 0.047 s
    assert 0.045 <= time.process_time() - started < 1.0
    assert _untouched()


def test_a_body_that_ends_in_time_leaves_no_timer_and_no_handler():
    with cpu_alarm(5.0) as armed:
        assert armed
        assert signal.getitimer(signal.ITIMER_PROF)[0] > 0
    assert _untouched()


def test_another_sigprof_handler_is_left_alone_and_the_alarm_is_not_armed():
    def theirs(signum, frame):
        return None

    previous = signal.signal(signal.SIGPROF, theirs)
    try:
        assert not alarm_available()
        with cpu_alarm(0.01) as armed:
            assert not armed
        assert signal.getsignal(signal.SIGPROF) is theirs
    finally:
        signal.signal(signal.SIGPROF, previous)


def test_outside_the_main_thread_the_alarm_is_not_armed():
    box = _in_thread(lambda: alarm_available())
    assert box == {"result": False}


def test_a_catastrophic_pattern_fails_within_the_budget_with_the_alarm(tmp_path):
    path = tmp_path / "evil.toml"
    path.write_text(EVIL)
    det = RuleDetector(path, time_budget=0.2)
    started = time.process_time()
    with pytest.raises(DetectionError, match=r"'hostile'.*0\.2 s CPU budget.*'evil'"):
        det.detect(Document("hostile", "a" * 60 + "b"))
    assert time.process_time() - started < 2.0
    assert _untouched()


def test_outside_the_main_thread_the_regex_timeout_keeps_the_budget(tmp_path):
    path = tmp_path / "evil.toml"
    path.write_text(EVIL)
    det = RuleDetector(path, time_budget=0.2)
    box = _in_thread(lambda: det.detect(Document("hostile", "a" * 60 + "b")))
    assert isinstance(box["error"], DetectionError)
    assert "'evil'" in str(box["error"])


def test_the_alarm_and_the_timeout_find_the_same_spans():
    text = (
        "Seen 03/04/2101 by Dr. Ana Ruiz at Mercy General Hospital, 12 Elm St, Boston, MA 02118."
        " MRN: 4471-882. Call 617-555-0143."
    )
    here = RuleDetector("en", prefilter=False).detect(Document("n", text))
    box = _in_thread(lambda: RuleDetector("en", prefilter=False).detect(Document("n", text)))
    assert len(here) >= 5
    assert [(s.start, s.end, s.label, s.score) for s in here] == [
        (s.start, s.end, s.label, s.score) for s in box["result"]
    ]
