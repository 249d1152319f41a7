"""Does the pruned Viterbi search give the neural member the same spans as the full one?

    python benchmarks/viterbi_equivalence.py

Runs ``default`` over BTC sections g and h (first 2,000 documents), WNUT-17 test and 300
meddeid en-US notes twice: as shipped (``decode_pruned``), and with every sequence searched in
full (``decode``); compares the SHA-1 of every span's offsets, label and score. Writes
``benchmarks/results/viterbi_equivalence.json`` and its table in BENCHMARKS.md.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import torch
from ood_corpora import general_ner, meddeid_notes
from record import record

import phiscrub.detect.neural.crf as crf
from phiscrub.pipeline import load_pipeline


def _digest(docs: list) -> str:
    out = list(load_pipeline("default").annotate_all(docs))
    spans = [[(s.start, s.end, s.label, s.score) for s in d.spans] for d in out]
    return hashlib.sha1(repr(spans).encode()).hexdigest()


def main() -> None:
    torch.set_num_threads(1)
    sets = general_ner()
    cache = Path.home() / ".cache" / "phiscrub-benchmarks"
    docs = sets["btc-gh"][:2000] + sets["wnut17-test"] + meddeid_notes(cache, "en-US", 300, 1)
    pruned = _digest(docs)
    crf.CRF.decode_pruned = lambda self, e, m, marginals, log_z, width=8: self.decode(e, m)
    full = _digest(docs)
    summary = {"documents": len(docs), "pruned": pruned, "full": full, "same": pruned == full}
    print(summary)
    record("viterbi_equivalence", summary, {}, None)


if __name__ == "__main__":
    main()
