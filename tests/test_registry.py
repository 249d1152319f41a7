"""Plug-ins: a detector, a merge policy and an operator defined here, named in a config."""

import re
from importlib.metadata import EntryPoint

import pytest

from phiscrub import registry
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.merge import MergeResult
from phiscrub.pipeline import Pipeline, PipelineConfig
from phiscrub.replace import ReplaceConfig, Replacer, SecretKey


class StudyIds:
    """Finds study ids such as ``ZX-0042``."""

    def __init__(self, name: str, prefix: str = "ZX") -> None:
        self.name = name
        self.pattern = re.compile(rf"\b{prefix}-\d{{4}}\b")

    def detect(self, doc: Document) -> list[Span]:
        return [
            Span(m.start(), m.end(), "IDNUM", 1.0, f"{self.name}:study")
            for m in self.pattern.finditer(doc.text)
        ]


def keep_all(spans, priority):
    return MergeResult(tuple(sorted(spans, key=lambda s: (s.start, s.end))), ())


@pytest.fixture
def plugins():
    registry.detectors.register("study-ids", StudyIds)
    registry.merge_policies.register("keep-all", keep_all)
    registry.operators.register("stars", lambda original, label: "*" * len(original))
    yield
    registry.detectors.unregister("study-ids")
    registry.merge_policies.unregister("keep-all")
    registry.operators.unregister("stars")


def _pipeline(**merge) -> Pipeline:
    config = PipelineConfig.model_validate(
        {
            "name": "plug",
            "detector": [
                {"type": "rules", "patterns": "en"},
                {
                    "type": "plugin",
                    "factory": "study-ids",
                    "name": "ids",
                    "settings": {"prefix": "ZX"},
                },
            ],
            "merge": merge,
        }
    )
    return Pipeline(config)


def test_a_detector_from_the_registry_runs_in_a_pipeline(plugins):
    text = "Enrolled as ZX-0042 on 03/14/2091."
    spans = _pipeline().detect(text).spans
    assert [(s.start, s.end, s.label, s.source) for s in spans] == [
        (12, 19, "IDNUM", "ids:study"),
        (23, 33, "DATE", "rules:date_numeric"),
    ]


def test_a_merge_policy_and_an_operator_from_the_registry(plugins):
    pipeline = _pipeline(policy="keep-all")
    doc = pipeline.annotate(Document("d", "ZX-0042 seen 03/14/2091"))
    # the policy keeps both detectors' overlapping ids (priority would keep one)
    assert [(s.start, s.end, s.label) for s in doc.spans] == [
        (0, 7, "IDNUM"),
        (0, 7, "IDNUM"),
        (13, 23, "DATE"),
    ]
    assert {s.detector for s in doc.spans[:2]} == {"rules", "ids"}
    config = ReplaceConfig(default="tag", per_label={"IDNUM": "stars"})
    out = Replacer(config, SecretKey(b"k" * 16, "test")).replace(doc)
    assert out.document.text == "******* seen [DATE]"


def test_unknown_plugins_are_named_with_the_known_ones(plugins):
    with pytest.raises(ConfigError, match=r"no detectors plug-in named 'nope'.*study-ids"):
        _ = Pipeline(
            PipelineConfig.model_validate(
                {"name": "p", "detector": [{"type": "plugin", "factory": "nope"}]}
            )
        ).detectors
    with pytest.raises(ValueError, match="unknown merge policy 'nope'"):
        PipelineConfig.model_validate(
            {"name": "p", "detector": [{"type": "rules"}], "merge": {"policy": "nope"}}
        )
    with pytest.raises(ConfigError, match="unknown operator 'nope'"):
        ReplaceConfig(default="nope")


def test_a_factory_that_makes_no_detector_is_refused():
    registry.detectors.register("broken", lambda name: object())
    try:
        config = {"name": "p", "detector": [{"type": "plugin", "factory": "broken"}]}
        with pytest.raises(ConfigError, match="no name and detect"):
            _ = Pipeline(PipelineConfig.model_validate(config)).detectors
    finally:
        registry.detectors.unregister("broken")


def test_entry_points_are_found_without_registration(monkeypatch):
    point = EntryPoint("study-ids-ep", f"{__name__}:StudyIds", "phiscrub.detectors")

    def fake(group):
        return [point] if group == "phiscrub.detectors" else []

    monkeypatch.setattr(registry, "entry_points", fake)
    assert "study-ids-ep" in registry.detectors.names()
    assert registry.detectors.get("study-ids-ep") is StudyIds
    registry.detectors.unregister("study-ids-ep")
