from dataclasses import replace

import numpy as np
import pytest

from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.merge.ensemble import (
    ENSEMBLE_FILE,
    EnsembleModel,
    fit_ensemble,
    training_data,
)

MEMBERS = ["crf", "neural"]


def _note(number: int) -> tuple[Document, list[Span]]:
    """A note where both members find the patient (a gold span) and the neural member alone
    proposes a false city; every third note the CRF alone proposes a false doctor."""
    text = f"Note {number}: Ann Lee lives near Oak Hill."
    patient = Span(7 + len(str(number)), 14 + len(str(number)), "PATIENT")  # Ann Lee
    city = Span(patient.end + 12, patient.end + 20, "CITY")
    spans = [
        Span(patient.start, patient.end, "PATIENT", 0.9, "crf"),
        Span(patient.start, patient.end, "PATIENT", 0.8, "neural"),
        Span(city.start, city.end, "CITY", 0.6, "neural"),
    ]
    if number % 3 == 0:
        spans.append(Span(0, 4, "DOCTOR", 0.55, "crf"))
    return Document(f"n{number}", text, (patient,)), spans


PAIRS = [_note(n) for n in range(1, 31)]


def test_training_rows_are_labelled_by_strict_match_with_gold():
    data = training_data(PAIRS[:3], MEMBERS, ["CITY", "DOCTOR", "PATIENT"], "en")
    assert data.matrix.shape == (7, 9 + 2 + 2 + 3)
    assert data.target.tolist() == [1, 0, 1, 0, 0, 1, 0]


@pytest.mark.parametrize("classifier", ["svm", "linear-svm", "logistic"])
def test_each_classifier_learns_to_keep_agreed_instances(classifier):
    model = fit_ensemble(PAIRS, MEMBERS, "en", classifier)
    assert model.labels == ("CITY", "DOCTOR", "PATIENT")
    doc, spans = _note(99)
    rules = Span(0, 4, "DATE", 1.0, "rules")
    kept = model.apply(doc, [*spans, rules])
    assert [(s.start, s.end, s.label, s.source) for s in kept] == [
        (0, 4, "DATE", "rules"),  # not a member: passes through
        (9, 16, "PATIENT", "ensemble:crf+neural"),
    ]
    assert 0.5 < kept[1].score < 1.0


def test_the_numpy_rbf_decision_is_sklearns():
    from sklearn.svm import SVC

    model = fit_ensemble(PAIRS, MEMBERS, "en", "svm", c=2.0)
    data = training_data(PAIRS, MEMBERS, model.labels, "en")
    x = (data.matrix - model.mean) / model.scale
    reference = SVC(C=2.0, gamma=float(model.params["gamma"])).fit(x, data.target)
    np.testing.assert_allclose(
        model.decision(data.matrix), reference.decision_function(x), atol=1e-8
    )


def test_save_and_load_give_the_same_decisions(tmp_path):
    model = fit_ensemble(PAIRS, MEMBERS, "en", "svm")
    model.save(tmp_path / "e")
    again = EnsembleModel.load(tmp_path / "e")
    data = training_data(PAIRS, MEMBERS, model.labels, "en")
    np.testing.assert_array_equal(model.decision(data.matrix), again.decision(data.matrix))
    assert (again.members, again.classifier) == (("crf", "neural"), "svm")


def test_a_labels_own_threshold_accepts_its_candidates_above_it(tmp_path):
    model = fit_ensemble(PAIRS, MEMBERS, "en", "logistic")
    doc, spans = _note(99)
    found, values = model.judge(doc, spans)
    decided = {c.label: float(v) for c, v in zip(found, values, strict=True)}
    assert decided["CITY"] < 0 < decided["PATIENT"]  # the lone neural city is rejected
    below = decided["CITY"] - 0.01
    lowered = replace(model, thresholds={"CITY": below})
    assert lowered.threshold_of("CITY") == below and lowered.threshold_of("PATIENT") == 0.0
    assert [s.label for s in model.apply(doc, spans)] == ["PATIENT"]
    assert [s.label for s in lowered.apply(doc, spans)] == ["PATIENT", "CITY"]
    raised = replace(model, thresholds={"PATIENT": decided["PATIENT"] + 0.01})
    assert [s.label for s in raised.apply(doc, spans)] == []
    lowered.save(tmp_path / "e")
    assert EnsembleModel.load(tmp_path / "e").thresholds == {"CITY": below}


def test_an_ensemble_file_without_thresholds_gives_every_label_the_one_threshold(tmp_path):
    model = replace(fit_ensemble(PAIRS, MEMBERS, "en", "logistic"), threshold=-0.25)
    data = model.to_dict()
    del data["thresholds"]  # as ensembles saved before labels had their own
    again = EnsembleModel.from_dict(data, "old.json")
    assert (again.threshold, again.thresholds) == (-0.25, {})
    data["thresholds"] = ["PATIENT"]
    with pytest.raises(ConfigError, match=r"old\.json: malformed ensemble"):
        EnsembleModel.from_dict(data, "old.json")


def test_overlapping_accepted_candidates_keep_the_most_confident(tmp_path):
    model = fit_ensemble(PAIRS, MEMBERS, "en", "logistic")
    doc, spans = _note(5)
    # the agreed instance, and a longer one ("Ann Lee lives") also agreed by both
    longer = [Span(8, 21, "PATIENT", 0.9, m) for m in MEMBERS]
    found, values = model.judge(doc, [*spans, *longer])
    assert [c.key for c, v in zip(found, values, strict=True) if v > 0] == [
        (8, 15, "PATIENT"),
        (8, 21, "PATIENT"),
    ]
    kept = model.apply(doc, [*spans, *longer])
    best = max(zip(found, values, strict=True), key=lambda pair: pair[1])[0]
    assert [(s.start, s.end) for s in kept] == [(best.start, best.end)]


def test_bad_inputs_and_files(tmp_path):
    with pytest.raises(ConfigError, match="unknown ensemble classifier"):
        fit_ensemble(PAIRS, MEMBERS, "en", "forest")
    with pytest.raises(ConfigError, match="all correct or all wrong"):
        fit_ensemble(PAIRS[:1], ["crf"], "en")
    (tmp_path / ENSEMBLE_FILE).write_text("{}", encoding="utf-8")
    with pytest.raises(ConfigError, match="not a phiscrub ensemble"):
        EnsembleModel.load(tmp_path)
    with pytest.raises(ConfigError, match="cannot read ensemble"):
        EnsembleModel.load(tmp_path / "missing")
