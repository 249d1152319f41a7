"""The command line's thread limit reaches numpy's BLAS, and PyTorch when it is imported."""

import sys
import types

from threadpoolctl import threadpool_info


def test_limit_threads_sets_blas_and_torch(monkeypatch):
    import numpy  # noqa: F401  (its BLAS is what threadpoolctl limits)

    from phiscrub import threads

    calls: list[int] = []
    monkeypatch.setitem(sys.modules, "torch", types.SimpleNamespace(set_num_threads=calls.append))
    before = {pool["internal_api"]: pool["num_threads"] for pool in threadpool_info()}
    try:
        threads.limit_threads(1)
        assert {pool["num_threads"] for pool in threadpool_info()} == {1}
        assert calls == [1]
    finally:
        for limit in threads._LIMITS:
            limit.restore_original_limits()
    after = {pool["internal_api"]: pool["num_threads"] for pool in threadpool_info()}
    assert after == before
