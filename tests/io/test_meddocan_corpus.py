"""The real corpus: both formats agree, and everything round-trips."""

from collections import Counter

import pytest

from phiscrub.io import read_corpus
from phiscrub.io.brat import dumps_ann
from phiscrub.io.i2b2_xml import dumps_i2b2
from phiscrub.io.jsonl import document_from_dict, dumps_jsonl_line
from phiscrub.stats import corpus_stats

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize(
    ("split", "documents", "spans"), [("train", 500, 11333), ("dev", 250, 5801)]
)
def test_xml_and_brat_give_identical_documents(meddocan, split, documents, spans):
    xml = list(read_corpus(meddocan / split / "xml"))
    brat = list(read_corpus(meddocan / split / "brat"))
    assert len(xml) == len(brat) == documents
    for a, b in zip(xml, brat, strict=True):
        assert (a.doc_id, a.text, a.spans) == (b.doc_id, b.text, b.spans)
    assert sum(len(d.spans) for d in xml) == spans


@pytest.mark.parametrize("split", ["train", "dev"])
def test_files_are_written_back_exactly(meddocan, split):
    import json

    for doc in read_corpus(meddocan / split / "xml"):
        original = (meddocan / split / "xml" / f"{doc.doc_id}.xml").read_bytes()
        assert dumps_i2b2(doc).encode("utf-8") == original
        ann = (meddocan / split / "brat" / f"{doc.doc_id}.ann").read_text(encoding="utf-8")
        # Same lines; 17 of the 750 original .ann files list them out of id order.
        assert Counter(dumps_ann(doc).splitlines()) == Counter(ann.splitlines())
        assert document_from_dict(json.loads(dumps_jsonl_line(doc)), "-", 1) == doc


def test_stats_on_train(meddocan):
    stats = corpus_stats(read_corpus(meddocan / "train" / "brat"))
    assert (stats.documents, stats.spans) == (500, 11333)
    assert len(stats.labels) == 21
    assert stats.labels["TERRITORIO"] == 1875


def test_gold_against_itself_scores_one_everywhere(meddocan):
    from phiscrub.evaluate import evaluate

    result = evaluate(read_corpus(meddocan / "dev" / "xml"), read_corpus(meddocan / "dev" / "brat"))
    assert result.documents == 250
    assert {name: c.f1 for name, c in result.criteria.items()} == dict.fromkeys(
        result.criteria, 1.0
    )
    assert result.criteria["strict"].tp == 5801
    assert result.leak.leaked_chars == 0
