import sys

import pytest

from phiscrub.detect.neural import PRESETS, NeuralConfig, preset, require_torch
from phiscrub.errors import ConfigError


def test_presets_are_the_papers_recipes():
    configs = {name: NeuralConfig.model_validate(preset(name)) for name in PRESETS}
    neuroner, fea, cedi = configs["neuroner"], configs["bilstm-fea"], configs["cedi"]
    assert (neuroner.char.dim, neuroner.char.hidden, neuroner.lstm_hidden) == (25, 25, 100)
    assert (neuroner.dropout, neuroner.training.lr, neuroner.training.clip) == (0.5, 0.005, 5.0)
    assert neuroner.input == "sentence" and not neuroner.features.enabled
    assert fea.features.enabled and fea.input == "sentence" and not fea.context.enabled
    assert cedi.input == "window" and cedi.training.lr == 0.02
    assert (neuroner.training.reduction, cedi.training.reduction) == ("sum", "mean")
    assert (neuroner.training.anneal, cedi.training.anneal) == (None, 0.5)
    assert (cedi.context.n, cedi.context.hidden) == (10, 256)
    assert (cedi.prefix.length, cedi.prefix.min_count, cedi.prefix.dim) == (3, 20, 25)
    assert cedi.attention.enabled and cedi.attention.dim == 50
    assert all(c.training.patience == 15 and c.scheme == "BIOES" for c in configs.values())
    with pytest.raises(KeyError):
        preset("flair")


def test_a_missing_torch_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", None)
    with pytest.raises(ConfigError, match=r"pip install 'phiscrub\[neural\]'"):
        require_torch()
