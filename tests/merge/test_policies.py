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


def test_a_user_name_beats_a_person_s_name_read_in_it():
    # "MyChart (username: okonkwo.emeka)": a model reads the login as a patient's name
    login = Span(19, 32, "USERNAME", 0.85, "rules:username")
    name = Span(19, 32, "PATIENT", 0.9, "ensemble:crf")
    assert merge_spans([name, login], "priority").spans == (login,)


def test_a_postcode_beats_a_room_read_in_it():
    # "Sheffield S11 9FU": a model reads the postcode as a room
    postcode = Span(10, 17, "ZIP", 0.9, "rules:postcode_uk")
    room = Span(10, 17, "ROOM", 0.45, "ensemble:bilstm-fea")
    assert merge_spans([room, postcode], "priority").spans == (postcode,)


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


def test_widen_leaves_formulas_at_their_winners_extent():
    # "Medicare 1EG4-TE5-MK73, secondary ..." read as one ID holds the plan's ID: no widening
    plan = Span(9, 22, "HEALTHPLAN", 0.95, "rules")
    wide = Span(0, 60, "IDNUM", 0.7, "bilstm-fea")
    assert merge_spans([plan, wide], "priority", widen=True).spans == (plan,)
    fax = Span(4, 12, "FAX", 0.9, "rules")  # a fax number inside a phone's longer reading
    phone = Span(0, 20, "PHONE", 0.6, "crf")
    assert merge_spans([fax, phone], "priority", widen=True).spans == (fax,)


def test_widen_is_refused_where_no_span_wins():
    from phiscrub.pipeline import PipelineConfig

    config = {"name": "p", "detector": [{"type": "rules"}]}
    with pytest.raises(ValueError, match="widen applies to the priority"):
        PipelineConfig.model_validate({**config, "merge": {"policy": "union", "widen": True}})
    merge = PipelineConfig.model_validate({**config, "merge": {"widen": True}}).merge
    assert (merge.policy, merge.widen) == ("priority", True)


def test_outer_keeps_a_rule_span_over_the_spans_inside_it_that_beat_it():
    # "2 Mohamed Plains, Lake Ruthland": the street rule reads the whole street, the
    # dictionary a name inside it, which wins by priority and leaves "2" in the note
    street = Span(0, 16, "STREET", 0.9, "rules:street")
    name = Span(2, 16, "PATIENT", 0.75, "dictionary:gazetteer_first_name")
    city = Span(18, 30, "CITY", 0.8, "crf")
    assert merge_spans([street, name, city], "priority").spans == (name, city)
    result = merge_spans([street, name, city], "priority", outer=["rules"])
    assert result.spans == (street, city)
    assert [(d.span, d.kept) for d in result.dropped] == [(name, street)]


def test_outer_needs_every_winner_inside_and_none_scored_higher():
    phone = Span(0, 14, "PHONE", 0.85, "rules:phone_trunk")  # "(0115) 496 0036"
    inside = Span(7, 14, "IDNUM", 0.65, "ensemble:crf")
    sure = Span(7, 14, "IDNUM", 0.95, "ensemble:crf")  # scored above the rule: it stays
    across = Span(10, 20, "IDNUM", 0.5, "ensemble:crf")  # reaches past the rule's span
    same = Span(0, 14, "IDNUM", 0.5, "ensemble:crf")  # the same extent: priority decides
    assert merge_spans([phone, inside], "priority", outer=["rules"]).spans == (phone,)
    assert merge_spans([phone, sure], "priority", outer=["rules"]).spans == (sure,)
    assert merge_spans([phone, across], "priority", outer=["rules"]).spans == (across,)
    assert merge_spans([phone, same], "priority", outer=["rules"]).spans == (same,)
    # only the named detectors' spans win this way
    learned = Span(0, 14, "PHONE", 0.85, "crf")
    assert merge_spans([learned, inside], "priority", outer=["rules"]).spans == (inside,)


def test_outer_names_detectors_of_the_pipeline_and_needs_a_winner():
    from phiscrub.pipeline import PipelineConfig

    config = {"name": "p", "detector": [{"type": "rules"}]}
    with pytest.raises(ValueError, match="outer applies to the priority"):
        PipelineConfig.model_validate({**config, "merge": {"policy": "union", "outer": ["rules"]}})
    with pytest.raises(ValueError, match=r"outer names \['crf'\]"):
        PipelineConfig.model_validate({**config, "merge": {"outer": ["crf"]}})
    merge = PipelineConfig.model_validate({**config, "merge": {"outer": ["rules"]}}).merge
    assert merge.outer == ["rules"]
