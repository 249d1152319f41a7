"""Write the real general English that ``default`` trains on, as one JSONL corpus.

    python benchmarks/general_training_set.py --out /tmp/mix-train/general.jsonl

Broad Twitter Corpus sections a, b, e and f and WNUT-17 train (Derczynski et al.; CC BY 4.0),
from ``../shared/corpora/general-ner``: persons as PATIENT, places as CITY, organisations,
groups and corporations as ORGANIZATION (products and creative works left out; see
ood_corpora.py). BTC sections g and h, WNUT-17 dev and test and presidio's sentences are never
written: they are the yardstick.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ood_corpora import GENERAL_NER, btc_documents, conll_documents

from phiscrub.io import write_corpus

TRAIN_SECTIONS = "abef"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="a new .jsonl file")
    args = parser.parse_args()
    docs = btc_documents(TRAIN_SECTIONS)
    docs += conll_documents(GENERAL_NER / "wnut17" / "wnut17train.conll", "wnut17train")
    count = write_corpus(docs, args.out, "jsonl")
    print(f"{count} documents written to {args.out}")


if __name__ == "__main__":
    main()
