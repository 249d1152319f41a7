"""Does real general English teach the CRF names and places without costing clinical notes?

    python benchmarks/general_text_crf.py --core 0                 # synthetic notes only
    python benchmarks/general_text_crf.py --core 1 --general       # + BTC a,b,e,f + WNUT-17 train
    python benchmarks/general_text_crf.py --core 1 --general --brown --frequency

Trains the CRF with the bundled ``default`` CRF's settings (no clusters) on 600 synthetic notes
(seed 11, as ``recipes/default-en.toml``), privately, with or without the general English
training texts: Broad Twitter Corpus sections a, b, e, f and WNUT-17 train (persons as
PATIENT, places as CITY, organisations, groups and corporations as ORGANIZATION; products and
creative works left out). ``--brown`` adds Brown-cluster features of general English (path
prefixes 4, 6, 10, 20, from spacy-lookups-data) and ``--frequency`` wordfreq's Zipf
frequency of each word and its neighbours. Scores it alone on the English yardstick:
synthetic notes from an unseen seed, the meddeid notes (see ood_corpora.py) and the held-out
general text, BTC sections g and h and WNUT-17 test (never trained on). Writes
``benchmarks/results/general_text_crf[_general][_brown][_frequency].json`` and BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from english_ood import clinical_row, general_row
from ood_corpora import GENERAL_NER, btc_documents, conll_documents, meddeid_notes
from record import one_core, record

from phiscrub.detect.crf import CRFConfig, CRFTagger
from phiscrub.detect.crf.clusters import brown_clusters
from phiscrub.privacy import census
from phiscrub.synth import synthesize

TRAIN_SECTIONS = "abef"
HELD_OUT_SECTIONS = "gh"
BROWN_PREFIXES = [4, 6, 10, 20]
DEFAULT_CRF = Path(__file__).resolve().parents[1] / "src/phiscrub/resources/pipelines/default/crf"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--general", action="store_true", help="add BTC a,b,e,f + WNUT-17 train")
    parser.add_argument("--brown", action="store_true", help="Brown-cluster features")
    parser.add_argument("--frequency", action="store_true", help="word-frequency features")
    parser.add_argument("--core", type=int, default=0)
    parser.add_argument(
        "--cache", type=Path, default=Path.home() / ".cache" / "phiscrub-benchmarks"
    )
    args = parser.parse_args()
    one_core(args.core)
    train = [n.document for n in synthesize(600, 11)]
    if args.general:
        train += btc_documents(TRAIN_SECTIONS)
        train += list(conll_documents(GENERAL_NER / "wnut17" / "wnut17train.conll", "wnut17"))
    settings = json.loads((DEFAULT_CRF / "crf.json").read_text(encoding="utf-8"))["config"]
    config = CRFConfig.model_validate(settings)
    features = {"clusters": args.brown, "frequency": args.frequency}
    config = config.model_copy(
        update={
            "features": config.features.model_copy(update=features),
            **({"cluster_source": "brown", "clusters": BROWN_PREFIXES} if args.brown else {}),
        }
    )
    clusters = brown_clusters("en", BROWN_PREFIXES) if args.brown else None
    with tempfile.TemporaryDirectory() as scratch:
        tagger, report = CRFTagger.fit(
            train, Path(scratch) / "crf", config, clusters, private=census(train)
        )
        clinical = {
            "synthetic": [n.document for n in synthesize(300, 7321)],
            "meddeid-en-US": meddeid_notes(args.cache, "en-US", 300, 1),
            "meddeid-en-GB": meddeid_notes(args.cache, "en-GB", 300, 2),
        }
        general = {
            "btc-gh": btc_documents(HELD_OUT_SECTIONS),
            "wnut17-test": list(
                conll_documents(GENERAL_NER / "wnut17" / "emerging.test.conll", "wnut17")
            ),
        }
        rows, detail = [], {}
        for corpus, gold in {**clinical, **general}.items():
            started = time.perf_counter()
            system = [doc.with_spans(tagger.detect(doc)) for doc in gold]
            seconds = time.perf_counter() - started
            if corpus in clinical:
                row = clinical_row(gold, system)
                token = row["binary_hipaa_token"]
                cells = [token["precision"], token["recall"], row["strict"]["f1"]]
            else:
                row = general_row(gold, system)
                token = row["binary_token"]
                cells = [token["precision"], token["recall"], None]
            row["characters_per_second"] = round(sum(len(d.text) for d in gold) / seconds)
            detail[corpus] = row
            cells += [row["name_token_recall"]]
            rows.append([corpus, *(f"{c:.4f}" if c is not None else "" for c in cells)])
            print(" | ".join(rows[-1]), flush=True)
    name = "general_text_crf" + "".join(
        f"_{flag}" for flag in ("general", "brown", "frequency") if getattr(args, flag)
    )
    summary = {
        "training": "600 synthetic notes (seed 11)"
        + (" + BTC a,b,e,f + WNUT-17 train" if args.general else ""),
        "features added": ", ".join(
            name
            for name, on in (("Brown clusters", args.brown), ("frequency", args.frequency))
            if on
        )
        or "none",
        "training documents": report.documents,
        "training tokens": report.tokens,
        "CRF training (s, one core)": round(report.seconds, 1),
        "private": "yes",
    }
    columns = [
        "set",
        "binary HIPAA token P (general: names+places token P)",
        "R",
        "strict F1",
        "name token R",
    ]
    record(name, summary, detail, {"columns": columns, "rows": rows})


if __name__ == "__main__":
    main()
