"""Name surrogates: a function of key, patient and value only; title-like initials replaced."""

import pytest

from phiscrub.document import Document, Span
from phiscrub.replace import ReplaceConfig, Replacer, SecretKey
from phiscrub.replace.names import NameSurrogates
from phiscrub.replace.packs import language_pack

from ..conftest import span_of

KEY = SecretKey(b"names-test-key-0123456789", "tests")
MENTIONS = ["Tilde Halvorsen", "T. Halvorsen", "Halvorsen, Tilde", "TH", "Halvorsen", "t.h."]


def _names() -> NameSurrogates:
    return NameSurrogates(KEY, language_pack("en"))


def test_surrogates_do_not_depend_on_what_was_replaced_before():
    forward = {m: _names().replace("p1", m) for m in MENTIONS}
    together = _names()
    in_order = {m: together.replace("p1", m) for m in MENTIONS}
    backwards = _names()
    reverse = {m: backwards.replace("p1", m) for m in reversed(MENTIONS)}
    assert forward == in_order == reverse
    first, last = forward["Tilde Halvorsen"].split()
    assert forward["T. Halvorsen"] == f"{first[0]}. {last}"
    assert forward["Halvorsen, Tilde"] == f"{last}, {first}"
    assert (
        forward["TH"] == first[0] + last[0] and forward["t.h."] == f"{first[0]}.{last[0]}.".lower()
    )
    assert first[0] != "T" and last[0] != "H"


def test_a_run_split_in_two_writes_what_one_run_writes():
    notes = [
        Document("a", "Seen: Tilde Halvorsen.", (Span(6, 21, "PATIENT"),), {"patient_id": "p1"}),
        Document("b", "Called T. Halvorsen.", (Span(7, 19, "PATIENT"),), {"patient_id": "p1"}),
    ]
    whole = Replacer(ReplaceConfig(), KEY)
    one_run = [whole.replace(doc).document.text for doc in notes]
    later = Replacer(ReplaceConfig(), KEY).replace(notes[1]).document.text
    assert later == one_run[1]
    assert one_run[1].split()[1][0] == one_run[0].split()[1][0]  # the initial of the surrogate


@pytest.mark.parametrize("mention", ["MS", "MR", "jr", "MD", "MS/ey", "ey"])
def test_initials_that_look_like_titles_are_replaced(mention):
    out = _names().replace("p1", mention)
    assert len(out) == len(mention)
    for part in mention.split("/"):
        assert part not in out.split("/")


def test_titles_beside_a_name_stay():
    names = _names()
    assert names.replace("p1", "Dr. MS").startswith("Dr. ") and "MS" not in names.replace(
        "p1", "Dr. MS"
    )
    for mention, kept in (("Dr. Okafor", "Dr. "), ("Okafor, MD", ", MD"), ("Ms Lee", "Ms ")):
        out = names.replace("p1", mention)
        assert kept in out and "Okafor" not in out and "Lee" not in out


def test_doctor_spans_of_title_words_alone_are_replaced_in_a_note():
    text = "Typed by MS/ey. Seen with MR and jr."
    spans = tuple(span_of(text, s, "DOCTOR") for s in ("MS", "ey", "MR", "jr"))
    out = Replacer(ReplaceConfig(), KEY).replace(Document("d", text, spans)).document.text
    assert "MS/" not in out and "/ey" not in out and " MR " not in out and " jr." not in out
