"""PyTorch's threads are set when a neural member first needs PyTorch, not before."""

import sys
import types

import pytest

pytest.importorskip("safetensors")


def test_threads_asked_for_before_torch_is_imported_are_applied_when_it_is(monkeypatch):
    from phiscrub.detect import neural

    calls: list[int] = []
    monkeypatch.setitem(sys.modules, "torch", None)  # not imported yet
    neural.use_threads(3)
    fake = types.SimpleNamespace(set_num_threads=calls.append)
    monkeypatch.setitem(sys.modules, "torch", fake)
    assert calls == []
    neural.require_torch()
    assert calls == [3]
    neural.require_torch()  # applied once
    assert calls == [3]
    neural.use_threads(2)  # imported by now: applied at once
    assert calls == [3, 2]
    neural.require_torch()
    assert calls == [3, 2]
