"""Neural taggers (PyTorch, in the ``neural`` extra): NeuroNER's BiLSTM-CRF, Liu et al.'s
BiLSTM-CRF with feature embeddings, and CEDI.

Importing this package needs no PyTorch; the tagger and trainer modules do.
"""

from __future__ import annotations

import sys

from phiscrub.detect.neural.config import PRESETS, NeuralConfig, preset
from phiscrub.errors import ConfigError

_THREADS: list[int] = []  # the CPU threads asked for before PyTorch was imported


def use_threads(threads: int) -> None:
    """Give PyTorch ``threads`` CPU threads: now if it is imported, else when a neural member
    first needs it (``require_torch``), so that a run without one never pays for importing
    it."""
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(threads)
        _THREADS.clear()
    else:
        _THREADS[:] = [threads]


def require_torch() -> None:
    """Raise a clear error when the ``neural`` extra is not installed (and apply the threads
    ``use_threads`` asked for)."""
    try:
        import safetensors  # noqa: F401
        import torch
    except ImportError:
        raise ConfigError(
            "neural models need PyTorch and safetensors: pip install 'phiscrub[neural]' "
            "(install a CPU build of torch first, e.g. pip install torch==2.13.0)"
        ) from None
    if _THREADS:
        torch.set_num_threads(_THREADS.pop())


__all__ = ["PRESETS", "NeuralConfig", "preset", "require_torch", "use_threads"]
