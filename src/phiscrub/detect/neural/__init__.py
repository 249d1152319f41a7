"""Neural taggers (PyTorch, in the ``neural`` extra): NeuroNER's BiLSTM-CRF, Liu et al.'s
BiLSTM-CRF with feature embeddings, and CEDI.

Importing this package needs no PyTorch; the tagger and trainer modules do.
"""

from __future__ import annotations

from phiscrub.detect.neural.config import PRESETS, NeuralConfig, preset
from phiscrub.errors import ConfigError


def require_torch() -> None:
    """Raise a clear error when the ``neural`` extra is not installed."""
    try:
        import safetensors  # noqa: F401
        import torch  # noqa: F401
    except ImportError:
        raise ConfigError(
            "neural models need PyTorch and safetensors: pip install 'phiscrub[neural]' "
            "(install a CPU build of torch first, e.g. pip install torch==2.13.0)"
        ) from None


__all__ = ["PRESETS", "NeuralConfig", "preset", "require_torch"]
