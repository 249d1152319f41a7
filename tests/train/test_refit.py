import json

import numpy as np
import pytest

from phiscrub.errors import ConfigError, PhiscrubError
from phiscrub.merge.ensemble import fit_ensemble
from phiscrub.pipeline import load_pipeline
from phiscrub.train.pipeline import read_cross_predictions, train_pipeline
from phiscrub.train.refit import refit_ensemble
from tests.train.test_pipeline import _corpus, corpus  # noqa: F401 (fixture)


@pytest.fixture
def trained(corpus):  # noqa: F811
    train_pipeline(
        corpus / "recipe.toml",
        corpus / "train.jsonl",
        corpus / "model",
        cross_predictions=corpus / "cross.jsonl",
    )
    return corpus


def _files(directory):
    return {p.relative_to(directory): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


def test_refit_writes_a_new_pipeline_with_the_new_ensemble_and_leaves_the_old_one(trained):
    before = _files(trained / "model")
    events = []
    result = refit_ensemble(
        trained / "model",
        trained / "train.jsonl",
        trained / "cross.jsonl",
        trained / "refit",
        {"members": ["rules", "crf"], "classifier": "svm", "c": 3.0, "fill": ["crf"]},
        trained / "dev.jsonl",
        on_event=events.append,
    )
    assert _files(trained / "model") == before
    docs = _corpus()
    raw = read_cross_predictions(trained / "cross.jsonl", docs)
    pairs = list(zip(docs, raw, strict=True))
    expected = fit_ensemble(pairs, ["rules", "crf"], "en", "svm", c=3.0)
    pipeline = load_pipeline(trained / "refit")
    saved = pipeline.ensemble
    assert (saved.members, saved.classifier) == (("rules", "crf"), "svm")
    assert saved.params["dual_coef"] == pytest.approx(expected.params["dual_coef"])
    config = json.loads((trained / "refit" / "pipeline.json").read_text(encoding="utf-8"))
    assert config["merge"]["ensemble"]["members"] == ["rules", "crf"]
    assert config["merge"]["ensemble"]["fill"] == ["crf"]
    assert config["merge"]["ensemble"]["c"] == 3.0
    # the members are the old pipeline's, byte for byte
    old, new = _files(trained / "model"), _files(trained / "refit")
    models = [k for k in old if k.parts[0] != "ensemble" and k.name != "pipeline.json"]
    assert models and all(new[k] == old[k] for k in models)
    members = {"rules", "crf"}
    assert result.candidates == sum(len({s.key for s in r if s.detector in members}) for r in raw)
    assert list(result.dev) == ["rules", "crf", "ensemble", "hybrid"]
    assert events == [f"ensemble (svm) fitted on {result.candidates:,} candidates"]


def test_refit_refuses_bad_changes_and_outputs_that_overlap_inputs(trained):
    args = (trained / "model", trained / "train.jsonl", trained / "cross.jsonl")
    with pytest.raises(ConfigError, match="ensemble fill names \\['rules'\\], which are not"):
        refit_ensemble(*args, trained / "a", {"members": ["crf"], "fill": ["rules"]})
    with pytest.raises(ConfigError, match="classifier: Input should be"):
        refit_ensemble(*args, trained / "b", {"classifier": "forest"})
    with pytest.raises(PhiscrubError, match="must not be the input"):
        refit_ensemble(*args, trained / "model" / "inner", {})
    with pytest.raises(ConfigError, match="not a pipeline directory"):
        refit_ensemble(trained, *args[1:], trained / "c", {})
    assert not any((trained / name).exists() for name in ("a", "b", "c"))


def test_thresholds_change_without_cross_predictions_and_keep_the_fitted_ensemble(trained):
    before = _files(trained / "model")
    events = []
    result = refit_ensemble(
        trained / "model",
        None,
        None,
        trained / "lowered",
        {"threshold": -0.5, "thresholds": {"PATIENT": -1.5}},
        on_event=events.append,
    )
    assert _files(trained / "model") == before
    assert (result.candidates, events) == (0, ["ensemble kept; its decision thresholds changed"])
    old = load_pipeline(trained / "model").ensemble
    new = load_pipeline(trained / "lowered").ensemble
    assert (new.threshold, new.thresholds) == (-0.5, {"PATIENT": -1.5})
    assert (new.members, new.labels, new.features) == (old.members, old.labels, old.features)
    assert new.params.keys() == old.params.keys()
    assert all(np.array_equal(new.params[k], old.params[k]) for k in old.params)
    assert new.mean.tolist() == old.mean.tolist() and new.scale.tolist() == old.scale.tolist()
    config = json.loads((trained / "lowered" / "pipeline.json").read_text(encoding="utf-8"))
    assert config["merge"]["ensemble"]["thresholds"] == {"PATIENT": -1.5}


def test_refit_without_cross_predictions_refuses_changes_that_need_them(trained):
    with pytest.raises(ConfigError, match=r"changing \['c'\] fits the ensemble again"):
        refit_ensemble(trained / "model", None, None, trained / "a", {"c": 2.0, "threshold": 1})
    with pytest.raises(ConfigError, match="needs both the training corpus"):
        refit_ensemble(trained / "model", trained / "train.jsonl", None, trained / "b", {})
    with pytest.raises(ConfigError, match="thresholds: Value error, thresholds name labels no"):
        refit_ensemble(trained / "model", None, None, trained / "c", {"thresholds": {"X": 1}})
    assert not any((trained / name).exists() for name in ("a", "b", "c"))
