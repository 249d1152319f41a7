"""Addresses and telephone numbers in the shapes of seven English-speaking countries.

    python benchmarks/contact_formats.py --systems default,rules --core 0

A development check of formats, not of notes: faker's address and phone providers (MIT) for
en_US, en_GB, en_CA, en_AU, en_IE, en_NZ and en_IN (150 of each per locale, seed 17; half of
the addresses on one line with commas, half on several lines) are put into six short
hand-written contexts ("Address: {x}", "Discharged to {x} with family.", ...), and each pipeline
is scored on how much of each value it covers with spans of any label: the share of values
covered whole and the share of their characters covered (spaces, commas and full stops not
counted). No note of ours or theirs is involved, so these figures say which shapes the rules
know, not how the pipelines do on notes; presidio-research's sentences (scored by
``english_ood.py``) were also filled in by faker, so what this check improves shows there too
and is not independent evidence there. Writes ``benchmarks/results/contact_formats.json`` and
its table in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import random
import warnings

from faker import Faker
from record import one_core, record

from phiscrub.document import Document
from phiscrub.pipeline import load_pipeline

LOCALES = ("en_US", "en_GB", "en_CA", "en_AU", "en_IE", "en_NZ", "en_IN")
CONTEXTS = (
    "Patient lives at {x}.",
    "Address: {x}",
    "Home address {x}, lives alone.",
    "Discharged to {x} with family.",
    "Mail the results to {x} please.",
    "Contact: {x}",
)
PER_LOCALE = 150
UNCOUNTED = " \t\n,."


def values(kind: str, locale: str) -> list[tuple[str, int, int]]:
    """``PER_LOCALE`` texts, each with the offsets of the faker value put in it."""
    fake = Faker(locale)
    fake.seed_instance(17)
    rng = random.Random(5)
    out = []
    for _ in range(PER_LOCALE):
        value = fake.address() if kind == "address" else fake.phone_number()
        if kind == "address" and rng.random() < 0.5:
            value = value.replace("\n", ", ")
        context = rng.choice(CONTEXTS)
        start = context.index("{x}")
        out.append((context.replace("{x}", value), start, start + len(value)))
    return out


def coverage(system: str, texts: list[tuple[str, int, int]]) -> tuple[float, float]:
    """The share of values covered whole, and of their counted characters covered."""
    pipeline = load_pipeline(system)
    docs = [Document(f"v{i}", text) for i, (text, _, _) in enumerate(texts)]
    whole = covered = counted = 0
    for (text, start, end), (_, found) in zip(texts, pipeline.detect_all(docs), strict=True):
        marked = {i for s in found.spans for i in range(s.start, s.end)}
        chars = [i for i in range(start, end) if text[i] not in UNCOUNTED]
        hit = sum(i in marked for i in chars)
        covered += hit
        counted += len(chars)
        whole += hit == len(chars)
    return whole / len(texts), covered / max(1, counted)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--systems", default="default,rules")
    parser.add_argument("--core", type=int, default=0)
    args = parser.parse_args()
    one_core(args.core)
    warnings.simplefilter("ignore")
    systems = args.systems.split(",")
    rows: list[list[str]] = []
    detail: dict[str, dict[str, float]] = {}
    for kind in ("address", "phone"):
        for locale in LOCALES:
            texts = values(kind, locale)
            row = [kind, locale]
            for system in systems:
                whole, chars = coverage(system, texts)
                detail[f"{system} | {kind} | {locale}"] = {"whole": whole, "characters": chars}
                row += [f"{whole:.2f}", f"{chars:.3f}"]
            rows.append(row)
    columns = ["kind", "locale"]
    for system in systems:
        columns += [f"{system} whole", f"{system} characters"]
    summary = {
        f"{system} {kind} whole": round(
            sum(v["whole"] for k, v in detail.items() if k.startswith(f"{system} | {kind}"))
            / len(LOCALES),
            3,
        )
        for system in systems
        for kind in ("address", "phone")
    }
    record("contact_formats", summary, detail, {"columns": columns, "rows": rows})


if __name__ == "__main__":
    main()
