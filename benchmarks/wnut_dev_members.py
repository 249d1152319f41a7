"""How far a merge of ``default``'s members can go on persons in real tweets: person token
recall on WNUT-17 dev of the pipeline, of each detector, and of the union of all detectors.

    python benchmarks/wnut_dev_members.py

WNUT-17 dev (``emerging.dev.conll``) may be used for development; its test split is scored
only by ``english_ood.py``. Person spans map to NAME (``ood_corpora``). Recall is binary token
recall against the gold names, whatever label the system gives; the name-labelled column counts
only spans the system labels as a name. Writes ``benchmarks/results/wnut_dev_members.json``.
"""

from __future__ import annotations

from ood_corpora import GENERAL_NER, conll_documents
from record import record

from phiscrub.detect.base import detect_batch
from phiscrub.document import Document
from phiscrub.evaluate import evaluate
from phiscrub.pipeline import load_pipeline
from phiscrub.taxonomy import category_of


def _names(docs: list[Document]) -> list[Document]:
    return [d.with_spans(s for s in d.spans if category_of(s.label) == "NAME") for d in docs]


def _cell(gold: list[Document], system: list[Document]) -> str:
    anything = evaluate(gold, system).criteria["binary_token"]
    named = evaluate(gold, _names(system)).criteria["binary_token"]
    return f"R {anything.recall:.4f}; name-labelled R {named.recall:.4f} P {named.precision:.4f}"


def main() -> None:
    docs = list(conll_documents(GENERAL_NER / "wnut17" / "emerging.dev.conll", "wnut17-dev"))
    gold = _names(docs)
    pipeline = load_pipeline("default")
    summary: dict[str, str] = {
        "texts": str(len(docs)),
        "person spans": str(sum(len(d.spans) for d in gold)),
        "default": _cell(gold, list(pipeline.annotate_all(docs))),
    }
    found = {d.name: detect_batch(d, docs) for d in pipeline.detectors}
    for name, spans in found.items():
        summary[f"default: {name}"] = _cell(
            gold, [doc.with_spans(s) for doc, s in zip(docs, spans, strict=True)]
        )
    union = [
        doc.with_spans([s for spans in found.values() for s in spans[i]])
        for i, doc in enumerate(docs)
    ]
    summary["union of the detectors"] = _cell(gold, union)
    for key, value in summary.items():
        print(f"{key}: {value}")
    record("wnut_dev_members", summary, {})


if __name__ == "__main__":
    main()
