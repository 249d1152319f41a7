import pytest

from phiscrub.document import Span
from phiscrub.errors import ConfigError
from phiscrub.merge import Dropped, merge_spans

# "Dr Ann Lee seen 3/4/2019 age 92" with competing detections
DOCTOR = Span(3, 10, "DOCTOR", 0.6, "dict")
PATIENT = Span(3, 6, "PATIENT", 0.9, "crf")
DATE = Span(16, 24, "DATE", 0.99, "rules")
AGE = Span(20, 24, "AGE", 0.5, "rules")
LONE = Span(29, 31, "AGE", 0.8, "rules")
SPANS = [PATIENT, DOCTOR, DATE, AGE, LONE]


def test_priority_prefers_the_label_listed_first_and_records_the_loser():
    result = merge_spans(SPANS, "priority", ["AGE", "DOCTOR", "PATIENT", "DATE"])
    assert result.spans == (DOCTOR, AGE, LONE)
    assert result.dropped == (
        Dropped(PATIENT, DOCTOR, "priority"),
        Dropped(DATE, AGE, "priority"),
    )


def test_longest_and_score():
    assert merge_spans(SPANS, "longest").spans == (DOCTOR, DATE, LONE)
    assert merge_spans(SPANS, "score").spans == (PATIENT, DATE, LONE)


def test_union_joins_overlaps_under_the_highest_priority_label():
    result = merge_spans(SPANS, "union", ["DOCTOR", "PATIENT", "DATE", "AGE"])
    assert result.spans == (
        Span(3, 10, "DOCTOR", 0.9, "crf+dict"),
        Span(16, 24, "DATE", 0.99, "rules"),
        LONE,
    )
    assert len(result.dropped) == 4


def test_identical_spans_count_once_with_the_best_score():
    a = Span(0, 4, "DATE", 0.4, "rules")
    b = Span(0, 4, "DATE", 0.8, "crf")
    result = merge_spans([a, b])
    assert result.spans == (b,) and result.dropped == ()


def test_unlisted_labels_rank_last_and_chains_resolve_left_to_right():
    a, b, c = Span(0, 5, "X"), Span(4, 9, "DATE"), Span(8, 12, "Y")
    result = merge_spans([a, b, c], "priority", ["DATE"])
    assert result.spans == (b,)
    assert {d.span for d in result.dropped} == {a, c}


def test_unknown_policy():
    with pytest.raises(ConfigError, match="merge policy"):
        merge_spans(SPANS, "vote")


def test_widen_gives_the_winner_the_extent_of_a_loser_of_its_category():
    # "Brigham and Women's Hospital": a city span over all of it, a hospital span over the end
    city = Span(0, 28, "CITY", 0.85, "dictionary")
    hospital = Span(12, 28, "HOSPITAL", 0.9, "rules")
    result = merge_spans([city, hospital], "priority", widen=True)
    assert result.spans == (Span(0, 28, "HOSPITAL", 0.9, "rules"),)
    assert [(d.span, d.kept) for d in result.dropped] == [
        (hospital, Span(0, 28, "HOSPITAL", 0.9, "rules")),
        (city, Span(0, 28, "HOSPITAL", 0.9, "rules")),
    ]
    assert merge_spans([city, hospital], "priority").spans == (hospital,)


def test_widen_leaves_other_categories_and_spans_holding_two_winners():
    date = Span(0, 10, "DATE", 0.9, "rules")
    patient = Span(0, 20, "PATIENT", 0.5, "crf")  # another category: no widening
    assert merge_spans([date, patient], "priority", widen=True).spans == (date,)
    first = Span(0, 4, "PATIENT", 0.9, "crf")
    second = Span(10, 14, "PATIENT", 0.9, "crf")
    wide = Span(0, 14, "DOCTOR", 0.9, "dictionary")  # holds two kept spans: stays dropped
    assert merge_spans([first, second, wide], "priority", widen=True).spans == (first, second)


def test_widen_is_refused_where_no_span_wins():
    from phiscrub.pipeline import PipelineConfig

    config = {"name": "p", "detector": [{"type": "rules"}]}
    with pytest.raises(ValueError, match="widen applies to the priority"):
        PipelineConfig.model_validate({**config, "merge": {"policy": "union", "widen": True}})
    merge = PipelineConfig.model_validate({**config, "merge": {"widen": True}}).merge
    assert (merge.policy, merge.widen) == ("priority", True)
