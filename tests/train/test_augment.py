from phiscrub.document import Document, Span
from phiscrub.train.augment import AugmentSettings, augment

TEXT = "Pt: Ann Lee\nStraße 4"
DOC = Document("n1", TEXT, (Span(4, 11, "PATIENT"), Span(12, 18, "STREET")), {"site": "x"})


def test_each_form_keeps_offsets_spans_and_the_patient():
    out = augment([DOC], AugmentSettings(upper=1, lower=1, joined_lines=1))
    assert [d.doc_id for d in out] == ["n1", "n1~upper", "n1~lower", "n1~joined_lines"]
    assert [d.text for d in out[1:]] == [
        "PT: ANN LEE\nSTRAßE 4",  # "ß" has no one-letter capital: kept
        "pt: ann lee\nstraße 4",
        "Pt: Ann Lee Straße 4",
    ]
    for copy in out[1:]:
        assert copy.spans == DOC.spans
        assert dict(copy.metadata) == {
            "site": "x",
            "patient_id": "n1",
            "augmented": copy.doc_id.split("~")[1],
        }
    assert out[1].span_text(out[1].spans[0]) == "ANN LEE"


def test_shares_are_seeded_and_none_by_default():
    docs = [Document(f"d{i}", f"Note {i}\nend") for i in range(200)]
    assert augment(docs, AugmentSettings()) == docs
    first = augment(docs, AugmentSettings(upper=0.25, seed=3))
    assert first == augment(docs, AugmentSettings(upper=0.25, seed=3))
    assert 30 < len(first) - 200 < 70
    assert first != augment(docs, AugmentSettings(upper=0.25, seed=4))


def test_private_training_counts_no_word_twice_through_copies():
    from phiscrub.privacy import census

    docs = [Document(f"d{i}", "Seen by the Rare team") for i in range(3)]
    copies = augment(docs, AugmentSettings(upper=1, lower=1))
    assert len(copies) == 9
    assert census(copies, min_outside=4).public == census(docs, min_outside=4).public
    assert "rare" in census(docs, min_outside=3).public
    assert "rare" not in census(copies, min_outside=4).public  # 3 sightings, not 9
