"""Synthesize notes, de-identify them with their gold spans and surrogates, and look for leaks.

    python benchmarks/synth_deid.py --notes 1000 --seed 2026

Steps: ``phiscrub synth`` (as a library call) writes N notes as i2b2 XML; ``deid_corpus`` with
the ``gold`` pipeline and surrogates de-identifies them; then every gold PHI string of three
characters or more is searched for (as whole words, ignoring case) in its output note. A string
found there is explained when it is an age of 89 or less (kept by the default policy), a date that
the patient's single shift moved onto another date's original value, or a name that is a month or
weekday name standing in a shifted date (a patient named June); anything else is a leak.
The key is a fixed, public benchmark key: fine for synthetic notes, never for real ones.
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from collections import Counter
from pathlib import Path

from record import peak_rss_mb, record

from phiscrub.document import Document
from phiscrub.io import write_corpus
from phiscrub.pipeline.corpus import deid_corpus, iter_notes
from phiscrub.replace import ReplaceConfig, SecretKey
from phiscrub.replace.dates import MONTHS, WEEKDAYS, DateShifter
from phiscrub.replace.packs import language_pack
from phiscrub.synth import SynthStats, synthesize, tracked
from phiscrub.taxonomy import age_over_89

CALENDAR_WORDS = frozenset(w for names in (*MONTHS.values(), *WEEKDAYS.values()) for w in names)
KEY = SecretKey(b"phiscrub-public-benchmark-key-not-for-real-notes", "benchmark")


def _occurrences(text: str, needle: str) -> list[tuple[int, int]]:
    """Where ``needle`` stands in ``text`` as whole words, ignoring case ("RCH" is not found
    inside "March")."""
    pattern = re.compile(r"(?<!\w)" + re.escape(needle) + r"(?!\w)", re.IGNORECASE)
    return [m.span() for m in pattern.finditer(text)]


def _outside_spans(doc: Document, start: int, end: int) -> bool:
    return not any(s.start < end and start < s.end for s in doc.spans)


def kept_components(gold: dict[str, Document], output: dict[str, Document]) -> int:
    """Dates whose surrogate shows an original day, month, year or weekday at its place."""
    reader = DateShifter(language_pack("en"))
    kept = 0
    for doc_id, source in gold.items():
        result = output[doc_id]
        for span, replaced in zip(source.spans, result.spans, strict=True):
            if span.label == "DATE":
                before = reader.components(source.span_text(span))
                after = reader.components(result.span_text(replaced))
                kept += any(a == b for a, b in zip(before, after, strict=False))
    return kept


def leak_check(gold: dict[str, Document], output: dict[str, Document]) -> dict[str, object]:
    counts: Counter[str] = Counter()
    unexplained: Counter[str] = Counter()
    unannotated: Counter[str] = Counter()  # the same words also stand outside PHI in the input
    for doc_id, source in gold.items():
        result = output[doc_id]
        date_spans = [s for s in result.spans if s.label == "DATE"]
        # one output span per gold span: synthetic notes have no overlapping spans to join
        for span, replaced in zip(source.spans, result.spans, strict=True):
            original = source.span_text(span)
            if len(original.strip()) < 3:
                continue
            counts["spans_checked"] += 1
            if result.span_text(replaced) == original:
                counts[
                    "replaced_by_itself_" + ("age_kept" if span.label == "AGE" else "other")
                ] += 1
            occurrences = _occurrences(result.text, original)
            if not occurrences:
                continue
            counts["found_in_output"] += 1
            if span.label == "AGE" and not age_over_89(original):
                counts["explained_age_kept_by_policy"] += 1
            elif span.label == "DATE" and all(
                any(d.start <= a and b <= d.end for d in date_spans) for a, b in occurrences
            ):
                counts["explained_date_shifted_onto_another_date"] += 1
            elif original.lower() in CALENDAR_WORDS and all(
                any(d.start <= a and b <= d.end for d in date_spans) for a, b in occurrences
            ):  # a patient named June, and a date shifted into June
                counts["explained_month_or_weekday_of_a_shifted_date"] += 1
            elif any(_outside_spans(source, a, b) for a, b in _occurrences(source.text, original)):
                counts["unannotated_in_input"] += 1
                unannotated[span.label] += 1
            else:
                counts["unexplained"] += 1
                unexplained[span.label] += 1
    return {
        "counts": dict(counts),
        "dates_keeping_a_component": kept_components(gold, output),
        "unexplained_per_label": dict(unexplained),
        "unannotated_in_input_per_label": dict(unannotated),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="phiscrub-bench-") as tmp:
        gold_dir, out_dir = Path(tmp) / "gold", Path(tmp) / "deid"
        stats = SynthStats()
        gold: dict[str, Document] = {}

        def kept(docs):
            for doc in docs:
                gold[doc.doc_id] = doc
                yield doc

        started = time.perf_counter()
        write_corpus(kept(tracked(synthesize(args.notes, args.seed), stats)), gold_dir, "i2b2")
        synth_wall = time.perf_counter() - started
        started = time.perf_counter()
        summary = deid_corpus(gold_dir, out_dir, pipeline="gold", config=ReplaceConfig(), key=KEY)
        deid_wall = time.perf_counter() - started
        output = {d.doc_id: d for d in iter_notes(out_dir)}
    leaks = leak_check(gold, output)
    synth = stats.as_dict()
    counts = leaks["counts"]
    table = {
        "notes": synth["notes"],
        "patients": synth["patients"],
        "note types": len(synth["note_types"]),
        "sentences": synth["sentences"],
        "distinct sentence shapes": synth["distinct_sentence_shapes"],
        "characters": synth["characters"],
        "gold PHI spans": synth["spans"],
        "synth generation (s)": synth["seconds"],
        "synth notes/s (generation only)": synth["notes_per_second"],
        "synth wall incl. writing XML (s)": round(synth_wall, 2),
        "deid documents": summary.documents,
        "deid errors": len(summary.errors),
        "deid in-run (s)": round(summary.seconds, 2),
        "deid characters/s": round(summary.characters / summary.seconds),
        "deid wall (s)": round(deid_wall, 2),
        "dates unreadable (holidays, seasons: same-format surrogates)": summary.unparsed_dates,
        "PHI strings checked (>= 3 chars)": counts.get("spans_checked", 0),
        "replaced by itself, non-age": counts.get("replaced_by_itself_other", 0),
        "found in output note": counts.get("found_in_output", 0),
        "- ages <= 89 kept by policy": counts.get("explained_age_kept_by_policy", 0),
        "- dates shifted onto another date": counts.get(
            "explained_date_shifted_onto_another_date", 0
        ),
        "- month or weekday names of shifted dates": counts.get(
            "explained_month_or_weekday_of_a_shifted_date", 0
        ),
        "- also unannotated in the input": counts.get("unannotated_in_input", 0),
        "- unexplained leaks": counts.get("unexplained", 0),
        "dates whose surrogate keeps a day, month, year or weekday": leaks[
            "dates_keeping_a_component"
        ],
        "peak RSS (MB)": peak_rss_mb(),
    }
    path = record("synth_deid", table, {"synth": synth, "deid": summary.as_dict(), "leaks": leaks})
    for key, value in table.items():
        print(f"{key}: {value}")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
