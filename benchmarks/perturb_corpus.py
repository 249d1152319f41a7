"""Write a deliberately damaged copy of an annotated corpus, to exercise the evaluator.

Each gold span is, independently and with the given probabilities, dropped, relabelled (to
another label of the corpus), or has its end moved by 1 to 3 characters; spurious spans are
added over random tokens. Text is untouched. The changes are seeded and reproducible:

    python benchmarks/perturb_corpus.py ../shared/corpora/meddocan/dev/brat out/dev-perturbed \
        --seed 13 --format brat
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

from phiscrub.document import Document, Span
from phiscrub.io import read_corpus, write_corpus
from phiscrub.text.tokenize import tokenize


def perturb(
    docs: list[Document],
    rng: random.Random,
    drop: float,
    relabel: float,
    shift: float,
    spurious: float,
) -> Iterator[Document]:
    labels = sorted({s.label for d in docs for s in d.spans})
    for doc in docs:
        spans: list[Span] = []
        for span in doc.spans:
            roll = rng.random()
            if roll < drop:
                continue
            if roll < drop + relabel and len(labels) > 1:
                spans.append(span.with_label(rng.choice([x for x in labels if x != span.label])))
            elif roll < drop + relabel + shift:
                end = span.end + rng.choice([-3, -2, -1, 1, 2, 3])
                end = min(max(end, span.start + 1), len(doc.text))
                spans.append(Span(span.start, end, span.label, source="perturbed"))
            else:
                spans.append(span)
        tokens = tokenize(doc.text)
        for _ in range(int(len(doc.spans) * spurious + rng.random())):
            token = rng.choice(tokens)
            spans.append(Span(token.start, token.end, rng.choice(labels), source="perturbed"))
        unique = {(s.start, s.end, s.label): s for s in spans}
        yield doc.with_spans(
            Span(s.start, s.end, s.label, s.score, s.source) for s in unique.values()
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gold")
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--format", default="brat")
    parser.add_argument("--drop", type=float, default=0.05)
    parser.add_argument("--relabel", type=float, default=0.05)
    parser.add_argument("--shift", type=float, default=0.05)
    parser.add_argument("--spurious", type=float, default=0.03)
    args = parser.parse_args()
    docs = list(read_corpus(args.gold))
    rng = random.Random(args.seed)
    damaged = perturb(docs, rng, args.drop, args.relabel, args.shift, args.spurious)
    count = write_corpus(damaged, args.out, args.format)
    print(f"wrote {count} perturbed documents to {args.out}")


if __name__ == "__main__":
    main()
